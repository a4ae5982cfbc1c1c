"""Passphrases stay off the accessibility bus (issue 40): every passphrase field, the Europa envelope prompt behind the
cover screen and the Players' keys dialog, tells a screen reader its name and that it is a password, nothing else.

Driven as a player: the keys typed into the field, then the field read the way AT-SPI reads it, through the accessible
tree from the window down (``QAccessible``).  Qt's own line edit interface answers one "*" per typed character and has
a text interface, through which Qt's AT-SPI bridge sends every typed character (and the whole passphrase when the field
is cleared) as a text event; a field with no text interface has those events dropped by the bridge."""

from __future__ import annotations

from PySide6.QtGui import QAccessible
from PySide6.QtWidgets import QLineEdit, QWidget

from awaw_desktop.core.record.chain import GameRecord
from awaw_desktop.ui.europa.cover import Ask, PrivateScreen
from awaw_desktop.ui.shell.player_keys import PlayerKeysDialog

SECRET = "correct horse battery"
KINDS = (QAccessible.Text.Name, QAccessible.Text.Description, QAccessible.Text.Value, QAccessible.Text.Help,
         QAccessible.Text.Accelerator)


def tree(root: QWidget):
    """Every accessible interface under ``root``, walked as a screen reader walks it."""
    stack = [QAccessible.queryAccessibleInterface(root)]
    while stack:
        iface = stack.pop()
        yield iface
        stack.extend(iface.child(i) for i in range(iface.childCount()))


def heard(root: QWidget, name: str) -> dict:
    """All a screen reader can learn of the field named ``name``."""
    found = [iface for iface in tree(root) if iface.text(QAccessible.Text.Name) == name]
    assert len(found) == 1, name
    iface = found[0]
    return {"role": iface.role(), "password": bool(iface.state().passwordEdit),
            "texts": [iface.text(kind) for kind in KINDS], "text interface": iface.textInterface()}


def type_into(qtbot, field: QLineEdit, text: str) -> None:
    field.setFocus()
    qtbot.keyClicks(field, text)
    assert field.text() == text   # the field itself holds what was typed: only the bus is kept out


def assert_silent(root: QWidget, name: str, description: str = "") -> None:
    said = heard(root, name)
    assert said["role"] == QAccessible.Role.EditableText
    assert said["password"]
    assert said["text interface"] is None
    assert said["texts"] == [name, description, "", "", ""]
    assert not any(part in text for text in said["texts"] for part in ("correct", "horse", "*"))


def test_the_envelope_passphrase_behind_the_cover_is_heard_as_a_password_and_nothing_more(qtbot):
    screen = PrivateScreen()
    qtbot.addWidget(screen)
    screen.show()
    errors: list[str] = []
    screen.ask([Ask("axis", "seal the envelope", confirm=True)], lambda given: None, errors.append)
    screen.ready.click()
    assert screen.currentIndex() == PrivateScreen.PASSPHRASE
    type_into(qtbot, screen.passphrase, SECRET)
    type_into(qtbot, screen.again, SECRET)
    assert_silent(screen, "Passphrase")
    assert_silent(screen, "Passphrase again")
    screen.passphrase.clear()   # cleared: Qt sent the whole passphrase as a removal before
    assert_silent(screen, "Passphrase")


def test_the_players_keys_passphrases_are_heard_as_passwords_and_nothing_more(qtbot):
    dialog = PlayerKeysDialog(GameRecord("a-game"), "Turn 1")
    qtbot.addWidget(dialog)
    dialog.show()
    for field in (dialog.passphrase, dialog.new_passphrase, dialog.new_again):
        type_into(qtbot, field, SECRET)
    for name in ("Passphrase to unlock", "New passphrase", "New passphrase again"):
        assert_silent(dialog, name)
    plain = QAccessible.queryAccessibleInterface(dialog.new_name)   # an ordinary field still reads its text
    type_into(qtbot, dialog.new_name, "Axel")
    assert plain.text(QAccessible.Text.Value) == "Axel"
