"""Europa game files of earlier versions, brought to the current one as named steps (one function per version).

Each step changes only what it names; anything else in the file is left for the strict reader
(``state.EuropaGame.from_json``) to take or refuse with its own message, so a damaged old file is refused as a
damaged new one is."""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

from ..lines import RulesInputError

#: The Europa game format this app writes.
CURRENT = 4


def _dicts(value: Any) -> list[dict[str, Any]]:
    return [item for item in value if isinstance(item, dict)] if isinstance(value, list) else []


def upgrade_1_to_2(game: dict[str, Any]) -> dict[str, Any]:
    """Version 2 (issue 25): German aid's armour RP pool and the city points held are kept with the game; each
    nation keeps its RE counts; a surrender roll names who rolled (the nation, or a new government, which is
    lowered only by its own rolls, 56.E.3); a condition not yet recorded is not "not met"; defection has a
    condition and start-of-turn checks like surrender (56.B).

    Version 1 wrote ``condition_met: false`` before anybody answered, so false becomes "not recorded"; every roll
    was the nation's own (a government's rolls were not told apart); the rate stays as stored (version 1 stored
    50% unless the players changed it).  Version 1 kept no pool: the RPs it shipped are taken as accumulated on
    the turn they were shipped, so the pool stands at 0, not below."""
    pool: list[dict[str, Any]] = []
    game = {**game, "version": 2, "german_pool": pool, "places": []}
    for nation in _dicts(game.get("nations")):
        nation["counts"] = []
        pool += [{"turn": shipment.get("turn"), "rps": shipment.get("rps"), "kind": "received"}
                 for shipment in _dicts(nation.get("aid"))]
        surrender = nation.get("surrender")
        if isinstance(surrender, dict):
            if surrender.get("condition_met") is False:
                surrender["condition_met"] = None
            for roll in _dicts(surrender.get("rolls")):
                roll["by"] = ""
            for government in _dicts(surrender.get("governments")):
                government.pop("rolls_before", None)
        defection = nation.get("defection")
        if isinstance(defection, dict):
            defection.update(condition="", condition_met=None, checks=[])
    return game


def _envelopes(nation: dict[str, Any]) -> list[dict[str, Any]]:
    past = nation.get("past_envelopes")
    past = past if isinstance(past, list) else []   # a damaged file's is judged by the reader, not here
    return [item for item in [nation.get("envelope"), *past] if isinstance(item, dict)]


def upgrade_2_to_3(game: dict[str, Any]) -> dict[str, Any]:
    """Version 3 (issue 26): the Scrypt cost is the app's, not the file's (the game's ``cost_log2`` goes: a file
    could lower it and new envelopes were sealed that weakly); each envelope may be bound to its game, nation and
    number, keep both secrets for the opener instead of the card, reveal them when shown, or be voided by both
    players' agreement.  An earlier version's envelopes are none of these: unbound, their card kept as it was."""
    game = {key: value for key, value in game.items() if key != "cost_log2"}
    game["version"] = 3
    for nation in _dicts(game.get("nations")):
        for envelope in _envelopes(nation):
            envelope.update(number=0, nonce="", secrets_for_opener=None, revealed=[], voided=None, void_reason="")
    return game


def upgrade_3_to_4(game: dict[str, Any]) -> dict[str, Any]:
    """Version 4 (issue 31): an envelope may be drawn between two computers (play by e-mail), each side's secret
    sealed to its own player's key and the Axis consent to open sealed to the Allied key.  An earlier version's
    envelopes were drawn at one table: they hold no consent."""
    game = {**game, "version": 4}
    for nation in _dicts(game.get("nations")):
        for envelope in _envelopes(nation):
            envelope["consent"] = None
    return game


#: What only a version with game records (format 3 on) writes in an envelope: a bound draw's number and random part,
#: the secrets kept for the opener and revealed when shown, a void by both players' agreement, an e-mail consent.
RECORD_ERA_ENVELOPE_FIELDS = ("number", "nonce", "secrets_for_opener", "revealed", "voided", "void_reason",
                              "consent")
#: Envelope modes only a version with game records writes (a draw between two computers, play by e-mail).
RECORD_ERA_MODES = ("e-mail-draw",)


def record_era_field(game: Any, version: int) -> str:
    """What a game that claims ``version`` (before records, under 3) holds that only a version with records writes,
    named for the player ("" for nothing): a file edited to say an earlier version, so that its record is dropped
    and starts afresh, is refused (docs/game-record.md)."""
    if not isinstance(game, dict):
        return ""
    inner = game.get("version")
    if inner != version:
        return f"a game of format {str(inner)[:12]} (game.version)"
    for index, nation in enumerate(_dicts(game.get("nations"))):
        for envelope in _envelopes(nation):
            field = next((name for name in RECORD_ERA_ENVELOPE_FIELDS if name in envelope), "")
            if field:
                return f"an envelope's {field} (game.nations[{index}])"
            if envelope.get("mode") in RECORD_ERA_MODES:
                return f"an envelope drawn by e-mail (game.nations[{index}])"
    return ""


#: version -> the step that brings a game of that version to the next.
STEPS: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {1: upgrade_1_to_2, 2: upgrade_2_to_3,
                                                              3: upgrade_3_to_4}


def upgrade(data: Any) -> Any:
    """The game brought to :data:`CURRENT` (a copy; the caller's data is never changed).  Data that is not an
    object of a known older version is returned as it is, for the reader to judge."""
    if not isinstance(data, dict):
        return data
    version = data.get("version")
    if isinstance(version, bool) or not isinstance(version, int) or version not in STEPS:
        return data
    game = copy.deepcopy(data)
    while game.get("version") in STEPS:
        step = game["version"]
        try:
            game = STEPS[step](game)
        except RulesInputError:
            raise
        except Exception as error:   # a damaged old file (a list that is a number ...): refused, never a traceback
            raise RulesInputError(f"game: damaged: cannot convert this version {step} game ({error})") from None
    return game
