"""Where the war goes on: the war continues with the U.S. (59.61), and the Far East (59.891-59.894)."""

from __future__ import annotations

from html import escape

from PySide6.QtWidgets import QButtonGroup, QGroupBox, QRadioButton, QVBoxLayout

from .common import PAGE_FAR_EAST, PAGE_SUMMARY, BritishAnswers, WizardPage, named, waiting_label, wrapped


class WarPage(WizardPage):
    def __init__(self, wizard: BritishAnswers) -> None:
        super().__init__(wizard, "The war continues (59.61)",
                         "The U.S. is at war with Germany, so Britain surrenders without a peace treaty.")
        layout = QVBoxLayout(self)
        self.text = wrapped(
            "<p>The U.S. was at war with Germany when Britain surrendered: <b>Britain and the U.S. fight on</b>.</p>"
            "<p>Both sides keep the territory they control. Germany takes <b>no concessions</b> and no indemnity, "
            "and returns nothing, so there is no conciliation (59.61).</p>"
            "<p>The force reductions of the previous page still apply (59.512), and the new surrender level "
            "counts for later offers (59.87) and the U.S. election (62.31).</p>",
            "War continues")
        layout.addWidget(self.text)
        layout.addStretch(1)

    def nextId(self) -> int:
        return PAGE_FAR_EAST if self.owner.far_east_needed() else PAGE_SUMMARY


class FarEastPage(WizardPage):
    def __init__(self, wizard: BritishAnswers) -> None:
        super().__init__(wizard, "The Far East (59.891-59.894)",
                         "Japan, at war with Britain, decides how the surrender touches Asia.")
        layout = QVBoxLayout(self)
        self.situation = wrapped(name="Far East situation")
        layout.addWidget(self.situation)
        choice = QGroupBox("Japan's choice (59.891C)")
        box = QVBoxLayout(choice)
        self.adheres = QRadioButton("Japan adheres to the German-British peace (59.892)")
        self.fights_on = QRadioButton("Japan fights on against Britain (59.894)")
        named(self.adheres, "Japan adheres to the peace")
        named(self.fights_on, "Japan fights on")
        self.group = QButtonGroup(self)
        self.group.addButton(self.adheres)
        self.group.addButton(self.fights_on)
        box.addWidget(self.adheres)
        box.addWidget(self.fights_on)
        # 59.891C: the Japanese player's decision; nothing is chosen for him (Next waits for it).
        self.waiting = waiting_label("Waiting for")
        box.addWidget(self.waiting)
        self.choice_box = choice
        layout.addWidget(choice)
        self.consequences = wrapped(name="Far East consequences")
        layout.addWidget(self.consequences)
        layout.addStretch(1)
        self.adheres.toggled.connect(self._choose)
        self.fights_on.toggled.connect(self._choose)

    def _choose(self, _checked: bool) -> None:
        if self.adheres.isChecked() or self.fights_on.isChecked():
            self.owner.japan_adheres = self.adheres.isChecked()
            self.changed()

    def refresh(self) -> None:
        owner = self.owner
        needs_choice = owner.japan_at_war_with_britain and not owner.japan_at_war_with_us
        self.choice_box.setEnabled(needs_choice)
        self.choice_box.setVisible(needs_choice)
        if needs_choice:
            self.situation.setText("Japan is at war with Britain but not with the U.S.: the Japanese player "
                                   "chooses whether Japan joins the peace (59.891C).")
        else:
            self.situation.setText("Japan is at war with Britain and the U.S.: there is no choice to make; the "
                                   "surrender holds in Europe only (59.891B).")
        outcome = owner.outcome()
        events = [event for event in outcome.events if event.rule.startswith("59.89")]
        waiting = needs_choice and owner.japan_adheres is None
        self.waiting.setVisible(waiting)
        self.waiting.setText("Waiting for the Japanese player: adhere to the peace or fight on against Britain "
                             "(59.891C). Next stays disabled until one is picked." if waiting else "")
        if needs_choice:
            # Going Back and changing the answers may bring the question back: the buttons show the answer
            # the wizard holds, and none while it holds none.
            self.group.setExclusive(False)
            for button, answer in ((self.adheres, True), (self.fights_on, False)):
                button.blockSignals(True)
                button.setChecked(owner.japan_adheres is answer)
                button.blockSignals(False)
            self.group.setExclusive(True)
        if waiting:
            self.consequences.setText("<i>What follows is shown once Japan's choice is picked.</i>")
        else:
            self.consequences.setText("<b>What follows:</b><ul style='margin:0'>" + "".join(
                f"<li><b>{escape(e.rule)}</b> {escape(e.text)}</li>" for e in events) + "</ul>")
        self.completeChanged.emit()

    def isComplete(self) -> bool:
        owner = self.owner
        return not (owner.japan_at_war_with_britain and not owner.japan_at_war_with_us
                    and owner.japan_adheres is None)

    def nextId(self) -> int:
        return PAGE_SUMMARY
