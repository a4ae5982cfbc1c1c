"""Europa's states in the shell's tones (``ui/shell/theme.py``): each with its words and its shape, so a state reads
without colour too.  The tones are for the nation's side, as in the A World at War window."""

from __future__ import annotations

from ...core.europa.calendar import EuropaTurn
from ...core.europa.envelope import Stage
from ...core.europa.state import NationState
from ...core.europa.turn_start import Due
from ..shell.status_chip import StatusChip
from ..shell.theme import Tone, is_dark, marked

#: An envelope's stage: (tone, short words).
STAGE_TONES: dict[Stage | None, tuple[Tone, str]] = {
    None: (Tone.NEUTRAL, "No card drawn"),
    Stage.SEALED: (Tone.CALM, "Sealed"),
    Stage.OPENED: (Tone.CAUTION, "Opened, not in effect"),
    Stage.PRIVATE: (Tone.WARNING, "In effect, private"),
    Stage.TO_SHOW: (Tone.WARNING, "Due to be shown"),
    Stage.SHOWN: (Tone.CAUTION, "In effect, shown"),
    Stage.DISCARDED: (Tone.NEUTRAL, "Discarded"),
}


def stage_words(nation: NationState, turn: EuropaTurn) -> tuple[Tone, str]:
    """The envelope's stage now, in a few words."""
    if not nation.active:
        return Tone.NEUTRAL, "No more envelopes"
    envelope = nation.envelope
    stage = envelope.stage(turn) if envelope is not None else None
    if stage is Stage.SHOWN and envelope is not None and not envelope.in_effect(turn):
        return Tone.CALM, "Shown, not in effect"
    return STAGE_TONES[stage]


def surrender_words(nation: NationState) -> tuple[Tone, str]:
    record = nation.surrender
    if record.surrendered is not None:
        return Tone.FINAL, f"Surrendered {record.surrendered.short}"
    if nation.defection.defected is not None:
        return Tone.NEUTRAL, "Defected"
    return _condition(record.condition, record.condition_met, "roll")


def defection_words(nation: NationState) -> tuple[Tone, str]:
    record = nation.defection
    if record.defected is not None:
        return Tone.FINAL, f"Defected {record.defected.short}"
    if nation.surrender.surrendered is not None:
        return Tone.NEUTRAL, "Surrendered"
    return _condition(record.condition, record.condition_met, "check")


def _condition(text: str, holds: bool | None, check: str) -> tuple[Tone, str]:
    """A condition as the players recorded it: holds (a roll or check each turn), does not hold, not recorded."""
    if holds:
        return Tone.DANGER, f"Holds: {check} each turn"
    if holds is False:
        return Tone.CALM, "Does not hold"
    if text:
        return Tone.WARNING, "Not recorded"
    return Tone.NEUTRAL, "No condition"


def due_words(dues: tuple[Due, ...]) -> tuple[Tone, str]:
    waiting = [due for due in dues if not due.done]
    if waiting:
        return Tone.WARNING, f"{len(waiting)} to do"
    if dues:
        return Tone.CALM, "Done"
    return Tone.NEUTRAL, "Nothing due"


def show(chip: StatusChip, tone: Tone, words: str) -> None:
    """``words`` with the tone's shape, on its colours for the scheme the chip is shown in."""
    chip.show_tone(marked(tone, words), tone, is_dark(chip.palette()))
