"""The window of a Europa game: the Overview, the turn track, a tab per Axis-Allied nation (``NationPanel``), German
aid and City points (``pages``).

Files go through ``core.gamefile`` (the same ``.awaw`` envelope, ``"family": "europa"``, atomic saves
with a ``.bak``); every change is a step of the holder's undo stack (Edit > Undo/Redo); shortly after a
change an unsaved game is copied to the crash-recovery store (``core.recovery``), removed again on a save or
a clean close.  New game and Open hand a game of another rules family to that family's window
(``ui.family_window``)."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from PySide6.QtCore import QTimer
from PySide6.QtGui import QAction, QCloseEvent, QGuiApplication, QKeyEvent, QKeySequence, QUndoGroup
from PySide6.QtWidgets import QFileDialog, QMainWindow, QMessageBox, QTabWidget, QWidget

from ...core.europa.family import FAMILY, KEY
from ...core.europa.game_record import check_against_record, standing
from ...core.europa.replay import replay
from ...core.europa.report import render
from ...core.europa.state import EuropaGame
from ...core.files import gamefile
from ...core.files.atomic_file import SessionFileError
from ...core.files.incomplete_file import file_problem
from ..shell.accessible import speak_status_bar
from ..shell.family_window import bring_to_front, open_elsewhere, open_game_window, same_file, window_showing
from ..shell.keys import is_key_of
from ..shell.print_actions import PrintActions
from ..shell.recent import fill_recent_menu, remember
from ..shell.record_code import RecordCode
from ..shell.record_open import after_open, check_copy, facts_of, remember_record, replayed_problem
from ..shell.screen import fit_to_screen
from ..shell.unsaved import ask_unsaved, may_discard, window_title
from . import moment_lock, window_mail
from .holder import EuropaGameHolder, undo_stop_text
from .messages import sentence
from .nation_panel import NationPanel
from .pages import EuropaPages
from .turn_track import TurnTrack
from .view_menu import ViewMenu
from .voice import NationVoice

FILE_FILTER = "AWAW sessions (*.awaw);;All files (*)"
SUFFIX = ".awaw"
#: How long after the last change the recovery copy is written (milliseconds).
AUTOSAVE_DELAY_MS = 1500


class EuropaWindow(QMainWindow):
    #: The warning about an unsigned end of turn was answered (said once a session: ``window_mail``).
    unsigned_end_warned = False

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.path: Path | None = None
        self.undo_group = QUndoGroup(self)
        self.holder: EuropaGameHolder | None = None
        self.tabs = QTabWidget()
        self.tabs.setDocumentMode(True)
        self.tabs.setAccessibleName("Europa game tabs")
        self.setCentralWidget(self.tabs)
        self.pages = EuropaPages(self.tabs)
        self.panels: dict[str, NationPanel] = self.pages.panels
        self.track: TurnTrack | None = None
        #: A cover or passphrase page is up on a nation's tab: the game is locked (``moment_lock``).
        self.locked = False
        self.pages.moment_changed = lambda: moment_lock.apply_lock(self)
        #: The crash-recovery store (a ``core.recovery.RecoveryStore``, set by ``ui.family_window``), or None.
        self.recovery: Any = None
        self.recovery_id = os.urandom(16).hex()
        self._claimed = False
        self.autosave_timer = QTimer(self)
        self.autosave_timer.setSingleShot(True)
        self.autosave_timer.setInterval(AUTOSAVE_DELAY_MS)
        self.autosave_timer.timeout.connect(self.write_recovery)
        self.record_code = RecordCode()
        self.statusBar().addPermanentWidget(self.record_code)
        speak_status_bar(self.statusBar())   # a screen reader hears each message (issue 29)
        self.since_dialog: object = None
        self._build_menus()
        self.pages.install_keys(self)
        self.restore_geometry()
        QGuiApplication.styleHints().colorSchemeChanged.connect(self._scheme_changed)

    def restore_geometry(self) -> None:
        """A size that fits the screen it is on (the zoom and theme are the app's, shared with every window)."""
        fit_to_screen(self)

    # -- menus -------------------------------------------------------------------------------
    def _action(self, menu: Any, text: str, slot: Any, shortcut: QKeySequence | str | None = None) -> QAction:
        action = QAction(text, self)
        if shortcut is not None:
            action.setShortcut(QKeySequence(shortcut))
        action.triggered.connect(slot)
        menu.addAction(action)
        return action

    def _build_menus(self) -> None:
        file = self.menuBar().addMenu("&File")
        self.action_new = self._action(file, "&New game\u2026", self.new_game, QKeySequence.StandardKey.New)
        self.action_open = self._action(file, "&Open\u2026", self.open_dialog, QKeySequence.StandardKey.Open)
        # The one recent list of every window (ui/shell/recent.py): a game of another family opens in its own window.
        self.menu_recent = file.addMenu("Open &Recent")
        self.menu_recent.aboutToShow.connect(lambda: fill_recent_menu(self.menu_recent, self.open_path))
        file.addSeparator()
        self.action_verify = self._action(file, "&Verify the game record\u2026", self.verify_record)
        file.addSeparator()
        self.action_send_turn = self._action(file, "Send &turn\u2026", lambda: window_mail.send_turn(self))
        self.action_send_turn.setStatusTip("Play by e-mail: write this turn to a file to attach, named for the game, "
                                           "the turn and the side to move next")
        self.action_player_keys = self._action(file, "Players' &keys\u2026", lambda: window_mail.player_keys(self))
        self.action_player_keys.setStatusTip("Play by e-mail: your keys, and the side you play in this game")
        self.action_verify.setStatusTip("Check the game, and its file, against its tamper-evident game record")
        file.addSeparator()
        self.action_save = self._action(file, "&Save", self.save, QKeySequence.StandardKey.Save)
        self.action_save_as = self._action(file, "Save &As\u2026", self.save_as, "Ctrl+Shift+S")
        file.addSeparator()
        self.action_close = self._action(file, "&Close", self.close, "Ctrl+W")
        edit = self.menuBar().addMenu("&Edit")
        self.action_undo = self.undo_group.createUndoAction(self, "&Undo")
        self.action_undo.setShortcuts(QKeySequence.keyBindings(QKeySequence.StandardKey.Undo))
        self.action_redo = self.undo_group.createRedoAction(self, "&Redo")
        self.action_redo.setShortcuts([QKeySequence("Ctrl+Shift+Z"), QKeySequence("Ctrl+Y")])
        edit.addAction(self.action_undo)
        edit.addAction(self.action_redo)
        # Shown once a card was seen: why Undo stops there (56.E.1).
        self.action_undo_stop = QAction("", self)
        self.action_undo_stop.setEnabled(False)
        self.action_undo_stop.setVisible(False)
        edit.addAction(self.action_undo_stop)
        edit.addSeparator()
        self.action_copy = self._action(edit, "Copy report as &text", lambda: self.copy_report("text"),
                                        "Ctrl+Shift+C")
        self.action_copy_markdown = self._action(edit, "Copy report as &Markdown",
                                                 lambda: self.copy_report("markdown"))
        self.action_copy_markdown.setToolTip("For a forum or play-by-email post (no card before both sides saw it)")
        self.printing = PrintActions(self, KEY, lambda: self.game, file, edit, self.action_close,
                                     lambda: self.path)   # issue 41: print, PDF and the forum summary
        self.view = ViewMenu(self, self.menuBar().addMenu("&View"))
        turn = self.menuBar().addMenu("&Turn")
        self.action_end_turn = self._action(turn, "&End turn", self.end_turn, "Ctrl+E")
        self.action_add_nation = self._action(turn, "&Add nation\u2026", self.add_nation)
        self.action_go_aid = self._action(turn, "&German aid\u2026", lambda: self.pages.show_page(self.pages.aid))
        self.action_go_cities = self._action(turn, "&City points\u2026",
                                             lambda: self.pages.show_page(self.pages.cities))
        help_menu = self.menuBar().addMenu("&Help")
        self.action_readings = self._action(help_menu, "How we read the &rules", self.show_readings,
                                            QKeySequence.StandardKey.HelpContents)

    # -- the game ----------------------------------------------------------------------------
    @property
    def game(self) -> EuropaGame:
        assert self.holder is not None, "no game yet"
        return self.holder.game

    def set_game(self, game: EuropaGame, path: Path | None) -> None:
        """Show ``game`` (from ``path``, or new); the undo history starts afresh."""
        old = self.holder
        self.autosave_timer.stop()
        self.discard_recovery()
        self.recovery_id, self._claimed = os.urandom(16).hex(), False
        self._clear_tabs()
        self.holder = EuropaGameHolder(game, self)
        self.holder.changed.connect(self._changed)  # first, so stale panels go before they refresh
        self.holder.undoStopped.connect(self._undo_stopped)
        self.holder.recordChanged.connect(self._record_changed)
        NationVoice(self.holder, self.tabs)   # each nation's change of state is announced (issue 29)
        self.action_undo_stop.setVisible(False)
        self.undo_group.addStack(self.holder.undo_stack)
        self.undo_group.setActiveStack(self.holder.undo_stack)
        self.holder.undo_stack.cleanChanged.connect(self._update_title)
        self.holder.undo_stack.indexChanged.connect(self._schedule_recovery)
        if old is not None:
            self.undo_group.removeStack(old.undo_stack)
            old.deleteLater()
        self.path = path
        self.track = self.pages.build(self.holder)
        # The track's End turn button ends it as Turn > End turn does (an unsigned end of turn is said first).
        self.track.end_turn_button.clicked.disconnect(self.track.end_turn)
        self.track.end_turn_button.clicked.connect(self.end_turn)
        self._changed()
        moment_lock.apply_lock(self, force=True)
        self.record_code.show_record(self.holder.game.record)

    def _clear_tabs(self) -> None:
        self.pages.clear()
        self.track = None

    def _changed(self) -> None:
        """Keep a tab per nation in the game (undo may add or remove one), then the title."""
        assert self.holder is not None
        self.pages.sync(self.holder)
        self._update_title()

    def _scheme_changed(self, *_args: object) -> None:
        if self.holder is not None:
            self.pages.recolour()

    def takes_undo_keys(self, event: QKeyEvent) -> bool:
        """True for a key of Edit > Undo or Redo: a number box with the cursor in it lets the game's undo have it."""
        return is_key_of(event, (self.action_undo, self.action_redo))

    def _update_title(self, *_args: object) -> None:
        if self.holder is None:
            return
        name = self.path.name if self.path else (self.game.title or "Untitled Europa game")
        self.setWindowModified(not self.holder.undo_stack.isClean())
        self.setWindowTitle(window_title(name, f"Europa, {self.game.turn}"))

    def _undo_stopped(self, label: str) -> None:
        text = undo_stop_text(label)
        self.action_undo_stop.setText(text)
        self.action_undo_stop.setVisible(True)
        self.statusBar().showMessage(f"{text}.", 15000)

    def end_turn(self) -> None:
        if self.locked:
            self.statusBar().showMessage(f"{moment_lock.LOCKED}.", 15000)
            return
        if self.track is not None and window_mail.unsigned_end_ok(self):
            self.tabs.setCurrentWidget(self.track)
            self.track.end_turn()

    def add_nation(self) -> None:
        if self.track is not None:
            self.tabs.setCurrentWidget(self.track)
            self.track.nation_name.setFocus()
            self.track.nation_name.lineEdit().selectAll()

    def show_readings(self) -> None:
        from ..shell.readings_dialog import ReadingsDialog

        ReadingsDialog(self).exec()

    def copy_report(self, fmt: str = "text") -> None:
        QGuiApplication.clipboard().setText(render(self.game, fmt))
        self.statusBar().showMessage(f"Report copied ({fmt})", 4000)

    # -- crash recovery --------------------------------------------------------------------
    def _schedule_recovery(self, *_args: object) -> None:
        if self.recovery is not None:
            self.autosave_timer.start()

    def write_recovery(self) -> None:
        """Copy the unsaved game to its recovery file (a saved game has none)."""
        if self.recovery is None or self.holder is None:
            return
        try:
            if self.holder.undo_stack.isClean():
                self.recovery.discard(self.recovery_id)   # and its lock: claimed again at the next change
                self._claimed = False
                return
            if not self._claimed:
                self.recovery.claim(self.recovery_id)
                self._claimed = True
            self.recovery.write_snapshot(self.recovery_id, FAMILY.to_document(self.game), self.path)
        except (SessionFileError, OSError) as error:
            self.statusBar().showMessage(f"Could not write the recovery file: {error}", 8000)

    def discard_recovery(self) -> None:
        if self.recovery is not None:
            try:
                self.recovery.discard(self.recovery_id)
            except SessionFileError as error:
                self.statusBar().showMessage(sentence(str(error)), 8000)

    def keep_unsaved(self) -> None:
        """A game recovered after a crash: not in the player's own file yet, so it stays unsaved."""
        assert self.holder is not None
        self.holder.undo_stack.resetClean()
        self._update_title()
        self.write_recovery()

    # -- files -------------------------------------------------------------------------------
    def new_game(self) -> None:
        from ..shell.new_game import NewSessionDialog

        dialog = NewSessionDialog(self)
        if not dialog.exec():
            return
        if dialog.family_key() != KEY:
            open_game_window(dialog.family_key(), dialog.game(), None)
        elif self.confirm_discard():
            self.set_game(dialog.game(), None)

    def open_dialog(self) -> None:
        start = str(self.path.parent) if self.path else str(Path.home())
        name, _ = QFileDialog.getOpenFileName(self, "Open a game", start, FILE_FILTER)
        if name:
            self.open_path(Path(name))

    def open_path(self, path: Path, as_example: bool = False, confirmed: bool = False) -> bool:
        """Open a file; a damaged or newer file is refused and the open game stays as it was.  A file already open
        in a window brings that window to the front (two windows on one file would overwrite each other).
        (``as_example`` and ``confirmed``: the shell's File > Open arguments; this window asks about unsaved changes
        only once the file is read, and has no example files.)"""
        showing = self if self.path is not None and same_file(self.path, path) else window_showing(path)
        if showing is not None:
            bring_to_front(showing)
            return True
        handed = open_elsewhere(self, KEY, path)
        if handed is not None:
            if handed:
                remember(path)
            return handed
        try:
            loaded = gamefile.load(path)
        except SessionFileError as error:
            QMessageBox.warning(self, "Cannot open this file",
                                f"{file_problem(path.name, error)}\n\nThe open game is unchanged.")
            return False
        copy = check_copy(self, loaded.game.record, path.name)
        if copy is False:   # an older or forked copy the players chose not to go on from
            return False
        if not self.confirm_discard():
            return False
        self.set_game(loaded.game, Path(path))
        remember(path)
        self.statusBar().showMessage(f"Opened {path.name}", 5000)
        self.after_file_opened(copy, path.name)
        return True

    def after_file_opened(self, copy: Any, name: str) -> None:
        """Once a copy is shown, by any door (File > Open, another window's Open, crash recovery): going on from an
        older copy recorded, a record that does not hold named, "Since your last turn" (``record_open.after_open``;
        ``copy``: what ``check_copy`` said before the game was shown)."""
        assert self.holder is not None
        holder = self.holder
        record = holder.game.record
        game = holder.game
        problem = replayed_problem(check_against_record(game, record), lambda start: replay(game, start), record)
        self.since_dialog = after_open(self, copy, record, name, holder.add_to_record, lambda: holder.game.record,
                                       problem, standing, facts_of(KEY, holder.game))
        window_mail.show_unsigned_hint(self)

    def _record_changed(self) -> None:
        """A new entry: the code players quote, and this computer's memory of the game (an opening is remembered the
        moment it is made, so a discarded change that held one, or an older copy reopened, is named: 56.E.1)."""
        assert self.holder is not None
        record = self.holder.game.record
        self.record_code.show_record(record)
        remember_record(record)

    def verify_record(self) -> None:
        """File > Verify the game record (as ``awaw-desktop verify`` checks a file)."""
        from ..shell.verify_dialog import show_verification

        assert self.holder is not None
        show_verification(self, KEY, self.game, self.path, not self.holder.undo_stack.isClean())

    def save(self) -> bool:
        return self.save_as() if self.path is None else self.save_to(self.path)

    def save_as(self) -> bool:
        start = str(self.path) if self.path else str(Path.home() / f"{self.game.title or 'europa game'}{SUFFIX}")
        name, _ = QFileDialog.getSaveFileName(self, "Save the game", start, FILE_FILTER)
        if not name:
            return False
        path = Path(name)
        return self.save_to(path if path.suffix == SUFFIX else path.with_suffix(SUFFIX))

    def save_to(self, path: Path) -> bool:
        try:
            gamefile.save(KEY, self.game, path)
        except SessionFileError as error:
            QMessageBox.warning(self, "Cannot save", f"{path}: {error}\n\nNothing was overwritten.")
            return False
        self.path = path
        remember(path)   # in File > Open Recent of the main window, beside the AWAW games
        remember_record(self.game.record, own=True, facts=facts_of(KEY, self.game))
        assert self.holder is not None
        self.holder.undo_stack.setClean()
        self.autosave_timer.stop()
        self.discard_recovery()
        self._update_title()
        self.statusBar().showMessage(f"Saved {path.name}", 5000)
        return True

    def confirm_discard(self) -> bool:
        return may_discard(self.holder is None or self.holder.undo_stack.isClean(), self.ask_unsaved, self.save)

    def ask_unsaved(self) -> QMessageBox.StandardButton:
        return ask_unsaved(self, "This Europa game")

    def closeEvent(self, event: QCloseEvent) -> None:
        if self.confirm_discard():
            self.autosave_timer.stop()
            self.discard_recovery()
            event.accept()
        else:
            event.ignore()
