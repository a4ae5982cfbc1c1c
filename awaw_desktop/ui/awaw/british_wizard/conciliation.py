"""The conciliation page: German conciliation, untaken points and returned territory (59.71-59.75)."""

from __future__ import annotations

from html import escape

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QCheckBox, QGridLayout, QGroupBox, QHBoxLayout, QLabel, QVBoxLayout, QWidget

from ....core.awaw import britain_surrender as bs
from ...shell.accessible import LiveLabel
from ...shell.theme import points_text
from .common import (
    PAGE_FAR_EAST,
    PAGE_SUMMARY,
    BritishAnswers,
    WizardPage,
    clear_grid,
    named,
    problem_label,
    scrolled,
    wrapped,
)


class ConciliationPage(WizardPage):
    def __init__(self, wizard: BritishAnswers) -> None:
        super().__init__(wizard, "German conciliation (59.71-59.75)",
                         "Points Germany leaves untaken, and Axis-held territory it returns, soften later terms.")
        layout = QVBoxLayout(self)
        layout.addWidget(wrapped(
            "Germany may return Axis-held territory listed on the British Concession Table (59.72, 59.73A). "
            "Mark items Axis-controlled on the Concessions page to list them here. Once it returns any, it may take "
            "no territory: only the indemnity and minor countries' neutrality remain (59.73G)."))
        home = QGroupBox("Axis control in Britain (59.73D-F)")
        row = QHBoxLayout(home)
        self.home: dict[str, QCheckBox] = {}
        for key, words in (("london", "Axis control London"), ("birmingham", "Axis control Birmingham"),
                           ("manchester", "Axis control Manchester"), ("all_scotland", "Axis control all of Scotland")):
            box = QCheckBox(words)
            named(box, words)
            box.toggled.connect(self._home)
            self.home[key] = box
            row.addWidget(box)
        row.addStretch(1)
        layout.addWidget(home)
        self.body = QWidget()
        self.grid = QGridLayout(self.body)
        self.grid.setVerticalSpacing(3)
        layout.addWidget(scrolled(self.body), 1)
        self.problems = problem_label("Return problems")
        layout.addWidget(self.problems)
        self.effects = wrapped(name="Conciliation effects")
        layout.addWidget(self.effects)
        self.returns: dict[str, QCheckBox] = {}
        self.facts: dict[str, QCheckBox] = {}
        self.notes: dict[str, QLabel] = {}
        self._listed: tuple[str, ...] | None = None

    def _home(self, _checked: bool) -> None:
        self.owner.home = bs.HomeControl(**{key: box.isChecked() for key, box in self.home.items()})
        self.changed()

    def _build_rows(self) -> None:
        choices = self.owner.return_choices()
        keys = tuple(choice.key for choice in choices)
        if keys == self._listed:
            return
        self._listed = keys
        clear_grid(self.grid)
        self.returns, self.facts, self.notes = {}, {}, {}
        if not choices:
            self.grid.addWidget(wrapped("Nothing on the table is Axis-controlled, so nothing can be returned. "
                                        "Conciliation comes only from points Germany does not take."), 0, 0)
            return
        for column, heading in enumerate(("Return", "Points", "British at the start, or gained other than by an "
                                                              "Axis declaration of war (59.73B)", "Why not")):
            label = QLabel(f"<b>{heading}</b>")
            label.setWordWrap(True)
            self.grid.addWidget(label, 0, column)
        for row, choice in enumerate(choices, start=1):
            box = QCheckBox(choice.name)
            named(box, f"Return {choice.name}")
            box.toggled.connect(lambda checked, key=choice.key: self._return(key, checked))
            fact = QCheckBox("yes")
            named(fact, f"{choice.name} British at the start or gained otherwise")
            fact.setChecked(self.owner.british_at_start.get(choice.key, choice.key not in bs.NOT_BRITISH_AT_START))
            fact.toggled.connect(lambda checked, key=choice.key: self._fact(key, checked))
            points = QLabel(str(choice.points))
            points.setAlignment(Qt.AlignmentFlag.AlignCenter)
            note = LiveLabel()
            note.setWordWrap(True)
            named(note, f"{choice.name} return note")
            self.grid.addWidget(box, row, 0)
            self.grid.addWidget(points, row, 1)
            self.grid.addWidget(fact, row, 2)
            self.grid.addWidget(note, row, 3)
            self.returns[choice.key] = box
            self.facts[choice.key] = fact
            self.notes[choice.key] = note
        self.grid.setColumnStretch(3, 1)
        self.grid.setRowStretch(len(choices) + 1, 1)

    def _return(self, key: str, checked: bool) -> None:
        if checked:
            self.owner.returns.add(key)
        else:
            self.owner.returns.discard(key)
        self.changed()

    def _fact(self, key: str, checked: bool) -> None:
        self.owner.british_at_start[key] = checked
        self.changed()

    def initializePage(self) -> None:
        self.owner.returns &= {choice.key for choice in self.owner.return_choices()}
        self._listed = None
        self.refresh()

    def refresh(self) -> None:
        self._build_rows()
        for choice in self.owner.return_choices():
            box = self.returns.get(choice.key)
            if box is None:
                continue
            box.blockSignals(True)
            box.setChecked(choice.chosen)
            box.blockSignals(False)
            box.setEnabled(choice.allowed)
            box.setToolTip(choice.reason)
            self.notes[choice.key].setText(choice.reason)
        outcome = self.owner.outcome()
        self.problems.setText("<br>".join(escape(problem) for problem in outcome.returns.problems))
        conciliation = outcome.conciliation
        returned = outcome.returns.points_used
        not_taken = conciliation.points - returned
        self.effects.setText(
            f"Points not taken: <b>{not_taken}</b> (of what Germany could take, 59.71); points returned: "
            f"<b>{returned}</b>.<br>Conciliation worth <b>{conciliation.points}</b> point(s): British resistance "
            f"<b>{points_text(conciliation.resistance_modifier)}</b> in later turns (one per two full points; only "
            f"this latest surrender counts, 59.75A) and USAT <b>\u2212{conciliation.usat_reduction}</b> (59.75B).")
        self.completeChanged.emit()

    def isComplete(self) -> bool:
        return self.owner.outcome().returns.ok

    def nextId(self) -> int:
        return PAGE_FAR_EAST if self.owner.far_east_needed() else PAGE_SUMMARY
