"""Third play-test of the surrender wizards, driven with the player's own steps: "999" in "AAF removed" was
shown, silently used as 99 and counted as meeting the requirement; Esc or Cancel threw away everything typed;
the Summary left out the "no more ... to remove" ticks (59.513E).  The wizards are never made active (as in the
play-test, where Tab moved the focus without focus events)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QCloseEvent
from PySide6.QtWidgets import QCheckBox, QLabel, QLineEdit, QPlainTextEdit, QSpinBox, QWizard

from awaw_desktop.ui.awaw import british_wizard as bw

from . import test_british_wizard as british
from . import test_french_wizard as french
from .helpers import NextDialog, button, find, text, type_number

NEXT = QWizard.WizardButton.NextButton
AAF_REFUSED = "Not entered: AAF removed: 999 is out of range; it must be between 0 and 99"


def british_reductions(qtbot, dp=-6):
    """Germany accepts a British offer at -6: 12 AAF, 24 BRPs and 60 naval factors are required."""
    wizard = british.open_wizard(qtbot, british.make_store(dp))
    british.choose(qtbot, wizard, "Germany accepts")
    british.next_page(qtbot, wizard, bw.PAGE_REDUCTIONS)
    return wizard


def type_keys(qtbot, wizard, name: str, keys: str) -> QSpinBox:
    box = find(wizard, name, QSpinBox)
    box.setFocus()
    box.lineEdit().selectAll()
    qtbot.keyClicks(box.lineEdit(), keys)
    return box


def test_999_aaf_then_tab_is_refused_at_once_and_the_requirement_stays_unmet(qtbot):
    wizard = british_reductions(qtbot)
    box = type_keys(qtbot, wizard, "AAF removed", "999")
    qtbot.keyClick(box.lineEdit(), Qt.Key.Key_Tab)
    assert text(wizard, "Reductions: number not entered") == AAF_REFUSED
    assert box.lineEdit().text() == "0" and wizard.aaf == 0
    assert "12 more AAF needed" in text(wizard, "Reductions check")


def test_999_aaf_left_in_the_box_never_counts_as_99(qtbot):
    wizard = british_reductions(qtbot)
    box = type_keys(qtbot, wizard, "AAF removed", "999")
    assert box.lineEdit().text() == "999"
    assert wizard.aaf == 0                      # not the 99 its first two keys made
    assert "12 more AAF needed" in text(wizard, "Reductions check")
    # The player's next steps: the other kinds ticked as run out (with .click(), the focus stays in the box).
    for name in ("No more ground units or NAS to remove", "No more naval units to eliminate"):
        find(wizard, name, QCheckBox).click()
    assert box.lineEdit().text() == "999"       # the page was redrawn: what was typed is still there
    assert not wizard.button(NEXT).isEnabled()  # the AAF requirement is not met by a number never taken
    find(wizard, "No more AAF to remove", QCheckBox).click()
    qtbot.mouseClick(wizard.button(NEXT), Qt.MouseButton.LeftButton)
    assert wizard.currentId() == bw.PAGE_REDUCTIONS   # the click that met the refusal does not move on
    assert text(wizard, "Reductions: number not entered") == AAF_REFUSED
    assert box.lineEdit().text() == "0"


def test_the_summary_says_which_kinds_ran_out(qtbot):
    wizard = british_reductions(qtbot)
    british.fill_reductions(qtbot, wizard, 4, 24, 60)
    find(wizard, "No more AAF to remove", QCheckBox).click()
    british.next_page(qtbot, wizard, bw.PAGE_CONCESSIONS)
    british.answer_indemnity(wizard, "None")
    while wizard.currentId() != bw.PAGE_SUMMARY:
        assert wizard.button(NEXT).isEnabled(), f"Next disabled on page {wizard.currentId()}"
        qtbot.mouseClick(wizard.button(NEXT), Qt.MouseButton.LeftButton)
    summary = find(wizard, "Summary", QPlainTextEdit).toPlainText().split("\n")
    ran_out = "  No more AAF to remove (59.513E): the 4 AAF removed are all Britain had, of 12 required."
    assert ran_out in summary
    removed = next(index for index, line in enumerate(summary) if line.startswith("  Removed: 4 AAF"))
    concessions = next(index for index, line in enumerate(summary) if line.startswith("Concessions"))
    assert removed < summary.index(ran_out) < concessions   # with the force reductions
    assert not any("No more naval" in line or "No more ground" in line for line in summary)


# -- Esc and Cancel ask before throwing away what was entered ----------------------------------------------------

class Question:
    """Answers the question the wizard asks (if it asks) with ``answer``; remembers what it asked."""

    def __init__(self, answer: str) -> None:
        self.asked: list[str] = []

        def hands(question) -> None:
            self.asked.append(question.text())
            button(question, answer).click()

        self.dialog = NextDialog(hands, timeout_ms=1000)


def test_esc_on_the_british_reductions_asks_and_keep_editing_keeps_everything(qtbot):
    wizard = british_reductions(qtbot)
    type_number(qtbot, wizard, "AAF removed", 8)
    question = Question("Keep editing")
    qtbot.keyClick(find(wizard, "AAF removed", QSpinBox), Qt.Key.Key_Escape)   # where the typing was
    assert question.asked == ["Discard what you entered in the British surrender?"]
    assert wizard.isVisible() and wizard.currentId() == bw.PAGE_REDUCTIONS
    assert find(wizard, "AAF removed", QSpinBox).value() == 8 and wizard.aaf == 8
    question = Question("Discard")
    with qtbot.waitSignal(wizard.rejected):
        qtbot.mouseClick(wizard.button(QWizard.WizardButton.CancelButton), Qt.MouseButton.LeftButton)
    assert question.asked == ["Discard what you entered in the British surrender?"]
    assert wizard.store.undo_stack.count() == 0


def test_esc_with_nothing_entered_closes_the_british_wizard_at_once(qtbot):
    wizard = british.open_wizard(qtbot, british.make_store(-6))
    question = Question("Keep editing")
    with qtbot.waitSignal(wizard.rejected):
        qtbot.keyClick(wizard, Qt.Key.Key_Escape)
    assert question.asked == []


def french_colonies_with_a_die(qtbot):
    wizard = french.open_wizard(qtbot, french.make_store(**french.EXAMPLE))
    french.press(qtbot, wizard, NEXT)
    french.choose(qtbot, wizard, "Set up Vichy France")
    french.press(qtbot, wizard, NEXT)
    french.type_die(qtbot, wizard, "Lebanon-Syria die", 4)
    return wizard


def test_cancel_on_the_french_colonies_asks_and_keep_editing_keeps_the_die(qtbot):
    wizard = french_colonies_with_a_die(qtbot)
    question = Question("Keep editing")
    french.press(qtbot, wizard, french.CANCEL)
    assert question.asked == ["Discard what you entered in the French surrender?"]
    assert wizard.isVisible() and wizard.currentPage() is wizard.colonies_page
    assert find(wizard, "Lebanon-Syria die", QLineEdit).text() == "4"
    assert wizard.dice["lebanon_syria"].value == 4
    question = Question("Discard")
    with qtbot.waitSignal(wizard.rejected):
        qtbot.keyClick(find(wizard, "Lebanon-Syria die", QLineEdit), Qt.Key.Key_Escape)
    assert question.asked == ["Discard what you entered in the French surrender?"]
    assert wizard.recorded is None and wizard.store.undo_stack.count() == 0


def test_esc_on_the_question_itself_keeps_editing(qtbot):
    wizard = french_colonies_with_a_die(qtbot)
    asked: list[str] = []

    def escape(question) -> None:
        asked.append(question.text())
        qtbot.keyClick(question, Qt.Key.Key_Escape)

    NextDialog(escape, timeout_ms=1000)
    qtbot.keyClick(wizard, Qt.Key.Key_Escape)
    assert asked and wizard.isVisible()


def test_esc_with_nothing_entered_closes_the_french_wizard_at_once(qtbot):
    wizard = french.open_wizard(qtbot, french.make_store(**french.EXAMPLE))
    question = Question("Keep editing")
    with qtbot.waitSignal(wizard.rejected):
        qtbot.keyClick(wizard, Qt.Key.Key_Escape)
    assert question.asked == []


# -- every number box on every page of both wizards refuses a number past its range with a message ---------------

def _every_page(store):
    from awaw_desktop.ui.awaw import french_wizard

    return [*french_wizard.screens(store), *bw.screens(store)]


def test_every_number_box_in_both_wizards_refuses_a_number_past_its_range_with_a_message(qtbot):
    from awaw_desktop.ui.shell.number_box import NumberBox

    checked = []
    for name, wizard in _every_page(french.make_store(**french.EXAMPLE)):
        qtbot.addWidget(wizard)
        wizard.show()
        page = wizard.currentPage()
        for box in page.findChildren(NumberBox):
            if not (box.isVisible() and box.isEnabled()):
                continue
            before, too_many = box.value(), str(box.maximum() + 1)
            box.setFocus()
            box.lineEdit().selectAll()
            qtbot.keyClicks(box.lineEdit(), too_many)
            qtbot.keyClick(box.lineEdit(), Qt.Key.Key_Tab)
            shown = [label.text() for label in page.findChildren(QLabel) if label.isVisible()]
            message = f"Not entered: {box.accessibleName()}: {too_many} is out of range"
            assert any(line.startswith(message) for line in shown), (name, message)
            assert box.value() == before, (name, box.accessibleName())
            checked.append(box.accessibleName())
        wizard.close()
    assert {"AAF removed", "Other naval factors", "Morocco BRPs", "French BRP base at the surrender"} <= set(checked)



# -- the window's close button (the title bar's X) asks as Esc does ------------------------------------------------

class TitleBarClose(QCloseEvent):
    """The close event a window manager's close button brings: Qt marks it spontaneous (it comes from the window
    system).  Offscreen there is no window manager, and neither ``QWidget.close()`` nor ``QWindow.close()`` makes
    a spontaneous event, so the event is handed to the wizard as the window system would hand it."""

    def spontaneous(self) -> bool:
        return True


def close_from_title_bar(wizard) -> bool:
    """The title bar's X pressed: True if the wizard let itself be closed (it is then hidden, as Qt does)."""
    event = TitleBarClose()
    wizard.closeEvent(event)
    if event.isAccepted():
        wizard.hide()
    return event.isAccepted()


def test_the_title_bar_close_button_asks_before_discarding_the_french_dice(qtbot):
    wizard = french_colonies_with_a_die(qtbot)
    question = Question("Keep editing")
    assert not close_from_title_bar(wizard)
    assert question.asked == ["Discard what you entered in the French surrender?"]
    assert wizard.isVisible() and find(wizard, "Lebanon-Syria die", QLineEdit).text() == "4"
    question = Question("Discard")
    assert close_from_title_bar(wizard)
    assert question.asked == ["Discard what you entered in the French surrender?"]
    assert wizard.recorded is None and wizard.store.undo_stack.count() == 0


def test_the_title_bar_close_button_asks_before_discarding_british_reductions(qtbot):
    wizard = british_reductions(qtbot)
    type_number(qtbot, wizard, "AAF removed", 8)
    question = Question("Keep editing")
    assert not close_from_title_bar(wizard)
    assert question.asked == ["Discard what you entered in the British surrender?"]
    assert wizard.isVisible() and find(wizard, "AAF removed", QSpinBox).value() == 8


def test_the_title_bar_close_button_closes_an_untouched_british_wizard_at_once(qtbot):
    wizard = british.open_wizard(qtbot, british.make_store(-6))
    question = Question("Keep editing")
    assert close_from_title_bar(wizard)
    assert question.asked == []


def test_the_program_closing_a_wizard_does_not_ask(qtbot):
    wizard = french_colonies_with_a_die(qtbot)
    question = Question("Keep editing")
    assert wizard.close()
    assert question.asked == [] and not wizard.isVisible()
