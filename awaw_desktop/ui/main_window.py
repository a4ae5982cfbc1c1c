"""The main window: an Overview and one tab per major power, all bound to one store.

It also holds the game-record side of the app: files (save, open, recent, examples),
autosave to a recovery file shortly after each change, undo, the turn track and history.
"""

from __future__ import annotations

import os
import weakref
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QSettings, QSize, Qt, QTimer
from PySide6.QtGui import QAction, QActionGroup, QCloseEvent, QFont, QGuiApplication, QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QApplication,
    QDockWidget,
    QFileDialog,
    QLabel,
    QMainWindow,
    QMenu,
    QMessageBox,
    QPushButton,
    QTabWidget,
    QVBoxLayout,
    QWidget,
    QWizard,
)

from .. import __version__
from ..core.awaw import assess
from ..core.awaw.common import LAST_YEAR, Season
from ..core.lines import RulesInputError
from ..core.session import Session, apply_end_of_turn
from ..paths import examples_dir
from .overview import OverviewTab
from .store import SessionStore
from .theme import THEMES, apply_theme, chosen_theme
from .war_facts import TITLE, FactsTab

if TYPE_CHECKING:
    from concurrent.futures import Future, ThreadPoolExecutor

    from ..core.recovery import RecoveryStore
    from .history import HistoryPanel
    from .new_game import NewSessionDialog
    from .power_tab import PowerTab

APP_NAME = "awaw-desktop"
#: Powers with a surrender wizard: (button text).
WIZARDS = {
    "france": ("French surrender wizard\u2026",),
    "britain": ("British surrender wizard\u2026",),
}
SESSION_SUFFIX = ".awaw"
FILE_FILTER = "AWAW sessions (*.awaw);;All files (*)"
MAX_RECENT = 8
#: The window's size when the screen has room for it; smaller screens get their free area.
DEFAULT_SIZE = QSize(1280, 820)
#: Room kept for the window frame before the window is shown (title bar and borders).
FRAME_ALLOWANCE = QSize(16, 48)
#: View > Zoom steps (percent of the normal text size).
ZOOM_STEPS = (70, 80, 90, 100, 110, 125, 150, 175, 200)
DEFAULT_ZOOM = 100
#: A window at least this wide has room for the game record beside the table (first start).
WIDE_ENOUGH_FOR_RECORD = 1500
#: Where the game record sits: key -> menu text.
HISTORY_PLACES = {"beside": "&Beside the table", "window": "In its own &window", "tab": "As a &tab"}
#: How long after the last change the recovery file is written (milliseconds).
AUTOSAVE_DELAY_MS = 1500


def example_sessions() -> list[tuple[str, Path]]:
    """The example sessions shipped in ``resources/examples`` (title, path)."""
    from ..core import sessionfile

    folder = examples_dir()
    found: list[tuple[str, Path]] = []
    if folder.is_dir():
        for path in sorted(folder.iterdir(), key=lambda e: e.name):
            if path.name.endswith(SESSION_SUFFIX):
                try:
                    title = sessionfile.load(path).title or path.stem
                except sessionfile.SessionFileError:
                    continue
                found.append((title, path))
    return found


class WizardButton(QPushButton):
    """Opens a power's surrender wizard; enabled when the rules allow it, the tooltip says why."""

    def __init__(self, window: MainWindow, power: str, tab: PowerTab) -> None:
        super().__init__(WIZARDS[power][0])
        self._window = weakref.ref(window)  # no reference cycle through the window (see store.py)
        self.power = power
        self.setObjectName(f"wizard-{power}")
        self.setAccessibleName(WIZARDS[power][0].replace("\u2026", ""))
        self.clicked.connect(self.open)
        tab.refreshed.connect(self.refresh)   # with its tab: only while the tab is seen
        self.refresh()

    def open(self) -> None:
        window = self._window()
        if window is not None:
            window.open_wizard(self.power)

    def refresh(self) -> None:
        window = self._window()
        if window is None:
            return
        allowed, reason = window.wizard_available(self.power)
        self.setEnabled(allowed)
        self.setToolTip(reason)


class WarClockButton(QPushButton):
    """Japan: record that the war began this turn, which starts the cumulative clock (57.14A)."""

    def __init__(self, store: SessionStore, tab: PowerTab) -> None:
        super().__init__("Japan's war began this turn")
        self.store = store
        self.setAccessibleName("Japan's war began this turn")
        self.clicked.connect(self.record)
        tab.refreshed.connect(self.refresh)   # with its tab: only while the tab is seen
        self.refresh()

    def refresh(self) -> None:
        started = self.store.session.effective_carry().get("japan", {}).get("war_turn")
        self.setEnabled(started is None)
        self.setToolTip("Starts the clock of the cumulative modifiers (57.14A): they count from the end of the "
                        "turn after this one." if started is None else
                        "The war clock is already set; adjust it with 'Adjust...' beside the carried values.")

    def record(self) -> None:
        turn = self.store.session.turn
        self.store.change_session(f"Japan: war began in {turn.title}",
                                  lambda session: session.set_carry("japan", "war_turn", turn.to_json()))


class PowerTabs(Mapping[str, "PowerTab"]):
    """The power tabs, each built the first time it is needed (shown, or asked for).

    Start-up builds the Overview only; the others follow in idle time right after the
    window is shown, so a player never waits for a tab and start-up stays quick."""

    def __init__(self, window: MainWindow) -> None:
        self._window = weakref.ref(window)  # no reference cycle through the window (see store.py)
        self.built: dict[str, PowerTab] = {}
        self.holders: dict[str, QWidget] = {}

    def __getitem__(self, power: str) -> PowerTab:
        if power not in self.built:
            window = self._window()
            assert window is not None, "the window is gone"
            holder = self.holders[power]
            from .power_tab import PowerTab  # after the first paint: only the Overview is shown at start

            tab = PowerTab(window.store, power, holder)
            holder.layout().addWidget(tab)
            self.built[power] = tab
            window.decorate_power_tab(power, tab)
        return self.built[power]

    def __iter__(self) -> Iterator[str]:
        return iter(self.holders)

    def __len__(self) -> int:
        return len(self.holders)


class MainWindow(QMainWindow):
    def __init__(self, store: SessionStore | None = None, recovery: RecoveryStore | None = None,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.store = store or SessionStore(Session.new(), self)
        if self.store.parent() is None:
            self.store.setParent(self)
        self.recovery = recovery
        self.recovery_id = os.urandom(16).hex()
        self.path: Path | None = None
        self.tabs = QTabWidget()
        self.tabs.setDocumentMode(True)
        self.tabs.setUsesScrollButtons(True)
        self.tabs.currentChanged.connect(self._ensure_current_tab)
        self.setCentralWidget(self.tabs)
        self.power_tabs = PowerTabs(self)
        self.tab_builder = QTimer(self)
        self.tab_builder.setSingleShot(True)
        self.tab_builder.setInterval(25)  # after the first paint, one tab per idle moment
        self.tab_builder.timeout.connect(self._build_next_tab)
        self.overview: OverviewTab | None = None
        self.facts_tab: FactsTab | None = None
        self.edition_label = QLabel()
        self.edition_label.setObjectName("editionLabel")
        # Long player names must not make the window wider than a laptop screen.
        self.edition_label.setMinimumWidth(40)
        self.statusBar().addPermanentWidget(self.edition_label)
        self.autosave_timer = QTimer(self)
        self.autosave_timer.setSingleShot(True)
        self.autosave_timer.setInterval(AUTOSAVE_DELAY_MS)
        self.autosave_timer.timeout.connect(self.write_recovery)
        self._recovery_executor: ThreadPoolExecutor | None = None
        self._recovery_jobs: list[Future[object]] = []
        self._claimed: set[str] = set()
        self._history: HistoryPanel | None = None
        self.history_dock = QDockWidget("Game record", self)
        self.history_dock.setObjectName("historyDock")
        self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, self.history_dock)
        self.history_dock.hide()
        self.history_place = "beside"
        self._build_actions()
        self.history_dock.visibilityChanged.connect(self._dock_visibility_changed)
        self._build_tabs()
        self.store.sessionReplaced.connect(self._build_tabs)
        self.store.undo_stack.cleanChanged.connect(self._update_title)
        self.store.undo_stack.indexChanged.connect(self._changed)
        self.store.resultsChanged.connect(self._update_title)
        self.store.inputRefused.connect(self._input_refused)
        self.fit_to_screen()
        self._update_title()
        hints = QGuiApplication.styleHints()
        hints.colorSchemeChanged.connect(self._scheme_changed)

    def _input_refused(self, message: str) -> None:
        self.statusBar().showMessage(f"Not entered: {message}", 10000)

    def _scheme_changed(self, *_args: object) -> None:
        """Light/dark follows the system: recolour the status chips."""
        if self.overview is not None:
            self.overview.refresh()
        for tab in self.power_tabs.built.values():
            tab.header.show_result(self.store.result(tab.power))

    # -- building --------------------------------------------------------------------------
    def _action(self, text: str, slot: object, shortcut: QKeySequence | str | None = None,
                tip: str = "") -> QAction:
        action = QAction(text, self)
        if shortcut is not None:
            action.setShortcut(QKeySequence(shortcut))
        if tip:
            action.setStatusTip(tip)
        action.triggered.connect(slot)
        self.addAction(action)  # its shortcut works wherever the focus is in the window
        return action

    def _build_actions(self) -> None:
        menu = self.menuBar().addMenu("&File")
        self.action_new = self._action("&New game\u2026", self.new_session, QKeySequence.StandardKey.New,
                                       "Start a new game: edition, scenario and starting turn")
        self.action_open = self._action("&Open\u2026", self.open_dialog, QKeySequence.StandardKey.Open)
        self.action_save = self._action("&Save", self.save, QKeySequence.StandardKey.Save)
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
        menu.addSeparator()
        menu.addAction(self.action_save)
        menu.addAction(self.action_save_as)
        menu.addSeparator()
        menu.addAction(self.action_quit)

        edit = self.menuBar().addMenu("&Edit")
        self.action_undo = self.store.undo_stack.createUndoAction(self, "&Undo")
        self.action_undo.setShortcuts(QKeySequence.keyBindings(QKeySequence.StandardKey.Undo))
        self.action_redo = self.store.undo_stack.createRedoAction(self, "&Redo")
        self.action_redo.setShortcuts([QKeySequence("Ctrl+Shift+Z"), QKeySequence("Ctrl+Y")])
        edit.addAction(self.action_undo)
        edit.addAction(self.action_redo)
        edit.addSeparator()
        self.action_copy_text = self._action("Copy report as &text", lambda: self.copy_report("text"),
                                             "Ctrl+Shift+C", "Every power's level and breakdown, for a game log")
        self.action_copy_markdown = self._action("Copy report as &Markdown", lambda: self.copy_report("markdown"),
                                                 None, "For a forum or play-by-email post")
        edit.addAction(self.action_copy_text)
        edit.addAction(self.action_copy_markdown)

        turn = self.menuBar().addMenu("&Turn")
        self.action_end_turn = self._action("&End Allied player turn\u2026", self.end_turn, "Ctrl+E",
                                            "Run every power's end-of-turn check and move to the next turn")
        turn.addAction(self.action_end_turn)
        self.action_go_back = self._action("&Go back to an earlier turn\u2026", self.go_back,
                                           tip="Return the game to the moment before a past end of turn")
        turn.addAction(self.action_go_back)
        self.menu_turn = turn

        view = self.menuBar().addMenu("&View")
        self._build_view_menu(view)
        from .what_if import add_what_if_action  # issue 16: try changes without touching the game

        self.action_what_if = add_what_if_action(self, view, self.store)

        help_menu = self.menuBar().addMenu("&Help")
        help_menu.addAction(self._action("How we read the &rules", self.show_readings,
                                         QKeySequence.StandardKey.HelpContents))
        help_menu.addAction(self._action("&About awaw-desktop", self.about))

        self.tab_shortcuts: list[QShortcut] = []
        for index in range(9):
            shortcut = QShortcut(QKeySequence(f"Ctrl+{index + 1}"), self)
            shortcut.activated.connect(lambda i=index: self.tabs.setCurrentIndex(i))
            self.tab_shortcuts.append(shortcut)
        facts_shortcut = QShortcut(QKeySequence("Ctrl+Shift+F"), self)   # the war's facts
        facts_shortcut.activated.connect(lambda: self.facts_tab is not None and
                                         self.tabs.setCurrentWidget(self.facts_tab))
        self.tab_shortcuts.append(facts_shortcut)

    def _build_tabs(self) -> None:
        current = self.tabs.currentIndex()
        record_shown = self._history is not None and self.tabs.indexOf(self._history) >= 0
        if record_shown:
            self.tabs.removeTab(self.tabs.indexOf(self._history))
        for tab in self.power_tabs.built.values():
            tab.detach()
        if self.overview is not None:
            self.overview.detach()
        if self.facts_tab is not None:
            self.facts_tab.detach()
        while self.tabs.count():
            widget = self.tabs.widget(0)
            self.tabs.removeTab(0)
            widget.deleteLater()
        self.overview = OverviewTab(self.store)
        self.overview.openPower.connect(self.show_power)
        self.tabs.addTab(self.overview, "Overview")
        self.tabs.setTabToolTip(0, "Overview (Ctrl+1)")
        self.power_tabs = PowerTabs(self)
        for number, power in enumerate(assess.DISPLAY_ORDER, start=2):
            holder = QWidget()
            holder.setObjectName(f"holder-{power}")
            layout = QVBoxLayout(holder)
            layout.setContentsMargins(0, 0, 0, 0)
            self.power_tabs.holders[power] = holder
            self.tabs.addTab(holder, assess.title(power))
            self.tabs.setTabToolTip(number - 1, f"{assess.title(power)} (Ctrl+{number})")
        self.facts_tab = FactsTab(self.store)
        self.tabs.addTab(self.facts_tab, TITLE)
        self.tabs.setTabToolTip(self.tabs.count() - 1, "Every fact several tables read, kept once (Ctrl+Shift+F)")
        if record_shown:
            self.tabs.addTab(self.history, "Game record")
        self.tabs.setCurrentIndex(max(min(current, self.tabs.count() - 1), 0))
        self._ensure_current_tab()
        self.tab_builder.start()
        self._update_title()

    @property
    def history(self) -> HistoryPanel:
        return self._ensure_history()

    def _ensure_history(self, visible: bool = True) -> HistoryPanel:
        """The game record is built the first time it is shown."""
        if self._history is None:
            from .history import HistoryPanel

            self._history = HistoryPanel(self.store)
            self._place_panel(self._history)
        return self._history

    def _ensure_current_tab(self, *_args: object) -> None:
        for power, holder in self.power_tabs.holders.items():
            if self.tabs.currentWidget() is holder:
                self.power_tabs[power]

    def _build_next_tab(self) -> None:
        """Build one waiting tab per event-loop turn after start-up, so input stays responsive."""
        for power in self.power_tabs.holders:
            if power not in self.power_tabs.built:
                self.power_tabs[power]
                self.tab_builder.start()
                return
        if self.facts_tab is not None and not self.facts_tab.built:
            self.facts_tab.build()

    def decorate_power_tab(self, power: str, tab: PowerTab) -> None:
        """Add what a power's tab offers beyond its table: the surrender wizards."""
        if power in WIZARDS:
            tab.add_action(WizardButton(self, power, tab))
        if power == "japan":
            tab.add_action(WarClockButton(self.store, tab))

    def wizard_available(self, power: str) -> tuple[bool, str]:
        if power == "france":
            from ..core.awaw.france_surrender import wizard_available

            return wizard_available(self.store.session, self.store.results)
        from ..core.awaw.britain import wizard_available as british_available

        return british_available(self.store.session, self.store.results)

    def open_wizard(self, power: str) -> bool:
        """Open a surrender wizard; True if its outcome was recorded."""
        allowed, reason = self.wizard_available(power)
        if not allowed:
            self.show_error("Not now", reason)
            return False
        # The index, not the count: after an undo, recording again replaces the undone step (same count).
        before = self.store.undo_stack.index()
        if power == "france":
            from .french_wizard import FrenchSurrenderWizard

            wizard: QWizard = FrenchSurrenderWizard(self.store, self)
        else:
            from .british_wizard import BritishSurrenderWizard

            wizard = BritishSurrenderWizard(self.store, self)
        wizard.exec()
        return self.store.undo_stack.index() > before

    def wizard_screens(self) -> list[tuple[str, QWidget]]:
        """Every wizard page, for ``--screenshot-dir``."""
        from . import british_wizard, french_wizard

        return [*french_wizard.screens(self.store), *british_wizard.screens(self.store)]

    # -- title, autosave ------------------------------------------------------------------
    def show_power(self, power: str) -> None:
        self.power_tabs[power]
        self.tabs.setCurrentWidget(self.power_tabs.holders[power])

    def _update_title(self, *_args: object) -> None:
        session = self.store.session
        name = self.path.name if self.path else (session.title or "Untitled game")
        self.setWindowModified(not self.store.undo_stack.isClean())
        # The window system adds the app's display name after this ("... \u2014 AWAW Surrender Assistant").
        self.setWindowTitle(f"{name}[*] \u2014 {session.edition.title}")
        players = " vs ".join(p for p in (session.players.get("axis"), session.players.get("allied")) if p)
        self.edition_label.setText(" \u00b7 ".join(
            part for part in (session.edition.title, session.scenario.title, session.turn.title, players) if part))

    def _changed(self, *_args: object) -> None:
        if self.recovery is not None:
            self.autosave_timer.start()

    def write_recovery(self) -> None:
        """Write the open session to its recovery file (atomic), unless it is saved as is.

        The snapshot is taken here (about 2 ms for a 200-turn game); validating and writing
        it run on one worker thread, in order, so the window never waits on the disk."""
        if self.recovery is None:
            return
        self._report_recovery_errors()
        if self.store.undo_stack.isClean():
            self._recovery_jobs.append(self._recovery_pool().submit(self.recovery.discard, self.recovery_id))
            return
        document = self.recovery.snapshot(self.store.session)
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
        if self.store.undo_stack.isClean():
            return True
        answer = self.ask_unsaved()
        if answer == QMessageBox.StandardButton.Save:
            return self.save()
        return answer == QMessageBox.StandardButton.Discard

    def ask_unsaved(self) -> QMessageBox.StandardButton:
        return QMessageBox.question(
            self, "Unsaved changes", "This game has changes that are not saved. Save them first?",
            QMessageBox.StandardButton.Save | QMessageBox.StandardButton.Discard
            | QMessageBox.StandardButton.Cancel, QMessageBox.StandardButton.Save)

    def new_session(self) -> None:
        if not self.confirm_discard():
            return
        from .dialogs import NewSessionDialog

        dialog = NewSessionDialog(self)
        if dialog.exec():
            if self.hand_over_new_game(dialog):
                return
            self.set_session(dialog.session(), None)

    def edit_details(self) -> None:
        from .dialogs import GameDetailsDialog

        dialog = GameDetailsDialog(self.store.session, self)
        if dialog.exec():
            self.apply_details(*dialog.details())

    def apply_details(self, title: str, players: dict[str, str]) -> None:
        session = self.store.session
        if (title, players) == (session.title, session.players):
            return

        def mutate(target: Session) -> None:
            target.title = title
            target.players = dict(players)

        self.store.change_session("Game details changed", mutate)

    # -- other rules families (core.family): their games open in their own windows ----------------
    def hand_over_new_game(self, dialog: NewSessionDialog) -> bool:
        """A new game of another rules family opens in that family's window (True)."""
        from ..core.family import DEFAULT_FAMILY
        from .family_window import open_game_window

        if dialog.family_key() == DEFAULT_FAMILY:
            return False
        open_game_window(dialog.family_key(), dialog.game(), None, self.recovery)
        return True

    def hand_over_file(self, path: Path) -> bool | None:
        """A file of another rules family opens in that family's window; None: this window opens it."""
        from ..core.family import DEFAULT_FAMILY
        from .family_window import open_elsewhere

        return open_elsewhere(self, DEFAULT_FAMILY, path, self.recovery)

    def set_game(self, game: Session, path: Path | None) -> None:
        """The family window interface (``ui.family_window``): show an A World at War game."""
        self.set_session(game, path)
        if path is not None:
            self.add_recent(path)

    def set_session(self, session: Session, path: Path | None) -> None:
        self.autosave_timer.stop()
        self.discard_recovery()
        self.recovery_id = os.urandom(16).hex()
        self.path = path
        self.store.replace_session(session, reopened=bool(session.checkpoints))
        self._update_title()

    def open_dialog(self) -> None:
        if not self.confirm_discard():
            return
        start = str(self.path.parent) if self.path else str(Path.home())
        name, _ = QFileDialog.getOpenFileName(self, "Open a game", start, FILE_FILTER)
        if name:
            self.open_path(Path(name), confirmed=True)

    def open_path(self, path: Path, as_example: bool = False, confirmed: bool = False) -> bool:
        """Open a session file; a damaged or newer file is refused and the open game stays as it was."""
        if not confirmed and not self.confirm_discard():
            return False
        handed = self.hand_over_file(Path(path))
        if handed is not None:
            return handed
        from ..core import sessionfile

        try:
            session = sessionfile.load(path)
            session.assess()  # a file the rules cannot use is refused here, not after it replaced the game
        except (sessionfile.SessionFileError, RulesInputError) as error:
            if not as_example and self.offer_backup(Path(path), str(error)):
                return True
            self.show_error("Cannot open this file", f"{path.name}: {error}\n\nThe open game is unchanged.")
            return False
        self.set_session(session, None if as_example else Path(path))
        if not as_example:
            self.add_recent(Path(path))
        self.statusBar().showMessage(f"Opened {Path(path).name}", 5000)
        if session.load_notes:
            self.show_reconciled(Path(path).name, session.load_notes)
        return True

    def show_reconciled(self, name: str, notes: list[str]) -> None:
        """An older file whose tables disagreed on a fact of the war: say what was kept (the game is open)."""
        box = QMessageBox(QMessageBox.Icon.Information, "Facts reconciled",
                          f"{name} was made by an earlier version, which kept some facts on several tabs. They are "
                          "now kept once (see \u201cThe war\u201d tab). Where the tabs disagreed:", parent=self)
        box.setDetailedText("\n".join(notes))
        box.setInformativeText("\n".join(notes[:6]) + ("\n\u2026" if len(notes) > 6 else ""))
        box.setAccessibleName("Facts reconciled")
        box.open()

    def offer_backup(self, path: Path, problem: str) -> bool:
        """A file that cannot be opened: offer its newest backup that loads. Saving then writes
        the game back to ``path`` (the damaged content is kept as a backup in turn)."""
        from ..core import sessionfile

        if problem.startswith("made by a newer version"):
            return False
        found = sessionfile.backups(path)
        if not found or not self.ask_open_backup(
                f"{path.name}: {problem}\n\nOpen the backup from {found[0].description}?"):
            return False
        self.set_session(found[0].session, path)
        self.statusBar().showMessage(f"Opened the backup from {found[0].description}; save to replace the "
                                     f"damaged {path.name}", 10000)
        return True

    def ask_open_backup(self, text: str) -> bool:
        answer = QMessageBox.question(self, "Cannot open this file", text,
                                      QMessageBox.StandardButton.Open | QMessageBox.StandardButton.Cancel,
                                      QMessageBox.StandardButton.Open)
        return answer == QMessageBox.StandardButton.Open

    def save(self) -> bool:
        if self.path is None:
            return self.save_as()
        return self.save_to(self.path)

    def save_as(self) -> bool:
        start = str(self.path) if self.path else str(Path.home() / f"{self.store.session.title or 'game'}.awaw")
        name, _ = QFileDialog.getSaveFileName(self, "Save the game", start, FILE_FILTER)
        if not name:
            return False
        path = Path(name)
        if path.suffix != SESSION_SUFFIX:
            path = path.with_suffix(SESSION_SUFFIX)
        return self.save_to(path)

    def save_to(self, path: Path) -> bool:
        from ..core import sessionfile

        try:
            sessionfile.save(self.store.session, path)
        except sessionfile.SessionFileError as error:
            self.show_error("Cannot save", f"{path}: {error}\n\nNothing was overwritten.")
            return False
        self.path = path
        self.store.undo_stack.setClean()
        self.autosave_timer.stop()
        self.discard_recovery()
        self.add_recent(path)
        self.statusBar().showMessage(f"Saved {path.name}", 5000)
        self._update_title()
        return True

    def show_error(self, title: str, text: str) -> None:
        QMessageBox.warning(self, title, text)

    def recent_files(self) -> list[str]:
        value = QSettings().value("recentFiles", [])
        if isinstance(value, str):
            value = [value]
        return [str(v) for v in (value or [])]

    def add_recent(self, path: Path) -> None:
        files = [str(path.resolve())] + [f for f in self.recent_files() if f != str(path.resolve())]
        QSettings().setValue("recentFiles", files[:MAX_RECENT])

    def _fill_examples_menu(self) -> None:
        self.menu_examples.clear()
        for title, path in example_sessions():
            self.menu_examples.addAction(title, lambda p=path: self.open_path(p, as_example=True))
        if self.menu_examples.isEmpty():
            self.menu_examples.addAction("No examples installed").setEnabled(False)

    def _fill_recent_menu(self) -> None:
        self.menu_recent.clear()
        files = [f for f in self.recent_files() if Path(f).exists()]
        QSettings().setValue("recentFiles", files)
        if not files:
            action = self.menu_recent.addAction("No recent games")
            action.setEnabled(False)
        for index, name in enumerate(files, start=1):
            self.menu_recent.addAction(f"&{index} {Path(name).name}", lambda n=name: self.open_path(Path(n)))

    # -- turn track ------------------------------------------------------------------------
    def end_turn(self) -> None:
        if self.store.session.turn.year == LAST_YEAR and self.store.session.turn.season is Season.WINTER:
            self.show_error("Last turn", f"The game calendar ends with Winter {LAST_YEAR}: there is no next turn.")
            return
        from .end_of_turn import EndOfTurnDialog

        dialog = EndOfTurnDialog(self.store.session, self, self.open_wizard, self.go_to)
        if dialog.exec():
            self.apply_end_turn(dialog.choices())

    def go_back(self) -> None:
        from ..core.sessionfile import SessionFileError
        from .go_back import GoBackDialog

        if not self.store.session.checkpoints:
            self.show_error("Go back", "No end of turn or wizard outcome has been recorded in this game yet.")
            return
        dialog = GoBackDialog(self.store.session, self)
        if dialog.exec() and dialog.chosen() is not None:
            try:
                self.store.go_back(int(dialog.chosen() or 0))
            except SessionFileError as error:
                self.show_error("Go back", f"That moment cannot be restored: {error}")
                return
            self.statusBar().showMessage(f"Back in {self.store.session.turn.title}", 5000)

    def go_to(self, place: tuple[str, str, str]) -> None:
        """Show where a check-list entry is fixed: a power's line, or a fact on the war tab."""
        kind, first, second = place
        if kind == "fact" and self.facts_tab is not None:
            self.tabs.setCurrentWidget(self.facts_tab)
            widget = self.facts_tab.rows.get(first)
            if widget is not None:
                widget.setFocus()
        elif kind in ("line", "wizard"):
            self.show_power(first)
            tab = self.power_tabs[first]
            row = tab.rows.get(second) if second else None
            if row is not None:
                row.input.setFocus()

    def apply_end_turn(self, choices: dict[str, str]) -> None:
        turn = self.store.session.turn
        self.store.change_session(f"End of {turn.title}", lambda session: apply_end_of_turn(session, choices))
        self.statusBar().showMessage(f"{turn.title} ended; now {self.store.session.turn.title}", 5000)

    # -- misc ------------------------------------------------------------------------------
    def report_text(self, fmt: str) -> str:
        from ..core.report import render

        return render(self.store.session, self.store.results, fmt)  # type: ignore[arg-type]

    def copy_report(self, fmt: str) -> None:
        QGuiApplication.clipboard().setText(self.report_text(fmt))
        self.statusBar().showMessage(f"Report copied ({fmt})", 4000)

    def show_readings(self) -> None:
        from .readings_dialog import ReadingsDialog

        ReadingsDialog(self).exec()

    def about(self) -> None:
        QMessageBox.about(self, "About awaw-desktop",
                          f"<b>awaw-desktop {__version__}</b><p>A table assistant for the surrender rules "
                          "(54-62) of <i>A World at War</i>. Labels and explanations are our own words; the rule "
                          "numbers point to the rules text. Where a rule is unclear, the reading we chose is shown "
                          "in the line's tooltip.</p>")

    def closeEvent(self, event: QCloseEvent) -> None:
        if not self.confirm_discard():
            event.ignore()
            return
        self.autosave_timer.stop()
        self.discard_recovery()
        QSettings().setValue("window/geometry", self.saveGeometry())
        event.accept()

    def restore_geometry(self) -> None:
        """The size and place the player left the window in, the zoom, theme and game record place;
        a window that no longer fits the screen (a smaller or more scaled one) is fitted again."""
        settings = QSettings()
        self.set_zoom(int(settings.value("view/zoom", DEFAULT_ZOOM) or DEFAULT_ZOOM))
        self.set_theme(str(settings.value("view/theme", "system") or "system"))
        geometry = settings.value("window/geometry")
        if geometry is not None:
            self.restoreGeometry(geometry)
        if not self.fits_screen():
            self.fit_to_screen()
        # Until the player chooses, a laptop-sized window shows the record as a tab, not beside the table.
        default = "beside" if self.width() >= WIDE_ENOUGH_FOR_RECORD else "tab"
        place = str(settings.value("view/gameRecord", default) or default)
        self.place_history(place if place in HISTORY_PLACES else default, show=False)

    # -- view: window size, game record place, zoom, theme ---------------------------------------
    def _build_view_menu(self, view: QMenu) -> None:
        self.action_history = self._action("Game &record (history, chart, dice, undo)", self.show_history, "Ctrl+H")
        self.action_history.setCheckable(True)
        view.addAction(self.action_history)
        places = view.addMenu("Game record &place")
        self.place_actions = QActionGroup(self)
        for key, text in HISTORY_PLACES.items():
            action = places.addAction(text)
            action.setCheckable(True)
            action.setChecked(key == self.history_place)
            action.setData(key)
            action.triggered.connect(lambda _checked=False, place=key: self.place_history(place))
            self.place_actions.addAction(action)
        view.addSeparator()
        self.action_zoom_in = self._action("Zoom &in", lambda: self.step_zoom(1), QKeySequence.StandardKey.ZoomIn,
                                           "Larger text everywhere")
        self.action_zoom_in.setShortcuts([QKeySequence("Ctrl++"), QKeySequence("Ctrl+=")])
        self.action_zoom_out = self._action("Zoom &out", lambda: self.step_zoom(-1), "Ctrl+-", "Smaller text")
        self.action_zoom_reset = self._action("&Actual size", lambda: self.set_zoom(DEFAULT_ZOOM), "Ctrl+0",
                                              "Text at its normal size")
        for action in (self.action_zoom_in, self.action_zoom_out, self.action_zoom_reset):
            view.addAction(action)
        view.addSeparator()
        themes = view.addMenu("&Theme")
        self.theme_actions = QActionGroup(self)
        for key, text in THEMES:
            action = themes.addAction(text)
            action.setCheckable(True)
            action.setChecked(key == "system")
            action.setData(key)
            action.triggered.connect(lambda _checked=False, theme=key: self.set_theme(theme))
            self.theme_actions.addAction(action)
        self.zoom = DEFAULT_ZOOM

    def fits_screen(self) -> bool:
        screen = self.screen() or QGuiApplication.primaryScreen()
        return screen is None or screen.availableGeometry().contains(self.frameGeometry())

    def fit_to_screen(self) -> None:
        """Open at a comfortable size, but never larger than the screen's free area (1366x768 and
        1280x720 laptops, 200% scaling), centred on it."""
        screen = self.screen() or QGuiApplication.primaryScreen()
        if screen is None:
            self.resize(DEFAULT_SIZE)
            return
        area = screen.availableGeometry()
        frame = self.frameGeometry().size() - self.geometry().size() if self.isVisible() else FRAME_ALLOWANCE
        width = max(320, min(DEFAULT_SIZE.width(), area.width() - frame.width()))
        height = max(240, min(DEFAULT_SIZE.height(), area.height() - frame.height()))
        self.resize(width, height)
        self.move(area.left() + (area.width() - width - frame.width()) // 2,
                  area.top() + (area.height() - height - frame.height()) // 2)

    def _dock_visibility_changed(self, visible: bool) -> None:
        if visible:
            self._ensure_history()
        if self.history_place != "tab":
            self.action_history.setChecked(visible)

    def show_history(self, shown: bool = True) -> None:
        """View > Game record: show or hide it where the player placed it."""
        self.action_history.setChecked(shown)
        if self.history_place == "tab":
            index = self.tabs.indexOf(self.history)
            if shown:
                if index < 0:
                    index = self.tabs.addTab(self.history, "Game record")
                self.tabs.setCurrentIndex(index)
            elif index >= 0:
                self.tabs.removeTab(index)
        else:
            self.history_dock.setVisible(shown)

    def place_history(self, place: str, show: bool = True) -> None:
        """The game record beside the table (a third of the width at most), in its own window, or as
        a tab, so it never squeezes the table."""
        shown = self.action_history.isChecked()
        self.history_place = place
        for action in self.place_actions.actions():
            action.setChecked(action.data() == place)
        QSettings().setValue("view/gameRecord", place)
        if self._history is None and not (show or shown):
            return   # placed when it is first built (_ensure_history): not needed for the first paint
        self._place_panel(self.history)
        if show or shown:
            self.show_history(True)

    def _place_panel(self, panel: HistoryPanel) -> None:
        place = self.history_place
        index = self.tabs.indexOf(panel)
        if index >= 0:
            self.tabs.removeTab(index)
        if place == "tab":
            self.history_dock.hide()
            panel.setParent(None)
        else:
            if self.history_dock.widget() is not panel:
                self.history_dock.setWidget(panel)
            self.history_dock.setFloating(place == "window")
            if place == "window":
                self.history_dock.resize(min(520, self.width()), min(600, self.height()))
            else:
                self.resizeDocks([self.history_dock], [max(260, min(420, self.width() // 3))],
                                 Qt.Orientation.Horizontal)

    def step_zoom(self, steps: int) -> None:
        larger = [zoom for zoom in ZOOM_STEPS if zoom > self.zoom]
        smaller = [zoom for zoom in ZOOM_STEPS if zoom < self.zoom]
        if steps > 0 and larger:
            self.set_zoom(larger[0])
        elif steps < 0 and smaller:
            self.set_zoom(smaller[-1])

    def set_zoom(self, percent: int) -> None:
        """Scale every text of the app (and the tabs, which are rebuilt with the new size)."""
        percent = min(max(percent, ZOOM_STEPS[0]), ZOOM_STEPS[-1])
        app = QApplication.instance()
        if not isinstance(app, QApplication):
            return
        base = app.property("awawBaseFontSize")
        if not isinstance(base, float) or base <= 0:
            base = float(app.font().pointSizeF())
            app.setProperty("awawBaseFontSize", base)
        changed = percent != getattr(self, "zoom", DEFAULT_ZOOM) or abs(app.font().pointSizeF()
                                                                        - base * percent / 100) > 0.01
        self.zoom = percent
        QSettings().setValue("view/zoom", percent)
        self.action_zoom_in.setEnabled(percent < ZOOM_STEPS[-1])
        self.action_zoom_out.setEnabled(percent > ZOOM_STEPS[0])
        if not changed:
            return
        font = QFont(app.font())
        font.setPointSizeF(base * percent / 100)
        app.setFont(font)
        self._build_tabs()
        self.statusBar().showMessage(f"Zoom {percent}%", 3000)

    def set_theme(self, theme: str) -> None:
        apply_theme(theme)
        chosen = chosen_theme()
        QSettings().setValue("view/theme", chosen)
        for action in self.theme_actions.actions():
            action.setChecked(action.data() == chosen)
        self._scheme_changed()
