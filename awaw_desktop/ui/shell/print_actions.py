"""File > Print..., Print preview..., Export as PDF... and Edit > Copy turn summary, for every family's window
(issue 41).  A window gives its family key and how to reach its game; the report comes from the family
(``GameFamily.printable`` / ``turn_summary``) and is laid out by ``printing``."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6.QtGui import QAction, QGuiApplication
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFormLayout,
    QLabel,
    QMainWindow,
    QMenu,
    QMessageBox,
    QVBoxLayout,
    QWidget,
)

from ...core import family
from ...core.printable import PrintableReport, summary_bbcode, summary_markdown
from .keys import install_keys, standard

PDF_FILTER = "PDF documents (*.pdf);;All files (*)"


class ExportPdfDialog(QDialog):
    """The paper size (A4 or US Letter) and whether the PDF is PDF/A, asked before the file's name."""

    def __init__(self, parent: QWidget | None = None) -> None:
        from .printing import PAPERS, default_paper

        super().__init__(parent)
        self.setWindowTitle("Export as PDF")
        self.setAccessibleName("Export as PDF")
        layout = QVBoxLayout(self)
        intro = QLabel("The turn report as a PDF: every table with its lines and rule numbers, what happened, and "
                       "the record code. Printed light, whatever the window's theme.")
        intro.setWordWrap(True)
        intro.setTextFormat(intro.textFormat().PlainText)
        layout.addWidget(intro)
        form = QFormLayout()
        self.paper = QComboBox()
        for key, (word, _size) in PAPERS.items():
            self.paper.addItem(word, key)
        self.paper.setCurrentIndex(self.paper.findData(default_paper()))
        self.paper.setAccessibleName("Paper size")
        form.addRow("&Paper size:", self.paper)
        self.pdf_a = QCheckBox("PDF/&A, for archiving (fonts embedded, no transparency)")
        form.addRow("", self.pdf_a)
        layout.addLayout(form)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
        self.export = buttons.addButton("&Export\u2026", QDialogButtonBox.ButtonRole.AcceptRole)
        self.export.setDefault(True)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)

    def chosen(self) -> tuple[str, bool]:
        return str(self.paper.currentData()), self.pdf_a.isChecked()


class PrintActions:
    """The printing actions of one window: added to its File menu before ``before`` and to its Edit menu."""

    def __init__(self, window: QMainWindow, key: str, game: Callable[[], Any], file_menu: QMenu,
                 edit_menu: QMenu, before: QAction | None = None, file_path: Callable[[], Path | None] = lambda: None,
                 give_keys: Callable[[QAction, str], None] | None = None) -> None:
        """``give_keys(action, keys)``: how the window gives an action its keys (A World at War's waits for the first
        paint: ``MainWindow.give_keys``); by default they are given now."""
        self.window, self.key, self.game, self.file_path = window, key, game, file_path

        def action(text: str, slot: Callable[[], Any], tip: str, keys: str | None = None) -> QAction:
            made = QAction(text, window)
            made.setStatusTip(tip)
            made.setToolTip(tip)
            if keys is not None:
                (give_keys or install_keys)(made, keys)
            made.triggered.connect(slot)
            return made

        self.action_print = action("&Print\u2026", self.print_report, "Print the turn report (the system's print "
                                   "dialog)", standard("Print"))
        self.action_preview = action("Print pre&view\u2026", self.preview, "See the printed pages first")
        self.action_export = action("E&xport as PDF\u2026", self.export_pdf, "Write the turn report as a PDF file")
        for made in (self.action_print, self.action_preview, self.action_export):
            file_menu.insertAction(before, made) if before is not None else file_menu.addAction(made)
        separator = QAction(window)
        separator.setSeparator(True)
        file_menu.insertAction(before, separator) if before is not None else file_menu.addAction(separator)
        edit_menu.addSeparator()
        self.action_summary_markdown = action("Copy turn &summary (Markdown)", lambda: self.copy_summary("markdown"),
                                              "This turn's results and what happened, with the record code, for a "
                                              "forum post")
        self.action_summary_bbcode = action("Copy turn summary (&BBCode)", lambda: self.copy_summary("bbcode"),
                                            "The same in BBCode, the markup of the big wargame forums")
        edit_menu.addAction(self.action_summary_markdown)
        edit_menu.addAction(self.action_summary_bbcode)

    # -- what is printed -------------------------------------------------------------------
    def report(self) -> PrintableReport:
        return family.get(self.key).printable(self.game())

    def _say(self, text: str) -> None:
        self.window.statusBar().showMessage(text, 8000)

    def _cannot(self, what: str, error: Exception) -> None:
        box = QMessageBox(QMessageBox.Icon.Warning, what, f"{what}: {error}", QMessageBox.StandardButton.Ok,
                          self.window)
        box.setTextFormat(box.textFormat().PlainText)
        box.exec()

    # -- the actions -----------------------------------------------------------------------
    def print_report(self) -> None:
        from PySide6.QtPrintSupport import QPrintDialog, QPrinter

        from .printing import report_document

        printer = QPrinter(QPrinter.PrinterMode.HighResolution)
        printer.setDocName(self.report().title)
        dialog = QPrintDialog(printer, self.window)
        dialog.setWindowTitle("Print the turn report")
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return
        try:
            report_document(self.report()).print_(printer)
        except Exception as error:  # a printer that refuses: said, the game untouched
            self._cannot("Cannot print", error)
            return
        self._say("The turn report went to the printer")

    def preview(self) -> None:
        from PySide6.QtPrintSupport import QPrinter, QPrintPreviewDialog

        from .printing import report_document

        printer = QPrinter(QPrinter.PrinterMode.HighResolution)
        document = report_document(self.report())
        dialog = QPrintPreviewDialog(printer, self.window)
        dialog.setWindowTitle("Print preview: the turn report")
        dialog.paintRequested.connect(document.print_)
        self.last_preview = dialog
        dialog.exec()

    def export_pdf(self) -> None:
        from .printing import write_pdf

        ask = ExportPdfDialog(self.window)
        if ask.exec() != QDialog.DialogCode.Accepted:
            return
        paper, pdf_a = ask.chosen()
        report = self.report()
        shown = self.file_path()
        folder = shown.parent if shown is not None else Path.home()
        stem = shown.stem if shown is not None else (report.title or "turn report")
        proposed = folder / f"{stem} - {report.turn}.pdf"
        name, _ = QFileDialog.getSaveFileName(self.window, "Export the turn report as PDF", str(proposed), PDF_FILTER)
        if not name:
            return
        path = Path(name) if name.lower().endswith(".pdf") else Path(name + ".pdf")
        try:
            written = write_pdf(report, path, paper, pdf_a)
        except (OSError, RuntimeError) as error:
            self._cannot("Cannot export the PDF", error)
            return
        self._say(f"The turn report was written to {written.name}")

    def copy_summary(self, markup: str) -> None:
        summary = family.get(self.key).turn_summary(self.game())
        text = summary_bbcode(summary) if markup == "bbcode" else summary_markdown(summary)
        QGuiApplication.clipboard().setText(text)
        word = "BBCode" if markup == "bbcode" else "Markdown"
        self._say(f"Copied this turn's summary in {word}, with record code {summary.record_code}: paste it in your "
                  "forum post")
