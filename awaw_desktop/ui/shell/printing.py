"""The turn report on paper, for every rules family (issue 41): a ``core.printable.PrintableReport`` laid out as a
``QTextDocument`` from its Markdown (every table kept as a table, its heading row repeated on each page), the chart
of levels drawn for paper with its figures as a table under it, printed through the system's print dialog or written
as a PDF (A4 or US Letter, PDF/A-1b on request) or HTML.

Paper is always light: black text on white, whatever the window's theme (``QTextDocument.print_`` paints with a
black-on-white palette, and the chart is drawn here with its own colours).  Nothing here knows a family's rules.
"""

from __future__ import annotations

import base64
from pathlib import Path

from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QLocale, QMarginsF, QPointF, QRectF, Qt, QUrl
from PySide6.QtGui import (
    QColor,
    QFont,
    QImage,
    QPagedPaintDevice,
    QPageLayout,
    QPageSize,
    QPainter,
    QPainterPath,
    QPdfWriter,
    QPen,
    QTextCursor,
    QTextDocument,
    QTextFrame,
    QTextImageFormat,
    QTextLength,
    QTextTable,
    QTextTableFormat,
)

from ...core.files.atomic_file import write_atomically
from ...core.printable import LevelSeries, PrintableReport, printable_markdown

#: Paper sizes offered: key -> (players' word, Qt's size).
PAPERS: dict[str, tuple[str, QPageSize.PageSizeId]] = {
    "a4": ("A4", QPageSize.PageSizeId.A4),
    "letter": ("US Letter", QPageSize.PageSizeId.Letter),
}
#: The chart's place in the document (a resource, not a file).
CHART_URL = "chart://levels"
#: Lines on paper: dark colours that stay apart in grey, and a dash pattern each for a black-and-white printer.
_INKS = ("#1f4e79", "#b03a2e", "#1e8449", "#7d3c98", "#b9770e", "#117a65", "#2e4053", "#a04000", "#566573")
_DASHES = (Qt.PenStyle.SolidLine, Qt.PenStyle.DashLine, Qt.PenStyle.DotLine, Qt.PenStyle.DashDotLine,
           Qt.PenStyle.DashDotDotLine)
#: The chart as printed, in the document's units (about points): the width of a page's text.
CHART_WIDTH, CHART_HEIGHT = 460.0, 260.0


def default_paper() -> str:
    """US Letter where the locale measures in inches (the U.S.), A4 elsewhere."""
    return "letter" if QLocale().measurementSystem() == QLocale.MeasurementSystem.ImperialUSSystem else "a4"


def chart_image(series: LevelSeries, scale: int = 3) -> QImage:
    """The chart of levels drawn for paper: white, a zero line, a line and a mark per power, a legend."""
    width, height = int(CHART_WIDTH * scale), int(CHART_HEIGHT * scale)
    image = QImage(width, height, QImage.Format.Format_RGB32)
    image.fill(QColor("white"))
    painter = QPainter(image)
    try:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        font = QFont()
        font.setPixelSize(9 * scale)
        painter.setFont(font)
        known = [level for _name, levels in series.lines for level in levels if level is not None]
        low, high = min([0, *known]) - 1, max([0, *known]) + 1
        legend_width = 80 * scale
        plot = QRectF(30 * scale, 10 * scale, width - legend_width - 40 * scale, height - 34 * scale)
        count = max(len(series.turns), 1)

        def point(index: int, level: int) -> QPointF:
            x = plot.left() + (plot.width() * index / (count - 1) if count > 1 else plot.width() / 2)
            y = plot.bottom() - (level - low) / (high - low) * plot.height()
            return QPointF(x, y)

        painter.setPen(QPen(QColor("#999999"), scale / 2))
        painter.drawRect(plot)
        painter.setPen(QPen(QColor("#555555"), scale / 2, Qt.PenStyle.DashLine))
        painter.drawLine(point(0, 0).x() if count > 1 else plot.left(), point(0, 0).y(), plot.right(),
                         point(0, 0).y())
        painter.setPen(QColor("black"))
        for level in (low + 1, 0, high - 1):
            y = point(0, level).y()
            painter.drawText(QRectF(0, y - 6 * scale, 26 * scale, 12 * scale),
                             Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter,
                             f"+{level}" if level > 0 else str(level))
        step = max(1, count // 6)
        for index in range(0, len(series.turns), step):
            x = point(index, 0).x()
            painter.drawText(QRectF(x - 40 * scale, plot.bottom() + 3 * scale, 80 * scale, 12 * scale),
                             Qt.AlignmentFlag.AlignHCenter, series.turns[index])
        for number, (name, levels) in enumerate(series.lines):
            ink = QColor(_INKS[number % len(_INKS)])
            pen = QPen(ink, 1.4 * scale, _DASHES[number % len(_DASHES)])
            path = QPainterPath()
            started = False
            for index, level in enumerate(levels):
                if level is None:
                    started = False
                    continue
                if started:
                    path.lineTo(point(index, level))
                else:
                    path.moveTo(point(index, level))
                    started = True
            painter.setPen(pen)
            painter.drawPath(path)
            painter.setPen(QPen(ink, scale))
            painter.setBrush(ink)
            for index, level in enumerate(levels):
                if level is not None and count <= 60:
                    painter.drawEllipse(point(index, level), 1.6 * scale, 1.6 * scale)
            painter.setBrush(Qt.BrushStyle.NoBrush)
            y = plot.top() + (number * 13 + 6) * scale
            x = plot.right() + 8 * scale
            painter.setPen(pen)
            painter.drawLine(QPointF(x, y), QPointF(x + 16 * scale, y))
            painter.setPen(QColor("black"))
            painter.drawText(QRectF(x + 20 * scale, y - 6 * scale, legend_width, 12 * scale),
                             Qt.AlignmentFlag.AlignVCenter, name)
    finally:
        painter.end()
    return image


def _dress_tables(document: QTextDocument) -> None:
    """Every table with a thin border, padding, the full width, and its heading row repeated on each page."""
    def frames(frame: QTextFrame):  # type: ignore[no-untyped-def]
        yield frame
        for child in frame.childFrames():
            yield from frames(child)

    for frame in list(frames(document.rootFrame())):
        if isinstance(frame, QTextTable):
            table_format = frame.format()
            assert isinstance(table_format, QTextTableFormat)
            table_format.setHeaderRowCount(1)
            table_format.setBorder(0.5)
            table_format.setBorderCollapse(True)
            table_format.setBorderBrush(QColor("#888888"))
            table_format.setCellPadding(3)
            table_format.setCellSpacing(0)
            table_format.setWidth(QTextLength(QTextLength.Type.PercentageLength, 100))
            frame.setFormat(table_format)


def _size_chart(document: QTextDocument) -> None:
    """The chart at the width of a page's text (its image is drawn at three times that, for print)."""
    block = document.begin()
    while block.isValid():
        iterator = block.begin()
        while not iterator.atEnd():
            fragment = iterator.fragment()
            if fragment.isValid() and fragment.charFormat().isImageFormat():
                image_format = fragment.charFormat().toImageFormat()
                if image_format.name() == CHART_URL:
                    cursor = QTextCursor(document)
                    cursor.setPosition(fragment.position())
                    cursor.setPosition(fragment.position() + fragment.length(), QTextCursor.MoveMode.KeepAnchor)
                    sized = QTextImageFormat(image_format)
                    sized.setWidth(CHART_WIDTH)
                    sized.setHeight(CHART_HEIGHT)
                    cursor.setCharFormat(sized)
            iterator += 1
        block = block.next()


def report_document(report: PrintableReport) -> QTextDocument:
    """The report as a document to print: the family's Markdown (no HTML from players' words), the chart and its
    table, the record code."""
    document = QTextDocument()
    document.setMetaInformation(QTextDocument.MetaInformation.DocumentTitle, f"{report.title}, {report.turn}")
    font = QFont()
    font.setPointSizeF(9.5)
    document.setDefaultFont(font)
    charted = report.series is not None and not report.series.empty
    features = (QTextDocument.MarkdownFeature.MarkdownDialectGitHub
                | QTextDocument.MarkdownFeature.MarkdownNoHTML)
    document.setMarkdown(printable_markdown(report, CHART_URL if charted else None), features)
    _dress_tables(document)
    if charted:   # after the Markdown, which clears the document's resources
        assert report.series is not None
        document.addResource(QTextDocument.ResourceType.ImageResource, QUrl(CHART_URL), chart_image(report.series))
        _size_chart(document)
    return document


def _layout(paper: str) -> QPageLayout:
    size = QPageSize(PAPERS.get(paper, PAPERS["a4"])[1])
    return QPageLayout(size, QPageLayout.Orientation.Portrait, QMarginsF(15, 15, 15, 15), QPageLayout.Unit.Millimeter)


def pdf_bytes(report: PrintableReport, paper: str = "a4", pdf_a: bool = False) -> bytes:
    """The report as a PDF on ``paper`` ("a4" or "letter"), PDF/A-1b (for archiving) if ``pdf_a``, with its
    fonts embedded and its pages numbered."""
    buffer = QBuffer()
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    writer = QPdfWriter(buffer)
    writer.setPageLayout(_layout(paper))
    writer.setTitle(f"{report.title}, {report.turn}")
    writer.setCreator("awaw-desktop")
    writer.setResolution(300)
    if pdf_a:
        writer.setPdfVersion(QPagedPaintDevice.PdfVersion.PdfVersion_A1b)
    document = report_document(report)
    document.print_(writer)
    del writer
    data = bytes(buffer.data().data())
    buffer.close()
    return data


def write_pdf(report: PrintableReport, path: str | Path, paper: str = "a4", pdf_a: bool = False) -> Path:
    """Write the PDF at ``path`` as every file is written: whole or not at all."""
    data = pdf_bytes(report, paper, pdf_a)
    write_atomically(path, data)
    return Path(path)


def _png_data_uri(image: QImage) -> str:
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    image.save(buffer, "PNG")
    buffer.close()
    return "data:image/png;base64," + base64.b64encode(bytes(data.data())).decode("ascii")


def html_text(report: PrintableReport) -> str:
    """The report as one HTML file (the chart inside it), for a club's web page or a browser's print."""
    document = report_document(report)
    html = document.toHtml()
    if report.series is not None and not report.series.empty:
        html = html.replace(f'src="{CHART_URL}"', f'src="{_png_data_uri(chart_image(report.series, 2))}"')
    return html
