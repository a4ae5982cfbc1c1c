"""A World at War's verdicts (``core.awaw.common.Status``) in the shell's tones: the colour and shape each status
is shown with, and its words."""

from __future__ import annotations

import weakref
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject
from PySide6.QtWidgets import QWidget

from ...core.awaw.common import PowerResult, Status
from ..shell.accessible import announce
from ..shell.status_chip import StatusChip
from ..shell.theme import Tone, chip_style, marked, points_text, tone_colours

if TYPE_CHECKING:
    from ...core.awaw.unentered import Missing
    from .store import SessionStore

#: Each status's tone (``ui/shell/theme.py``).
STATUS_TONES: dict[Status, Tone] = {
    Status.NO_EFFECT: Tone.CALM,
    Status.EFFECTS: Tone.CAUTION,
    Status.BENEFITS: Tone.FAVOUR,
    Status.OFFERS: Tone.WARNING,
    Status.SURRENDERS: Tone.DANGER,
    Status.SURRENDERED: Tone.FINAL,
    Status.NOT_APPLICABLE: Tone.NEUTRAL,
}


def status_colours(status: Status, dark: bool) -> tuple[str, str]:
    return tone_colours(STATUS_TONES[status], dark)


def status_chip_style(status: Status, dark: bool) -> str:
    return chip_style(STATUS_TONES[status], dark)


def status_text(status: Status) -> str:
    """The status as the chip writes it: its shape, then its words ("\u2716 Surrenders")."""
    return marked(STATUS_TONES[status], status.title)


def show_status(chip: StatusChip, status: Status, dark: bool, words: str | None = None) -> None:
    """A power's status on its chip (or ``words`` in the status's colours)."""
    chip.show_tone(status_text(status) if words is None else words, STATUS_TONES[status], dark)


#: What the chip of a power says while its result rests on values nobody entered (``core.awaw.unentered``).
NOT_SETTLED = "Not settled: values missing"


def settled(result: PowerResult, missing: Sequence[Missing]) -> bool:
    """A power's result is settled unless it rests on values nobody entered (a result the scenario or a recorded
    surrender settles is settled whatever the tables say)."""
    return not missing or result.status in (Status.NOT_APPLICABLE, Status.SURRENDERED)


def show_result_status(chip: StatusChip, result: PowerResult, dark: bool, missing: Sequence[Missing]) -> None:
    """A power's status on its chip; "Not settled" in a neutral tone while it rests on values nobody entered."""
    if settled(result, missing):
        show_status(chip, result.status, dark)
    else:
        chip.show_tone(marked(Tone.NEUTRAL, NOT_SETTLED), Tone.NEUTRAL, dark)


def verdict_text(result: PowerResult, missing: Sequence[Missing]) -> str:
    """The verdict, said as what would follow while the result rests on values nobody entered."""
    if settled(result, missing):
        return result.verdict
    names = "; ".join(item.short if item.power == result.power else f"{item.title}'s {item.short}" for item in missing)
    return f"Not settled \u2014 {names}. Counted so, the table would give: {result.verdict}"


#: The last answer of ``resting``: (results, session, answer).  A store makes new results at every change.
_RESTING: list[Any] = [None, None, {}]


def resting(store: SessionStore) -> dict[str, list[Missing]]:
    """power -> the values nobody entered its result rests on (``unentered.resting_on``), worked out once per set of
    results: the Overview and the tab in view both ask after every change."""
    from ...core.awaw.unentered import resting_on

    results, session = store.results, store.session
    if _RESTING[0] is not results or _RESTING[1] is not session:
        _RESTING[:] = [results, session, resting_on(session, results)]
    answer: dict[str, list[Missing]] = _RESTING[2]
    return answer


#: Statuses a screen reader is told of at once, interrupting what it says (a surrender, an offer).
URGENT = (Status.SURRENDERS, Status.OFFERS)


class StatusVoice(QObject):
    """Tells a screen reader when a power's status changes ("Germany: Surrenders, level \u22121"), whichever tab or
    dialog the change was made on (issue 29: four atomic attacks took Germany from +7 to \u22121, Surrenders, and
    nothing was said).  Another game opened is not a change of status; ``prefix`` names a trial
    ("If: " in What-if)."""

    def __init__(self, store: SessionStore, speaker: QWidget, prefix: str = "") -> None:
        super().__init__(speaker)
        self._store = weakref.ref(store)   # no reference cycle through the window (see store.py)
        self._speaker = weakref.ref(speaker)
        self.prefix = prefix
        self._known = self._statuses()
        store.resultsChanged.connect(self.results_changed)

    def _statuses(self) -> tuple[int, dict[str, Status]]:
        store = self._store()
        if store is None:
            return 0, {}
        return id(store.session), {power: result.status for power, result in store.results.items()}

    def results_changed(self) -> None:
        game, before = self._known
        now_game, now = self._known = self._statuses()
        store, speaker = self._store(), self._speaker()
        if game != now_game or store is None or speaker is None:
            return
        moved = [power for power, status in now.items() if power in before and before[power] is not status]
        if moved:
            results, unsettled = store.results, resting(store)
            said = "; ".join(self._words(results[power], unsettled.get(power, ())) for power in moved)
            urgent = any(now[power] in URGENT and settled(results[power], unsettled.get(power, ())) for power in moved)
            announce(speaker, self.prefix + said, urgent=urgent)

    @staticmethod
    def _words(result: PowerResult, missing: Sequence[Missing]) -> str:
        """What is said of a power whose status moved: a result resting on values nobody entered is said as not
        settled (issue 28), never as a surrender."""
        level = points_text(result.level)
        if settled(result, missing):
            return f"{result.title}: {result.status.title}, level {level}"
        return f"{result.title}: not settled, values not entered (counted so: {result.status.title}, level {level})"
