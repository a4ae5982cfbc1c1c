"""Issue 29 for the Europa window: every screen of it read through Qt's accessibility interface with the same walk
as the A World at War window's (``tests/ui/test_accessibility_tree.py``): every Tab stop named and in screen order,
every live value saying its value, every combo box captioned, no description raw HTML; and a nation's change of
state is announced, never its card (but in the private view the Allied player asked for)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QWidget

from awaw_desktop.core.europa import actions
from awaw_desktop.ui.europa.cover import EYES_ONLY
from awaw_desktop.ui.europa.envelope_box import card_text
from awaw_desktop.ui.europa.screenshots import ALLIED, AXIS
from awaw_desktop.ui.shell.accessible import LiveLabel, caption, listeners
from tests.ui.helpers import find, press
from tests.ui.test_accessibility_tree import name_of, problems

from .every_europa_screen import every_screen, open_window, settle


@pytest.fixture
def window(qapp):
    shown = open_window()
    yield shown
    assert shown.holder is not None
    shown.holder.undo_stack.setClean()
    shown.close()


@pytest.fixture
def heard():
    said: list[str] = []

    def listen(_widget: QWidget, message: str) -> None:
        said.append(message)

    listeners.append(listen)
    yield said
    listeners.remove(listen)


def test_every_europa_screen_reads_right_through_the_accessibility_interface(window):
    found: list[str] = []
    names = []
    for name, top in every_screen(window):
        names.append(name)
        found.extend(problems(name, top))
    assert len(names) >= 18, names
    assert not found, f"{len(found)} problems:\n" + "\n".join(found)


def _passphrase(qtbot, panel, words):
    panel.private.ready.click()
    qtbot.keyClicks(panel.private.passphrase, words)
    qtbot.keyClick(panel.private.passphrase, Qt.Key.Key_Return)


def test_an_envelope_opened_is_announced_and_its_card_only_in_the_private_view_asked_for(qtbot, window, heard):
    panel = window.panels["Slovakia"]
    window.tabs.setCurrentWidget(panel)
    stage = find(panel, "Envelope stage", QLabel)
    assert name_of(stage).startswith("Envelope stage: Sealed") and stage.text() in name_of(stage)
    press(qtbot, panel, "Open the envelope (Allied)")
    _passphrase(qtbot, panel, AXIS)
    _passphrase(qtbot, panel, ALLIED)
    assert "Slovakia envelope: Opened, not in effect" in heard, heard
    card = card_text(actions.peek_card(window.game, "Slovakia", ALLIED))
    assert any(message.startswith("The Allied side opened the envelope") for message in heard), heard
    private = [message for message in heard if card in message]
    assert private == [f"{EYES_ONLY}: {card}"], heard    # the Allied player's own view, and nowhere else
    assert card in name_of(find(panel, "Private view", QLabel))
    press(qtbot, panel, "Hide it")
    assert card not in name_of(find(panel, "Private view", QLabel))
    assert caption(find(panel, "Private view", QLabel)) == "Private view"


def test_a_surrender_and_a_new_turn_are_announced_and_undo_says_so_again(qtbot, window, heard):
    assert window.holder is not None
    window.holder.apply("Hungary surrenders", lambda game: actions.surrender_nation(game, "Hungary"))
    settle()
    surrendered = f"Hungary surrender: Surrendered {window.game.turn.short}"
    assert surrendered in heard and "Hungary defection: Surrendered" in heard, heard
    window.action_undo.trigger()
    assert any(message.startswith("Hungary surrender: ") and message != surrendered for message in heard[2:]), heard
    heard.clear()
    turn = window.game.turn
    window.track.nation_name.setFocus()
    window.action_end_turn.trigger()
    assert window.game.turn != turn and f"Game turn now {window.game.turn}" in heard, heard
    assert not any(card_text(code) in message for message in heard for code in _cards(window)), heard


def _cards(window):
    return [nation.envelope.card for nation in window.game.nations if nation.envelope and nation.envelope.card]


def test_every_live_value_says_its_caption_and_value(window):
    values = [label for top in (window,) for label in top.findChildren(LiveLabel) if caption(label) and label.text()]
    assert len(values) > 80, len(values)
    for label in values:
        assert name_of(label).startswith(caption(label)), (caption(label), name_of(label))
