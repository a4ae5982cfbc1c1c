"""The main window: an Overview and one tab per major power, all bound to one store.

Here: its menus and tabs, the wizards, the turn track (end of turn, go back) and the report.  Its files
(save, open, recent, examples, recovery) are in ``window_files.py``, its View side (game record place, zoom,
theme, size) in ``window_view.py``, and the power tabs with their buttons in ``power_tabs.py``.
"""

from __future__ import annotations

import linecache
import os
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QSettings, QTimer
from PySide6.QtGui import QAction, QCloseEvent, QFontMetrics, QGuiApplication, QPaintEvent
from PySide6.QtWidgets import (
    QMainWindow,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from ... import __version__
from ...core.awaw import assess
from ...core.awaw.common import LAST_YEAR, Season
from ...core.awaw.session import Session
from ...core.awaw.unentered import end_the_turn, this_turns_inputs
from ..shell.accessible import LiveLabel, speak_status_bar
from ..shell.keys import Keys, install_keys, is_key_of, standard
from ..shell.print_actions import PrintActions
from ..shell.record_code import RecordCode
from ..shell.theme import learn_system_scheme
from ..shell.unsaved import window_title
from .overview import OverviewTab
from .power_tabs import WIZARDS, PowerTabs, WarClockButton, WizardButton
from .status_words import StatusVoice
from .store import SessionStore
from .war_facts import TITLE, FactsTab
from .window_files import AUTOSAVE_DELAY_MS, GameFiles
from .window_view import WindowView

if TYPE_CHECKING:
    from concurrent.futures import Future, ThreadPoolExecutor

    from PySide6.QtGui import QKeyEvent, QShortcut
    from PySide6.QtWidgets import QDockWidget, QWizard

    from ...core.files.recovery import RecoveryStore
    from ..shell.new_game import NewSessionDialog
    from .history import HistoryPanel
    from .power_tab import PowerTab

#: How the status bar begins a refused entry.
NOT_ENTERED = "Not entered: "


def forget_read_sources() -> None:
    """PySide6's import hook reads the source of every module imported after it (looking for ``from __feature__
    import``) and ``linecache`` keeps each one: some 80 files, about 3 MiB of text nothing shows.  Dropped once the
    window is painted and once every tab is built (a traceback reads its files again)."""
    linecache.clearcache()


class MainWindow(QMainWindow, GameFiles, WindowView):
    def __init__(self, store: SessionStore | None = None, recovery: RecoveryStore | None = None,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.store = store or SessionStore(Session.new(), self)
        if self.store.parent() is None:
            self.store.setParent(self)
        self.recovery = recovery
        self.recovery_id = os.urandom(16).hex()
        self.path: Path | None = None
        #: The file as this window last read or wrote it (``window_files.file_stamp``): a save over a file
        #: another window or program saved since asks first.
        self.disk_stamp: tuple[int, int, int] | None = None
        self.tabs = QTabWidget()
        self.tabs.setDocumentMode(True)
        self.tabs.setUsesScrollButtons(True)
        self.tabs.currentChanged.connect(self._ensure_current_tab)
        self.tabs.currentChanged.connect(self._clear_refusal)
        self.setCentralWidget(self.tabs)
        self.power_tabs = PowerTabs(self)
        self.tab_builder = QTimer(self)
        self.tab_builder.setSingleShot(True)
        self.tab_builder.setInterval(25)  # after the first paint, one tab per idle moment
        self.painted = False   # the tab builder starts at the first paint, never before it
        self.shortcuts_installed = False
        self._waiting_keys: list[tuple[QAction, Keys]] = []
        self.tab_shortcuts: list[QShortcut] = []
        self.tab_builder.timeout.connect(self._build_next_tab)
        self.overview: OverviewTab | None = None
        self.facts_tab: FactsTab | None = None
        self._title_shown: tuple[object, ...] = ()
        self.edition_label = LiveLabel(caption="Game")
        self.edition_label.setObjectName("editionLabel")
        # Long player names must not make the window wider than a laptop screen.
        self.edition_label.setMinimumWidth(40)
        self.record_code = RecordCode()
        self.statusBar().addPermanentWidget(self.record_code)
        self.statusBar().addPermanentWidget(self.edition_label)
        speak_status_bar(self.statusBar())   # a screen reader hears each message, and each change of status:
        self.status_voice = StatusVoice(self.store, self)
        self.autosave_timer = QTimer(self)
        self.autosave_timer.setSingleShot(True)
        self.autosave_timer.setInterval(AUTOSAVE_DELAY_MS)
        self.autosave_timer.timeout.connect(self.write_recovery)
        self._recovery_executor: ThreadPoolExecutor | None = None
        self._recovery_jobs: list[Future[object]] = []
        self._claimed: set[str] = set()
        self._history: HistoryPanel | None = None
        self._history_dock: QDockWidget | None = None
        self.history_place = "beside"
        self._build_actions()
        self._build_tabs()
        self.store.sessionReplaced.connect(self._build_tabs)
        self.store.undo_stack.cleanChanged.connect(self._update_title)
        self.store.undo_stack.indexChanged.connect(self._changed)
        self.store.resultsChanged.connect(self._update_title)
        self.store.inputRefused.connect(self._input_refused)
        self.store.recordChanged.connect(self._record_changed)
        self.record_code.show_record(self.store.session.record)
        self.fit_to_screen()
        self._update_title()
        hints = QGuiApplication.styleHints()
        hints.colorSchemeChanged.connect(self._scheme_changed)

    @property
    def history_dock(self) -> QDockWidget:
        """The dock the game record sits in beside the table or in its own window, made when first used
        (docking it names a ``Qt`` enum, and Qt's dock type takes about 1 ms to load: neither is needed for the
        first paint)."""
        if self._history_dock is None:
            from PySide6.QtCore import Qt
            from PySide6.QtWidgets import QDockWidget

            dock = QDockWidget("Game record", self)
            dock.setObjectName("historyDock")
            self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, dock)
            dock.hide()
            dock.visibilityChanged.connect(self._dock_visibility_changed)
            self._history_dock = dock
        return self._history_dock

    def paintEvent(self, event: QPaintEvent) -> None:
        super().paintEvent(event)
        if not self.painted:   # the window is on screen: keys, then the other tabs, in the moments after
            self.painted = True
            QTimer.singleShot(0, self._after_first_paint)
            self.tab_builder.start()

    def _after_first_paint(self) -> None:
        """What the first paint could do without: the keys, and the system's light/dark scheme (the first paint
        read the palette; the chips are recoloured if the scheme says otherwise)."""
        self.install_shortcuts()
        learn_system_scheme()
        self._scheme_changed()
        if self.overview is not None:
            self.overview.after_first_paint()
        forget_read_sources()

    def _said_after_undo(self, what: str, step: str) -> None:
        if step:
            self.statusBar().showMessage(f"{what}: {step}", 5000)
        else:
            self.statusBar().clearMessage()

    def _input_refused(self, message: str) -> None:
        self.statusBar().showMessage(f"{NOT_ENTERED}{message}", 10000)

    def _scheme_changed(self, *_args: object) -> None:
        """Light/dark follows the system: recolour the status chips."""
        learn_system_scheme()
        if self.overview is not None:
            self.overview.refresh()
        for tab in self.power_tabs.built.values():
            tab.refresh()

    # -- building --------------------------------------------------------------------------
    def _action(self, text: str, slot: object, shortcut: Keys | None = None, tip: str = "") -> QAction:
        action = QAction(self)   # QAction(text, self) would make Qt's icon type (1 ms) only to rule out an icon
        action.setText(text)
        if shortcut is not None:
            self.give_keys(action, shortcut)
        if tip:
            action.setStatusTip(tip)
        action.triggered.connect(slot)
        self.addAction(action)  # its shortcut works wherever the focus is in the window
        return action

    def give_keys(self, action: QAction, keys: Keys) -> None:
        """An action's keys, given to it once the window is painted (``install_shortcuts``): the first key
        sequence made loads Qt's whole ``Qt`` namespace, about 15 ms that the first paint does not need."""
        if self.shortcuts_installed:
            install_keys(action, keys)
        else:
            self._waiting_keys.append((action, keys))

    def takes_undo_keys(self, event: QKeyEvent) -> bool:
        """True if ``event`` is a key of Edit > Undo or Redo: a number box with the cursor in it lets the
        game's undo have it (``NumberBox.event``)."""
        return is_key_of(event, (self.action_undo, self.action_redo))

    def install_shortcuts(self) -> None:
        """The menu actions' keys and the tab keys (Ctrl+1 to Ctrl+9, Ctrl+Shift+F): after the first paint."""
        if self.shortcuts_installed:
            return
        self.shortcuts_installed = True
        from PySide6.QtGui import QKeySequence, QShortcut

        for action, keys in self._waiting_keys:
            install_keys(action, keys)
        self._waiting_keys.clear()
        for index in range(9):
            shortcut = QShortcut(QKeySequence(f"Ctrl+{index + 1}"), self)
            shortcut.activated.connect(lambda i=index: self.tabs.setCurrentIndex(i))
            self.tab_shortcuts.append(shortcut)
        facts_shortcut = QShortcut(QKeySequence("Ctrl+Shift+F"), self)   # the war's facts
        facts_shortcut.activated.connect(lambda: self.facts_tab is not None and
                                         self.tabs.setCurrentWidget(self.facts_tab))
        self.tab_shortcuts.append(facts_shortcut)

    def _build_actions(self) -> None:
        file_menu = self.menuBar().addMenu("&File")
        self._build_file_menu(file_menu)

        edit = self.menuBar().addMenu("&Edit")
        self.action_undo = self.store.undo_stack.createUndoAction(self, "&Undo")
        self.give_keys(self.action_undo, standard("Undo"))
        self.action_redo = self.store.undo_stack.createRedoAction(self, "&Redo")
        self.give_keys(self.action_redo, ("Ctrl+Shift+Z", "Ctrl+Y"))
        # A message about the step before is stale now: the status bar says what was undone or redone instead,
        # which matters when it happened on another tab than the one shown (tenth play-test).
        self.action_undo.triggered.connect(lambda: self._said_after_undo("Undone", self.store.undo_stack.redoText()))
        self.action_redo.triggered.connect(lambda: self._said_after_undo("Redone", self.store.undo_stack.undoText()))
        edit.addAction(self.action_undo)
        edit.addAction(self.action_redo)
        edit.addSeparator()
        self.action_copy_text = self._action("Copy report as &text", lambda: self.copy_report("text"),
                                             "Ctrl+Shift+C", "Every power's level and breakdown, for a game log")
        self.action_copy_markdown = self._action("Copy report as &Markdown", lambda: self.copy_report("markdown"),
                                                 None, "For a forum or play-by-email post")
        edit.addAction(self.action_copy_text)
        edit.addAction(self.action_copy_markdown)
        self.printing = PrintActions(self, "awaw", lambda: self.store.session, file_menu, edit, self.action_quit,
                                     lambda: self.path, self.give_keys)   # issue 41: print, PDF and the forum summary

        turn = self.menuBar().addMenu("&Turn")
        self.action_end_turn = self._action("&End Allied player turn\u2026", self.end_turn, "Ctrl+E",
                                            "Run every power's end-of-turn check and move to the next turn")
        turn.addAction(self.action_end_turn)
        self.action_go_back = self._action("&Go back to an earlier turn\u2026", self.go_back,
                                           tip="Return the game to the moment before a past end of turn")
        turn.addAction(self.action_go_back)
        self.action_inputs = self._action("This turn's &inputs", self.show_inputs,
                                          tip="The values the tables need that nobody has entered, with Go there")
        turn.addAction(self.action_inputs)
        self.menu_turn = turn

        view = self.menuBar().addMenu("&View")
        self._build_view_menu(view)
        from .what_if_action import add_what_if_action  # issue 16: try changes without touching the game

        self.action_what_if = add_what_if_action(self, view, self.store, self.give_keys)

        help_menu = self.menuBar().addMenu("&Help")
        help_menu.addAction(self._action("How we read the &rules", self.show_readings,
                                         standard("HelpContents")))
        help_menu.addAction(self._action("&About awaw-desktop", self.about))


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
        self.overview.goTo.connect(self.go_to)
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
        if self.painted:
            self.overview.after_first_paint()   # before the first paint it waits for it (_after_first_paint)
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
        forget_read_sources()   # the tabs' modules were read in turn

    def decorate_power_tab(self, power: str, tab: PowerTab) -> None:
        """Add what a power's tab offers beyond its table: the surrender wizards."""
        if power in WIZARDS:
            tab.add_action(WizardButton(self, power, tab))
        if power == "japan":
            tab.add_action(WarClockButton(self.store, tab))

    def wizard_available(self, power: str) -> tuple[bool, str]:
        if power == "france":
            from ...core.awaw.france_surrender import wizard_available

            return wizard_available(self.store.session, self.store.results)
        from ...core.awaw.britain import wizard_available as british_available

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
    def show_inputs(self) -> None:
        """Turn > This turn's inputs: the Overview's list of values nobody has entered."""
        if self.overview is not None:
            self.tabs.setCurrentWidget(self.overview)
            self.overview.show_inputs()

    def show_power(self, power: str) -> None:
        self.power_tabs[power]
        self.tabs.setCurrentWidget(self.power_tabs.holders[power])

    def _update_title(self, *_args: object) -> None:
        session = self.store.session
        name = self.path.name if self.path else (session.title or "Untitled game")
        shown = (name, not self.store.undo_stack.isClean(), session.edition, session.scenario, session.turn,
                 session.players.get("axis"), session.players.get("allied"), QGuiApplication.font().key())
        if shown == self._title_shown:   # most changes are entries: the title and status line stay as they are
            return
        self._title_shown = shown
        self.setWindowModified(shown[1])
        # The window system adds the app's display name after this ("... \u2014 AWAW Surrender Assistant").
        self.setWindowTitle(window_title(name, session.edition.title))
        players = " vs ".join(p for p in (session.players.get("axis"), session.players.get("allied")) if p)
        # The turn first, and never squeezed out by a long message beside it: only the players' names may be cut.
        essential = " \u00b7 ".join((session.turn.title, session.edition.title, session.scenario.title))
        self.edition_label.setText(" \u00b7 ".join(part for part in (essential, players) if part))
        # The app's font, not the label's: a zoom sets the first at once, the second only once Qt passes it on.
        self.edition_label.setMinimumWidth(QFontMetrics(QGuiApplication.font()).horizontalAdvance(essential) + 8)

    def _changed(self, *_args: object) -> None:
        if self.recovery is not None:
            self.autosave_timer.start()
        self._clear_refusal()

    def _clear_refusal(self, *_args: object) -> None:
        """A "Not entered" message is about the entry before: a change that was taken, or another tab, ends it."""
        if self.statusBar().currentMessage().startswith(NOT_ENTERED):
            self.statusBar().clearMessage()

    def new_session(self) -> None:
        if not self.confirm_discard():
            return
        from ..shell.new_game import NewSessionDialog

        dialog = NewSessionDialog(self)
        if dialog.exec():
            if self.hand_over_new_game(dialog):
                return
            self.set_session(dialog.game(), None)
            self.tabs.setCurrentWidget(self.overview)   # a new game opens on the Overview (issue 37)

    def edit_details(self) -> None:
        from .details_dialog import GameDetailsDialog

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

        named = ", ".join(f"{side.title()} player: {name}" for side, name in players.items() if name)
        words = f"Game details changed: \u201c{title}\u201d" + (f" ({named})" if named else "")
        self.store.change_session("Game details changed", mutate, kind="details", words=words)

    # -- other rules families (core.family): their games open in their own windows ----------------
    def hand_over_new_game(self, dialog: NewSessionDialog) -> bool:
        """A new game of another rules family opens in that family's window (True)."""
        from ...core.family import DEFAULT_FAMILY
        from ..shell.family_window import open_game_window

        if dialog.family_key() == DEFAULT_FAMILY:
            return False
        open_game_window(dialog.family_key(), dialog.game(), None, self.recovery)
        return True


    def set_game(self, game: Session, path: Path | None) -> None:
        """The family window interface (``ui.shell.families.GameWindow``): show an A World at War game."""
        self.set_session(game, path)
        if path is not None:
            self.add_recent(path)

    def keep_unsaved(self) -> None:
        """A game recovered after a crash: not in the player's own file yet, so it stays unsaved."""
        self.store.undo_stack.resetClean()
        self.write_recovery()

    def set_session(self, session: Session, path: Path | None) -> None:
        self.autosave_timer.stop()
        self.discard_recovery()
        self.recovery_id = os.urandom(16).hex()
        self.path = path
        self.disk_stamp = None
        self.store.replace_session(session, reopened=bool(session.checkpoints))
        self._update_title()

    def show_error(self, title: str, text: str) -> None:
        from PySide6.QtWidgets import QMessageBox

        QMessageBox.warning(self, title, text)

    # -- turn track ------------------------------------------------------------------------
    def end_turn(self) -> None:
        if self.store.session.turn.year == LAST_YEAR and self.store.session.turn.season is Season.WINTER:
            self.show_error("Last turn", f"The game calendar ends with Winter {LAST_YEAR}: there is no next turn.")
            return
        if not self.unsigned_end_ok():   # play by e-mail: nothing unsigned is added unsaid
            return
        from .end_of_turn import EndOfTurnDialog

        dialog = EndOfTurnDialog(self.store.session, self, self.open_wizard, self.go_to)
        if dialog.exec():
            self.apply_end_turn(dialog.choices(), dialog.confirmed())

    def go_back(self) -> None:
        from ...core.awaw.sessionfile import SessionFileError
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

    def apply_end_turn(self, choices: dict[str, str], confirmed: list[tuple[str, str]] | None = None) -> None:
        """End the turn as one undo step, the values the players confirmed entered first (core.awaw.unentered)."""
        turn = self.store.session.turn
        self.store.change_session(f"End of {turn.title}", lambda session: end_the_turn(session, choices, confirmed))
        owed = len(this_turns_inputs(self.store.session, self.store.results))
        self.statusBar().showMessage(f"{turn.title} ended; now {self.store.session.turn.title}"
                                     + (f" \u2014 {owed} value(s) to enter: Turn > This turn's inputs" if owed else ""),
                                     8000)

    # -- misc ------------------------------------------------------------------------------
    def report_text(self, fmt: str) -> str:
        from ...core.awaw.report import render

        return render(self.store.session, self.store.results, fmt)  # type: ignore[arg-type]

    def copy_report(self, fmt: str) -> None:
        QGuiApplication.clipboard().setText(self.report_text(fmt))
        self.statusBar().showMessage(f"Report copied ({fmt})", 4000)

    def show_readings(self) -> None:
        from ..shell.readings_dialog import ReadingsDialog

        ReadingsDialog(self).exec()

    def about(self) -> None:
        from PySide6.QtWidgets import QMessageBox

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


