"""The Europa game state: plain frozen dataclasses with JSON types only.

``EuropaGame.to_json()`` gives a JSON object the app's session file can hold as it is;
``EuropaGame.from_json()`` refuses anything it cannot use with a message naming where in the
file the problem is.  Every change is a pure function in ``actions`` returning a new game, so an
undo step is simply the previous game object.
"""

from __future__ import annotations

from typing import Any

from ..frozen import Frozen, field
from ..lines import RulesInputError
from ..record.chain import GameRecord, new_game_id
from . import migrate
from .calendar import EuropaTurn
from .city_points import MAX_PLACES, Place
from .count_record import CountRecord
from .defection import DefectionRecord
from .draw import AXIS, SIDES
from .envelope import Envelope
from .german_aid import PoolEntry
from .jsonread import Fields
from .political import AidShipment
from .roster import Losses, RosterEntry
from .surrender import SurrenderRecord

FORMAT_NAME = "awaw-desktop-europa"
#: Version 2 (issue 25): German aid's pool, city points, RE counts, who rolled, defection conditions
#: (``migrate.upgrade_1_to_2`` reads version 1).
FORMAT_VERSION = migrate.CURRENT
MAX_NAME = 40
MAX_NATIONS = 20
#: Nations offered when adding one (any other name may be typed).
SUGGESTED_NATIONS = ("Italy", "Finland", "Hungary", "Rumania", "Slovakia", "Bulgaria")


#: A turn as written -> the turn it reads as (a log holds many lines of one turn).
_TURNS_READ: dict[str, EuropaTurn] = {}


class LogEntry(Frozen):
    """One line of the game record."""

    turn: EuropaTurn
    rule: str
    nation: str
    text: str

    def to_json(self) -> dict[str, Any]:
        return {"turn": self.turn.to_json(), "rule": self.rule, "nation": self.nation, "text": self.text}

    @classmethod
    def from_json(cls, data: Any, where: str) -> LogEntry:
        if type(data) is dict and len(data) == 4:   # the quick way for a line as written (a log of 20,000 lines)
            turn, rule, nation, text = (data.get("turn"), data.get("rule"), data.get("nation"), data.get("text"))
            known = _TURNS_READ.get(turn) if type(turn) is str else None
            if known is not None and type(rule) is str and type(nation) is str and type(text) is str and \
                    len(rule) <= 40 and len(nation) <= MAX_NAME and len(text) <= 2000:
                return cls(known, rule, nation, text)
        f = Fields(data, where, ("turn", "rule", "nation", "text"))
        line = cls(f.turn("turn"), f.text("rule", 40), f.text("nation", MAX_NAME), f.text("text", 2000))
        if len(_TURNS_READ) < 4096:
            _TURNS_READ[data["turn"]] = line.turn
        return line

    def __str__(self) -> str:
        who = f"{self.nation}: " if self.nation else ""
        return f"{self.turn} \u2014 {who}{self.text} ({self.rule})"


class NationState(Frozen):
    """An Axis-Allied nation (its owner is the Axis side; the Allied side is its enemy)."""

    name: str
    envelope: Envelope | None = None
    past_envelopes: tuple[Envelope, ...] = ()
    roster: tuple[RosterEntry, ...] = ()
    losses: Losses = field(default_factory=Losses)
    surrender: SurrenderRecord = field(default_factory=SurrenderRecord)
    defection: DefectionRecord = field(default_factory=DefectionRecord)
    aid: tuple[AidShipment, ...] = ()
    counts: tuple[CountRecord, ...] = ()

    @property
    def owner(self) -> str:
        return AXIS

    @property
    def active(self) -> bool:
        """Still an Axis-Allied nation: neither surrendered nor defected."""
        return self.surrender.surrendered is None and self.defection.defected is None

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "envelope": self.envelope.to_json() if self.envelope else None,
                "past_envelopes": [e.to_json() for e in self.past_envelopes],
                "roster": [e.to_json() for e in self.roster], "losses": self.losses.to_json(),
                "surrender": self.surrender.to_json(), "defection": self.defection.to_json(),
                "aid": [s.to_json() for s in self.aid], "counts": [c.to_json() for c in self.counts]}

    @classmethod
    def from_json(cls, data: Any, where: str) -> NationState:
        f = Fields(data, where, ("name", "envelope", "past_envelopes", "roster", "losses", "surrender",
                                 "defection", "aid", "counts"))
        name = check_nation_name(f.text("name", 200))
        envelope = f.get("envelope")
        return cls(
            name=name,
            envelope=Envelope.from_json(envelope, f.at("envelope")) if envelope is not None else None,
            past_envelopes=tuple(Envelope.from_json(item, at) for at, item in f.items("past_envelopes", 200)),
            roster=tuple(RosterEntry.from_json(item, at) for at, item in f.items("roster", 1000)),
            losses=Losses.from_json(f.get("losses"), f.at("losses")),
            surrender=SurrenderRecord.from_json(f.get("surrender"), f.at("surrender")),
            defection=DefectionRecord.from_json(f.get("defection"), f.at("defection")),
            aid=tuple(AidShipment.from_json(item, at) for at, item in f.items("aid", 1000)),
            counts=tuple(CountRecord.from_json(item, at) for at, item in f.items("counts", 10_000)),
        )


def check_nation_name(name: str) -> str:
    cleaned = " ".join(name.split()) if isinstance(name, str) else ""
    if not cleaned:
        raise RulesInputError("a nation needs a name (Italy, Finland, Hungary ... or any other)")
    if len(cleaned) > MAX_NAME:
        raise RulesInputError(f"a nation's name is at most {MAX_NAME} characters")
    return cleaned


class EuropaGame(Frozen):
    start: EuropaTurn
    turn: EuropaTurn
    title: str = ""
    players: tuple[tuple[str, str], ...] = ((AXIS, ""), ("allied", ""))
    nations: tuple[NationState, ...] = ()
    log: tuple[LogEntry, ...] = ()
    #: German armour RPs accumulated and used by Germany (56.D); shipments are kept with each nation.
    german_pool: tuple[PoolEntry, ...] = ()
    #: Cities and towns of 56.C's countries and who holds them.
    places: tuple[Place, ...] = ()
    #: The game record (``core/record``): kept in the file beside the game, never undone (``ui.europa.holder``).
    record: GameRecord = field(default_factory=lambda: GameRecord(new_game_id()))

    def nation(self, name: str) -> NationState:
        for nation in self.nations:
            if nation.name.casefold() == name.strip().casefold():
                return nation
        raise RulesInputError(f"there is no nation called {name!r} in this game")

    def player(self, side: str) -> str:
        return dict(self.players).get(side, "")

    def to_json(self) -> dict[str, Any]:
        return {"format": FORMAT_NAME, "version": FORMAT_VERSION, "title": self.title,
                "players": dict(self.players), "start": self.start.to_json(), "turn": self.turn.to_json(),
                "nations": [n.to_json() for n in self.nations],
                "log": [entry.to_json() for entry in self.log],
                "german_pool": [entry.to_json() for entry in self.german_pool],
                "places": [place.to_json() for place in self.places]}

    @classmethod
    def from_json(cls, data: Any, where: str = "europa") -> EuropaGame:
        if isinstance(data, dict) and data.get("format") != FORMAT_NAME:
            raise RulesInputError(f"{where}: this is not a Europa game (format {data.get('format')!r})")
        if isinstance(data, dict):
            version = data.get("version")
            if isinstance(version, int) and not isinstance(version, bool) and version > FORMAT_VERSION:
                raise RulesInputError(f"{where}: the Europa game was saved by a newer version of the app "
                                      f"(format {version}; this one reads up to {FORMAT_VERSION})")
        data = migrate.upgrade(data)
        f = Fields(data, where, ("format", "version", "title", "players", "start", "turn", "nations",
                                 "log", "german_pool", "places"))
        f.integer("version", FORMAT_VERSION, FORMAT_VERSION)
        players = Fields(f.get("players"), f.at("players"), SIDES)
        game = cls(start=f.turn("start"), turn=f.turn("turn"), title=f.text("title"),
                   players=tuple((side, players.text(side, 80)) for side in SIDES),
                   nations=tuple(NationState.from_json(item, at) for at, item in f.items("nations", MAX_NATIONS)),
                   log=tuple(LogEntry.from_json(item, at) for at, item in f.items("log", 100_000)),
                   german_pool=tuple(PoolEntry.from_json(item, at) for at, item in f.items("german_pool", 10_000)),
                   places=tuple(Place.from_json(item, at) for at, item in f.items("places", MAX_PLACES)))
        if game.turn < game.start:
            raise RulesInputError(f"{where}: the current turn {game.turn} is before the start {game.start}")
        names = [n.name.casefold() for n in game.nations]
        if len(set(names)) != len(names):
            raise RulesInputError(f"{where}.nations: two nations have the same name")
        return game
