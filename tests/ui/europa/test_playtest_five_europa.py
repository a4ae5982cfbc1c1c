"""Fifth play-test, Europa (issue 37): what whole evenings at one table still tripped over, played through the window.

1. A cover locks the game (56.E.1): while "Hand the laptop to ..." is up, End turn (menu and Turn track), Edit > Undo
   and every other tab are locked, so an opening is dated the turn of the Axis consent and nothing half done is undone
   under the cover.
2. "Due to be shown" is never logged for a card an RE count request already showed (56.E.2).
3. A surrendered nation's card needs no showing (56.A: it has no more effect); End turn never silently does nothing:
   a refusal is said in a message box.
4. An RE count in eighths (a motorized unit in a possession: 1/2 x 3/2) is saved and read back (issue 38.4).
6. The distance and 3♦ lines say their reading; counts of one are singular; a nation that defected with a card in
   effect does not read "(in effect)" beside "No more envelopes"."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox, QLabel, QLineEdit, QMessageBox, QPlainTextEdit, QPushButton

from awaw_desktop.core.europa import actions
from awaw_desktop.core.europa.calendar import EuropaTurn
from awaw_desktop.ui.europa.window import EuropaWindow
from tests.ui.europa.drive import surrender
from tests.ui.helpers import NextDialog, find, press, tick

AXIS_WORDS, ALLIED_WORDS = "olive branch", "red barn door"


@pytest.fixture
def europa(qtbot):
    game = actions.new_game(EuropaTurn.parse("Sep II 43"), "Danube")
    for nation in ("Bulgaria", "Italy"):
        game = actions.add_nation(game, nation)
    window = EuropaWindow()
    qtbot.addWidget(window)
    window.ask_unsaved = lambda: QMessageBox.StandardButton.Discard
    window.set_game(game, None)
    window.show()
    return window


def click_tab(qtbot, window, title):
    """A click on a tab, as a player's (a locked tab does not come up)."""
    bar = window.tabs.tabBar()
    index = next(i for i in range(bar.count()) if bar.tabText(i) == title)
    qtbot.mouseClick(bar, Qt.MouseButton.LeftButton, pos=bar.tabRect(index).center())
    return window.tabs.widget(index)


def label(root, name):
    return find(root, name, QLabel).text()


def type_passphrase(qtbot, panel, side, words):
    assert f"Hand the laptop to the {side} player" in label(panel, "Cover screen")
    press(qtbot, panel, f"I am the {side} player")
    qtbot.keyClicks(find(panel, "Passphrase", QLineEdit), words)
    confirm = find(panel, "Passphrase again", QLineEdit)
    if confirm.isVisible():
        qtbot.keyClicks(confirm, words)
    press(qtbot, panel, "OK")


def draw_sealed(qtbot, window, nation="Bulgaria"):
    panel = click_tab(qtbot, window, nation)
    press(qtbot, panel, "Draw a sealed card")
    type_passphrase(qtbot, panel, "Axis", AXIS_WORDS)
    type_passphrase(qtbot, panel, "Allied", ALLIED_WORDS)
    return panel


def track_end_turn(window):
    return next(b for b in window.track.findChildren(QPushButton) if b.text() == "End turn")


def test_the_cover_after_the_axis_consent_locks_the_game(qtbot, europa):
    panel = draw_sealed(qtbot, europa)
    europa.end_turn()                                     # Sep II -> Oct I: the draw is an undo step before it
    europa.action_undo.trigger()
    assert europa.game.turn == EuropaTurn.parse("Sep II 43")
    panel = click_tab(qtbot, europa, "Bulgaria")
    press(qtbot, panel, "Open the envelope (Allied)")
    type_passphrase(qtbot, panel, "Axis", AXIS_WORDS)      # the consent, on Sep II 1943
    assert "Hand the laptop to the Allied player" in label(panel, "Cover screen")

    assert not europa.action_end_turn.isEnabled()
    assert not track_end_turn(europa).isEnabled()
    assert "finish that step or press Cancel" in track_end_turn(europa).toolTip()
    assert not europa.action_undo.isEnabled() and not europa.action_redo.isEnabled()
    qtbot.keyClick(europa, Qt.Key.Key_E, Qt.KeyboardModifier.ControlModifier)      # Ctrl+E: nothing
    qtbot.keyClick(europa, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)      # Ctrl+Z: nothing
    europa.end_turn()                                      # even called directly: refused, and said
    assert "finish that step or press Cancel" in europa.statusBar().currentMessage()
    assert europa.game.turn == EuropaTurn.parse("Sep II 43")
    for title in ("Overview", "Turn track", "German aid", "City points"):
        click_tab(qtbot, europa, title)
        assert europa.tabs.currentWidget() is panel, f"{title} came up under the cover"
    qtbot.keyClick(europa, Qt.Key.Key_2, Qt.KeyboardModifier.ControlModifier)      # Ctrl+2: the Turn track, locked
    assert europa.tabs.currentWidget() is panel
    for action in (europa.action_add_nation, europa.action_go_aid, europa.action_go_cities,
                   europa.action_send_turn):
        assert not action.isEnabled(), action.text()

    type_passphrase(qtbot, panel, "Allied", ALLIED_WORDS)
    assert label(panel, "Private view")                   # the card, for the Allied eyes
    press(qtbot, panel, "Hide it")
    dates = label(panel, "Envelope dates")
    assert "Opened by the Allied side: Sep II 1943" in dates     # the consent's turn (56.E.1) ...
    assert "In effect from: Oct II 1943" in dates                # ... and every later date follows it
    assert europa.action_end_turn.isEnabled() and track_end_turn(europa).isEnabled()
    click_tab(qtbot, europa, "Turn track")
    assert europa.tabs.currentWidget() is europa.track


def test_cancel_on_the_cover_unlocks_everything_with_nothing_changed(qtbot, europa):
    panel = draw_sealed(qtbot, europa)
    press(qtbot, panel, "Open the envelope (Allied)")
    type_passphrase(qtbot, panel, "Axis", AXIS_WORDS)
    assert not europa.action_end_turn.isEnabled()
    press(qtbot, panel, "Cancel")
    assert label(panel, "Envelope message") == "Cancelled: nothing changed."
    assert europa.action_end_turn.isEnabled() and europa.action_undo.isEnabled()
    assert europa.game.nation("Bulgaria").envelope.opened is None
    europa.action_undo.trigger()                           # the draw is undone as any step
    assert europa.game.nation("Bulgaria").envelope is None


def test_a_game_changed_under_the_cover_does_not_let_a_half_done_opening_go_on(qtbot, europa):
    """The lock's last guard: whatever changed the game while the laptop changed hands (here the core, as no control
    of the window can), the opening is not carried out on another game than the one consented to."""
    panel = draw_sealed(qtbot, europa)
    press(qtbot, panel, "Open the envelope (Allied)")
    type_passphrase(qtbot, panel, "Axis", AXIS_WORDS)
    europa.holder.apply("End of Sep II 1943", lambda game: actions.end_turn(game)[0])
    type_passphrase(qtbot, panel, "Allied", ALLIED_WORDS)
    assert "changed while the laptop was changing hands, so nothing was done" in label(panel, "Envelope message")
    assert europa.game.nation("Bulgaria").envelope.opened is None
    assert europa.action_end_turn.isEnabled()


def choose(root, name, text):
    combo = find(root, name, QComboBox)
    index = combo.findText(text)
    assert index >= 0, f"{name}: no {text!r}"
    combo.setCurrentIndex(index)
    combo.activated.emit(index)   # as a player's choice does


def open_sealed(qtbot, window, nation="Bulgaria"):
    panel = click_tab(qtbot, window, nation)
    press(qtbot, panel, "Open the envelope (Allied)")
    type_passphrase(qtbot, panel, "Axis", AXIS_WORDS)
    type_passphrase(qtbot, panel, "Allied", ALLIED_WORDS)
    press(qtbot, panel, "Hide it")
    return panel


def end_turns(qtbot, window, count):
    for _turn in range(count):
        click_tab(qtbot, window, "Turn track")
        press(qtbot, window.track, "End turn")


def events(window):
    return [window.track.events.item(i).text() for i in range(window.track.events.count())]


def test_a_card_shown_by_an_re_count_is_not_due_to_be_shown_again(qtbot, europa):
    draw_sealed(qtbot, europa)
    open_sealed(qtbot, europa)                                   # Sep II 1943: to be shown by Dec II 1943
    end_turns(qtbot, europa, 2)                                  # Oct II 1943: in effect
    panel = click_tab(qtbot, europa, "Bulgaria")
    choose(panel, "Requested by", "Allied side")
    press(qtbot, panel, "Count REs")
    type_passphrase(qtbot, panel, "Allied", ALLIED_WORDS)       # 56.E.2: the request shows the card
    assert label(panel, "Envelope stage").startswith("Shown to both sides")
    end_turns(qtbot, europa, 4)                                  # Dec II 1943, the date it was due to be shown
    assert europa.game.turn == EuropaTurn.parse("Dec II 43")
    assert events(europa) == ["Dec II 1943 \u2014 game turn Dec II 1943 begins (56)"], events(europa)
    said = [entry.summary for entry in europa.game.record.entries] + [str(entry) for entry in europa.game.log]
    assert not [line for line in said if "due to be shown" in line], said
    assert "due to be shown" not in label(click_tab(qtbot, europa, "Bulgaria"), "Due this turn")


def end_turn_refused(qtbot, window):
    """End turn pressed on the Turn track when it cannot end: the refusal, as its message box says it."""
    told: list[str] = []

    def read(box):
        told.append(f"{box.windowTitle()}: {box.text()}")
        box.accept()

    hands = NextDialog(read, QMessageBox)
    click_tab(qtbot, window, "Turn track")
    press(qtbot, window.track, "End turn")
    hands.check()
    return told[0]


def test_a_surrendered_nations_card_does_not_block_the_turn(qtbot, europa):
    draw_sealed(qtbot, europa, "Italy")
    open_sealed(qtbot, europa, "Italy")                     # Sep II 1943: shown Dec II 1943, discarded Apr II 1944
    end_turns(qtbot, europa, 1)
    italy = click_tab(qtbot, europa, "Italy")
    asked = surrender(qtbot, italy, "Italy", confirm=False)   # asked first (56.A): "Don't record it" changes nothing
    assert "Record that Italy surrenders on Oct I 1943 (56.A)?" in asked
    assert europa.game.nation("Italy").active and "nothing changed" in label(italy, "Surrender message")
    surrender(qtbot, italy, "Italy")
    assert label(italy, "Envelope stage").startswith("No more effect: Italy is no longer an Axis-Allied nation")
    end_turns(qtbot, europa, 14)                           # past Dec II 1943 and Apr II 1944: nothing asked
    assert europa.game.turn == EuropaTurn.parse("May I 44")
    assert not [line for line in (str(e) for e in europa.game.log) if "Italy: the card" in line]


def test_a_refused_end_of_turn_is_said_in_a_message_box(qtbot, europa):
    draw_sealed(qtbot, europa)
    open_sealed(qtbot, europa)                             # Sep II 1943: discarded Apr II 1944, to be shown first
    end_turns(qtbot, europa, 13)
    assert europa.game.turn == EuropaTurn.parse("Apr I 44")
    told = end_turn_refused(qtbot, europa)
    assert told.startswith("The turn is not ended: No next turn: Bulgaria: the card is discarded next turn and has "
                           "not been shown to both sides (56.E.1)"), told
    assert "The game is still on Apr I 1944" in told
    assert europa.game.turn == EuropaTurn.parse("Apr I 44")


def test_a_count_in_eighths_is_saved_and_reopened(qtbot, europa, tmp_path):
    from tests.ui.europa.drive import type_line

    italy = click_tab(qtbot, europa, "Italy")
    type_line(qtbot, italy, "New unit name", "Dodecanese motorized")
    type_line(qtbot, italy, "New unit REs", "1 1/2")
    choose(italy, "New unit force", "Own")
    choose(italy, "New unit place", "Possession")
    tick(qtbot, italy, "New unit motorized")
    press(qtbot, italy, "Add unit")
    assert label(italy, "Unit 1 counted REs") == "1 1/8"          # 1 1/2 x1/2 possession x3/2 motorized (56.E)
    choose(italy, "Requested by", "Axis side")
    press(qtbot, italy, "Count REs")
    assert "REs of forces: 1 1/8" in label(italy, "RE count result")
    assert europa.save_to(tmp_path / "island war.awaw")            # Save writes it ...
    again = EuropaWindow()
    qtbot.addWidget(again)
    assert again.open_path(tmp_path / "island war.awaw")           # ... and it opens again, the count as made
    assert label(click_tab(qtbot, again, "Italy"), "Last RE count").startswith(
        "Last count: Sep II 1943, asked by the Axis side: forces 1 1/8")


def test_the_count_lines_say_their_reading_plurals_and_a_defected_nations_card(qtbot, europa):
    from tests.ui.europa.drive import type_box, type_line

    italy = click_tab(qtbot, europa, "Italy")
    press(qtbot, italy, "Draw a paper card")
    press(qtbot, italy, "Open the envelope (Allied)")           # Sep II 1943: shown Dec II 1943
    end_turns(qtbot, europa, 6)
    italy = click_tab(qtbot, europa, "Italy")
    qtbot.keyClicks(find(italy, "Card from the paper envelope", QLineEdit), "3 of diamonds")
    press(qtbot, italy, "Show the card to both sides")
    for name, res, force, place, mds in (("Alpini", "1", "Own", "Abroad", 1),
                                          ("Hermann Goering", "2", "German", "Home country", 0)):
        type_line(qtbot, italy, "New unit name", name)
        type_line(qtbot, italy, "New unit REs", res)
        choose(italy, "New unit force", force)
        choose(italy, "New unit place", place)
        if mds:
            type_box(qtbot, italy, "New unit MDs in major countries", mds)
            type_box(qtbot, italy, "New unit MDs in minor countries", 0)
        press(qtbot, italy, "Add unit")
    choose(italy, "Requested by", "Axis side")
    press(qtbot, italy, "Count REs")
    lines = find(italy, "RE count breakdown", QPlainTextEdit).toPlainText().splitlines()
    assert "Alpini: 1 RE = 1 (56.E RE counts)" in lines                            # not "1 REs"
    assert ("Alpini x1 distance (the printed 'x (MDs-1)' read as the distance in MDs: 1 MD in major countries + "
            "half of 0 in minor countries, rounded down, = 1 MD, at least 1) = 1 (56.E modifiers)") in lines
    diamonds = next(line for line in lines if line.startswith("3\u2666"))
    assert "2 of 2 German REs in the country (at their printed size, not as the modifiers count them) counted " \
           "again" in diamonds                                                   # Table 1, note 3: printed REs

    type_box(qtbot, italy, "Special replacement rate before any roll", 50)
    type_box(qtbot, italy, "Die", 3)
    press(qtbot, italy, "Record the typed die")
    assert "now 40% after 1 roll." in label(italy, "Surrender status")            # not "1 roll(s)"

    type_line(qtbot, italy, "Ground unit", "Ariete")
    type_box(qtbot, italy, "Defection die", 4)
    press(qtbot, italy, "Add with the typed die")
    press(qtbot, italy, "The nation defects now")
    overview = click_tab(qtbot, europa, "Overview")
    assert label(overview, "Italy card") == "3\u2666: 3 German REs in the country count double (no more effect: no " \
                                            "longer Axis-Allied)"               # beside "No more envelopes"
    end_turns(qtbot, europa, 12)
    italy = click_tab(qtbot, europa, "Italy")
    assert "no RPs for 1 game turn, this one included" in label(italy, "Defection status")   # not "1 game turns"
    assert any("(1 game turn without RPs left, this one included)" in line for line in events(europa))
