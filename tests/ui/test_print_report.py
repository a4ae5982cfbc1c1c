"""The turn report to print and to post (issue 41), as players use it: File > Export as PDF and Print from both
families' windows, the PDF read back (pages, the tables' words, no blank first page) and its pages rendered to
pictures; Edit > Copy turn summary in Markdown and BBCode; ``awaw-desktop report --format pdf|html`` with no display.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from pypdf import PdfReader
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QFileDialog, QMessageBox

from awaw_desktop.core.awaw.common import Edition, Scenario, Season, Turn
from awaw_desktop.core.files import gamefile
from awaw_desktop.ui.awaw.main_window import MainWindow
from awaw_desktop.ui.europa.window import EuropaWindow

from .campaign_helpers import end_turn, new_game
from .helpers import NextDialog, choose, press

ROOT = Path(__file__).resolve().parents[2]
EUROPA_FIXTURE = ROOT / "tests" / "fixtures" / "europa-v3.awaw"


def menu_action(window, menu: str, text: str):
    """The action called ``text`` in the window's menu ``menu``, found by its visible words."""
    found = next(action.menu() for action in window.menuBar().actions() if action.text().replace("&", "") == menu)
    return next(action for action in found.actions() if action.text().replace("&", "") == text)


def save_as(monkeypatch, target: Path) -> list[str]:
    """The Save dialog answered with ``target``; returns the names it proposed."""
    proposed: list[str] = []

    def dialog(_parent, _title, name, _filter):
        proposed.append(name)
        return str(target), ""

    monkeypatch.setattr(QFileDialog, "getSaveFileName", staticmethod(dialog))
    return proposed


def export(qtbot, window, paper: str = "A4", pdf_a: bool = False) -> None:
    def player(dialog):
        choose(dialog, "Paper size", paper)
        if pdf_a:
            dialog.pdf_a.setChecked(True)
        press(qtbot, dialog, "Export\u2026")

    hands = NextDialog(player)
    menu_action(window, "File", "Export as PDF\u2026").trigger()
    hands.check()


def page_texts(path: Path) -> list[str]:
    """Each page's words, one space between them (the PDF's text places words with tabs and line ends)."""
    return [" ".join((page.extract_text() or "").split()) for page in PdfReader(str(path)).pages]


def _images_on(page) -> list[str]:
    """The names of the pictures a PDF page draws (its image objects)."""
    objects = page.get("/Resources", {}).get("/XObject", {})
    return [name for name, item in objects.items() if item.get_object().get("/Subtype") == "/Image"]


def played_awaw_window(qtbot, turns: int = 2):
    """File > New game, then ``turns`` ends of turn, as a group plays it."""
    window = MainWindow()
    window.ask_unsaved = lambda: QMessageBox.StandardButton.Discard
    qtbot.addWidget(window)
    window.show()
    new_game(qtbot, window, Edition.UPDATED, Scenario.GLOBAL_WAR, Turn(1939, Season.FALL), "Tuesday club")
    for _ in range(turns):
        end_turn(qtbot, window)
    return window


def test_export_as_pdf_from_a_played_game(qtbot, monkeypatch, tmp_path):
    window = played_awaw_window(qtbot)
    target = tmp_path / "tuesday.pdf"
    proposed = save_as(monkeypatch, target)
    export(qtbot, window)
    assert proposed and proposed[0].endswith(f"{window.store.session.turn.title}.pdf")
    pages = page_texts(target)
    reader = PdfReader(str(target))
    width, height = (float(value) for value in reader.pages[0].mediabox[2:])
    assert (round(width), round(height)) == (595, 842)   # A4 in points
    assert len(pages) >= 2
    first = pages[0]
    assert "Tuesday club" in first and "Germany" in first   # no blank first page
    everything = "\n".join(pages)
    assert "55.11" in everything and "German DP level" in everything   # the tables, with their rule numbers
    assert "Levels over the campaign" in everything and "Fall 1939" in everything   # the chart's table
    assert window.store.session.record.code in everything
    assert "written to tuesday.pdf" in window.statusBar().currentMessage()
    assert any(_images_on(page) for page in reader.pages), "the chart of levels is drawn"


def test_the_pdf_pages_look_like_pages(qtbot, monkeypatch, tmp_path):
    """The pages rendered to pictures (pdftoppm): a white page with ink on it, not an empty or a dark one."""
    if shutil.which("pdftoppm") is None:
        pytest.skip("pdftoppm (Debian's poppler-utils) is not installed")
    from PySide6.QtGui import QImage

    window = played_awaw_window(qtbot, 1)
    window.store.session.title = "Tuesday club"
    target = tmp_path / "pages.pdf"
    save_as(monkeypatch, target)
    export(qtbot, window, "US Letter", pdf_a=True)
    reader = PdfReader(str(target))
    assert [round(float(value)) for value in reader.pages[0].mediabox[2:]] == [612, 792]   # US Letter
    subprocess.run(["pdftoppm", "-r", "40", "-png", "-f", "1", "-l", "1", str(target), str(tmp_path / "page")],
                   check=True)
    picture = QImage(str(next(tmp_path.glob("page*.png"))))
    corner = picture.pixelColor(2, 2)
    assert corner.lightness() > 240, "paper is white whatever the window's theme"
    dark = sum(1 for x in range(0, picture.width(), 3) for y in range(0, picture.height(), 3)
               if picture.pixelColor(x, y).lightness() < 100)
    assert dark > 200, "the first page has text on it"


def test_print_goes_through_the_print_dialog(qtbot, monkeypatch, tmp_path):
    from PySide6.QtPrintSupport import QPrintDialog, QPrinter

    window = played_awaw_window(qtbot, 1)
    target = tmp_path / "printed.pdf"

    def accepted(dialog):   # the player picks a printer that writes a PDF (a PDF printer) and presses Print
        printer = dialog.printer()
        printer.setOutputFormat(QPrinter.OutputFormat.PdfFormat)
        printer.setOutputFileName(str(target))
        return QPrintDialog.DialogCode.Accepted

    monkeypatch.setattr(QPrintDialog, "exec", accepted)
    menu_action(window, "File", "Print\u2026").trigger()
    assert "Germany" in page_texts(target)[0]
    assert "went to the printer" in window.statusBar().currentMessage()


def test_print_preview_shows_the_pages(qtbot, monkeypatch):
    from PySide6.QtPrintSupport import QPrintPreviewDialog

    window = played_awaw_window(qtbot, 1)
    pages: list[int] = []

    def shown(dialog):
        dialog.paintRequested.emit(dialog.printer())   # what the preview does when it opens
        pages.append(dialog.printer().pageLayout().pageSize().id())
        return 0

    monkeypatch.setattr(QPrintPreviewDialog, "exec", shown)
    menu_action(window, "File", "Print preview\u2026").trigger()
    assert pages


def test_cancelling_the_export_writes_nothing(qtbot, monkeypatch, tmp_path):
    window = played_awaw_window(qtbot, 1)
    save_as(monkeypatch, tmp_path / "never.pdf")
    hands = NextDialog(lambda dialog: press(qtbot, dialog, "Cancel"))
    menu_action(window, "File", "Export as PDF\u2026").trigger()
    hands.check()
    assert not (tmp_path / "never.pdf").exists()


def test_copy_turn_summary_for_a_forum(qtbot):
    window = played_awaw_window(qtbot, 2)
    code = window.store.session.record.code
    menu_action(window, "Edit", "Copy turn summary (Markdown)").trigger()
    markdown = QGuiApplication.clipboard().text()
    assert markdown.startswith("**Tuesday club, ")
    assert "- **Germany:**" in markdown and f"`{code}`" in markdown
    assert "What happened in" in markdown and "End of turn" in markdown
    menu_action(window, "Edit", "Copy turn summary (BBCode)").trigger()
    bbcode = QGuiApplication.clipboard().text()
    assert bbcode.startswith("[b]Tuesday club, ") and "[*][b]Germany:[/b]" in bbcode
    assert f"[code]{code}[/code]" in bbcode
    assert code in window.statusBar().currentMessage()


def test_a_europa_game_exports_and_posts(qtbot, monkeypatch, tmp_path):
    window = EuropaWindow()
    qtbot.addWidget(window)
    window.ask_unsaved = lambda: QMessageBox.StandardButton.Discard
    assert window.open_path(EUROPA_FIXTURE, confirmed=True)
    window.show()
    target = tmp_path / "europa.pdf"
    save_as(monkeypatch, target)
    export(qtbot, window)
    text = "\n".join(page_texts(target))
    game = gamefile.load(EUROPA_FIXTURE).game
    assert game.nations and all(nation.name in text for nation in game.nations)
    assert "National will envelope" in text and game.record.code in text
    menu_action(window, "Edit", "Copy turn summary (BBCode)").trigger()
    bbcode = QGuiApplication.clipboard().text()
    assert all(f"[*][b]{nation.name}:[/b]" in bbcode for nation in game.nations)


def _no_display_env() -> dict[str, str]:
    env = {key: value for key, value in os.environ.items()
           if key not in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM")}
    env["PYTHONPATH"] = str(ROOT)
    return env


@pytest.mark.parametrize("fmt", ["pdf", "html"])
def test_report_to_pdf_and_html_from_the_command_line_without_a_display(tmp_path, fmt):
    example = ROOT / "resources" / "examples" / "yss-election-1945.awaw"
    target = tmp_path / f"report.{fmt}"
    done = subprocess.run([sys.executable, "-m", "awaw_desktop", "report", str(example), "--format", fmt,
                           "--output", str(target), "--paper", "letter"],
                          env=_no_display_env(), capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    if fmt == "pdf":
        pages = page_texts(target)
        assert pages and "U.S. election" in "\n".join(pages)
    else:
        html = target.read_text(encoding="utf-8")
        assert html.startswith("<!DOCTYPE HTML") and "data:image/png;base64," in html


def test_report_to_pdf_of_a_missing_file_is_refused_on_stderr(tmp_path):
    done = subprocess.run([sys.executable, "-m", "awaw_desktop", "report", str(tmp_path / "none.awaw"), "--format",
                           "pdf", "--output", str(tmp_path / "out.pdf")],
                          env=_no_display_env(), capture_output=True, text=True, timeout=120)
    assert done.returncode == 2
    assert "cannot read" in done.stderr and not done.stdout
    assert not (tmp_path / "out.pdf").exists()

