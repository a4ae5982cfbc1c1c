"""The Europa family's part of the game record (``core/record``): what of a game the record seals, the entries each
change adds (one per line of the game's log: a draw, an opening, a count, a showing, a roll, a shipment, a turn),
and a file checked against its record (the chain, the settled state, every draw bound to its game, nation and
envelope and used once, every commitment, and every shown card worked out again from its revealed secrets).

The roster, the losses and the places held are typed between recorded events, as A World at War's ticks are: what
they add up to is sealed by the next entry."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..frozen import replace
from ..lines import RulesInputError
from ..record.chain import Entry, GameRecord, RecordProblem, digest, new_game_id, table_of
from ..record.entry_data import data_problem, facts_of
from .envelope import REAL_DECK, SEALED_DRAW
from .envelope_mail import ADDED, VOID_AGREED
from .mail_draw import MAIL_DRAW
from .mail_record import facts as mail_facts
from .mail_record import mail_problem
from .state import EuropaGame, LogEntry

#: (kind, words, rules, facts, turn) of an entry to be made (as A World at War's ``game_record.Made``).
Made = tuple[str, str, str, dict[str, Any], str]


#: The form of the game the record seals: version 3's, the first with a record, so that a record written by an earlier
#: version still seals the same game once its file is read by a later one.  What a later version adds is sealed where
#: it is used (an envelope's consent, play by e-mail: version 4).
SEALED_FORM = 3


def settled_state(game: EuropaGame) -> dict[str, Any]:
    """The game as the record seals it: everything but what players type between events, in the form of
    :data:`SEALED_FORM`."""
    document = game.to_json()
    document["version"] = SEALED_FORM
    for nation in document["nations"]:
        nation.pop("roster", None)
        nation.pop("losses", None)
        for envelope in [nation["envelope"], *nation["past_envelopes"]]:
            if envelope is not None and envelope.get("consent") is None:
                envelope.pop("consent", None)
    document.pop("places", None)
    return document


def state_digest(game: EuropaGame) -> str:
    return digest(settled_state(game))


def begin_record(game: EuropaGame) -> EuropaGame:
    """A new game's record: one entry saying how it began."""
    table = {"table": table_of(game.title, [name for _side, name in game.players])}
    record = GameRecord(new_game_id()).append("begun", game.turn.title, f"New Europa game from {game.start.title}",
                                              "56", table, state=state_digest(game))
    return replace(game, record=record)


def _kind(line: LogEntry) -> str:
    """The record's kind for a line of the game's log (by its rule and words: ``actions`` writes them)."""
    text = line.text
    if line.rule == "56.E.1":
        if "drawn and sealed" in text or "real card was drawn" in text or text.startswith(ADDED):
            return "draw"
        if "opened the envelope" in text:
            return "opening"
        if "shown to both sides:" in text:
            return "showing"
        return "event"
    if line.rule == "56.E.2":
        return "showing" if "shows the card" in text else "count"
    if line.rule == "56" and text.startswith("game turn"):
        return "end-of-turn"
    if line.rule.startswith(("56.A", "56.B", "56.D", "56.E.3")):
        return "procedure"
    return "event"


def line_entry(line: LogEntry, data: dict[str, Any] | None = None) -> Made:
    who = f"{line.nation}: " if line.nation else ""
    return _kind(line), f"{who}{line.text}", line.rule, data or {}, line.turn.title


def step_entries(before: EuropaGame, after: EuropaGame, label: str) -> list[Made]:
    """The entries a change adds: one per new line of the log (a draw's keeps its commitments, so the record binds
    the draw and its file can be checked against it); a change that logs nothing but changes what the record seals
    is one entry in the change's own words; typing the roster adds nothing."""
    made = [line_entry(line, _draw_facts(after, line)) for line in after.log[len(before.log):]]
    if not made and state_digest(before) != state_digest(after):
        made.append(("event", label, "56", {}, ""))
    return made


def _draw_facts(game: EuropaGame, line: LogEntry) -> dict[str, Any]:
    nation = next((n for n in game.nations if n.name == line.nation), None) if line.nation else None
    envelope = nation.envelope if nation is not None else None
    if envelope is not None and envelope.mode == MAIL_DRAW:
        return mail_facts(envelope, _kind(line), line.text)
    if envelope is None or envelope.mode != SEALED_DRAW:
        return {}
    if _kind(line) in ("opening", "showing") or VOIDED in line.text:   # which draw it was (``stage_problem``)
        return {"draw": envelope.draw_id}
    if _kind(line) != "draw":
        return {}
    return {"draw": envelope.draw_id, "commitments": [part.commitment for part in envelope.contributions]}


def record_step(game: EuropaGame, record: GameRecord, made: Sequence[Made]) -> GameRecord:
    """``record`` with the step's entries; the last carries the digest of the settled state after it."""
    state = state_digest(game)
    for index, (kind, words, rules, data, turn) in enumerate(made):
        last = index == len(made) - 1
        record = record.append(kind, turn or game.turn.title, words, rules, data, state if last else "")
    return record


def recorded(before: EuropaGame, after: EuropaGame, label: str) -> EuropaGame:
    """``after`` with the entries the change from ``before`` adds to the record (what the window's holder does for
    every change; for a change made without the window, as the tests and play by e-mail make them)."""
    made = step_entries(before, after, label)
    return replace(after, record=record_step(after, before.record, made)) if made else after


def standing(entries: Sequence[Entry]) -> list[list[tuple[str, str]]]:
    """What stood after each entry: the game turn and the entry's nation and what happened to it."""
    rows: list[list[tuple[str, str]]] = []
    for entry in entries:
        nation, _, words = entry.summary.partition(": ")
        rows.append([("Turn", entry.turn)] + ([(nation, words)] if words else []))
    return rows


def draw_problem(game: EuropaGame) -> str:
    """A draw used twice, or one made for another game, nation or envelope ("" for none): a file holding one is
    refused, as a copied or replayed draw (56.E.1: every card is drawn for its envelope)."""
    seen: set[str] = set()
    for nation in game.nations:
        for envelope in (*nation.past_envelopes, *((nation.envelope,) if nation.envelope else ())):
            if envelope.mode == REAL_DECK:
                continue
            if envelope.draw_id in seen:
                return f"{nation.name}: a draw is used twice (draw {envelope.draw_id[:12]})"
            seen.add(envelope.draw_id)
            if not envelope.bound(game.record.game_id, nation.name):
                return (f"{nation.name}: the envelope drawn on {envelope.drawn} holds a draw made for another game, "
                        "nation or envelope")
    return ""


#: How far along an envelope the record speaks of may be, in order; what a void's log line says; what a nation's
#: removal's says (its envelopes leave the file with it).
_ALONG = ("drawn", "voided", "opened", "shown")
VOIDED = VOID_AGREED
_REMOVED = "removed from the game"
#: What an envelope at each stage the record names must hold (the words for the player).
_HOLDS = {"opened": "opened", "shown": "shown to both sides", "voided": "voided"}


def _recorded_stages(record: GameRecord) -> dict[str, tuple[str, str, Entry, bool]]:
    """draw id -> (nation, the furthest stage the record says, the entry that says it, whether it was by e-mail),
    for every draw the record made and kept: a draw or a void undone later (an "undone" entry after it) may have
    left the file, and so have a removed nation's envelopes; an opening or a showing is never undone (56.E.1)."""
    current: dict[str, str | None] = {}
    found: dict[str, tuple[str, str, Entry, bool]] = {}
    for entry in record.entries:
        nation, _, words = entry.summary.partition(": ")
        if entry.kind == "undone":
            found = {draw: (n, stage, at, mail) for draw, (n, stage, at, mail) in found.items()
                     if stage in ("opened", "shown")}
            continue
        if words.startswith(_REMOVED):
            found = {draw: item for draw, item in found.items() if item[0] != nation}
            continue
        drawn = entry.data.get("draw")
        draw = drawn if isinstance(drawn, str) and drawn else None
        if entry.kind == "draw":
            current[nation] = draw
        draw = draw or current.get(nation)
        stage = {"opening": "opened", "showing": "shown", "draw": "drawn"}.get(entry.kind, "")
        stage = "voided" if VOIDED in words else stage
        if draw is None or not stage:
            continue
        mail = "step" in entry.data or (draw in found and found[draw][3])
        before = found.get(draw)
        if before is None or _ALONG.index(stage) >= _ALONG.index(before[1]):
            found[draw] = (nation, stage, entry, mail)
        else:
            found[draw] = (*before[:3], mail)
    return found


def stage_problem(game: EuropaGame, record: GameRecord) -> RecordProblem | None:
    """An envelope the record says was drawn, opened, shown or voided that the file does not hold at least that far
    along (None: every one is): an opened envelope sealed again, a draw by e-mail made a paper envelope, a draw gone
    from the file without being undone.  Named by the entry that says how far it went (56.E.1: a card once seen
    stays seen)."""
    held = {envelope.draw_id: envelope for nation in game.nations
            for envelope in (*nation.past_envelopes, *((nation.envelope,) if nation.envelope else ()))
            if envelope.mode != REAL_DECK and envelope.draw_id}
    for draw, (nation, stage, entry, mail) in _recorded_stages(record).items():
        envelope = held.get(draw)
        how = "drawn by e-mail" if mail else "drawn"
        if envelope is None:
            return RecordProblem(entry.n, entry.turn, f"{nation}: the envelope this entry speaks of ({how}, draw "
                                                      f"{draw[:12]}) is not in the file")
        if envelope.mode != (MAIL_DRAW if mail else SEALED_DRAW):
            return RecordProblem(entry.n, entry.turn, f"{nation}: the envelope this entry speaks of was {how}; the "
                                                      "file holds it as another kind of envelope")
        reached = {"opened": envelope.opened is not None, "shown": envelope.shown is not None and bool(envelope.card),
                   "voided": envelope.voided is not None}
        if stage in reached and not reached[stage] and not (stage == "opened" and envelope.voided is not None):
            return RecordProblem(entry.n, entry.turn, f"{nation}: the record says the envelope was {_HOLDS[stage]} "
                                                      "here; the file holds it as if it never was")
    return None


def check_against_record(game: EuropaGame, record: GameRecord) -> RecordProblem | None:
    """What of a game does not agree with its record, named by the entry concerned.  An entry whose facts are not of
    the kinds its kind holds is named first (damaged or forged: ``entry_data``): the checks after it read them."""
    forged = data_problem(record)
    if forged is not None:
        return forged
    last = record.entries[-1] if record.entries else None
    sealing = next((entry for entry in reversed(record.entries) if entry.state), None)
    if sealing is not None and sealing.state != state_digest(game):
        return RecordProblem(sealing.n, sealing.turn, "the game is not what this entry sealed: the file was changed "
                                                      "outside the app")
    draws = {getattr(facts_of(entry), "draw", ""): entry for entry in record.entries
             if entry.kind == "draw" and "commitments" in entry.data}
    migrated = bool(record.entries) and record.entries[0].kind == "migrated"
    where = (last.n if last else 0), (last.turn if last else "")
    problem = draw_problem(replace(game, record=record))
    if problem:
        return RecordProblem(*where, problem)
    by_mail = mail_problem(game, record)
    if by_mail is not None:
        return by_mail
    stages = stage_problem(game, record)
    if stages is not None:
        return stages
    for nation in game.nations:
        for envelope in (*nation.past_envelopes, *((nation.envelope,) if nation.envelope else ())):
            if envelope.mode != SEALED_DRAW:
                continue
            entry = draws.get(envelope.draw_id)
            if envelope.nonce and entry is None and not migrated:
                return RecordProblem(*where, f"{nation.name}: the envelope drawn on {envelope.drawn} holds a draw the "
                                             "record never made")
            commitments = [part.commitment for part in envelope.contributions]
            if entry is not None and list(getattr(facts_of(entry), "commitments", ())) != commitments:
                return RecordProblem(entry.n, entry.turn, f"{nation.name}: the envelope's commitments are not the "
                                                          "ones this draw made")
            if envelope.revealed:
                try:
                    card = envelope.revealed_card()
                except RulesInputError as error:
                    return RecordProblem(*where, f"{nation.name}: {error}")
                if card != envelope.card:
                    return RecordProblem(*where, f"{nation.name}: the shown card is not the one both secrets draw")
    return None
