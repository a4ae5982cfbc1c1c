"""File > Open on a file whose record holds entry data nested 1,000 deep inside a compressed block (issue 38): both
families' windows say the file is damaged and keep the game they show (the Europa window said nothing at all)."""

from __future__ import annotations

import pytest

from awaw_desktop.core.files.json_gates import MAX_DEPTH
from tests.core.test_record_block_depth import awaw_file, europa_file
from tests.ui.test_hostile_paths_both_windows import europa_window, open_chosen
from tests.ui.test_main_window import make_window


@pytest.mark.parametrize("family", ["awaw", "europa"])
def test_file_open_says_a_record_nested_too_deep_is_damaged(qtbot, monkeypatch, tmp_path, family):
    window = make_window(qtbot) if family == "awaw" else europa_window(qtbot)
    title = window.windowTitle()
    path = tmp_path / "deep.awaw"
    path.write_bytes((awaw_file if family == "awaw" else europa_file)(1000))
    shown = open_chosen(monkeypatch, window, path)
    assert len(shown) == 1, shown
    words = "\n".join(shown[0])
    assert "damaged" in words.lower() and f"nested more than {MAX_DEPTH} levels deep" in words, words
    assert window.windowTitle() == title   # the game shown is still the one before
