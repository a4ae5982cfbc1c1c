"""The main window's files: open, save, recent files, the example games, dated backups, and the recovery file
written shortly after each change (on a worker thread, so the window never waits on the disk).

A mixin of ``MainWindow`` (``ui/awaw/main_window.py``), which holds the store, the path and the timers it uses.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from ...core.files.atomic_file import SessionFileError
from ...core.lines import RulesInputError
from ...paths import examples_dir
from ..shell.keys import standard
from ..shell.recent import fill_recent_menu, remember
from ..shell.record_code import refresh_unsigned_hint, unsigned_hint
from ..shell.unsaved import ask_unsaved, may_discard

if TYPE_CHECKING:
    from concurrent.futures import ThreadPoolExecutor

    from PySide6.QtWidgets import QMenu, QMessageBox

    from ...core.record.chain import GameRecord

SESSION_SUFFIX = ".awaw"
FILE_FILTER = "AWAW sessions (*.awaw);;All files (*)"
#: How long after the last change the recovery file is written (milliseconds).
AUTOSAVE_DELAY_MS = 1500


def file_stamp(path: Path) -> tuple[int, int, int] | None:
    """What tells that a file was replaced or rewritten: its inode (a save writes a new file and renames it
    over the old one), modification time and size; None if it cannot be read."""
    try:
        status = path.stat()
    except OSError:
        return None
    return status.st_ino, status.st_mtime_ns, status.st_size


def example_sessions() -> list[tuple[str, Path]]:
    """The example sessions shipped in ``resources/examples`` (title, path)."""
    from ...core.awaw import sessionfile

    folder = examples_dir()
    found: list[tuple[str, Path]] = []
    # The A World at War examples, then those of other rules families, each family in a folder of its own.
    files = sorted(folder.glob(f"*{SESSION_SUFFIX}")) + sorted(folder.glob(f"*/*{SESSION_SUFFIX}")) \
        if folder.is_dir() else []
    for path in files:
        try:
            title = sessionfile.load(path).title or path.stem
        except sessionfile.SessionFileError:
            title = _other_family_title(path)   # a Europa example opens in its own window (issue 37)
            if title is None:
                continue
        found.append((title, path))
    return found


def _other_family_title(path: Path) -> str | None:
    """The title of an example of another rules family, or None if the file holds no game this app opens."""
    from ...core.family import DEFAULT_FAMILY
    from ...core.files import gamefile

    if gamefile.family_of_file(path) in (None, DEFAULT_FAMILY):
        return None
    try:
        return str(getattr(gamefile.load(path).game, "title", "") or path.stem)
    except SessionFileError:
        return None


class GameFiles:
    """Files and recovery for the main window (mixed into ``MainWindow``)."""

    #: The warning about an unsigned end of turn was answered (it is said once a session).
    unsigned_end_warned = False

    def write_recovery(self) -> None:
        """Write the open session to its recovery file (atomic), unless it is saved as is.

        The snapshot is taken here (about 2 ms for a 200-turn game); validating and writing
        it run on one worker thread, in order, so the window never waits on the disk.  A game no file can hold
        is said in the status bar: this runs from a timer, and never raises."""
        if self.recovery is None:
            return
        self._report_recovery_errors()
        if self.store.undo_stack.isClean():
            self._recovery_jobs.append(self._recovery_pool().submit(self.recovery.discard, self.recovery_id))
            self._claimed.discard(self.recovery_id)   # its lock goes with it: claimed again at the next change
            return
        try:
            document = self.recovery.snapshot(self.store.session)
        except SessionFileError as error:   # never out of the timer: the game is untouched, the player told
            self.statusBar().showMessage(f"Could not write the recovery file: {error}", 8000)
            return
        if self.recovery_id not in self._claimed:
            self._claimed.add(self.recovery_id)
            self._recovery_jobs.append(self._recovery_pool().submit(self.recovery.claim, self.recovery_id))
        self._recovery_jobs.append(self._recovery_pool().submit(
            self.recovery.write_snapshot, self.recovery_id, document, self.path))

    def _recovery_pool(self) -> ThreadPoolExecutor:
        if self._recovery_executor is None:
            from concurrent.futures import ThreadPoolExecutor

            self._recovery_executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="recovery")
        return self._recovery_executor

    def _report_recovery_errors(self) -> None:
        pending = []
        for job in self._recovery_jobs:
            if not job.done():
                pending.append(job)
            elif job.exception() is not None:
                self.statusBar().showMessage(f"Could not write the recovery file: {job.exception()}", 8000)
        self._recovery_jobs = pending

    def finish_recovery_writes(self) -> None:
        """Wait for queued recovery writes (before a clean close or a discard)."""
        if self._recovery_executor is not None:
            self._recovery_executor.shutdown(wait=True)
            self._recovery_executor = None
        self._report_recovery_errors()

    def discard_recovery(self) -> None:
        if self.recovery is not None:
            self.finish_recovery_writes()
            self.recovery.discard(self.recovery_id)

    # -- files -----------------------------------------------------------------------------
    def confirm_discard(self) -> bool:
        """True if the open session may be replaced or closed (saved, or the player says so)."""
        return may_discard(self.store.undo_stack.isClean(), self.ask_unsaved, self.save)

    def ask_unsaved(self) -> QMessageBox.StandardButton:
        return ask_unsaved(self)

    def open_dialog(self) -> None:
        """File > Open: the file first; the question about unsaved changes comes only if it will replace this
        game (not for another family's game, which opens in its own window, nor for a file that is refused)."""
        from PySide6.QtWidgets import QFileDialog

        start = str(self.path.parent) if self.path else str(Path.home())
        name, _ = QFileDialog.getOpenFileName(self, "Open a game", start, FILE_FILTER)
        if name:
            self.open_path(Path(name))

    def open_path(self, path: Path, as_example: bool = False, confirmed: bool = False) -> bool:
        """Open a session file; a damaged or newer file is refused and the open game stays as it was.
        Unless ``confirmed``, a game with unsaved changes is only given up once the file has been read."""
        if as_example and _other_family_title(Path(path)) is not None:   # another family's example: a copy there
            return self.open_example(Path(path))
        handed = self.hand_over_file(Path(path))
        if handed is not None:   # another rules family's game, in its own window
            if handed and not as_example:
                self.add_recent(Path(path))
            return handed
        from ...core.awaw import sessionfile

        try:
            session = sessionfile.load(path)
            session.assess()  # a file the rules cannot use is refused here, not after it replaced the game
        except (sessionfile.SessionFileError, RulesInputError) as error:
            # In the player's words first (a file cut short says so), the technical detail after.
            said = (sessionfile.file_problem(path.name, error) if isinstance(error, sessionfile.SessionFileError)
                    else f"{path.name}: {error}")
            if not as_example and self.offer_backup(Path(path), str(error), confirmed, said):
                return True
            self.show_error("Cannot open this file", f"{said}\n\nThe open game is unchanged.")
            return False
        copy = True if as_example else _record_open().check_copy(self, session.record, Path(path).name)
        if copy is False:   # an older or forked copy the players chose not to go on from
            return False
        if not confirmed and not self.confirm_discard():
            return False
        self.set_session(session, None if as_example else Path(path))
        self.disk_stamp = None if as_example else file_stamp(Path(path))
        if not as_example:
            self.add_recent(Path(path))
        self.statusBar().showMessage(f"Opened {Path(path).name}", 5000)
        if session.load_notes:
            self.show_reconciled(Path(path).name, session.load_notes)
        if not as_example:
            self.after_file_opened(copy, Path(path).name)
        return True

    def after_file_opened(self, copy: object, name: str) -> None:
        """Once a copy is shown, by any door (File > Open, the backup of a damaged file, crash recovery): going on
        from an older copy recorded, a record that does not hold named, "Since your last turn"
        (``record_open.after_open``; ``copy``: what ``check_copy`` said before the game was shown)."""
        from ...core.awaw import game_record
        from ...core.awaw.replay import replay

        session, record, opened = self.store.session, self.store.session.record, _record_open()
        problem = opened.replayed_problem(game_record.check_against_record(session, record),
                                          lambda start: replay(session, start), record)
        self.since_dialog = opened.after_open(self, copy, record, name, self.store.add_to_record,
                                              lambda: self.store.session.record, problem, game_record.standing,
                                              opened.facts_of("awaw", session))
        self.show_unsigned_hint()

    def show_unsigned_hint(self) -> None:
        """A game that records the players' keys, none of them unlocked here: the status bar says so."""
        hint = unsigned_hint(self.store.session.record)
        if hint:
            self.statusBar().showMessage(hint, 15000)

    def _build_file_menu(self, menu: QMenu) -> None:
        """The File menu: games and their files, the game's details and record, play by e-mail."""
        self.action_new = self._action("&New game\u2026", self.new_session, standard("New"),
                                       "Start a new game: edition, scenario and starting turn")
        self.action_open = self._action("&Open\u2026", self.open_dialog, standard("Open"))
        self.action_save = self._action("&Save", self.save, standard("Save"))
        self.action_save_as = self._action("Save &As\u2026", self.save_as, "Ctrl+Shift+S")
        self.action_quit = self._action("&Quit", self.close, "Ctrl+Q")
        menu.addAction(self.action_new)
        menu.addAction(self.action_open)
        self.menu_examples = menu.addMenu("Open &Example")
        self.menu_examples.aboutToShow.connect(self._fill_examples_menu)
        self.menu_recent = menu.addMenu("Open &Recent")
        self.menu_recent.aboutToShow.connect(self._fill_recent_menu)
        menu.addSeparator()
        self.action_details = self._action("Game &details\u2026", self.edit_details, None,
                                           "The game's title and the players' names")
        menu.addAction(self.action_details)
        self.action_verify = self._action("&Verify the game record\u2026", self.verify_record, None,
                                          "Check the game, and its file, against its tamper-evident game record")
        menu.addAction(self.action_verify)
        menu.addSeparator()
        self.action_send_turn = self._action("Send &turn\u2026", self.send_turn, None,
                                             "Play by e-mail: write this turn to a file to attach, named for the game, "
                                             "the turn and the side to move next")
        self.action_player_keys = self._action("Players' &keys\u2026", self.player_keys, None,
                                               "Play by e-mail: your keys, and the side you play in this game")
        menu.addAction(self.action_send_turn)
        menu.addAction(self.action_player_keys)
        menu.addSeparator()
        menu.addAction(self.action_save)
        menu.addAction(self.action_save_as)
        menu.addSeparator()
        menu.addAction(self.action_quit)

    def verify_record(self) -> None:
        """File > Verify the game record (as ``awaw-desktop verify`` checks a file)."""
        from ...core.family import DEFAULT_FAMILY
        from ..shell.verify_dialog import show_verification

        show_verification(self, DEFAULT_FAMILY, self.store.session, self.path, not self.store.undo_stack.isClean())

    # -- play by e-mail (issue 31) -----------------------------------------------------------
    def send_turn(self) -> None:
        """File > Send turn: the game written to a file named for the game, the turn and the side to move next, with
        the code and the words for the e-mail (``ui.shell.send_turn``).  The game, as it stands, is in that file
        from then on (``sent_to``)."""
        from ...core.awaw import sessionfile
        from ...core.record.pbem import side_word
        from ..shell.send_turn import send_turn, unsigned_go_on

        try:
            sessionfile.dumps(self.store.session)   # a game no file can hold is said before anything is asked
        except SessionFileError as error:
            self.show_error("Cannot send this turn", f"{error}\n\nNothing was written.")
            return
        if not unsigned_go_on(self, lambda: self.store.session.record, self.player_keys):
            return
        session = self.store.session

        def sent(side: str) -> tuple[GameRecord, bytes]:
            """The record with the turn as sent (signed on this computer), and the file's bytes; the game unchanged
            (its record gains the entry once the file is written: ``kept``)."""
            before = session.record
            session.add_to_record("sent", f"The {side_word(side)} player moves next")
            try:
                return session.record, sessionfile.dumps(session)
            finally:
                session.record = before

        def kept(record: GameRecord) -> None:
            self.store.replace_record(record)   # unsaved until sent_to (or a save) says the file holds it
            self._changed()

        written = send_turn(self, game_title=session.title or (self.path.stem if self.path else ""),
                            turn_title=session.turn.title, record=session.record, data=sent,
                            folder=self.path.parent if self.path else None, keep=kept)
        if written is not None:
            self.sent_to(written)

    def sent_to(self, written: Path) -> None:
        """A turn file written: it holds the game as it stands, so it is the window's file from now on (its title,
        Save, the question on closing), and the game counts as saved."""
        self.path = written
        self.disk_stamp = file_stamp(written)
        self.store.undo_stack.setClean()
        self.autosave_timer.stop()
        self.discard_recovery()
        self.add_recent(written)
        self._update_title()
        self.statusBar().showMessage(f"Turn sent: {written.name} (record {self.store.session.record.code}), saved; "
                                     "this window now shows that file", 10000)

    def unsigned_end_ok(self) -> bool:
        """Turn > End turn in a game that records the players' keys, none of them unlocked here: said once a session,
        before anything is added (as Send turn says it each time).  False: the turn is not ended."""
        if self.unsigned_end_warned or not unsigned_hint(self.store.session.record):
            return True
        from ..shell.send_turn import unsigned_go_on  # only in play by e-mail

        if not unsigned_go_on(self, lambda: self.store.session.record, self.player_keys, "end"):
            return False
        self.unsigned_end_warned = True
        return True

    def player_keys(self) -> None:
        """Game > Players' keys: a side taken is an entry of the record, stored without an undo step; unlocking
        keys changes who signs on this computer (the status bar says so)."""
        from ..shell.player_keys import open_player_keys

        record = open_player_keys(self, self.store.session.record, self.store.session.turn.title)
        if record is not None:
            self.store.replace_record(record)
            self._changed()
        self.record_code.show_record(self.store.session.record)
        refresh_unsigned_hint(self.statusBar(), self.store.session.record)

    def _record_changed(self) -> None:
        """A new entry (or another game): the code players quote, and this computer's memory of the game (an
        entry is remembered the moment it is made, so a discarded change that held one counts as seen)."""
        record = self.store.session.record
        self.record_code.show_record(record)
        if self.path is not None or len(record) > 1:
            _record_open().remember_record(record)

    def show_reconciled(self, name: str, notes: list[str]) -> None:
        """An older file whose tables disagreed on a fact of the war: say what was kept (the game is open)."""
        from PySide6.QtWidgets import QMessageBox

        box = QMessageBox(QMessageBox.Icon.Information, "Facts reconciled",
                          f"{name} was made by an earlier version, which kept some facts on several tabs. They are "
                          "now kept once (see \u201cThe war\u201d tab). Where the tabs disagreed:", parent=self)
        box.setDetailedText("\n".join(notes))
        box.setInformativeText("\n".join(notes[:6]) + ("\n\u2026" if len(notes) > 6 else ""))
        box.setAccessibleName("Facts reconciled")
        box.open()

    def offer_backup(self, path: Path, problem: str, confirmed: bool = True, said: str = "") -> bool:
        """A file that cannot be opened (``problem``; ``said``: how the window words it): offer its newest backup
        that loads. Saving then writes the game back to ``path`` (the damaged content is kept as a backup in
        turn)."""
        from ...core.awaw import sessionfile

        if problem.startswith("made by a newer version"):
            return False
        found = sessionfile.backups(path)
        if not found or not self.ask_open_backup(
                f"{said or f'{path.name}: {problem}'}\n\nOpen the backup from {found[0].description}?"):
            return False
        # The backup is a copy like any other: this computer's memory is asked, as File > Open asks it.
        name = f"The backup of {path.name} from {found[0].description}"
        copy = _record_open().check_copy(self, found[0].session.record, name)
        if copy is False:   # an older copy the players chose not to go on from: nothing more to say
            return True
        if not confirmed and not self.confirm_discard():
            return True   # the player kept the open game: nothing more to say about the file
        self.set_session(found[0].session, path)
        # Unsaved: the file on disk is still the damaged one, so closing asks to save the game over it.
        self.store.undo_stack.resetClean()
        self._update_title()
        self.statusBar().showMessage(f"Opened the backup from {found[0].description}; save to replace the "
                                     f"damaged {path.name}", 10000)
        self.after_file_opened(copy, name)
        return True

    def ask_open_backup(self, text: str) -> bool:
        from PySide6.QtWidgets import QMessageBox

        answer = QMessageBox.question(self, "Cannot open this file", text,
                                      QMessageBox.StandardButton.Open | QMessageBox.StandardButton.Cancel,
                                      QMessageBox.StandardButton.Open)
        return answer == QMessageBox.StandardButton.Open

    def save(self) -> bool:
        if self.path is None:
            return self.save_as()
        return self.save_to(self.path)

    def save_as(self) -> bool:
        from PySide6.QtWidgets import QFileDialog

        start = str(self.path) if self.path else str(Path.home() / f"{self.store.session.title or 'game'}.awaw")
        name, _ = QFileDialog.getSaveFileName(self, "Save the game", start, FILE_FILTER)
        if not name:
            return False
        path = Path(name)
        if path.suffix != SESSION_SUFFIX:
            path = path.with_suffix(SESSION_SUFFIX)
        return self.save_to(path)

    def save_to(self, path: Path) -> bool:
        from ...core.awaw import sessionfile

        if path == self.path and self.disk_stamp is not None and file_stamp(path) not in (None, self.disk_stamp):
            choice = self.ask_overwrite_changed(path)
            if choice == "save as":
                return self.save_as()
            if choice != "overwrite":
                return False
        try:
            sessionfile.save(self.store.session, path)
        except sessionfile.SessionFileError as error:
            self.show_error("Cannot save", f"{path}: {error}\n\nNothing was overwritten.")
            return False
        self.path = path
        self.disk_stamp = file_stamp(path)
        _record_open().remember_record(self.store.session.record, own=True,
                                       facts=_record_open().facts_of("awaw", self.store.session))
        self.store.undo_stack.setClean()
        self.autosave_timer.stop()
        self.discard_recovery()
        self.add_recent(path)
        self.statusBar().showMessage(f"Saved {path.name}", 5000)
        self._update_title()
        return True

    def ask_overwrite_changed(self, path: Path) -> str:
        """The file was replaced since this window opened or saved it (another window or program saved it, or a
        copy came by e-mail): "overwrite", "save as" or "cancel"."""
        from PySide6.QtWidgets import QMessageBox

        box = QMessageBox(QMessageBox.Icon.Warning, "The file has changed",
                          f"{path.name} was saved by another window or program since this window opened or saved "
                          "it. Saving here replaces what it saved.", parent=self)
        box.setInformativeText("Save this game under another name to keep both.")
        overwrite = box.addButton("Replace it", QMessageBox.ButtonRole.DestructiveRole)
        save_as = box.addButton("Save As\u2026", QMessageBox.ButtonRole.AcceptRole)
        box.addButton(QMessageBox.StandardButton.Cancel)
        box.setDefaultButton(save_as)   # Enter keeps both games
        box.exec()
        clicked = box.clickedButton()
        return "overwrite" if clicked is overwrite else "save as" if clicked is save_as else "cancel"

    def add_recent(self, path: Path) -> None:
        remember(path)

    def _fill_examples_menu(self) -> None:
        self.menu_examples.clear()
        for title, path in example_sessions():
            self.menu_examples.addAction(title, lambda p=path: self.open_example(p))
        if self.menu_examples.isEmpty():
            self.menu_examples.addAction("No examples installed").setEnabled(False)

    def open_example(self, path: Path) -> bool:
        """File > Open Example: a copy of the example, never the shipped file (saving asks for a name); an example of
        another family opens in that family's window, as a copy too."""
        from ...core.family import DEFAULT_FAMILY
        from ...core.files import gamefile

        if gamefile.family_of_file(path) in (None, DEFAULT_FAMILY):
            return self.open_path(path, as_example=True)
        from ..shell.family_window import open_checked

        try:
            loaded = gamefile.load(path)
        except SessionFileError as error:
            self.show_error("Cannot open this example", f"{path.name}: {error}")
            return False
        return open_checked(self, loaded.family, loaded.game, None, self.recovery, path.name) is not None

    def _fill_recent_menu(self) -> None:
        fill_recent_menu(self.menu_recent, self.open_path)

    def hand_over_file(self, path: Path) -> bool | None:
        """A file of another rules family opens in that family's window; None: this window opens it."""
        from ...core.family import DEFAULT_FAMILY
        from ..shell.family_window import open_elsewhere

        return open_elsewhere(self, DEFAULT_FAMILY, path, self.recovery)


def _record_open():  # type: ignore[no-untyped-def]
    """``ui.shell.record_open``, loaded once a file is opened or saved (its words and the seen store are not part
    of the first paint)."""
    from ..shell import record_open

    return record_open
