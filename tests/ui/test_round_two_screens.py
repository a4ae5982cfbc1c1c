"""Issue 40, point by point as a player meets them: "Since your last turn" opened wider than the screen when an entry
held a long word (its Close button off screen); on the French wizard's forces page "< Back" stayed the default button
once the ship counts were in (Enter went back); the Europa cover button was heard as "I am the player named"."""

from __future__ import annotations

from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QDialogButtonBox, QPushButton

from awaw_desktop.core.awaw.common import Edition
from awaw_desktop.core.awaw.session import Session
from awaw_desktop.ui.europa.cover import Ask, PrivateScreen
from awaw_desktop.ui.shell.record_views import SinceDialog

from .helpers import find, type_number
from .test_french_wizard import BACK, EXAMPLE, NEXT, choose, make_store, open_wizard, press, type_die

LONG_WORD = "Axis:" + "0123456789abcdef" * 20   # a hash, a path, words run together: 325 letters, no space


def test_since_your_last_turn_fits_the_screen_with_an_entry_of_one_long_word(qtbot):
    session = Session.new(title="Tuesday")
    session.add_to_record("event", f"Germany changed {LONG_WORD} then")
    session.add_to_record("event", "Britain +1")
    entries = session.record.entries[-2:]
    dialog = SinceDialog(entries, [[("Germany", "+3")], [("Britain", "+1")]], "record ABCD-EFGH, your last turn",
                         changes=[(LONG_WORD, "", LONG_WORD)], who="the Axis player")
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    area = dialog.screen().availableGeometry()
    assert dialog.frameGeometry().width() <= area.width(), (dialog.width(), area.width())
    close = dialog.findChild(QDialogButtonBox).button(QDialogButtonBox.StandardButton.Close)
    right = close.mapToGlobal(QPoint(close.width(), 0)).x()
    assert right <= area.right() + 1 and close.isVisible(), (right, area)
    assert f"Germany changed {LONG_WORD} then" in dialog.where.text().replace("\u200b", "")   # only places to wrap
    dialog.show_entry(1)
    assert dialog.where.text().startswith("Entry 2 of 2")


def test_the_forces_page_default_button_is_next_once_the_ships_are_counted(qtbot):
    wizard = open_wizard(qtbot, make_store(Edition.UPDATED, **EXAMPLE))
    press(qtbot, wizard, NEXT)
    choose(qtbot, wizard, "No Vichy France")
    press(qtbot, wizard, NEXT)
    type_die(qtbot, wizard, "Lebanon-Syria die", 3)
    type_die(qtbot, wizard, "French North Africa die", 5)
    qtbot.mouseClick(wizard.button(NEXT), Qt.MouseButton.LeftButton)
    assert wizard.currentPage() is wizard.forces_page
    assert not wizard.button(NEXT).isEnabled()   # the ships are not counted yet
    for name in ("named ships", "cruisers", "destroyer factors"):
        type_number(qtbot, wizard, f"French {name} that exist", 2)
    assert wizard.button(NEXT).isEnabled()
    assert wizard.button(NEXT).isDefault() and not wizard.button(BACK).isDefault()
    qtbot.keyClick(find(wizard, "French cruisers that exist").lineEdit(), Qt.Key.Key_Return)
    assert wizard.currentPage() is not wizard.forces_page and wizard.currentId() > 0   # Enter went on


def test_the_cover_button_says_what_it_does(qtbot):
    screen = PrivateScreen()
    qtbot.addWidget(screen)
    screen.show()
    screen.ask([Ask("allied", "open the envelope")], lambda given: None, lambda error: None)
    ready = next(b for b in screen.findChildren(QPushButton) if b.text() == "I am the Allied player")
    assert ready.accessibleName() == "I am the Allied player: show my passphrase prompt"
    ready.click()
    assert screen.currentIndex() == PrivateScreen.PASSPHRASE
