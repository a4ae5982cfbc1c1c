"""Dice the app rolls in play by e-mail, drawn so that no player can choose one or roll it again (issue 31).

At one table the app rolls with ``secrets`` (or the caller's own generator) as it always did: both players watch
the screen.  In play by e-mail a die rolled on one player's computer would be his alone: he could reload the file
and roll again until he liked the die.  So once a game records players' keys, every die the app rolls is the next
of a sequence both sides fix together, each committed before the other's part is known:

* **Commitment.**  Each side's app grows a hash chain from a seed only that player can work out, derived from his
  private signing key and the game's id (``PlayerKeys.derived_secret``, HKDF-SHA256): nothing is stored, and the
  seed cannot be picked once the keys are recorded.  Element k of the chain is SHA-256 applied N-k times to the seed
  (N = :data:`CHAIN_LENGTH`); element 0, the *anchor*, is what the side commits, in a signed entry, at the first
  entry it adds once both sides' keys are in the game.  An anchor gives nothing of the elements away (SHA-256 is
  not run backwards), and a side commits once: a second anchor for a side is refused.
* **Revealing ahead.**  Once both anchors are in the record (never before: a side seeing the other's elements before
  committing could try keys until the dice suited him), each side's app, whenever it adds an entry and its revealed
  elements run low, reveals its element m for the next :data:`AHEAD` dice in a signed entry.  Element m gives every
  element below it (hash it again) and is checked by hashing it back to the anchor or to the element revealed before.
* **A die.**  The k-th app die of the game is the face SHA-256(game id, k, Axis element k, Allied element k) gives,
  by rejection sampling (:func:`face_of_byte`: bytes 252-255 are skipped, so every face has exactly 42 of the 252
  bytes kept, none favoured).  It is recorded in its own signed "die" entry (its number k, its face, what it was
  rolled for) before the entries of the change that used it.  Die k can be rolled only when the other side's
  element k is already in the record; the roller's own is revealed just before the die's entry if it is not yet.

What this gives: neither player can choose a die (it is fixed by both anchors, the second committed after the first
and before any element), and none can be rolled again unseen: every die drawn uses up its number k in the record,
a die of a change later undone too (undo adds entries and never takes one back), and reopening an older copy of the
file gives the same die for the same k.  A die drawn and not yet in the record is the one drawn again for the same
purpose.  ``verify`` re-derives every die from the revealed elements and the anchors and names the first that does
not hold (:func:`problem`).

What it leaves, said plainly: the roller's app knows the next dice before they are rolled (it knows both elements),
so a player with a modified program can see what is coming, and can use up a die he dislikes on some other roll -
each such die stays in the record with what it was rolled for, for the other player to read.  A die nobody can
foresee would need the other side's part revealed after the roll is asked for: an e-mail round trip per die, which
this design refuses in favour of play at the pace of files.  (A modified program could also commit an anchor not
grown from its keys; it gains nothing, as it still commits before any of the other side's elements is known.)
The value a family then uses is its own entry's (the record's die entry sits just before it); a modified program
could use another, and the two entries would disagree in the other player's "since your last turn".  A side whose
keys changed after its commitment can roll no more app dice (its new keys grow another chain); nor can anyone after
:data:`CHAIN_LENGTH` dice.  A die typed from a real die is possible once both players agreed to typed dice,
each in an entry signed with his keys (``pbem.agreed``: by e-mail nobody else sees a real die rolled); it is
recorded as typed.
"""

from __future__ import annotations

import functools
import hashlib
import re
from collections.abc import Callable
from typing import Any

from ..frozen import Frozen
from ..lines import RulesInputError

#: How many dice each side's chain holds: the most app dice one game can roll.
CHAIN_LENGTH = 4096
#: How many dice ahead a side reveals (a defection rolls one die per ground unit in a single change).
AHEAD = 24
SIDES = ("axis", "allied")


#: What a player can do when the app cannot roll (by e-mail a typed die needs both players' agreement).
TYPE = "type a real die, once both players agreed to typed dice"


class NoDieLeft(RulesInputError):
    """The app cannot roll a fair die now (the words say why and what the player can do)."""


def _other(side: str) -> str:
    return "allied" if side == "axis" else "axis"


def hashed(value: bytes, times: int) -> bytes:
    """SHA-256 applied ``times`` times."""
    for _ in range(times):
        value = hashlib.sha256(value).digest()
    return value


def element(seed: bytes, k: int) -> bytes:
    """Element ``k`` of the chain grown from ``seed`` (0: the anchor)."""
    return hashed(seed, CHAIN_LENGTH - k)


@functools.lru_cache(maxsize=8)
def _anchor(seed: bytes) -> bytes:
    return element(seed, 0)


def seed_of(keys: Any, game_id: str) -> bytes:
    """The seed of a player's chain in a game: only his private key gives it (``PlayerKeys.derived_secret``)."""
    return bytes(keys.derived_secret(f"fair dice|{game_id}"))


def face_of_byte(byte: int) -> int | None:
    """The face (1-6) a random byte gives, or None for the four bytes skipped so that every face is as likely."""
    return byte % 6 + 1 if byte < 252 else None


def face(game_id: str, k: int, axis: bytes, allied: bytes) -> int:
    """The ``k``-th app die of a game, from both sides' elements ``k``."""
    counter = 0
    while True:
        block = hashlib.sha256(b"awaw-desktop fair die|" + f"{game_id}|{k}|{counter}|".encode() + axis + allied)
        for byte in block.digest():
            found = face_of_byte(byte)
            if found is not None:
                return found
        counter += 1   # all 32 bytes skipped: about one chance in 10^57


class Trouble(Frozen):
    """The first dice entry that does not hold: its number, turn and what is wrong (a ``RecordProblem``'s parts)."""

    n: int
    turn: str
    what: str


class Dice:
    """The app dice as a record stands: each side's anchor, its highest revealed element, the dice used."""

    def __init__(self) -> None:
        self.anchors: dict[str, bytes] = {}
        self.revealed: dict[str, tuple[int, bytes]] = {}
        self.used = 0
        #: The sides whose keys the record holds.
        self.keyed: set[str] = set()
        #: Each side's revealed elements 1..upto, 32 bytes each, end to end: derived once, as each reveal is checked
        #: (hashing the new highest element back to the one before it), so reading every die is linear in the dice
        #: however many one entry reveals (issue 38 part 6: 4,096 revealed at once made verify quadratic).  Bytes
        #: are immutable: a copy shares them.
        self.elements: dict[str, bytes] = {}

    def copy(self) -> Dice:
        dice = Dice()
        dice.anchors, dice.revealed, dice.used, dice.keyed = (dict(self.anchors), dict(self.revealed), self.used,
                                                              set(self.keyed))
        dice.elements = dict(self.elements)
        return dice

    def upto(self, side: str) -> int:
        return self.revealed.get(side, (0, b""))[0]

    def element(self, side: str, k: int) -> bytes | None:
        """Side's element ``k`` if the record reveals it (no hashing: derived when it was revealed)."""
        if not 1 <= k <= self.upto(side):
            return None
        return self.elements[side][32 * (k - 1):32 * k]

    def take(self, game_id: str, side: str, facts: Any) -> str:
        """Read one entry's dice facts ("" when they hold, else what is wrong)."""
        if side not in SIDES:
            return "it draws dice for no side"
        if not isinstance(facts, dict) or not facts.keys() & {"anchor", "upto", "draw"}:
            return "its dice facts are damaged"
        player = f"the {side.title()} player"
        try:
            if "anchor" in facts:
                if side in self.anchors:
                    return f"{player}'s dice are committed a second time (a side commits once)"
                anchor = bytes.fromhex(str(facts["anchor"]))
                if len(anchor) != 32 or facts.get("length") != CHAIN_LENGTH:
                    return f"{player}'s dice commitment is damaged"
                self.anchors[side] = anchor
            if "upto" in facts:
                problem = self._reveal(side, facts["upto"], bytes.fromhex(str(facts["element"])))
                if problem:
                    return f"{player}'s {problem}"
            if "draw" in facts:
                return self._draw(game_id, side, facts)
        except (KeyError, ValueError, TypeError):
            return "its dice facts are damaged"
        return ""

    def _reveal(self, side: str, upto: Any, highest: bytes) -> str:
        if side not in self.anchors or _other(side) not in self.anchors:
            return "dice are revealed before both sides committed theirs"
        before, last = self.revealed.get(side, (0, self.anchors[side]))
        if isinstance(upto, bool) or not isinstance(upto, int) or not before < upto <= CHAIN_LENGTH \
                or len(highest) != 32:
            return "revealed dice are damaged"
        derived, value = [], highest   # elements upto, upto - 1, ..., before + 1, then element ``before``
        for _ in range(upto - before):
            derived.append(value)
            value = hashed(value, 1)
        if value != last:
            return "revealed dice do not hash back to the ones committed"
        self.revealed[side] = (upto, highest)
        self.elements[side] = self.elements.get(side, b"") + b"".join(reversed(derived))
        return ""

    def _draw(self, game_id: str, side: str, facts: dict[str, Any]) -> str:
        k, value = facts["draw"], facts["value"]
        if isinstance(k, bool) or not isinstance(k, int) or k != self.used + 1:
            return f"app die {k} is drawn out of turn (die {self.used + 1} is next): a die was left out or drawn again"
        axis, allied = self.element("axis", k), self.element("allied", k)
        if axis is None or allied is None:
            missing = "Axis" if axis is None else "Allied"
            return f"app die {k} is drawn before the {missing} player revealed his part of it"
        self.used = k
        fair = face(game_id, k, axis, allied)
        if value != fair:
            return f"app die {k} is recorded as {value!r}, but both players' committed dice give {fair}"
        return ""


#: The dice as they stood after an entry (by its hash, which stands for every entry up to it), for the records this
#: computer adds entries to: each entry then reads only the entries since the last one.
_read: dict[str, Dice] = {}


def read(record: Any, remembered: bool = True) -> tuple[Dice, Trouble | None]:
    """The app dice of a ``chain.GameRecord``, and the first entry whose dice facts do not hold (``remembered``:
    start from the dice read up to an entry already read, trusting its hash: not for a record whose chain is not
    checked)."""
    entries, start, dice = record.entries, 0, Dice()
    if remembered:
        for index in range(len(entries) - 1, max(-1, len(entries) - 65), -1):
            if entries[index].hash in _read:
                start, dice = index + 1, _read[entries[index].hash].copy()
                break
    for entry in entries[start:]:
        if entry.kind == "key" and entry.author:
            dice.keyed.add(entry.author)
        if "fair_dice" in entry.data:
            what = dice.take(record.game_id, entry.author, entry.data["fair_dice"])
            if what:
                return dice, Trouble(n=entry.n, turn=entry.turn, what=what)
    if remembered and entries:
        if len(_read) > 256:
            _read.clear()
        _read[entries[-1].hash] = dice.copy()
    return dice, None


def problem(record: Any) -> Trouble | None:
    """What ``verify`` names: the first app die, commitment or revealed element that does not hold, else the first
    entry that says the app rolled a die no fair die is behind (:func:`app_dice_troubles`)."""
    trouble = read(record, remembered=False)[1]
    if trouble is not None:
        return trouble
    troubles = app_dice_troubles(record)
    return troubles[0] if troubles else None


# -- dice the entries say the app rolled ------------------------------------------------------------

#: How a family's entry says a die was rolled by the app, in its words ("Hungary: surrender roll for the nation:
#: 4 (rolled by the app)"), for entries whose data does not say it.
_APP_WORDS = re.compile(r"(?<![0-9])([1-6]) \(rolled by the app\)")
#: Entries that repeat a change's label or quote another copy's entries, never a die of their own.
_AGAIN = frozenset({"undone", "redone", "gone-back", "went-on"})


def marked_app_dice(entry: Any) -> tuple[tuple[int, int | None], ...]:
    """The dice an entry says the app rolled, each as (value, its fair die's number or None).

    In its data: ``{"source": "rolled", "value": v}`` (A World at War's die entries), with ``"draw": k`` when the
    entry names the fair die it used (then it must be that die); else, for a procedure, in its words, "v (rolled by
    the app)" (the Europa rolls).  A fair die's own entry, an undo or redo (its words repeat a label) and going on
    from another copy (its words quote that copy) mark none."""
    data = entry.data if isinstance(entry.data, dict) else {}
    if "fair_dice" in data or entry.kind in _AGAIN:
        return ()
    if data.get("source") == "rolled":
        value, k = data.get("value", data.get("die")), data.get("draw")
        number = k if isinstance(k, int) and not isinstance(k, bool) else None
        return ((value if isinstance(value, int) and not isinstance(value, bool) else 0, number),)
    if entry.kind != "procedure":
        return ()
    return tuple((int(found), None) for found in _APP_WORDS.findall(entry.summary))


def app_dice_troubles(record: Any) -> tuple[Trouble, ...]:
    """Every entry of a game played by e-mail that says the app rolled a die with no fair die behind it (issue 35
    part 4), oldest first: from the first key entry on, each die an entry marks as the app's (:func:`marked_app_dice`)
    must be a fair die of the record (:func:`read`: drawn from both sides' committed dice) recorded before it, of the
    same value and used by no other such die; one that names its fair die's number must be that die.  (A die of a
    change later undone keeps its fair die; a fair die no entry uses is one drawn and not used, which the record
    shows with what it was rolled for.)  Dice at one table, before any keys, are the app's own and are not checked.
    ``verify`` and the replay call it; the first is what ``verify`` names."""
    troubles: list[Trouble] = []
    dice = Dice()
    keyed = False
    unused: dict[int, int] = {}   # fair die number -> its face, not yet used by an entry that marks an app die
    for entry in record.entries:
        keyed = keyed or entry.kind == "key"
        if entry.kind == "key" and entry.author:
            dice.keyed.add(entry.author)
        data = entry.data if isinstance(entry.data, dict) else {}
        if "fair_dice" in data:
            used = dice.used
            if dice.take(record.game_id, entry.author, data["fair_dice"]):
                break   # the dice facts do not hold: ``problem`` names this entry, and nothing after it is a fair die
            if dice.used > used:
                unused[dice.used] = data["fair_dice"]["value"]
            continue
        if not keyed:
            continue
        for value, number in marked_app_dice(entry):
            if number is not None:
                fair = unused.pop(number, None)
                what = (f"it says the app rolled a {value} as fair die {number}, which no unused fair die of the "
                        "record before it is" if fair is None else
                        f"it says the app rolled a {value} as fair die {number}, but that die gives {fair}"
                        if fair != value else "")
            else:
                match = next((k for k, face in unused.items() if face == value), None)
                if match is not None:
                    del unused[match]
                what = "" if match is not None else (
                    f"it says the app rolled a {value}, but no fair die of the record before it gives {value} "
                    "(a die the app rolls by e-mail is drawn from both players' committed dice, in an entry of its "
                    "own before the change that uses it)")
            if what:
                troubles.append(Trouble(n=entry.n, turn=entry.turn, what=what))
    return tuple(troubles)


# -- drawing on this computer ----------------------------------------------------------------------

class _Drawn(Frozen):
    """A die drawn on this computer and not yet in the record."""

    game_id: str
    side: str
    k: int
    value: int
    purpose: str


#: Dice drawn and waiting for their entry: the next entry this computer adds to that game's record puts them first
#: (``ahead``).  A die drawn again for the same purpose before then is the same die.
_drawn: list[_Drawn] = []
_busy: list[bool] = []


def forget_drawn() -> None:
    """Forget the dice drawn and not recorded (as quitting the app does): the same k gives the same die again."""
    _drawn.clear()


def _waiting(record: Any, side: str, used: int) -> list[_Drawn]:
    """This computer's dice drawn for ``record`` and not in it yet, in order (stale ones dropped)."""
    waiting = sorted((d for d in _drawn if d.game_id == record.game_id and d.side == side and d.k > used),
                     key=lambda d: d.k)
    kept = [d for index, d in enumerate(waiting) if d.k == used + index + 1]
    _drawn[:] = [d for d in _drawn if d.game_id != record.game_id or d in kept]
    return kept


def draw(record: Any, signer: Any, purpose: str) -> int:
    """The next fair die for ``signer`` (a ``keys.Signer``) in ``record``, rolled for ``purpose`` (raises
    ``NoDieLeft`` saying why when none can be rolled now)."""
    dice, trouble = read(record)
    if trouble is not None:
        raise NoDieLeft(f"this game's record of app dice does not hold (entry {trouble.n + 1}: {trouble.what}): "
                        f"{TYPE}")
    waiting = _waiting(record, signer.side, dice.used)
    again = next((d for d in waiting if d.purpose == purpose), None)
    if again is not None:
        return again.value
    k = dice.used + len(waiting) + 1
    other = _other(signer.side)
    if k > CHAIN_LENGTH:
        raise NoDieLeft(f"this game has rolled all its {CHAIN_LENGTH} app dice: {TYPE}")
    seed = seed_of(signer.keys, record.game_id)
    if signer.side in dice.anchors and dice.anchors[signer.side] != _anchor(seed):
        raise NoDieLeft(f"your keys are not the ones your side's dice were committed with: {TYPE}")
    theirs = dice.element(other, k)
    if theirs is None:
        raise NoDieLeft(f"no die left to roll until the {other.title()} player's next file: wait, or {TYPE}")
    mine = element(seed, k)
    axis, allied = (mine, theirs) if signer.side == "axis" else (theirs, mine)
    value = face(record.game_id, k, axis, allied)
    _drawn.append(_Drawn(game_id=record.game_id, side=signer.side, k=k, value=value, purpose=purpose))
    return value


def in_email_play(record: Any) -> bool:
    """Whether a game is played by e-mail: its record holds a player's keys."""
    return any(entry.kind == "key" for entry in record.entries)


def app_die(record: Any, purpose: str, fallback: Callable[[], int]) -> int:
    """The die the app rolls for ``purpose`` in the game whose record is ``record``: ``fallback()`` at one table (no
    keys in the game), else the next fair die for the side this computer plays (raises ``NoDieLeft``)."""
    if not in_email_play(record):
        return fallback()
    from .keys import signer_for

    signer = signer_for(record)
    if signer is None:
        raise NoDieLeft("this game is played by e-mail: only a player of it, his keys unlocked, lets the app roll; "
                        f"{TYPE}")
    other = _other(signer.side)
    if other not in record.player_keys():
        raise NoDieLeft(f"no die left to roll until the {other.title()} player has taken his side: wait, or "
                        f"{TYPE}")
    return draw(record, signer, purpose)


def ahead(record: Any, signer: Any, turn: str = "") -> Any:
    """``record`` (a ``chain.GameRecord``) with what ``signer``'s side owes before the entry it is adding: its
    commitment, its elements for the next dice when they run low, and the dice drawn on this computer and not yet
    recorded.  Called by ``GameRecord.append`` for every signed entry, with that entry's ``turn`` (the dice entries
    are dated with it, not with the entry before them); the record as it was when nothing is owed."""
    if _busy:
        return record
    _busy.append(True)
    try:
        return _ahead(record, signer, turn)
    finally:
        _busy.clear()


def _ahead(record: Any, signer: Any, turn: str = "") -> Any:
    dice, trouble = read(record)
    if trouble is not None or dice.keyed != set(SIDES):   # a record whose dice do not hold: nothing more drawn on
        return record                                    # it (verify names it); or not both sides' keys yet
    side, other = signer.side, _other(signer.side)
    seed = seed_of(signer.keys, record.game_id)
    facts: dict[str, Any] = {}
    if side not in dice.anchors:
        facts.update(anchor=_anchor(seed).hex(), length=CHAIN_LENGTH)
    elif dice.anchors[side] != _anchor(seed):
        return record   # keys changed since this side committed: its app dice stop (the module's docstring)
    waiting = _waiting(record, side, dice.used)
    needed = dice.used + len(waiting)
    if other in dice.anchors and dice.upto(side) < min(CHAIN_LENGTH, needed + AHEAD // 2):
        target = min(CHAIN_LENGTH, needed + AHEAD)
        facts.update(upto=target, element=element(seed, target).hex())
    turn = turn or (record.entries[-1].turn if record.entries else "")
    player = f"The {side.title()} player"
    if facts:
        words = (f"{player} commits his app dice" if "anchor" in facts else f"{player}'s app dice")
        words += f", revealed up to die {facts['upto']}" if "upto" in facts else " (none revealed yet)"
        record = record.append("dice", turn, words, data={"fair_dice": facts}, signer=signer)
    for drawn in waiting:
        record = record.append("die", turn, f"App die {drawn.k}, rolled for {drawn.purpose}: {drawn.value} (drawn "
                               "from both players' committed dice)",
                               data={"fair_dice": {"draw": drawn.k, "value": drawn.value, "purpose": drawn.purpose}},
                               signer=signer)
    _drawn[:] = [d for d in _drawn if d not in waiting]
    return record
