"""Every fuzzed file of either family that loads also reports and saves (issue 30): a file the loader lets in is
one the whole app can use.  (``tests/ui/test_fuzzed_files_show.py`` shows them in their windows.)"""

from __future__ import annotations

from hypothesis import HealthCheck, event, given, settings

from awaw_desktop.core.awaw import sessionfile
from awaw_desktop.core.files import gamefile
from awaw_desktop.core.files.atomic_file import SessionFileError
from tests.fuzzed_files import fuzzed_file, reports_and_saves


def loaded_or_refused(raw: bytes) -> gamefile.LoadedGame | None:
    try:
        loaded = gamefile.loads(raw)
    except SessionFileError as error:
        assert str(error)
        event("refused")
        return None
    event("loaded")
    return loaded


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(raw=fuzzed_file("awaw"))
def test_a_fuzzed_world_at_war_file_that_loads_reports_and_saves(raw):
    loaded = loaded_or_refused(raw)
    if loaded is None:
        try:   # the window reads through sessionfile: the same answer
            sessionfile.loads(raw)
        except SessionFileError:
            return
        raise AssertionError("sessionfile loads a file gamefile refuses")
    reports_and_saves(loaded.family, loaded.game)


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(raw=fuzzed_file("europa"))
def test_a_fuzzed_europa_file_that_loads_reports_and_saves(raw):
    loaded = loaded_or_refused(raw)
    if loaded is not None:
        reports_and_saves(loaded.family, loaded.game)
