"""While a cover ("Hand the laptop to ...") or a passphrase page is up on a nation's tab, the game is locked: a
moment begun on one turn is finished on that turn, so an envelope is dated the turn of the Axis consent (56.E.1), and
nothing half done can be undone under the cover.  Locked: Turn > End turn and the Turn track's End turn, Edit > Undo and
Redo, the other tabs (and Ctrl+1 to Ctrl+9), Turn > Add nation, German aid, City points and File > Send turn.  Cancel
or the last passphrase ends the moment and unlocks everything."""

from __future__ import annotations

from typing import Protocol

from PySide6.QtGui import QAction, QUndoGroup
from PySide6.QtWidgets import QStatusBar, QTabWidget

from .holder import EuropaGameHolder
from .nation_panel import NationPanel
from .turn_track import END_TURN_TIP, TurnTrack


class EuropaWindow(Protocol):
    """What the lock uses of the Europa window (``window.EuropaWindow``, which imports this module)."""

    holder: EuropaGameHolder | None
    panels: dict[str, NationPanel]
    track: TurnTrack | None
    tabs: QTabWidget
    undo_group: QUndoGroup
    locked: bool
    action_end_turn: QAction
    action_add_nation: QAction
    action_go_aid: QAction
    action_go_cities: QAction
    action_send_turn: QAction

    def statusBar(self) -> QStatusBar: ...

#: Said on a locked control and in the status bar.
LOCKED = ("A player is at the laptop for a passphrase: finish that step or press Cancel first (a step begun on one "
          "turn is finished on that turn, 56.E.1)")


def locking_panel(window: EuropaWindow) -> str:
    """The nation whose cover or passphrase page is up, or ""."""
    return next((name for name, panel in window.panels.items() if panel.private.asking), "")


def _actions(window: EuropaWindow) -> tuple[QAction, ...]:
    return (window.action_end_turn, window.action_add_nation, window.action_go_aid, window.action_go_cities,
            window.action_send_turn)


def apply_lock(window: EuropaWindow, force: bool = False) -> None:
    """Lock or unlock the game as the moments on its tabs stand (``force``: a game just shown)."""
    holder = window.holder
    if holder is None:
        return
    locked = bool(locking_panel(window))
    if locked == window.locked and not force:
        return
    window.locked = locked
    for action in _actions(window):
        action.setEnabled(not locked)
        action.setToolTip(LOCKED if locked else "")
    # Edit > Undo and Redo follow the active stack: with none, both are off (their keys too).
    window.undo_group.setActiveStack(None if locked else holder.undo_stack)  # type: ignore[arg-type]
    tabs = window.tabs
    current = tabs.currentIndex()
    for index in range(tabs.count()):
        tabs.setTabEnabled(index, not locked or index == current)
    if window.track is not None:
        window.track.end_turn_button.setEnabled(not locked)
        window.track.end_turn_button.setToolTip(LOCKED if locked else END_TURN_TIP)
    if locked:
        window.statusBar().showMessage(f"{LOCKED}.", 15000)
    elif window.statusBar().currentMessage() == f"{LOCKED}.":
        window.statusBar().clearMessage()
