"""A World at War's verdicts (``core.awaw.common.Status``) in the shell's tones: the colour and shape each status
is shown with, and its words."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ...core.awaw.common import PowerResult, Status
from ..shell.status_chip import StatusChip
from ..shell.theme import Tone, chip_style, marked, tone_colours

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
