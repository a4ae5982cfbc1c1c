"""The Europa nation panel driven as players drive it: buttons, typed passphrases, the cover screen."""

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox, QLabel, QLineEdit, QPlainTextEdit, QPushButton

from awaw_desktop.core.europa import actions
from awaw_desktop.core.europa.calendar import EuropaTurn
from awaw_desktop.core.europa.cards import card_name
from awaw_desktop.ui.europa.holder import EuropaGameHolder
from awaw_desktop.ui.europa.nation_panel import NationPanel
from tests.ui.helpers import find, tick, type_number

AXIS_WORDS, ALLIED_WORDS = "olive branch", "red barn"


@pytest.fixture
def panel(qtbot):
    game = actions.add_nation(actions.new_game(EuropaTurn.parse("Jun II 43"), cost_log2=10), "Italy")
    holder = EuropaGameHolder(game)
    widget = NationPanel(holder, "Italy")
    qtbot.addWidget(widget)
    widget.show()
    return widget


def press(qtbot, root, text):
    buttons = [b for b in root.findChildren(QPushButton) if b.text() == text and b.isVisible()]
    assert len(buttons) == 1, f"no single visible button {text!r}"
    assert buttons[0].isEnabled(), f"{text!r} is disabled"
    qtbot.mouseClick(buttons[0], Qt.MouseButton.LeftButton)


def label(root, name):
    widget = find(root, name, QLabel)
    return widget.text()


def give_passphrase(qtbot, panel, side, words, again=None):
    assert f"Hand the laptop to the {side} player" in label(panel, "Cover screen")
    press(qtbot, panel, f"I am the {side} player")
    qtbot.keyClicks(find(panel, "Passphrase", QLineEdit), words)
    confirm = find(panel, "Passphrase again", QLineEdit)
    if confirm.isVisible():
        qtbot.keyClicks(confirm, words if again is None else again)
    press(qtbot, panel, "OK")


def draw_sealed(qtbot, panel):
    press(qtbot, panel, "Draw a sealed card")
    give_passphrase(qtbot, panel, "Axis", AXIS_WORDS)
    give_passphrase(qtbot, panel, "Allied", ALLIED_WORDS)


def end_turns(panel, count):
    for _ in range(count):
        panel.holder.apply("End the turn", lambda game: actions.end_turn(game)[0])


def open_sealed(qtbot, panel):
    press(qtbot, panel, "Open the envelope (Allied)")
    give_passphrase(qtbot, panel, "Axis", AXIS_WORDS)
    give_passphrase(qtbot, panel, "Allied", ALLIED_WORDS)
    card = label(panel, "Private view")
    press(qtbot, panel, "Hide it")
    return card


def test_a_sealed_draw_is_opened_behind_the_cover_screen(qtbot, panel):
    draw_sealed(qtbot, panel)
    assert label(panel, "Envelope stage").startswith("Sealed: nobody has seen the card")
    assert find(panel, "Open the envelope (Allied)", QPushButton).isEnabled()
    end_turns(panel, 1)
    press(qtbot, panel, "Open the envelope (Allied)")
    assert not panel.public.isEnabled()                     # nothing else while the laptop changes hands
    give_passphrase(qtbot, panel, "Axis", AXIS_WORDS)
    give_passphrase(qtbot, panel, "Allied", ALLIED_WORDS)
    private = label(panel, "Private view")
    code = panel.holder.game.nation("Italy").envelope
    assert private and code.card == ""                       # the card is in the private view only
    assert private.split(":")[0] not in label(panel, "Envelope stage")
    press(qtbot, panel, "Hide it")
    assert label(panel, "Private view") == "" and panel.public.isEnabled()
    assert "Opened: seen by the opener" in label(panel, "Envelope stage")
    assert "In effect from: Aug I 1943" in label(panel, "Envelope dates")
    assert "To be shown to both sides by: Oct I 1943; To be discarded: Feb I 1944" in label(panel, "Envelope dates")


def test_a_wrong_passphrase_opens_nothing(qtbot, panel):
    draw_sealed(qtbot, panel)
    press(qtbot, panel, "Open the envelope (Allied)")
    give_passphrase(qtbot, panel, "Axis", "not the one")
    assert "That is not the Axis passphrase" in label(panel, "Passphrase problem")   # before the Allied turn
    assert label(panel, "Envelope stage").startswith("Sealed")


def test_passphrases_typed_twice_must_agree(qtbot, panel):
    press(qtbot, panel, "Draw a sealed card")
    give_passphrase(qtbot, panel, "Axis", AXIS_WORDS, again="olive brunch")
    assert "differ" in label(panel, "Passphrase problem")
    assert panel.holder.game.nation("Italy").envelope is None


def test_the_card_is_shown_to_both_on_its_date(qtbot, panel):
    draw_sealed(qtbot, panel)
    card = open_sealed(qtbot, panel)
    end_turns(panel, 6)
    assert "due to be shown" in label(panel, "Envelope stage")
    press(qtbot, panel, "Show the card to both sides")
    give_passphrase(qtbot, panel, "Allied", ALLIED_WORDS)
    assert label(panel, "Envelope stage").startswith("Shown to both sides") and card in label(panel, "Envelope stage")


def type_line(qtbot, panel, name, text):
    line = find(panel, name, QLineEdit)
    line.setFocus()
    line.selectAll()
    qtbot.keyClicks(line, text)
    qtbot.keyClick(line, Qt.Key.Key_Return)


def choose(panel, name, text):
    combo = find(panel, name, QComboBox)
    index = combo.findText(text)
    assert index >= 0, f"{name}: no {text!r}"
    combo.setCurrentIndex(index)
    combo.activated.emit(index)   # as a player's choice does


def add_rome(qtbot, panel):
    type_line(qtbot, panel, "New unit name", "Rome garrison")
    type_line(qtbot, panel, "New unit REs", "2")
    choose(panel, "New unit force", "Own")
    choose(panel, "New unit place", "Home country")
    tick(qtbot, panel, "New unit in the capital")
    tick(qtbot, panel, "New unit in a major city hex")
    press(qtbot, panel, "Add unit")


def count_as(qtbot, panel, side):
    choose(panel, "Requested by", f"{side} side")
    press(qtbot, panel, "Count REs")


def test_an_re_count_with_its_breakdown(qtbot, panel):
    add_rome(qtbot, panel)
    assert find(panel, "Unit 1 name", QLineEdit).text() == "Rome garrison"
    assert label(panel, "Unit 1 counted REs") == "8"
    assert label(panel, "Unit 1 why") == "x2 capital, x2 major city (56.E modifiers)"
    type_number(qtbot, panel, "TF hits", 3)
    count_as(qtbot, panel, "Axis")
    assert "REs of forces: 8" in label(panel, "RE count result")
    assert "Naval losses: 3" in label(panel, "RE count result")
    breakdown = find(panel, "RE count breakdown", QPlainTextEdit).toPlainText()
    assert "Rome garrison x2 in the capital = 4 (56.E modifiers)" in breakdown
    assert "Rome garrison x2 in a major city hex = 8 (56.E modifiers)" in breakdown
    assert find(panel, "Requested by", QComboBox).currentIndex() == -1      # the next count asks again
    assert label(panel, "Last RE count").startswith("Last count: Jun II 1943, asked by the Axis side: forces 8")


def test_a_count_asks_who_requests_it(qtbot, panel):
    press(qtbot, panel, "Count REs")
    assert label(panel, "RE count message").startswith("Choose who asks for the count")
    assert panel.holder.game.nation("Italy").counts == ()


def test_a_bad_re_size_is_refused_and_nothing_is_lost(qtbot, panel):
    type_line(qtbot, panel, "New unit name", "Odd")
    type_line(qtbot, panel, "New unit REs", "1/3")
    assert "whole numbers and halves" in label(panel, "Roster message")
    press(qtbot, panel, "Add unit")
    assert panel.holder.game.nation("Italy").roster == ()
    assert "whole numbers and halves" in label(panel, "Roster message")      # it stays until put right
    type_line(qtbot, panel, "New unit REs", "1e3")
    assert "'1e3' is not a number of REs" in label(panel, "Roster message")
    type_line(qtbot, panel, "New unit REs", "1 1/2")
    assert "Not entered" not in label(panel, "Roster message")


def test_the_allied_side_counts_only_after_opening_and_shows_the_card(qtbot, panel):
    add_rome(qtbot, panel)
    count_as(qtbot, panel, "Allied")
    assert "only after opening the card drawn for it" in label(panel, "RE count message")
    draw_sealed(qtbot, panel)
    card = open_sealed(qtbot, panel)
    end_turns(panel, 2)
    count_as(qtbot, panel, "Allied")
    give_passphrase(qtbot, panel, "Allied", ALLIED_WORDS)
    assert label(panel, "Envelope stage").startswith("Shown to both sides")
    assert card.split(":")[0] in label(panel, "Envelope stage")
    assert panel.holder.game.nation("Italy").envelope.card
    assert card_name(panel.holder.game.nation("Italy").envelope.card) == card.split(":")[0]
    assert "REs of forces" in label(panel, "RE count result")


def test_the_owners_count_leaves_a_private_card_out_and_shows_nothing(qtbot, panel):
    """56.E.2 (issue 25): the Axis side's count did ask for the Allied passphrase and showed the card early."""
    add_rome(qtbot, panel)
    draw_sealed(qtbot, panel)
    open_sealed(qtbot, panel)
    end_turns(panel, 2)
    assert label(panel, "Envelope stage").startswith("In effect: seen by the opener only")
    count_as(qtbot, panel, "Axis")
    assert not panel.private.busy                                       # no passphrase asked for
    assert label(panel, "Envelope stage").startswith("In effect: seen by the opener only")
    assert panel.holder.game.nation("Italy").envelope.card == ""
    breakdown = find(panel, "RE count breakdown", QPlainTextEdit).toPlainText()
    assert breakdown.endswith("this count by the owning side leaves it out (56.E.2: only an Allied request shows it) "
                              "(56.E.2)")
    assert panel.holder.undo_stack.canUndo()                              # nobody saw a card: it can be undone


def test_a_paper_envelope_keeps_the_dates(qtbot, panel):
    press(qtbot, panel, "Draw a paper card")
    press(qtbot, panel, "Open the envelope (Allied)")
    end_turns(panel, 6)
    qtbot.keyClicks(find(panel, "Card from the paper envelope", QLineEdit), "2 of clubs")
    press(qtbot, panel, "Show the card to both sides")
    assert "2 of clubs: RP pool losses count 2 RPs more" in label(panel, "Envelope stage")
    assert not panel.holder.undo_stack.canUndo()           # both sides saw the card: it stays shown
    assert "cannot be undone" in label(panel, "Envelope message")


def test_losses_typed_stay_when_the_game_changes(qtbot, panel):
    type_line(qtbot, panel, "Ground losses (REs)", "3 1/2")
    press(qtbot, panel, "Draw a paper card")
    assert find(panel, "Ground losses (REs)", QLineEdit).text() == "3 1/2"
    assert panel.holder.game.nation("Italy").losses.ground_res == 3.5


def test_operational_limits_show_where_they_bite(qtbot):
    game = actions.new_game(EuropaTurn.parse("Jun II 43"), cost_log2=10)
    for name in ("Hungary", "Rumania"):
        game = actions.add_nation(game, name)
    holder = EuropaGameHolder(game)
    hungary = NationPanel(holder, "Hungary")
    qtbot.addWidget(hungary)
    hungary.show()
    assert "weather zones C, D, G. (56.C)" in label(hungary, "Restrictions")
    assert "may not stack together" in label(hungary, "Restrictions")
    holder.apply("Rumania defects", lambda g: actions.defect(g, "Rumania", []))
    assert "may not stack together" not in label(hungary, "Restrictions")
