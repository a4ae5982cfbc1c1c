"""Play by e-mail, for every rules family: the name of the file a player sends at the end of his turn, and the few
lines he pastes in the e-mail with it (issue 31).

The file is named for the game, the turn and the side to move next ("tuesday-group-1942-spring-axis.awaw"), so a
folder of turns sorts by game and then by year, and the player who receives it sees at once whether it is his move.
The e-mail quotes the record's head code: the receiving player reads the same code in his status bar once the file is
open, or knows the file is not the one that was sent.  Nothing here sends mail: the player attaches the file himself.
"""

from __future__ import annotations

import re
import unicodedata
from typing import Any

from ..lines import RulesInputError

#: The file suffix every family's game file has.
SUFFIX = ".awaw"
#: The most characters each part of a file name keeps (a long title still leaves the turn and side readable).
GAME_PART = 40
#: The sides a record knows (``chain.Entry.author``), in the players' words.
SIDES = {"axis": "Axis", "allied": "Allied"}
_YEAR = re.compile(r"\b(1[89]\d\d|20\d\d)\b")


def slug(text: str) -> str:
    """``text`` in the characters every file system and mail program accepts: lowercase ASCII letters and digits
    joined by single hyphens ("Göteborg Club!" -> "goteborg-club"); "" when nothing of it is left."""
    plain = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode("ascii").lower()
    return re.sub(r"[^a-z0-9]+", "-", plain).strip("-")


def turn_slug(turn_title: str) -> str:
    """A turn as it sorts: the year first, then the rest ("Spring 1942" -> "1942-spring", "Jul I 1943" ->
    "1943-jul-i")."""
    found = _YEAR.search(turn_title)
    if found is None:
        return slug(turn_title)
    rest = slug(turn_title[:found.start()] + " " + turn_title[found.end():])
    return "-".join(part for part in (found.group(1), rest) if part)


def side_word(side: str) -> str:
    """"axis" -> "Axis" (a side the record does not know is written as given)."""
    return SIDES.get(side, side.strip().title())


def turn_file_name(game_title: str, turn_title: str, side: str) -> str:
    """The name of the file sent at the end of a turn: the game, the turn, the side to move next
    ("Tuesday group", "Spring 1942", "axis" -> "tuesday-group-1942-spring-axis.awaw").  Only lowercase ASCII
    letters, digits and hyphens before the suffix; never empty (an untitled game is "game")."""
    game = slug(game_title)[:GAME_PART].strip("-") or "game"
    parts = [game, turn_slug(turn_title)[:GAME_PART].strip("-"), slug(side)[:GAME_PART].strip("-")]
    return "-".join(part for part in parts if part) + SUFFIX


def mail_text(game_title: str, turn_title: str, side_next: str, code: str) -> str:
    """What the player pastes in his e-mail with the file attached: the file's name, the record code to check, and
    whose move it is."""
    name = turn_file_name(game_title, turn_title, side_next)
    game = game_title.strip() or "our game"
    quoted = code if code.startswith("record ") else f"record {code}"
    who = side_word(side_next)
    return "\n".join((
        f"{game} \u2014 {turn_title}",
        f"Attached: {name}",
        f"The game's {quoted}: once you have opened the file, your status bar should show the same code. If it does "
        "not, the file is not the one I sent: tell me before you play on.",
        f"Your move: the {who} player.",
        "Open the file with awaw-desktop (File > Open); it shows what I recorded since your last turn.",
    ))


# -- what both players must agree to in a game played by e-mail (issue 35 part 4) ---------------------------------
#
# By e-mail each side keeps its own part of every secret: an envelope's card is drawn from both sides' secrets, each
# on its own computer (Europa 56.E.1), and every die the app rolls is the next of a sequence both sides committed to
# (``fair_dice``).  Three ways of playing leave one player alone with a secret or a die: a paper envelope (the Allied
# player draws it, opens it and types the card), a draw at one table (both passphrases typed on one computer) and a
# die typed from a real die (nobody else sees it rolled).  In a game that records players' keys each is refused
# unless both players agreed to it, each in an entry of the record signed with his own keys.

#: What the players can agree to (the data of an agreement entry), in the players' words.
PAPER_ENVELOPES = "paper-envelopes"
TABLE_DRAWS = "table-draws"
TYPED_DICE = "typed-dice"
AGREEMENTS = {PAPER_ENVELOPES: "paper envelopes (real cards, typed in when shown)",
              TABLE_DRAWS: "envelopes drawn and opened at one table (both passphrases on one computer)",
              TYPED_DICE: "dice typed from real dice"}


def keyed(record: Any) -> bool:
    """Whether a game records players' keys (it is played by e-mail: ``fair_dice.in_email_play``)."""
    return any(entry.kind == "key" for entry in record.entries)


#: The agreements of the records read last, each kept with its record (records are immutable: the same object, the
#: same agreements), so that a window refreshing its boxes reads a long record once.
_read: dict[int, tuple[Any, dict[str, frozenset[str]]]] = {}


def agreements(record: Any) -> dict[str, frozenset[str]]:
    """For each of :data:`AGREEMENTS`, the sides whose agreement the record holds, each in an entry signed with the
    keys the record holds for that side at that entry (an unsigned entry, or one whose signature is not the side's,
    agrees to nothing)."""
    cached = _read.get(id(record))
    if cached is not None and cached[0] is record:
        return cached[1]
    from .keys import PublicKeys, entry_message

    keys: dict[str, Any] = {}
    sides: dict[str, set[str]] = {what: set() for what in AGREEMENTS}
    for entry in record.entries:
        if entry.kind == "key":
            try:
                recorded = PublicKeys.from_json(entry.data.get("keys"), "keys")
            except RulesInputError:   # damaged: it records no keys (``signature_problems`` names it)
                continue
            # A side's first keys are signed by the keys they record, a change by the keys it replaces.
            signing = keys.get(entry.author, recorded)
            if entry.author in SIDES and signing.verify(entry_message(entry.hash), entry.signature):
                keys[entry.author] = recorded
            continue
        what = entry.data.get("agreement") if isinstance(entry.data, dict) else None
        if not isinstance(what, str) or what not in sides or entry.author not in keys:
            continue
        if keys[entry.author].verify(entry_message(entry.hash), entry.signature):
            sides[what].add(entry.author)
    if len(_read) > 64:
        _read.clear()
    found = {what: frozenset(agreeing) for what, agreeing in sides.items()}
    _read[id(record)] = (record, found)
    return found


def agreed_by(record: Any, what: str) -> frozenset[str]:
    """The sides whose agreement to ``what`` (one of :data:`AGREEMENTS`) the record holds (:func:`agreements`)."""
    return agreements(record).get(what, frozenset())


def agreed(record: Any, what: str) -> bool:
    """Whether ``what`` may be played in this game: always at one table (no keys), by e-mail only once both
    players agreed to it (:func:`agreed_by`)."""
    return not keyed(record) or agreed_by(record, what) >= set(SIDES)


def agreement_words(what: str, side: str) -> str:
    """The words of a side's agreement entry."""
    return (f"The {side_word(side)} player agrees to play {AGREEMENTS[what]} in this game; by e-mail this needs "
            "both players' agreement, each on his own computer with his own keys")


def agreement_entry(what: str) -> dict[str, Any]:
    """The data of an agreement entry."""
    if what not in AGREEMENTS:
        raise RulesInputError(f"players agree to {', '.join(AGREEMENTS)}, not {what!r}")
    return {"agreement": what}


def waiting_for(record: Any, what: str) -> str:
    """What the players read while ``what`` is not agreed: who has agreed, who has not ("" once agreed)."""
    if agreed(record, what):
        return ""
    sides = agreed_by(record, what)
    missing = [side_word(side) for side in SIDES if side not in sides]
    said = f"the {missing[0]} player has not agreed yet" if len(missing) == 1 else "neither player has agreed yet"
    return (f"this game is played by e-mail, where each side keeps its part of every secret: {AGREEMENTS[what]} "
            f"need both players' agreement, each recorded on his own computer with his own keys, and {said}")


def require_agreed(record: Any, what: str, doing: str) -> None:
    """Raise ``RulesInputError`` ("``doing`` is refused: ...") unless ``what`` may be played in this game
    (:func:`agreed`)."""
    why = waiting_for(record, what)
    if why:
        raise RulesInputError(f"{doing} is refused: {why}")


def agree(record: Any, what: str, turn: str) -> Any:
    """``record`` (a ``chain.GameRecord``) with this computer's side's agreement to ``what``, signed with its keys
    (``keys.signer_for``); the other player agrees on his own computer.  Refused at one table (nothing to agree),
    without keys of this game unlocked, or when this side has agreed already."""
    from .keys import signer_for

    data = agreement_entry(what)
    if not keyed(record):
        raise RulesInputError(f"this game is played at one table: {AGREEMENTS[what]} need no agreement")
    signer = signer_for(record)
    if signer is None:
        raise RulesInputError("only a player of this game, his keys unlocked (File > Players' keys), records his "
                              "agreement")
    if signer.side in agreed_by(record, what):
        raise RulesInputError(f"the {side_word(signer.side)} player has agreed to {AGREEMENTS[what]} already: the "
                              "other player agrees on his own computer")
    return record.append("event", turn, agreement_words(what, signer.side), data=data, signer=signer)
