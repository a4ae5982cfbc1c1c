"""Every screen of the Europa window, shown one after the other (issue 29): the Overview, the turn track, a tab per
nation with its envelope at each stage (sealed, opened, in effect, due to be shown, shown, discarded, a paper card),
the surrender and defection boxes, the roster table, German aid and City points entered; the private screen's cover,
passphrase page and private view; the envelope's steps by e-mail; the void dialog; and New game's Europa page.  The
accessibility walk (``test_europa_accessibility.py``) and the layout check at laptop sizes and scales
(``test_europa_screens_fit.py``, in processes of their own) go through the same list."""

from __future__ import annotations

from collections.abc import Iterator

from PySide6.QtWidgets import QMessageBox, QWidget

from awaw_desktop.core.europa import actions
from awaw_desktop.core.europa.state import EuropaGame
from awaw_desktop.ui.europa.screenshots import ALLIED, AXIS, SECRETS, example_game
from awaw_desktop.ui.europa.window import EuropaWindow
from tests.ui.every_screen import settle

#: Each nation's envelope in the game of ``busy_game`` (at its last turn, Feb II 1944).
STAGES = {"Italy": "discarded (Italy surrendered)", "Rumania": "a paper card, sealed", "Finland": "due to be shown",
          "Hungary": "shown", "Bulgaria": "in effect, seen by the opener", "Slovakia": "sealed",
          "Croatia": "opened, not in effect yet"}


def _draw(game: EuropaGame, nation: str, opened: bool = False) -> EuropaGame:
    game = actions.draw_envelope(game, nation, AXIS, ALLIED, secrets=SECRETS)
    return actions.open_envelope(game, nation, AXIS, ALLIED)[0] if opened else game


def busy_game() -> EuropaGame:
    """The example campaign (German aid, city points, an RE count, Italy surrendered, Rumania due to defect) played
    on to Feb II 1944, with two more nations, so that its envelopes stand at every stage (``STAGES``)."""
    game = _draw(example_game(), "Hungary", opened=True)
    for _ in range(2):
        game, _log = actions.end_turn(game)
    game = _draw(game, "Finland", opened=True)
    for _ in range(4):
        game, _log = actions.end_turn(game)
    for shown in ("Hungary", "Italy"):   # Italy's card, opened before it surrendered, is shown before its discard
        game = actions.show_card(game, shown, ALLIED)
    game = _draw(game, "Bulgaria", opened=True)
    for _ in range(2):
        game, _log = actions.end_turn(game)
    for nation in ("Slovakia", "Croatia"):
        game = actions.add_nation(game, nation)
    game = _draw(game, "Slovakia")
    return _draw(game, "Croatia", opened=True)


def open_window(game: EuropaGame | None = None) -> EuropaWindow:
    window = EuropaWindow()
    window.ask_unsaved = lambda: QMessageBox.StandardButton.Discard   # type: ignore[method-assign]
    window.set_game(game or busy_game(), None)
    window.restore_geometry()
    window.show()
    settle(300)
    return window


def mail_window() -> tuple[EuropaWindow, QWidget]:
    """A game played by e-mail, on the Allied player's computer, after the Axis player added his secret to the
    Hungarian envelope: the envelope box shows its e-mail steps, the Allied one due."""
    from awaw_desktop.core.europa import actions_mail
    from awaw_desktop.core.europa.calendar import EuropaTurn
    from awaw_desktop.core.frozen import replace
    from awaw_desktop.core.record.keys import PlayerKeys, play_as, take_side

    axis, allied = PlayerKeys.new("Ann"), PlayerKeys.new("Bob")
    game = actions.add_nation(actions.new_game(EuropaTurn.parse("Jul I 43"), "Danube", "Ann", "Bob"), "Hungary")
    game = replace(game, record=take_side(take_side(game.record, axis, "axis", "Jul I 1943"), allied, "allied",
                                          "Jul I 1943"))
    game = actions_mail.draw_by_mail(game, "Hungary", axis)
    play_as(allied)
    window = open_window(game)
    panel = window.panels["Hungary"]
    window.tabs.setCurrentWidget(panel)
    settle()
    return window, panel


def every_screen(window: EuropaWindow) -> Iterator[tuple[str, QWidget]]:
    """(name, the top-level widget showing it): each shown, laid out and settled when yielded, closed after."""
    for index in range(window.tabs.count()):
        window.tabs.setCurrentIndex(index)
        settle()
        yield f"tab-{window.tabs.tabText(index).replace(' ', '-').lower()}", window
    from awaw_desktop.ui.europa.envelope_box import card_text

    panel = window.panels["Croatia"]
    window.tabs.setCurrentWidget(panel)
    panel.envelope.look()   # the cover: hand the laptop to the Allied player
    settle()
    yield "croatia-cover", window
    panel.private.ready.click()
    settle()
    yield "croatia-passphrase", window
    panel.private.cancel()
    panel.private.show_private(card_text(actions.peek_card(window.game, "Croatia", ALLIED)))
    settle()
    yield "croatia-private-view", window
    panel.private.cancel()
    from awaw_desktop.ui.europa.void_dialog import VoidDialog

    void = VoidDialog("Slovakia", "Ann", "Bob", window)
    void.show()
    settle()
    yield "void-dialog", void
    void.close()
    from awaw_desktop.ui.shell.new_game import NewSessionDialog

    new_game = NewSessionDialog(window)
    family = new_game.game_page.family
    family.setCurrentIndex(family.findData("europa"))
    new_game.show()
    settle()
    yield "new-game-europa-first-page", new_game
    new_game.next()
    settle()
    yield "new-game-europa-page", new_game
    new_game.close()
    from awaw_desktop.core.record.keys import play_as

    try:
        mail, _panel = mail_window()
        yield "mail-envelope-hungary", mail
        assert mail.holder is not None
        mail.holder.undo_stack.setClean()
        mail.close()
    finally:
        play_as(None)


