"""Voiding an envelope when a passphrase is lost (56.E.1 has no way on): both players agree at the laptop, say why,
and the envelope is set aside with no effect; its card is worked out for no one, and a new card may be drawn.
The agreement is an entry of the game record."""

from __future__ import annotations

from PySide6.QtWidgets import QCheckBox, QDialog, QDialogButtonBox, QLabel, QLineEdit, QVBoxLayout, QWidget

from ..shell.dialog_body import scrolling_body
from ..shell.screen import resize_within_screen


class VoidDialog(QDialog):
    """Both players' agreement to void a nation's envelope, and why."""

    def __init__(self, nation: str, axis_player: str, allied_player: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(f"Void the {nation} envelope")
        outer = QVBoxLayout(self)
        layout = scrolling_body(outer)   # scrolls on a small or scaled screen; the buttons stay in view (issue 29)
        intro = QLabel(f"If a passphrase of the {nation} envelope is lost, the card can never be worked out. Both "
                       "players may agree to void the envelope: it has no effect, nobody ever learns its card, and a "
                       "new card may be drawn at once. The game record keeps the agreement and its reason.")
        intro.setWordWrap(True)
        layout.addWidget(intro)
        self.reason = QLineEdit()
        self.reason.setAccessibleName("Why the envelope is voided")
        self.reason.setPlaceholderText("e.g. the Axis passphrase was forgotten")
        layout.addWidget(QLabel("&Why:", buddy=self.reason))
        layout.addWidget(self.reason)
        self.axis = QCheckBox(f"I, the Axis player{_named(axis_player)}, agree to void it")
        self.allied = QCheckBox(f"I, the Allied player{_named(allied_player)}, agree to void it")
        for box in (self.axis, self.allied):
            box.setAccessibleName(box.text())
            layout.addWidget(box)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
        self.void = self.buttons.addButton("Void the envelope", QDialogButtonBox.ButtonRole.AcceptRole)
        self.void.setAccessibleName("Void the envelope")
        self.buttons.button(QDialogButtonBox.StandardButton.Cancel).setDefault(True)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        outer.addWidget(self.buttons)
        for changed in (self.axis.toggled, self.allied.toggled, self.reason.textChanged):
            changed.connect(self._refresh)
        self._refresh()
        self._fit(intro.parentWidget())

    def _fit(self, body: QWidget) -> None:
        """As wide as 36 letters (less on a narrow screen), as tall as its words at that width (less on a low one)."""
        width = 36 * self.fontMetrics().horizontalAdvance("m")
        margins = self.layout().contentsMargins()
        inner = width - margins.left() - margins.right()
        height = (body.layout().totalHeightForWidth(inner) + self.buttons.sizeHint().height()
                  + self.layout().spacing() + margins.top() + margins.bottom())
        resize_within_screen(self, width, height)

    def _refresh(self, *_args: object) -> None:
        ready = self.axis.isChecked() and self.allied.isChecked() and bool(self.reason.text().strip())
        self.void.setEnabled(ready)
        self.void.setToolTip("" if ready else "Both players tick their agreement and say why")

    def why(self) -> str:
        return self.reason.text().strip()


def _named(name: str) -> str:
    return f" ({name})" if name else ""
