"""The concessions page: the concessions Germany takes (59.65-59.68)."""

from __future__ import annotations

from html import escape

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from ....core.awaw import britain_surrender as bs
from ....core.lines import RulesInputError
from ...shell.accessible import LiveLabel
from ...shell.focus_order import make_readable
from ...shell.number_box import NumberBox
from .common import (
    ITEM_STATUS_WORDS,
    MODE_WORDS,
    PAGE_CONCILIATION,
    BritishAnswers,
    WizardPage,
    clear_grid,
    named,
    problem_label,
    scrolled,
    waiting_label,
    wrapped,
)

#: What a choice of Germany's shows until it is made.
CHOOSE = "Choose\u2026"



class ConcessionsPage(WizardPage):
    def __init__(self, wizard: BritishAnswers) -> None:
        super().__init__(wizard, "Concessions (59.65-59.68)",
                         "Germany picks from the British Concession Table, lowest priority number first.")
        layout = QVBoxLayout(self)
        top = QHBoxLayout()
        self.available_label = wrapped(name="Concession points available")
        self.left_label = wrapped(name="Concession points left")
        top.addWidget(self.available_label, 2)
        top.addWidget(self.left_label, 1)
        indemnity_caption = QLabel("Indemnity (59.67):")
        self.indemnity = QComboBox()
        # 59.67: Germany's decision; nothing is chosen for it ("None" is an answer too, Next waits for one).
        self.indemnity.addItem(CHOOSE, None)
        for brps, points in bs.INDEMNITY_POINTS.items():
            self.indemnity.addItem("None" if not brps else f"{brps} BRPs ({points} point{'s' if points > 1 else ''})",
                                   brps)
        named(self.indemnity, "Indemnity", "10, 20 or 30 BRPs, taken without regard to priority (59.67).")
        indemnity_caption.setBuddy(self.indemnity)
        top.addWidget(indemnity_caption)
        top.addWidget(self.indemnity)
        layout.addLayout(top)

        minors = QHBoxLayout()
        caption = QLabel("Minor country (priority 2):")
        self.minor_name = QLineEdit()
        self.minor_name.setPlaceholderText("e.g. Greece")
        named(self.minor_name, "Minor country name")
        caption.setBuddy(self.minor_name)
        self.minor_brps = NumberBox()
        self.minor_brps.setRange(0, 200)
        self.minor_brps.setSuffix(" BRPs")
        named(self.minor_brps, "Minor country BRPs",
              "The minor country's BRPs; Persia and Arabia associated with Britain count as 5 (59.66E).")
        self.add_minor = QPushButton("Add minor country")
        named(self.add_minor, "Add minor country")
        minors.addWidget(caption)
        minors.addWidget(self.minor_name, 1)
        minors.addWidget(self.minor_brps)
        minors.addWidget(self.add_minor)
        layout.addLayout(minors)
        self.show_refusals(layout, "Concessions: number not entered")
        self.minor_problem = problem_label("Minor country problem")
        layout.addWidget(self.minor_problem)

        self.body = QWidget()
        self.grid = QGridLayout(self.body)
        self.grid.setHorizontalSpacing(10)
        self.grid.setVerticalSpacing(3)
        layout.addWidget(scrolled(self.body), 1)
        layout.addWidget(wrapped("Cyprus goes with Palestine and Kuwait with Iraq. Items already Axis-controlled, "
                                 "independent or not eligible cannot be taken and do not hold back higher "
                                 "priorities (59.66)."))
        self.problems = problem_label("Concession problems")
        layout.addWidget(self.problems)
        self.waiting = waiting_label("Waiting for")
        layout.addWidget(self.waiting)

        self.takes: dict[str, QCheckBox] = {}
        self.statuses: dict[str, QComboBox] = {}
        self.modes: dict[str, QComboBox] = {}
        self.notes: dict[str, QLabel] = {}
        self.points: dict[str, QLabel] = {}
        self.indemnity.currentIndexChanged.connect(self._indemnity)
        self.add_minor.clicked.connect(self._add_minor)
        self.minor_name.returnPressed.connect(self._add_minor)
        self._build_rows()

    def _build_rows(self) -> None:
        clear_grid(self.grid)
        self.takes, self.statuses, self.modes, self.notes, self.points = {}, {}, {}, {}, {}
        for column, heading in enumerate(("Take", "Priority", "Points", "Status when Britain surrenders",
                                          "Mode")):
            self.grid.addWidget(QLabel(f"<b>{heading}</b>"), 0, column)
        owner = self.owner
        for index, item in enumerate(owner.items()):
            row = 1 + 2 * index
            take = QCheckBox(item.name)
            named(take, f"Take {item.name}")
            take.toggled.connect(lambda checked, key=item.key: self._take(key, checked))
            status = QComboBox()
            for value, words in ITEM_STATUS_WORDS.items():
                status.addItem(words, value.value)
            status.setCurrentIndex(max(0, status.findData(owner.statuses.get(item.key, bs.ItemStatus.ELIGIBLE.value))))
            status.setMaximumWidth(190)
            named(status, f"{item.name} status")
            status.currentIndexChanged.connect(lambda _i, key=item.key, box=status: self._status(key, box))
            priority = QLabel(str(item.priority))
            priority.setAlignment(Qt.AlignmentFlag.AlignCenter)
            points = LiveLabel()
            points.setAlignment(Qt.AlignmentFlag.AlignCenter)
            named(points, f"{item.name} points")
            note = LiveLabel()
            note.setWordWrap(True)
            note.setContentsMargins(24, 0, 0, 4)
            note.setStyleSheet("font-style: italic;")
            note.hide()
            named(note, f"{item.name} note")
            self.grid.addWidget(take, row, 0)
            self.grid.addWidget(priority, row, 1)
            self.grid.addWidget(points, row, 2)
            self.grid.addWidget(status, row, 3)
            if item.is_minor:
                mode = QComboBox()
                # Neutrality or Axis control is Germany's choice (59.65): none until it is made.
                mode.addItem(CHOOSE, "")
                for value, words in MODE_WORDS.items():
                    mode.addItem(words, value.value)
                mode.setCurrentIndex(max(0, mode.findData(owner.minor_modes.get(item.key, ""))))
                mode.setMaximumWidth(200)
                named(mode, f"{item.name} mode")
                mode.currentIndexChanged.connect(lambda _i, key=item.key, box=mode: self._mode(key, box))
                self.modes[item.key] = mode
                self.grid.addWidget(mode, row, 4)
            self.grid.addWidget(note, row + 1, 0, 1, 5)
            self.takes[item.key] = take
            self.statuses[item.key] = status
            self.notes[item.key] = note
            self.points[item.key] = points
        self.grid.setColumnStretch(4, 1)
        self.grid.setRowStretch(2 * len(owner.items()) + 1, 1)
        make_readable(self)   # the rebuilt rows: Tab goes down them, before the wizard's buttons

    def _take(self, key: str, checked: bool) -> None:
        if checked:
            self.owner.chosen[key] = self.owner.minor_modes.get(key, bs.MinorMode.AXIS_CONTROL.value) \
                if key in self.owner.minor_keys() else ""
        else:
            self.owner.chosen.pop(key, None)
        self.changed()

    def _status(self, key: str, box: QComboBox) -> None:
        self.owner.statuses[key] = box.currentData()
        if box.currentData() != bs.ItemStatus.AXIS_CONTROLLED.value:
            # Only Axis-controlled territory is returned (59.72); the Conciliation page no longer lists this
            # one, so a return ticked there would be left where no one can untick it.
            self.owner.returns.discard(key)
        self.changed()

    def _mode(self, key: str, box: QComboBox) -> None:
        mode = box.currentData()
        if mode:
            self.owner.minor_modes[key] = mode
            if key in self.owner.chosen:
                self.owner.chosen[key] = mode
        else:   # back to no mode: the minor cannot stay taken without one
            self.owner.minor_modes.pop(key, None)
            self.owner.chosen.pop(key, None)
        self.changed()

    def _indemnity(self, _index: int) -> None:
        brps = self.indemnity.currentData()
        self.owner.indemnity = int(brps or 0)
        self.owner.indemnity_answered = brps is not None
        self.changed()

    def _add_minor(self) -> None:
        if self.refused_just_now():
            return
        name = self.minor_name.text().strip()
        if not name:
            self.minor_problem.setText("Type the minor country's name first.")
            return
        try:
            self.owner.add_minor(name, self.minor_brps.value())
        except RulesInputError as error:
            self.minor_problem.setText(str(error))
            return
        self.minor_problem.clear()
        self.minor_name.clear()
        self._build_rows()
        self.changed()

    def initializePage(self) -> None:
        self._build_rows()
        self.refresh()

    def refresh(self) -> None:
        owner = self.owner
        offer = owner.offer
        available = offer.concession_points if offer else 0
        self.available_label.setText(f"Points available: <b>{available}</b> (two per counted level, 59.65)")
        choices = owner.concession_choices()
        verdict = owner.concession_verdict()
        items = {item.key: item for item in owner.items()}
        self._show_indemnity(available)
        self.left_label.setText(f"Points left: <b>{available - verdict.points_used}</b>")
        for choice in choices:
            take = self.takes.get(choice.key)
            if take is None:
                continue
            take.blockSignals(True)
            take.setChecked(choice.chosen)
            take.blockSignals(False)
            reason = choice.reason
            no_mode = choice.key in self.modes and not self.modes[choice.key].currentData() and not choice.chosen
            if no_mode and choice.allowed:
                reason = "choose neutrality or Axis control first (59.65)"
            take.setEnabled(choice.allowed and not no_mode)
            take.setToolTip(reason)
            item = items.get(choice.key)
            self.points[choice.key].setText(
                f"{item.points(bs.MinorMode.NEUTRALITY)} or {item.points(bs.MinorMode.AXIS_CONTROL)}"
                if no_mode and item is not None else str(choice.points))
            note = reason if (not choice.allowed or choice.chosen or no_mode) else ""
            self.notes[choice.key].setText(f"\u2192 {note}" if note else "")
            self.notes[choice.key].setVisible(bool(note))
        self.problems.setText("<br>".join(escape(problem) for problem in verdict.problems))
        waiting = self.awaits_indemnity()
        self.waiting.setVisible(waiting)
        self.waiting.setText("Waiting for Germany: tick the territories it takes and choose the indemnity "
                             "(\u201cNone\u201d is an answer too, 59.67). Next stays disabled until the indemnity "
                             "is chosen." if waiting else "")
        self.completeChanged.emit()

    def _show_indemnity(self, available: int) -> None:
        """With no concession point there is nothing to choose: no indemnity (59.65, 59.68)."""
        self.indemnity.setEnabled(available > 0)
        if available > 0:
            self.indemnity.setToolTip("10, 20 or 30 BRPs, taken without regard to priority (59.67).")
            return
        self.indemnity.setToolTip("No concession points: no indemnity (59.65, 59.68).")
        self.indemnity.blockSignals(True)
        self.indemnity.setCurrentIndex(self.indemnity.findData(0))
        self.indemnity.blockSignals(False)
        self.owner.indemnity = 0

    def awaits_indemnity(self) -> bool:
        """Germany has points to spend and has not said which indemnity it takes, if any."""
        offer = self.owner.offer
        return bool(offer and offer.concession_points) and not self.owner.indemnity_answered

    def isComplete(self) -> bool:
        return self.owner.concession_verdict().ok and not self.awaits_indemnity()

    def nextId(self) -> int:
        return PAGE_CONCILIATION
