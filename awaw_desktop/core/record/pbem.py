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
