"""An envelope between two computers in the window (56.E.1, issue 31): each computer (a window playing one side's
keys) offers the step that is its side's, and only at its stage; a line says whose step comes next; the Allied
player opens alone and sees the card in the private view once the opening is recorded and signed; the Axis window
never shows it before the showing."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QMessageBox, QPushButton

from awaw_desktop.core.europa import actions, game_record
from awaw_desktop.core.europa.calendar import EuropaTurn
from awaw_desktop.core.files import gamefile
from awaw_desktop.core.frozen import replace
from awaw_desktop.core.record.keys import PlayerKeys, play_as, take_side
from awaw_desktop.ui.europa.envelope_box import card_text
from awaw_desktop.ui.europa.window import EuropaWindow
from tests.ui.helpers import find, press

STEPS = ("Add the Axis secret", "Add the Allied secret", "Give consent to open", "Open (Allied player)",
         "Show the card")


@pytest.fixture
def players():
    axis, allied = PlayerKeys.new("Ann"), PlayerKeys.new("Bob")
    game = actions.add_nation(actions.new_game(EuropaTurn.parse("Jul I 43"), "Danube", "Ann", "Bob"), "Hungary")
    record = take_side(take_side(game.record, axis, "axis", "Jul I 1943"), allied, "allied", "Jul I 1943")
    yield axis, allied, gamefile.dumps("europa", replace(game, record=record))
    play_as(None)


def computer(qtbot, keys, raw):
    """A window on the computer playing ``keys``, showing the file ``raw`` it received."""
    play_as(keys)
    window = EuropaWindow()
    qtbot.addWidget(window)
    window.ask_unsaved = lambda: QMessageBox.StandardButton.Discard
    window.set_game(gamefile.loads(raw).game, None)
    window.show()
    bar = window.tabs.tabBar()
    index = next(i for i in range(bar.count()) if bar.tabText(i) == "Hungary")
    qtbot.mouseClick(bar, Qt.MouseButton.LeftButton, pos=bar.tabRect(index).center())
    return window, window.tabs.widget(index)


def enabled(panel):
    return [step for step in STEPS if find(panel, step, QPushButton).isEnabled()]


def label(panel, name):
    return find(panel, name, QLabel).text()


def sent(window):
    return gamefile.dumps("europa", window.game)


def test_two_computers_draw_open_and_show_an_envelope_each_making_only_its_own_steps(qtbot, players, monkeypatch):
    axis, allied, raw = players
    window, panel = computer(qtbot, axis, raw)
    assert not find(panel, "Draw a sealed card", QPushButton).isVisible()    # no passphrases at one keyboard here
    assert enabled(panel) == ["Add the Axis secret"]
    assert "this computer plays the Axis side" in label(panel, "Next step by e-mail")
    assert "the Axis player adds the Axis secret" in label(panel, "Next step by e-mail")
    assert "your step" in label(panel, "Next step by e-mail")
    press(qtbot, panel, "Add the Axis secret")
    assert "Nobody has seen the card" in label(panel, "Envelope message") and enabled(panel) == []
    assert "the Allied player's, on his computer" in label(panel, "Next step by e-mail")
    assert "The Allied player's step" in find(panel, "Add the Allied secret", QPushButton).toolTip()

    window, panel = computer(qtbot, allied, sent(window))
    assert enabled(panel) == ["Add the Allied secret"] and "your step" in label(panel, "Next step by e-mail")
    press(qtbot, panel, "Add the Allied secret")
    assert enabled(panel) == [] and "gives his consent" in label(panel, "Next step by e-mail")

    window, panel = computer(qtbot, axis, sent(window))
    assert enabled(panel) == ["Give consent to open"]
    press(qtbot, panel, "Give consent to open")
    assert "You will not see the card" in label(panel, "Envelope message")
    assert not find(panel, "Look at the card (Allied)", QPushButton).isEnabled()

    window, panel = computer(qtbot, allied, sent(window))
    assert enabled(panel) == ["Open (Allied player)"]
    monkeypatch.setattr(QMessageBox, "question", lambda *args: QMessageBox.StandardButton.No)
    press(qtbot, panel, "Open (Allied player)")
    assert "Cancelled" in label(panel, "Envelope message") and enabled(panel) == ["Open (Allied player)"]
    monkeypatch.setattr(QMessageBox, "question", lambda *args: QMessageBox.StandardButton.Yes)
    press(qtbot, panel, "Open (Allied player)")
    entry = window.game.record.entries[-1]
    assert entry.kind == "opening" and entry.author == "allied" and entry.signature   # recorded, signed
    card = window.game.nation("Hungary").envelope
    shown = label(panel, "Private view")
    assert shown and find(panel, "Allied eyes only", QLabel).isVisible() and card.card == ""
    assert label(panel, "Envelope stage").startswith("Opened: seen by the opener")
    press(qtbot, panel, "Hide it")
    press(qtbot, panel, "Look at the card (Allied)")
    assert label(panel, "Private view") == shown
    press(qtbot, panel, "Hide it")
    assert "shows the card to both sides on" in label(panel, "Next step by e-mail") and enabled(panel) == []

    opened = sent(window)
    window, panel = computer(qtbot, axis, opened)
    assert label(panel, "Envelope stage").startswith("Opened: seen by the opener")
    assert not find(panel, "Look at the card (Allied)", QPushButton).isEnabled() and enabled(panel) == []
    assert shown not in label(panel, "Envelope stage") + label(panel, "Envelope dates")

    game = gamefile.loads(opened).game
    play_as(allied)
    for _ in range(6):
        game = game_record.recorded(game, actions.end_turn(game)[0], "End turn")
    window, panel = computer(qtbot, allied, gamefile.dumps("europa", game))
    assert enabled(panel) == ["Show the card"]
    press(qtbot, panel, "Show the card")
    window, panel = computer(qtbot, axis, sent(window))
    public = window.game.nation("Hungary").envelope.card
    assert shown == card_text(public) and card_text(public) in label(panel, "Envelope stage")
    assert "No step by e-mail is due" in label(panel, "Next step by e-mail")


def test_a_game_without_both_keys_or_a_computer_without_keys_is_played_at_one_table(qtbot, players):
    _axis, _allied, raw = players
    _window, panel = computer(qtbot, None, raw)
    assert find(panel, "Draw a sealed card", QPushButton).isVisible()
    assert not find(panel, "Next step by e-mail", QLabel).isVisible()
    stranger = PlayerKeys.new("Eve")
    _window, panel = computer(qtbot, stranger, raw)
    assert find(panel, "Draw a sealed card", QPushButton).isVisible()
    assert not find(panel, "Add the Axis secret", QPushButton).isVisible()


def test_the_allied_count_request_shows_a_card_opened_by_mail_from_his_computer_only(qtbot, players, monkeypatch):
    from awaw_desktop.core.europa import actions_mail
    from tests.ui.europa.drive import pick

    axis, allied, raw = players
    game = gamefile.loads(raw).game
    for keys, step in ((axis, actions_mail.draw_by_mail), (allied, actions_mail.add_secret_by_mail),
                       (axis, actions_mail.give_consent)):
        play_as(keys)
        game = game_record.recorded(game, step(game, "Hungary", keys), "step")
    play_as(allied)
    game = game_record.recorded(game, actions_mail.open_by_mail(game, "Hungary", allied)[0], "Open")
    game = game_record.recorded(game, actions.end_turn(game)[0], "End turn")
    opened = gamefile.dumps("europa", game)
    _window, panel = computer(qtbot, axis, opened)
    pick(panel, "Requested by", "Allied side")
    press(qtbot, panel, "Count REs")
    assert "he requests it on his own computer, with his keys" in label(panel, "RE count message")
    window, panel = computer(qtbot, allied, opened)
    pick(panel, "Requested by", "Allied side")
    press(qtbot, panel, "Count REs")
    card = window.game.nation("Hungary").envelope.card
    assert card and card_text(card) in label(panel, "Envelope stage")
    assert window.game.record.entries[-2].kind == "showing" and window.game.record.entries[-2].author == "allied"


def test_a_step_undone_before_the_file_is_sent_can_be_made_again_and_the_file_still_opens(qtbot, players):
    """Edit > Undo takes a step back as for any change; the record says so, and the file the other computer gets
    opens and verifies (a consent given again for the same Allied secret gives nothing new)."""
    from awaw_desktop.core.record.verify import verify_bytes

    axis, allied, raw = players
    window, panel = computer(qtbot, axis, raw)
    press(qtbot, panel, "Add the Axis secret")
    window, panel = computer(qtbot, allied, sent(window))
    press(qtbot, panel, "Add the Allied secret")
    window.action_undo.trigger()
    assert enabled(panel) == ["Add the Allied secret"]
    press(qtbot, panel, "Add the Allied secret")
    window, panel = computer(qtbot, axis, sent(window))
    press(qtbot, panel, "Give consent to open")
    window.action_undo.trigger()
    assert enabled(panel) == ["Give consent to open"] and window.game.nation("Hungary").envelope.consent is None
    press(qtbot, panel, "Give consent to open")
    assert "Consent given" in label(panel, "Envelope message")
    kinds = [entry.kind for entry in window.game.record.entries]
    assert kinds.count("undone") == 2 and verify_bytes(sent(window)).verified
    window, panel = computer(qtbot, allied, sent(window))
    assert enabled(panel) == ["Open (Allied player)"]
