"""A game session: what the players entered, what carries over between turns, and the record.

Totals are never stored: every level is derived from ``inputs`` and ``carry`` by the rules
core (``awaw.assess``).  The session is the single source of truth the window binds to,
and it is what a ``.awaw`` file holds (see ``sessionfile``).
"""

from __future__ import annotations

import copy
import os
from collections.abc import Iterable, Mapping
from typing import Any

from ..frozen import Frozen
from ..frozen import field as record_field
from ..lines import Line, RulesInputError
from ..record.chain import GameRecord, canonical, new_game_id, sha256, table_of
from . import assess, facts_settled
from . import facts as war_facts
from .common import Consequence, Edition, GameContext, PowerResult, Scenario, Season, Turn
from .settle_entries import entries_settled

#: Dice a player types in or lets the app roll.
DIE_SOURCES = ("typed", "rolled")


class DieRoll(Frozen):
    """One die roll, kept in the history so undo never re-rolls it."""

    turn: Turn
    purpose: str      # "Lebanon-Syria colony roll"
    rule: str         # "58.532"
    value: int
    source: str       # "typed" or "rolled"

    def __post_init__(self) -> None:
        if isinstance(self.value, bool) or not isinstance(self.value, int) or not 1 <= self.value <= 6:
            raise RulesInputError(f"a die shows 1 to 6, not {self.value!r}")
        if self.source not in DIE_SOURCES:
            raise RulesInputError(f"a die is typed or rolled, not {self.source!r}")

    def to_json(self) -> dict[str, Any]:
        return {"turn": self.turn.to_json(), "purpose": self.purpose, "rule": self.rule,
                "value": self.value, "source": self.source}


class HistoryEntry(Frozen):
    """One line of the game record: an end of turn, a wizard's outcome."""

    turn: Turn
    kind: str                              # "end-of-turn", "french-surrender", "british-surrender"
    title: str
    levels: Mapping[str, int] = record_field(default_factory=dict)
    events: tuple[Consequence, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {"turn": self.turn.to_json(), "kind": self.kind, "title": self.title,
                "levels": dict(self.levels),
                "events": [{"rule": e.rule, "text": e.text} for e in self.events]}


class EntryState(Frozen):
    """What one entry on a table may change, as it was (``Session.entry_state``): the order of the tables, the
    power's own table (None: nothing entered) and the facts of the war."""

    order: tuple[str, ...]
    table: dict[str, Any] | None
    facts: dict[str, Any]


class Session:
    """Everything about one game.  Mutated only through its methods (the window wraps
    each call in an undoable command).

    Written out rather than a dataclass: the one dataclass of the start-up cost it some 1.3 ms (generating and
    compiling its methods, and loading ``dataclasses``).  Equal when every field but ``load_notes`` is: two
    sessions in the same state are equal whatever their records (a file round trip keeps the record too)."""

    edition: Edition
    scenario: Scenario
    start_turn: Turn
    turn: Turn
    players: dict[str, str]
    title: str
    #: power -> line id -> entered value (JSON form).
    inputs: dict[str, dict[str, Any]]
    #: power -> values carried between turns (``initial_carry`` shape).
    carry: dict[str, dict[str, Any]]
    #: Outcomes recorded by the wizards ("france", "britain"), JSON form.
    outcomes: dict[str, Any]
    history: list[HistoryEntry]
    dice: list[DieRoll]
    #: The state of the war: facts more than one table reads, held once (``awaw.facts``).
    facts: dict[str, Any]
    #: The state before each whole-session step (end of turn, wizard outcome ...), oldest first, so a
    #: reopened file can still be undone and any past step gone back to: see :meth:`checkpoint`.
    checkpoints: list[dict[str, Any]]
    #: What opening an older file reconciled (shown once to the player; not saved).
    load_notes: list[str]
    #: The game record (``core/record``): every recorded step, never undone.  Not one of :data:`FIELDS`: undo and
    #: "go back" restore the state, never the record (they are entries of it).
    record: GameRecord

    #: Every field, in order.
    FIELDS = ("edition", "scenario", "start_turn", "turn", "players", "title", "inputs", "carry", "outcomes",
              "history", "dice", "facts", "checkpoints", "load_notes")
    #: The fields two equal sessions agree on.
    COMPARED = FIELDS[:-1]

    def __init__(self, edition: Edition, scenario: Scenario, start_turn: Turn, turn: Turn,
                 players: dict[str, str] | None = None, title: str = "",
                 inputs: dict[str, dict[str, Any]] | None = None, carry: dict[str, dict[str, Any]] | None = None,
                 outcomes: dict[str, Any] | None = None, history: list[HistoryEntry] | None = None,
                 dice: list[DieRoll] | None = None, facts: dict[str, Any] | None = None,
                 checkpoints: list[dict[str, Any]] | None = None, load_notes: list[str] | None = None) -> None:
        self.edition = edition
        self.scenario = scenario
        self.start_turn = start_turn
        self.turn = turn
        self.players = {"axis": "", "allied": ""} if players is None else players
        self.title = title
        self.inputs = {} if inputs is None else inputs
        self.carry = assess.initial_carry() if carry is None else carry
        self.outcomes = {} if outcomes is None else outcomes
        self.history = [] if history is None else history
        self.dice = [] if dice is None else dice
        self.facts = war_facts.defaults() if facts is None else facts
        self.checkpoints = [] if checkpoints is None else checkpoints
        self.load_notes = [] if load_notes is None else load_notes
        self.record = GameRecord(new_game_id())

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        return all(getattr(self, name) == getattr(other, name) for name in self.COMPARED)

    __hash__ = None  # type: ignore[assignment]  # mutable: equal by value, so not hashable

    def __repr__(self) -> str:
        fields = ", ".join(f"{name}={getattr(self, name)!r}" for name in self.FIELDS)
        return f"Session({fields})"

    @classmethod
    def new(cls, edition: Edition = Edition.UPDATED, scenario: Scenario = Scenario.GLOBAL_WAR,
            turn: Turn | None = None, players: Mapping[str, str] | None = None, title: str = "") -> Session:
        start = turn or Turn(1939, Season.FALL)
        session = cls(edition, scenario, start, start, {"axis": "", "allied": "", **(players or {})}, title)
        session.facts = war_facts.starting_facts(start)
        for key in war_facts.JAPAN_CLOCK_KEYS:   # read from the wars, never stored twice
            session.carry.get("japan", {}).pop(key, None)
        session.fill_starting_facts()
        session.begin_record()
        return session

    # -- the game record -------------------------------------------------------------------
    def settled_state(self) -> dict[str, Any]:
        """The part of the game only recorded steps change, which each such step's entry seals: the edition,
        scenario and turns, the title and players, the carried values, the wizards' outcomes, the log of turns
        and the dice.  Ticks and numbers and the facts of the war change freely between ends of turn."""
        return {**self.settled_state_head(), "history": [entry.to_json() for entry in self.history],
                "dice": [roll.to_json() for roll in self.dice]}

    def state_digest(self) -> str:
        """The digest of :meth:`settled_state`, the same bytes hashed, but with each log line's and die's canonical
        form kept from the last time (they never change once made): an end of turn at 1,000 turns hashes its state
        in about a millisecond, not the 40 ms that writing every line of the log out again took (issue 36)."""
        state = self.settled_state_head()
        state["history"], state["dice"] = _HISTORY_MARK, _DICE_MARK
        encoded = canonical(state).replace(_HISTORY_BYTES, _listed(self.history), 1)
        encoded = encoded.replace(_DICE_BYTES, _listed(self.dice), 1)
        if len(encoded) < _LONG_STATE:
            return sha256(encoded).hexdigest()
        import hashlib  # OpenSSL's SHA-256, four times CPython's own on a long game's state; loaded only for one

        return hashlib.sha256(encoded).hexdigest()

    def settled_state_head(self) -> dict[str, Any]:
        """:meth:`settled_state` without its log and dice."""
        return {"edition": self.edition.value, "scenario": self.scenario.value,
                "start_turn": self.start_turn.to_json(), "turn": self.turn.to_json(), "title": self.title,
                "players": dict(self.players), "carry": self.carry, "outcomes": self.outcomes}

    def begin_record(self, words: str = "") -> None:
        """A new game's record: one entry saying how it began (a late start: with the campaign so far)."""
        summary = words or (f"New game: {self.edition.title}, {self.scenario.title}, from {self.start_turn.title}")
        table = {"table": table_of(self.title, [self.players.get("axis", ""), self.players.get("allied", "")])}
        self.record = GameRecord(new_game_id()).append("begun", self.turn.title, summary, data=table,
                                                       state=self.state_digest())

    def add_to_record(self, kind: str, words: str, rules: str = "", data: dict[str, Any] | None = None,
                      sealed: bool = True, turn: str = "") -> None:
        """One entry more in the record (``sealed``: it carries the digest of the settled state now; ``turn``: the
        turn it happened in, when not the game's turn now, as an end of turn that moved it on)."""
        self.record = self.record.append(kind, turn or self.turn.title, words, rules, data,
                                         self.state_digest() if sealed else "")

    def fill_starting_facts(self) -> None:
        """Enter what holds at the start of a game (each side holds its own capitals).  A value every game has but a
        new game cannot know (Russia's ICs, the transports in the Atlantic SW box: ``unentered.NEEDED``) is left for
        the players to enter: it counts as its starting value and is shown as not entered until they do."""
        from .needed_lines import NEEDED

        for power in assess.ORDER:
            for line in self.lines(power):
                if line.input_kind != "derived" and line.start is not None and line.id not in NEEDED.get(power, ()):
                    self.set_value(power, line.id, line.starting_value())

    # -- reading -----------------------------------------------------------------------
    def lines(self, power: str) -> tuple[Line, ...]:
        return assess.lines(power, self.edition, self.scenario)

    def line(self, power: str, line_id: str) -> Line:
        for line in self.lines(power):
            if line.id == line_id:
                return line
        raise RulesInputError(f"{assess.title(power)} has no line {line_id!r} in the {self.edition.title}")

    def has_line(self, power: str, line_id: str) -> bool:
        return any(line.id == line_id for line in self.lines(power))

    def is_bound(self, power: str, line_id: str) -> bool:
        """True if the line shows a fact of the war (``awaw.facts``) rather than a value of its own."""
        return bool(war_facts.bindings(power, line_id)) and self.has_line(power, line_id)

    def is_entered(self, power: str, line_id: str) -> bool:
        return self.is_bound(power, line_id) or line_id in self.inputs.get(power, {})

    def value(self, power: str, line_id: str) -> Any:
        line = self.line(power, line_id)
        stored = self.inputs.get(power, {}).get(line_id, line.default())
        if war_facts.bindings(power, line_id):
            shown = war_facts.overlay(power, line_id, stored, self.facts)
            return line.validate(shown) if not isinstance(shown, bool) else shown
        return stored

    def effective_inputs(self, powers: Iterable[str] = assess.ORDER) -> dict[str, dict[str, Any]]:
        """What every table (or each of ``powers``) reads: the entered values with the war's facts in their
        bound lines."""
        result: dict[str, dict[str, Any]] = {}
        for power in powers:
            values = dict(self.inputs.get(power, {}))
            for line in self.lines(power):
                if war_facts.bindings(power, line.id):
                    shown = war_facts.overlay(power, line.id, values.get(line.id, line.default()), self.facts)
                    values[line.id] = list(line.validate(shown)) if isinstance(shown, list) else shown
            result[power] = values
        return result

    def effective_carry(self) -> dict[str, dict[str, Any]]:
        """The carried values, with Japan's war clock read from the wars (57.14A)."""
        carry = {power: dict(values) for power, values in self.carry.items()}
        carry.setdefault("japan", {}).update(war_facts.japan_clock(self.edition, self.facts))
        return carry

    def assess(self) -> dict[str, PowerResult]:
        return assess.assess_all(self.edition, self.scenario, self.turn, self.effective_inputs(),
                                 self.effective_carry())

    def assess_after_change(self, power: str, previous: Mapping[str, PowerResult]) -> dict[str, PowerResult]:
        """``assess()`` after a change to one of ``power``'s own entries (not a fact of the war, not what is
        carried), given the results before it: only ``power`` and the powers that read its result are assessed."""
        after = assess.ORDER[assess.ORDER.index(power):]
        return assess.assess_after_change(self.edition, self.scenario, self.turn, self.effective_inputs(after),
                                          self.effective_carry(), previous, power)

    def game_context(self, results: Mapping[str, PowerResult] | None = None) -> GameContext:
        return GameContext(self.edition, self.scenario, self.turn, results or {}, self.effective_carry())

    def fact(self, fact_id: str) -> Any:
        return self.facts.get(fact_id, war_facts.fact(fact_id).default())

    # -- changing ----------------------------------------------------------------------
    def set_value(self, power: str, line_id: str, value: Any) -> Any:
        """Store a validated value; returns the canonical form stored."""
        line = self.line(power, line_id)
        canonical = line.validate(value)
        if isinstance(canonical, tuple):
            canonical = list(canonical)
        if war_facts.bindings(power, line_id):
            rest = war_facts.write_line(power, line_id, canonical, self.facts, self.turn)
            if not rest:   # nothing of the line's own left: unentered, as a new game has it
                self.clear_value(power, line_id)
            else:
                self.inputs.setdefault(power, {})[line_id] = rest
            return canonical
        self.inputs.setdefault(power, {})[line_id] = canonical
        return canonical

    def set_fact(self, fact_id: str, value: Any) -> Any:
        """Change one fact of the war; every table that reads it follows."""
        item = war_facts.fact(fact_id)
        canonical = item.validate(value)
        if item.kind == "war" and canonical is not None and \
                Turn(canonical["year"], canonical["season"]) > self.turn:
            raise RulesInputError(f"{item.label} since {Turn(canonical['year'], canonical['season']).title}: a war "
                                  f"cannot have begun after the turn being played ({self.turn.title})")
        self.facts[fact_id] = canonical
        if fact_id == "war.japan_us" and canonical is None:
            self.facts["declared.japan_us"] = False
        return canonical

    def clear_value(self, power: str, line_id: str) -> None:
        """Forget an entered value: the line shows its default again."""
        entered = self.inputs.get(power, {})
        entered.pop(line_id, None)
        if power in self.inputs and not entered:
            del self.inputs[power]

    def entry_state(self, power: str) -> EntryState:
        """What an entry on ``power``'s table may change, exactly as it is now (:meth:`restore_entry_state`)."""
        table = self.inputs.get(power)
        return EntryState(tuple(self.inputs), None if table is None else copy.deepcopy(table),
                          war_facts.copied(self.facts))

    def restore_entry_state(self, power: str, state: EntryState) -> None:
        """Give back what :meth:`entry_state` kept, exactly: ``power``'s table as it was stored (an empty list a
        converted older file kept on a line showing a fact included), the facts of the war as they were (a fact
        no line shows alone, such as Japan's declaration beside the war it starts, included), the tables in their
        order.  Undo uses it: an entry undone gives back the very document, not only the same levels."""
        if state.table is None:
            self.inputs.pop(power, None)
        else:
            self.inputs[power] = copy.deepcopy(state.table)
        ordered = {key: self.inputs[key] for key in state.order if key in self.inputs}
        ordered.update((key, value) for key, value in self.inputs.items() if key not in ordered)
        self.inputs.clear()
        self.inputs.update(ordered)
        self.facts = war_facts.copied(state.facts)

    def clear_table(self, power: str) -> None:
        """Every line of a power's table back to unentered: its own values and the war's facts it shows
        (those other tables read too) to their defaults."""
        self.inputs.pop(power, None)
        for line in self.lines(power):
            for binding in war_facts.bindings(power, line.id):
                for fact_id in binding.fact_ids:
                    self.facts[fact_id] = war_facts.fact(fact_id).default()

    def set_carry(self, power: str, key: str, value: Any) -> None:
        if power == "japan" and key in war_facts.JAPAN_CLOCK_KEYS:   # read from the wars (57.14A)
            war_facts.set_japan_clock(self.edition, self.facts, key, value)
            return
        self.carry.setdefault(power, {})[key] = value

    # -- checkpoints: history that survives the file -----------------------------------------
    #: What a checkpoint restores (the record and dice are cut back to their length at the time).
    STATE_FIELDS = ("title", "players", "inputs", "carry", "outcomes", "facts")

    def checkpoint(self, title: str) -> dict[str, Any]:
        """The state now, before a whole-session step called ``title`` (JSON types only)."""
        return {"title": title, "turn": self.turn.to_json(), "history_length": len(self.history),
                "dice_length": len(self.dice),
                "state": copy.deepcopy({name: getattr(self, name) for name in self.STATE_FIELDS})}

    def restore_checkpoint(self, index: int, full: Session | None = None) -> None:
        """Go back to the state before checkpoint ``index``: the record, dice and later checkpoints are cut back
        to that moment.  ``full``: a session holding the record past this one (to go forward again)."""
        source = full or self
        point = source.checkpoints[index]
        state = point["state"]
        for name in self.STATE_FIELDS:
            setattr(self, name, copy.deepcopy(state[name]))
        self.turn = Turn(point["turn"]["year"], point["turn"]["season"])
        self.history = list(source.history[:point["history_length"]])
        self.dice = list(source.dice[:point["dice_length"]])
        self.checkpoints = list(source.checkpoints[:index])   # shared: see SHARED_RECORDS

    #: Lists of records never changed once made (frozen ``HistoryEntry`` and ``DieRoll``; a checkpoint's dict is
    #: not changed after :meth:`checkpoint` or the file made it): a copy has lists of its own but shares the records.
    SHARED_RECORDS = ("history", "dice", "checkpoints", "load_notes")

    def snapshot(self) -> Session:
        """A copy, for undo of whole-session steps (end of turn, wizard outcomes): the state that changes is
        copied, the record is shared (a 1,000-turn game copies in about the time of a new one)."""
        twin = copy.copy(self)
        twin.restore(self)
        return twin

    def entry_trial(self) -> Session:
        """A copy for trying entries (``set_value``, ``set_fact``, ``clear_value``) before they are made: its
        entries and facts are its own, everything else is shared with this session, so nothing else may be
        changed on it.  Cheaper than :meth:`snapshot` (the window tries every tick on a fact of the war)."""
        twin = copy.copy(self)
        twin.inputs = {power: dict(values) for power, values in self.inputs.items()}
        twin.facts = war_facts.copied(self.facts)
        return twin

    def restore(self, other: Session) -> None:
        """Become a copy of ``other`` in place (so every holder of this object sees it); shares its records."""
        for name in self.FIELDS:
            value = getattr(other, name)
            setattr(self, name, list(value) if name in self.SHARED_RECORDS else copy.deepcopy(value))



def preview_end_of_turn(session: Session, choices: Mapping[str, str] | None = None) -> assess.EndOfTurnReport:
    """What ending the Allied player turn would do, without changing the session."""
    return assess.end_of_turn(session.edition, session.scenario, session.turn, session.effective_inputs(),
                              session.effective_carry(), choices)


def apply_end_of_turn(session: Session, choices: Mapping[str, str] | None = None) -> assess.EndOfTurnReport:
    """End the Allied player turn: record what carries over, log it, and advance the turn.

    The facts players entered stay as they were, so next turn they change only what changed."""
    report = preview_end_of_turn(session, choices)
    previous = session.carry
    session.carry = report.new_carry
    for key in war_facts.JAPAN_CLOCK_KEYS:   # read from the wars, never stored twice
        session.carry.get("japan", {}).pop(key, None)
    # A war that resumed this turn (59.86) began in this turn, as the question asks.
    settled = facts_settled.settle_from_carry(session.facts, session.carry, session.turn, previous)
    entries = entries_settled(session, report.outcomes)   # what the steps settle in the tables
    answered = tuple(
        Consequence(question.rule, f"{question.prompt} \u2014 {dict(question.options).get(answer, answer)}")
        for question in report.questions
        for answer in [(choices or {}).get(question.id, question.default)]
    )
    session.history.append(HistoryEntry(
        turn=session.turn,
        kind="end-of-turn",
        title=f"End of {session.turn.title}",
        # The election's level only in a turn that holds one (62.21): otherwise it is a forecast, shown as "—".
        levels={key: result.level for key, result in report.results.items()
                if key != "election" or result.figures.get("held", True)},
        events=tuple(event for _power, event in report.events) + answered + tuple(entries)
        + tuple(Consequence("", text) for text in settled),
    ))
    _clear_per_turn_tallies(session)
    session.turn = session.turn.next()
    _schedule_elections(session, report)
    return report


def _clear_per_turn_tallies(session: Session) -> None:
    """A tally of one turn (enemy losses, 57.14B) starts again at zero next turn, and so does a fact of one turn
    (a declaration of war on the neutral U.S., 62.72)."""
    for power in assess.ORDER:
        for line in session.lines(power):
            if line.per_turn:
                session.clear_value(power, line.id)
    for fact_id in war_facts.PER_TURN_FACTS:
        session.facts[fact_id] = war_facts.fact(fact_id).default()


#: 62.21A: a U.S. election follows the 1945 Year Start Sequence, in every game.
YSS_1945_TURN = Turn(1945, Season.SPRING)


def _schedule_elections(session: Session, report: assess.EndOfTurnReport) -> None:
    """Elections are events, not standing facts: one held this turn is not held again next turn,
    and the turn after the 1945 YSS holds one (62.21A) without anyone having to remember it."""
    if session.scenario is Scenario.PACIFIC:
        return
    held = session.inputs.get("election", {}).get("trigger") or []
    note: Consequence | None = None
    if held:
        session.inputs["election"]["trigger"] = []
        note = Consequence("62.21", "The election trigger is cleared: an election is held only on its occasion.")
    if session.turn == YSS_1945_TURN:
        session.inputs.setdefault("election", {})["trigger"] = ["yss_1945"]
        note = Consequence("62.21A", "The 1945 Year Start Sequence is followed by a U.S. election: the "
                                     "U.S. election tab is set to hold it this turn.")
    if note is not None and session.history:
        last = session.history[-1]
        session.history[-1] = HistoryEntry(last.turn, last.kind, last.title, last.levels, (*last.events, note))


def record_die(session: Session, purpose: str, rule: str, value: int, source: str) -> DieRoll:
    roll = DieRoll(session.turn, purpose, rule, value, source)
    session.dice.append(roll)
    return roll


#: Where the log and the dice go in the settled state's canonical bytes: strings no player can type (a fresh
#: random token each run), replaced by the lists' bytes (``Session.state_digest``).
_TOKEN = os.urandom(12).hex()
_HISTORY_MARK, _DICE_MARK = f"\x00history-{_TOKEN}\x00", f"\x00dice-{_TOKEN}\x00"
_HISTORY_BYTES, _DICE_BYTES = canonical(_HISTORY_MARK), canonical(_DICE_MARK)
#: id(item) -> (the item, its canonical bytes): log lines and dice are immutable values, and the item kept here
#: keeps its id from being reused.  Pruned to the items of the game in hand when it outgrows it.
_CANONICAL: dict[int, tuple[Any, bytes]] = {}
#: A settled state this long (bytes; some 100 turns) is hashed by OpenSSL (``hashlib``), shorter ones by CPython's
#: own SHA-256, which a new game's first paint uses without loading OpenSSL: the same digest either way.
_LONG_STATE = 64 * 1024


def _listed(items: list[Any]) -> bytes:
    """``canonical([item.to_json() for item in items])``, from each item's kept bytes."""
    if len(_CANONICAL) > 4 * len(items) + 4096:
        keep = {id(item) for item in items}
        for key in [key for key in _CANONICAL if key not in keep]:
            del _CANONICAL[key]
    parts = []
    for item in items:
        kept = _CANONICAL.get(id(item))
        if kept is None or kept[0] is not item:
            kept = (item, canonical(item.to_json()))
            _CANONICAL[id(item)] = kept
        parts.append(kept[1])
    return b"[" + b",".join(parts) + b"]"
