"""UI test settings: each test gets its own app settings, and leaves the theme and text size as found."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QSettings


@pytest.fixture(autouse=True)
def own_settings(tmp_path, qapp, monkeypatch):
    """Window size, zoom, theme and recent files go to a folder of the test, never the user's; so does what the
    app remembers of the games it has shown (``core.record.seen``, in the data folder)."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    QSettings.setDefaultFormat(QSettings.Format.IniFormat)
    QSettings.setPath(QSettings.Format.IniFormat, QSettings.Scope.UserScope, str(tmp_path / "settings"))
    font = qapp.font()
    yield
    from awaw_desktop.ui.shell.theme import apply_theme, chosen_theme

    if chosen_theme() != "system":
        apply_theme("system")
    qapp.setFont(font)


@pytest.fixture(autouse=True)
def collector_between_tests(qapp):
    """Python's cyclic collector runs between window tests, not inside them: a collection that fell inside a test's
    nested event loops (a wizard opened from the end of turn, driven by timers) finalized wrappers of Qt objects
    already deleted and crashed the process now and then (test_campaign.py: 2 of 7 runs; with the collector held
    during each test, 0 of 4).  Garbage of a test is collected before the next one, once deferred deletions ran.
    What is alive then (modules, Qt's wrapper types, the rules, caches) is frozen, as the app freezes what its start
    made (``ui/shell/app.resume_collector``): each collection looks only at what the tests made since the last one
    (it went over the whole heap, some 0.1 s before every window test)."""
    import gc

    from PySide6.QtCore import QCoreApplication, QEvent

    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    gc.collect()
    gc.freeze()
    gc.disable()
    try:
        yield
    finally:
        gc.enable()
