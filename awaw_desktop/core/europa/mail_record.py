"""What the game record keeps of an envelope drawn between two computers (56.E.1, play by e-mail), and a file checked
against it.

Each step is an entry signed by the side that made it (``core/record/keys``): the Axis commitment, then the Allied
one, the Axis consent, the Allied opening and the Allied showing, in that order.  The order is what keeps the card
out of either side's choosing: the Allied secret is committed before the Axis consent lets the Allied player learn
the Axis secret.  So a file is refused, naming the entry, when a step is missing, out of order, made by the other
side (an Allied player who recorded an Axis secret of his own could choose the card), holds another commitment than
the envelope, reveals at the showing secrets that do not match their commitments, or is voided after the consent or
the opening by one side alone (a void then is proposed by one side and agreed by the other)."""

from __future__ import annotations

from typing import Any

from ..lines import RulesInputError
from ..record.chain import Entry, GameRecord, RecordProblem
from .draw import ALLIED, AXIS, SIDE_TITLES
from .envelope import Envelope
from .envelope_mail import ADDED, CONSENTED, VOID_AGREED, VOID_PROPOSED
from .mail_draw import MAIL_DRAW
from .state import EuropaGame

#: The steps a draw by e-mail records, in order, and the side each belongs to.
STEPS = (("axis-secret", AXIS), ("allied-secret", ALLIED), ("consent", AXIS), ("opening", ALLIED),
         ("showing", ALLIED))
_WORDS = {"axis-secret": "the Axis secret", "allied-secret": "the Allied secret", "consent": "the Axis consent",
          "opening": "the opening", "showing": "the showing"}


def facts(envelope: Envelope, kind: str, text: str) -> dict[str, Any]:
    """The facts of a log line's entry about a draw by e-mail (``game_record`` asks for each line)."""
    facts: dict[str, Any] = {"draw": envelope.draw_id}
    if kind == "draw":
        side = ALLIED if text.startswith(ADDED) else AXIS
        part = next((p for p in envelope.contributions if p.side == side), None)
        return {**facts, "step": f"{side}-secret", "commitment": part.commitment if part else ""}
    if text.startswith(CONSENTED):
        return {**facts, "step": "consent"}
    if VOID_PROPOSED in text:
        return {**facts, "step": "void-proposal"}
    if VOID_AGREED in text:
        return {**facts, "step": "void"}
    if kind == "opening":
        return {**facts, "step": "opening"}
    if kind == "showing":
        return {**facts, "step": "showing", "revealed": list(envelope.revealed)}
    return {}


def _steps(record: GameRecord, draw_id: str) -> dict[str, Entry]:
    """Each step's latest entry for a draw (a step undone and made again is recorded again: the latest stands)."""
    found: dict[str, Entry] = {}
    for entry in record.entries:
        step = entry.data.get("step") if entry.data.get("draw") == draw_id else None
        if isinstance(step, str):
            found[step] = entry
    return found


def _problem(entry: Entry, nation: str, what: str) -> RecordProblem:
    return RecordProblem(entry.n, entry.turn, f"{nation}: {what}")


def check_envelope(nation: str, envelope: Envelope, record: GameRecord) -> RecordProblem | None:
    """What of a draw by e-mail does not agree with the record, named by the entry concerned."""
    found = _steps(record, envelope.draw_id)
    last = record.entries[-1] if record.entries else Entry(n=0, kind="event", turn="", summary="", hash="0" * 64)
    due = ["axis-secret"] + (["allied-secret"] if len(envelope.contributions) == 2 else []) \
        + (["consent"] if envelope.consent is not None else []) + (["opening"] if envelope.opened else []) \
        + (["showing"] if envelope.shown else [])
    before = -1
    for step, side in STEPS:
        entry = found.get(step)
        if step not in due:   # not made, or undone (the record says so; the game's settled state is checked apart)
            continue
        if entry is None:
            return _problem(last, nation, f"the envelope holds {_WORDS[step]} of a draw by e-mail that the record "
                                          "never made")
        if entry.author != side:
            made = f"the {SIDE_TITLES[entry.author]} player" if entry.author else "no player's keys"
            return _problem(entry, nation, f"{_WORDS[step]} of a draw by e-mail was added by {made}, not by the "
                                           f"{SIDE_TITLES[side]} player")
        if entry.n < before:
            return _problem(entry, nation, f"{_WORDS[step]} is recorded before the step it follows")
        before = entry.n
        if step.endswith("-secret"):
            part = next(p for p in envelope.contributions if p.side == side)
            if entry.data.get("commitment") != part.commitment:
                return _problem(entry, nation, f"the envelope's {SIDE_TITLES[side]} commitment is not the one this "
                                               "entry made")
    if envelope.voided is not None and ("consent" in found or "opening" in found):
        problem = _void_problem(nation, found, last)
        if problem is not None:
            return problem
    showing = found.get("showing")
    if showing is not None and envelope.shown is not None:
        if showing.data.get("revealed") != list(envelope.revealed):
            return _problem(showing, nation, "the secrets in the envelope are not the ones the showing revealed")
        try:
            card = envelope.revealed_card()
        except RulesInputError as error:
            return _problem(showing, nation, f"the showing is refused: {error}")
        if card != envelope.card:
            return _problem(showing, nation, "the shown card is not the one both revealed secrets draw")
    return None


def _void_problem(nation: str, found: dict[str, Entry], last: Entry) -> RecordProblem | None:
    """A draw by e-mail voided after the Axis consent or the opening: one side must have proposed it and the other
    agreed, each in an entry it signed (the opener, who has seen the card, cannot void it alone and draw again)."""
    void, proposal = found.get("void"), found.get("void-proposal")
    if void is None:
        return _problem(last, nation, "the envelope was voided after the Axis consent or the opening, and the record "
                                      "holds no void agreed by both players")
    if proposal is None or proposal.n > void.n or not proposal.author or not void.author \
            or proposal.author == void.author:
        return _problem(void, nation, "the envelope was voided after the Axis consent or the opening without the "
                                      "other player's agreement: one side proposes such a void, the other agrees on "
                                      "his own computer")
    return None


def mail_problem(game: EuropaGame, record: GameRecord) -> RecordProblem | None:
    """The first draw by e-mail of the game that does not agree with the record (None: all do).  Its steps' entries
    must also be signed by the keys of the side named (a modified program could write a side's name without its
    keys): a signature that fails at or before a step is named."""
    last_step = -1
    for nation in game.nations:
        for envelope in (*nation.past_envelopes, *((nation.envelope,) if nation.envelope else ())):
            if envelope.mode == MAIL_DRAW:
                problem = check_envelope(nation.name, envelope, record)
                if problem is not None:
                    return problem
                last_step = max([last_step, *(entry.n for entry in _steps(record, envelope.draw_id).values())])
    if last_step >= 0:
        signatures = record.signature_problem()
        if signatures is not None and signatures.n <= last_step:
            return signatures
    return None
