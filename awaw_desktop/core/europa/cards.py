"""The deck and the National Will Modifiers table (56.E.1, Table 1) as data.

A deck is 52 cards and 2 jokers (NOTES.md).  A card is stored by a short code ("QH" for the
queen of hearts, "10S", "JOKER1") and drawn as an index 0..53.  Each card's effect is one
:class:`CardEffect`: what it acts on and by how much; ``recount`` applies it.
"""

from __future__ import annotations

from fractions import Fraction

from ..frozen import Frozen
from ..lines import RulesInputError

SUITS = ("S", "C", "H", "D")
SUIT_NAMES = {"S": "spades", "C": "clubs", "H": "hearts", "D": "diamonds"}
SUIT_SYMBOLS = {"S": "\u2660", "C": "\u2663", "H": "\u2665", "D": "\u2666"}
RANKS = ("A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2")
RANK_NAMES = {"A": "Ace", "K": "King", "Q": "Queen", "J": "Jack"}
JOKERS = ("JOKER1", "JOKER2")
DECK_SIZE = len(SUITS) * len(RANKS) + len(JOKERS)  # 54

TABLE_RULE = "56.E.1 Table 1"

# What an effect acts on (see recount.apply_card).
AIR_LOSSES = "air-losses"
NAVAL_LOSSES = "naval-losses"
GROUND_LOSSES = "ground-losses"
CM_LOSSES = "cm-armour-losses"
RP_POOL_LOSSES = "rp-pool-losses"
SS_POLICE = "ss-police"
LUFTWAFFE = "luftwaffe"
POSSESSIONS = "possessions"
DISTANCE = "distance"
GERMAN_RES = "german-res"
NOTHING = "nothing"


class CardEffect(Frozen):
    """One entry of Table 1, in our words: ``factor`` multiplies, ``amount`` adds (RPs or REs)."""

    target: str
    label: str
    factor: Fraction = Fraction(1)
    amount: int = 0
    rule: str = TABLE_RULE
    reading: str = ""


def card_code(index: int) -> str:
    if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < DECK_SIZE:
        raise RulesInputError(f"a card is numbered 0 to {DECK_SIZE - 1}, not {index!r}")
    if index >= len(SUITS) * len(RANKS):
        return JOKERS[index - len(SUITS) * len(RANKS)]
    suit, rank = divmod(index, len(RANKS))
    return RANKS[rank] + SUITS[suit]


def card_index(code: str) -> int:
    return ALL_CODES.index(parse_card(code))


def card_name(code: str) -> str:
    """"Queen of hearts", "10 of spades", "Joker"."""
    code = parse_card(code)
    if code in JOKERS:
        return "Joker"
    rank, suit = code[:-1], code[-1]
    return f"{RANK_NAMES.get(rank, rank)} of {SUIT_NAMES[suit]}"


def card_short(code: str) -> str:
    """"Q\u2665" for the table."""
    code = parse_card(code)
    if code in JOKERS:
        return "Joker"
    return code[:-1] + SUIT_SYMBOLS[code[-1]]


_WORD_RANKS = {"ace": "A", "king": "K", "queen": "Q", "jack": "J", "ten": "10", "nine": "9", "eight": "8",
               "seven": "7", "six": "6", "five": "5", "four": "4", "three": "3", "two": "2", "t": "10"}
_WORD_SUITS = {"spades": "S", "spade": "S", "clubs": "C", "club": "C", "hearts": "H", "heart": "H",
               "diamonds": "D", "diamond": "D", **{symbol: suit for suit, symbol in SUIT_SYMBOLS.items()}}


def parse_card(text: str) -> str:
    """A card as players type it: "QH", "Q\u2665", "queen of hearts", "10 of spades", "joker"."""
    if not isinstance(text, str):
        raise RulesInputError(f"a card is typed like 'QH', '10S' or 'queen of hearts', not {text!r}")
    cleaned = text.strip().upper().replace(" ", "")
    if cleaned in JOKERS:
        return cleaned
    if cleaned == "JOKER":
        return JOKERS[0]
    words = text.strip().lower().replace(" of ", " ").split()
    if len(words) == 2 and words[0] in (*_WORD_RANKS, *(r.lower() for r in RANKS)) and words[1] in _WORD_SUITS:
        rank = _WORD_RANKS.get(words[0], words[0].upper())
        return rank + _WORD_SUITS[words[1]]
    if len(cleaned) >= 2:
        rank_text, suit_text = cleaned[:-1], cleaned[-1]
        rank_text = _WORD_RANKS.get(rank_text.lower(), rank_text)
        suit = _WORD_SUITS.get(suit_text.lower(), suit_text if suit_text in SUITS else "")
        if rank_text in RANKS and suit:
            return rank_text + suit
    raise RulesInputError(f"not a playing card: {text!r} (type it like 'QH', '10S', 'Q\u2665' or 'queen of hearts')")


ALL_CODES = tuple(card_code(index) for index in range(DECK_SIZE))

_HALF = Fraction(1, 2)
_LOSS_LABELS = {"A": ("air", AIR_LOSSES), "K": ("naval", NAVAL_LOSSES), "Q": ("ground", GROUND_LOSSES),
                "J": ("c/m and armour", CM_LOSSES)}


def _effects() -> dict[str, CardEffect]:
    table: dict[str, CardEffect] = {}
    for rank, (words, target) in _LOSS_LABELS.items():
        reading = ("The king acts on naval losses: TF hits and NTs." if rank == "K" else
                   "The jack acts on the c/m and armour part of the ground losses only." if rank == "J" else "")
        table[rank + "S"] = CardEffect(target, f"{words} losses count half", factor=_HALF, reading=reading)
        table[rank + "C"] = CardEffect(target, f"{words} losses count double", factor=Fraction(2), reading=reading)
    table["AH"] = CardEffect(SS_POLICE, "SS/Police REs in the country count double", factor=Fraction(2))
    table["AD"] = CardEffect(SS_POLICE, "SS/Police REs in the country are not counted", factor=Fraction(0))
    luftwaffe_reading = "'Add Luftwaffe REs' counts the Luftwaffe REs in the country a second time."
    table["KH"] = CardEffect(LUFTWAFFE, "Luftwaffe REs in the country count twice", factor=Fraction(2),
                             reading=luftwaffe_reading)
    table["KD"] = CardEffect(LUFTWAFFE, "Luftwaffe REs in the country are not counted", factor=Fraction(0))
    table["QH"] = CardEffect(POSSESSIONS, "REs in possessions are not counted", factor=Fraction(0))
    table["QD"] = CardEffect(POSSESSIONS, "REs in possessions count in full (not half)", factor=Fraction(1),
                             reading="Only the possession half is lifted; an island still halves.")
    table["JH"] = CardEffect(DISTANCE, "the distance multiplier is halved", factor=_HALF,
                             reading="The halved distance multiplier is kept exact (3 MDs give x1 1/2).")
    table["JD"] = CardEffect(DISTANCE, "the distance multiplier is doubled", factor=Fraction(2))
    for rank in RANKS[4:]:
        n = int(rank)
        table[rank + "S"] = CardEffect(RP_POOL_LOSSES, f"RP pool losses count {n} RPs less", amount=-n,
                                       reading="RP pool losses never go below 0.")
        table[rank + "C"] = CardEffect(RP_POOL_LOSSES, f"RP pool losses count {n} RPs more", amount=n)
        german_reading = ("German REs are all German units in the home country (army, SS/Police, Luftwaffe), "
                          "at their printed size, at most as many as are there (Table 1 note 3); taking them off never "
                          "removes more than the German units there counted.")
        table[rank + "H"] = CardEffect(GERMAN_RES, f"{n} German REs in the country are not counted", amount=-n,
                                       reading=german_reading)
        table[rank + "D"] = CardEffect(GERMAN_RES, f"{n} German REs in the country count double", amount=n,
                                       reading=german_reading)
    for joker in JOKERS:
        table[joker] = CardEffect(NOTHING, "a joker: no modifiers")
    return table


#: Table 1: every card of the deck (52 entries and two jokers) and its effect.
TABLE_1: dict[str, CardEffect] = _effects()


def effect(code: str) -> CardEffect:
    return TABLE_1[parse_card(code)]
