"""What the players read about a Europa game: one block per nation, from public facts only
(a card appears only once it has been shown to both sides), for the report and the nation panel."""

from __future__ import annotations

from ..record import Record
from .calendar import EuropaTurn
from .cards import card_name, effect
from .envelope import Envelope, Stage
from .political import aid_in_transit, aid_received
from .state import EuropaGame, NationState


class EnvelopeView(Record):
    stage: Stage
    dates: tuple[tuple[str, EuropaTurn], ...]
    card: str          # "" unless shown to both sides
    effect: str        # what the card does, "" unless public
    in_effect: bool


def envelope_view(envelope: Envelope, turn: EuropaTurn) -> EnvelopeView:
    stage = envelope.stage(turn)
    public = envelope.card if stage in (Stage.SHOWN, Stage.DISCARDED) else ""
    return EnvelopeView(stage, envelope.timeline(), public, effect(public).label if public else "",
                        envelope.in_effect(turn))


def nation_lines(nation: NationState, turn: EuropaTurn) -> list[str]:
    lines = [f"{nation.name}"]
    if nation.envelope is None:
        lines.append("  National will envelope (56.E.1): none drawn")
    else:
        view = envelope_view(nation.envelope, turn)
        card = f"; card {card_name(view.card)}: {view.effect}" if view.card else ""
        dates = ", ".join(f"{label} {date}" for label, date in view.dates)
        lines.append(f"  National will envelope (56.E.1): {view.stage.title}{card} ({dates})")
    record = nation.surrender
    if record.surrendered is not None:
        lines.append(f"  Surrendered on {record.surrendered} (56.A)")
    else:
        lines.append(f"  Special replacement rate {record.rate()}% after {len(record.rolls)} surrender roll(s) "
                     "(56.E.3)")
    for government in record.governments:
        lines.append(f"  {government.name}: special replacement rate {record.government_rate(government.name)}%")
    if record.condition:
        met = "met" if record.condition_met else "not met"
        lines.append(f"  Surrender condition ({met}): {record.condition}")
    defection = nation.defection
    if defection.defected is not None:
        left = defection.rp_pause_left(turn)
        rps = f"no RPs for {left} more game turn(s), this one included" if left else "RPs at the usual rate"
        lines.append(f"  Defected to the Soviets on {defection.defected} (56.B): {rps}")
    if nation.aid:
        lines.append(f"  German armour RP aid (56.D): {aid_received(nation.aid)} received, "
                     f"{aid_in_transit(nation.aid)} on the way")
    return lines


def report_text(game: EuropaGame) -> str:
    head = [f"{game.title or 'Europa game'} \u2014 {game.turn}",
            f"Axis: {game.player('axis') or '-'}; Allied: {game.player('allied') or '-'}", ""]
    body = [line for nation in game.nations for line in [*nation_lines(nation, game.turn), ""]]
    return "\n".join(head + body).rstrip() + "\n"
