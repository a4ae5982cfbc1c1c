"""A new passphrase, for anything a player locks with one: his keys for play by e-mail (``keys``: Make new keys) and
the Europa national will envelopes (56.E.1).  Unicode-normalised, and refused when it is too short or one of the most
common choices, or little more than a name the player gave, so that guessing it offline is not cheap: both are sealed
with Scrypt (a key file here, an envelope box in ``core/europa/sealing``), which makes each guess cost memory and
time, and a short or common passphrase does not survive that.

One rule for both, so a player meets the same refusals, in the same words, wherever he types a new passphrase.
(For the envelopes one passphrase per player per game is enough: every envelope's secret is sealed on its own, with
its own salt, so using the same passphrase for all of them gives nothing away.)
"""

from __future__ import annotations

import re
import unicodedata

from ..lines import RulesInputError

#: The fewest characters a passphrase may have (after normalising): eight random letters take an attacker some
#: 10^11 guesses, each costing Scrypt's memory and time.
MIN_LENGTH = 10
#: The fewest different characters (refuses "aaaaaaaaaa", "1212121212").
MIN_DISTINCT = 5

#: The most common choices (passwords leaked most often, keyboard runs, and the words a wargame table reaches for).
#: Compared without case, spaces or punctuation.
COMMON = frozenset("""
password passw0rd password1 password12 password123 passwordpassword p4ssw0rd letmein letmein123 welcome welcome1
welcome123 qwerty qwerty123 qwertyuiop qwertyuiop123 asdfghjkl asdfghjkl1 zxcvbnm zxcvbnm123 qazwsxedc
1qaz2wsx3edc 1q2w3e4r5t 1q2w3e4r5t6y 123456 1234567 12345678 123456789 1234567890 12345678910 0123456789
0987654321 9876543210 111111 11111111 1111111111 000000 00000000 0000000000 123123 123123123 121212 abc123
abc12345 abcdef abcdefg abcdefgh abcdefghij iloveyou iloveyou1 iloveyou123 trustno1 dragon dragon123 monkey
monkey123 football football1 baseball baseball1 basketball soccer hockey superman batman spiderman starwars
princess sunshine shadow master master123 freedom whatever michael jennifer jordan23 harley ranger hunter
hunter2 buster thomas tigger charlie robert daniel secret secret123 secretpassword mypassword changeme
changeme123 default administrator admin admin123 root toor login guest test test123 testing testtest
computer internet samsung google apple access access123 mustang pepper cookie cheese summer winter autumn
spring flower flowers lovely loveme hello hello123 hellothere helloworld goodbye nothing something
anything everything maggie ginger chocolate purple orange yellow blessed jesus1 heaven angel angels
blink182 liverpool chelsea arsenal manchester barcelona realmadrid juventus yankees cowboys steelers
axis allies allied axispowers alliedpowers worldwar worldwar2 worldwarii ww2 wwii secondworldwar
awaworldatwar aworldatwar europa europawar wargame wargames boardgame boardgames panzer panzers
blitzkrieg barbarossa overlord operationoverlord dday normandy stalingrad kursk bagration torch husky
market garden marketgarden sealion seelowe typhoon citadel zitadelle bulge battleofthebulge midway
pearlharbor pearlharbour okinawa iwojima guadalcanal berlin moscow london paris rome tokyo warsaw
churchill roosevelt stalin hitler mussolini rommel patton montgomery zhukov eisenhower mcarthur
macarthur guderian manstein tiger tiger1 tiger2 kingtiger panther sherman t34 spitfire messerschmitt
stuka luftwaffe wehrmacht kriegsmarine afrikakorps desertfox envelope envelopes nationalwill
passphrase mypassphrase secretpassphrase opensesame letmeinplease iamthewalrus correcthorsebatterystaple
""".split())  # noqa: SIM905  (a list of words reads best as words)


#: The game's own words, beyond the common choices above: a passphrase made only of these (and of the players'
#: names, the game's title, its nations) is among the first a guesser who knows the game would try.
GAME_WORDS = frozenset("""
a an the of and or to in on at by for with from my our your his their is it war wars world game games play player
players table turn turns axis allies allied ally soviet soviets sovietunion ussr russia russian russians germany german
germans reich italy italian italians japan japanese britain british england english france french vichy usa us america
american americans china chinese finland finnish hungary hungarian rumania romania rumanian romanian bulgaria
bulgarian spain spanish turkey turkish sweden swedish yugoslavia greece greek poland polish europe european pacific
atlantic africa mediterranean national will nationalwill envelope envelopes card cards deck sealed seal draw drawn
open opened show shown secret secrets passphrase password key keys consent surrender surrendered defection defect
defected government rp rps re res brp brps dp dps hex hexes unit units army armies corps division divisions infantry
armor armour cavalry motorized mechanized tank tanks fleet navy naval air force forces plane planes fighter bomber
bombers attack defense defence blitz panzer panzers tiger tigers king queen jack ace joker jokers hearts heart diamonds
diamond clubs club spades spade red black one two three four five six seven eight nine ten
""".split()) | COMMON  # noqa: SIM905


def normalised(passphrase: str) -> str:
    """The passphrase as it is sealed with: Unicode NFC (an "é" typed as one character or as "e" and an accent is
    the same passphrase on every keyboard)."""
    return unicodedata.normalize("NFC", passphrase)


def _plain(text: str) -> str:
    return "".join(char for char in unicodedata.normalize("NFKC", text).casefold() if char.isalnum())


def _words(text: str) -> list[str]:
    return [word for word in re.split(r"[\W_]+", unicodedata.normalize("NFKC", text).casefold()) if word]


def _periodic(plain: str) -> bool:
    """"panzerpanzer", "abcabcabc": one part said again and again."""
    return len(plain) > 1 and (plain + plain).find(plain, 1) < len(plain)


def _vocabulary(word: str, own: frozenset[str]) -> bool:
    """A word of the game's own (a year or a short number counts: "panzer 1943")."""
    bare = word.rstrip("0123456789") or word
    return (word.isdigit() and len(word) <= 4) or bare in GAME_WORDS or word in GAME_WORDS or bare in own \
        or word in own


def passphrase_problem(passphrase: str, avoid: tuple[str, ...] = ()) -> str:
    """Why a new passphrase is refused ("" when it may be used).  ``avoid``: the game's own names it must not be
    made of (the players' names, the game's title, its nations; for new keys, the player's name).  A new passphrase
    is never compared with another side's: a refusal would tell the one typing it the other side's passphrase."""
    if not isinstance(passphrase, str):
        return "a passphrase is text"
    text = normalised(passphrase)
    plain = _plain(text)
    if len(text) < MIN_LENGTH:
        return (f"a passphrase needs at least {MIN_LENGTH} characters (a few words are easy to remember and hard "
                "to guess)")
    if len(set(plain or text)) < MIN_DISTINCT:
        return "a passphrase needs more different characters than that"
    if plain in COMMON or any(plain == common + digits for common in COMMON for digits in ("1", "12", "123", "!")):
        return "that passphrase is one of the most common choices: anyone guessing would try it first"
    rest = plain
    for word in sorted((_plain(word) for word in avoid if word), key=len, reverse=True):
        if word:
            rest = rest.replace(word, "")
    if len(rest) < MIN_DISTINCT + 1 and rest != plain:   # little more than a name or the title
        return "a passphrase must not be a player's name, the game's title or a nation's name"
    words = _words(text)
    if _periodic(plain) or _periodic(plain.rstrip("0123456789!")) or (len(words) > 1 and len(set(words)) == 1):
        return ("a passphrase must not be one word or part said again (\u201cpanzer panzer\u201d): a guesser tries "
                "those next")
    own = frozenset(word for name in avoid if name for word in (*_words(name), _plain(name)))
    if all(_vocabulary(word, own) for word in words):
        return ("a passphrase must not be made only of the game's own words (Axis, Allied, panzer, the nations, the "
                "cards, the players' names, the game's title): add words of your own")
    return ""


def check_new_passphrase(passphrase: str, who: str, avoid: tuple[str, ...] = ()) -> str:
    """The normalised passphrase, or ``RulesInputError`` saying why it is refused."""
    problem = passphrase_problem(passphrase, avoid)
    if problem:
        raise RulesInputError(f"the {who} passphrase is refused: {problem}")
    return normalised(passphrase)
