"""A World at War's verdicts (``core.awaw.common.Status``) in the shell's tones: the colour and shape each status
is shown with, and its words."""

from __future__ import annotations

from ...core.awaw.common import Status
from ..shell.status_chip import StatusChip
from ..shell.theme import Tone, chip_style, marked, tone_colours

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
