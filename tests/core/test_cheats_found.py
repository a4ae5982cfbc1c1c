"""Cheats that worked (the cheating-player review of the game record, the envelopes and play by e-mail): each test
plays the attack end to end with the core API and the files, and asserts what the app should do.  Each fails today,
so each is marked ``xfail(strict=True)``: the day the app stops the attack, the test passes and the mark must go.

The attacks are the player's own: the file, its backups, a text editor, Python, his own keys and passphrase."""

from __future__ import annotations

import base64
import json
import zlib
from pathlib import Path

import msgspec
import pytest

from awaw_desktop.core.awaw import sessionfile
from awaw_desktop.core.awaw.session import Session, apply_end_of_turn
from awaw_desktop.core.europa import actions, actions_mail, game_record
from awaw_desktop.core.europa.calendar import EuropaTurn
from awaw_desktop.core.europa.envelope import Stage
from awaw_desktop.core.files import gamefile
from awaw_desktop.core.files.atomic_file import MAX_FILE_SIZE, SessionFileError
from awaw_desktop.core.frozen import replace
from awaw_desktop.core.lines import RulesInputError
from awaw_desktop.core.record import fair_dice
from awaw_desktop.core.record.blocks import entry_dicts
from awaw_desktop.core.record.chain import Entry
from awaw_desktop.core.record.keys import PlayerKeys, play_as, take_side
from awaw_desktop.core.record.seen import SeenStore
from awaw_desktop.core.record.verify import verify_bytes

from .europa.mail_play import Computer, end_turns, new_mail_game

T = EuropaTurn.parse
AXIS, ALLIED = "olive branch grove", "red barn door"


def recorded(game, change, label="a change"):
    """A change as the window makes it: its entries added to the game record."""
    return game_record.recorded(game, change(game), label)


def opened_at_one_table():
    """A one-table Europa game: Italy's envelope drawn, then opened by the Allied player (who saw its card)."""
    game = actions.new_game(T("Jun II 43"), "Danube", "Ann", "Bob")
    game = recorded(game, lambda g: actions.add_nation(g, "Italy"))
    game = recorded(game, lambda g: actions.draw_envelope(g, "Italy", AXIS, ALLIED))
    opened, card = actions.open_envelope(game, "Italy", AXIS, ALLIED)
    return game_record.recorded(game, opened, "Open"), card


def told_or_refused(seen: SeenStore, raw: bytes) -> bool:
    """Whether this computer would say something about a file: refused, not verified, or named as a copy older
    than, parting from, or set aside from one it has seen."""
    try:
        game = gamefile.loads(raw).game
    except SessionFileError:
        return True
    return seen.compare(game.record).trouble or not verify_bytes(raw).verified


def test_an_opening_is_forgotten_by_calling_the_file_an_earlier_version(tmp_path):
    """A Europa file edited to say 'version': 2, its record deleted and its envelope unbound and sealed again, would
    load as a new game whose record (and the opening) starts afresh: a file that claims a version from before records
    but holds what only a record-era version writes is refused, naming the field; one stripped of all that loads, but
    this computer, which has seen the game, names it as a file that claims to be from an earlier version."""
    game, card = opened_at_one_table()
    seen = SeenStore(tmp_path / "seen")
    seen.remember(game.record, own=True)            # the opening is remembered the moment it is made
    document = json.loads(gamefile.dumps("europa", game))
    document["version"] = 2                          # a file "from before records": its record starts when read
    del document["record"]
    envelope = document["game"]["nations"][0]["envelope"]
    envelope.update(opened=None, opened_by="", secrets_for_opener=None, nonce="", number=0)   # an "earlier" draw
    document["game"]["log"] = [line for line in document["game"]["log"] if "opened" not in line["text"]]
    forged = json.dumps(document).encode()
    with pytest.raises(SessionFileError, match=r"damaged: .*format 2.*game\.version"):
        gamefile.loads(forged)
    assert told_or_refused(seen, forged)
    document["game"]["version"] = 2                  # the game's own version too: then an envelope's newer fields
    with pytest.raises(SessionFileError, match=r"damaged: .*envelope's number"):
        gamefile.loads(json.dumps(document).encode())
    for name in ("number", "nonce", "secrets_for_opener", "revealed", "voided", "void_reason", "consent"):
        del envelope[name]                           # everything a record-era version writes, stripped too
    stripped = json.dumps(document).encode()
    again = gamefile.loads(stripped).game
    assert again.nation("Italy").envelope.stage(again.turn) is Stage.SEALED
    assert actions.open_envelope(again, "Italy", AXIS, ALLIED)[1] == card   # it loads: the opening is gone ...
    first = again.record.entries[0]
    assert first.kind == "migrated" and "holds no record of the game so far" in first.summary   # ... said loudly
    comparison = seen.compare(again.record)
    assert comparison.verdict == "earlier-version" and comparison.trouble
    from awaw_desktop.core.record.words import comparison_words

    assert "a file that claims to be from an earlier version: it holds no record of the game so far" in \
        comparison_words(comparison, again.record)
    assert told_or_refused(seen, stripped)
    assert SeenStore(tmp_path / "elsewhere").compare(again.record).verdict == "new"   # a computer that saw nothing
    assert gamefile.loads((Path(__file__).parents[1] / "fixtures" / "europa-v2.awaw").read_bytes()).game   # honest


def test_an_email_game_loses_its_keys_and_signatures_by_calling_the_file_an_earlier_version(tmp_path):
    """An A World at War game played by e-mail, edited to say 'version': 3 and its record deleted, would load as a
    new game with no keys and no signatures: a version-3 file holding a record is refused; one without loads, but
    the receiving computer, which has seen a game played by e-mail, names it."""
    session = Session.new(title="Tuesday")
    axis, allied = PlayerKeys.new("Ann"), PlayerKeys.new("Bob")
    session.record = take_side(session.record, axis, "axis", session.turn.title)
    session.record = take_side(session.record, allied, "allied", session.turn.title)
    play_as(axis)
    try:
        apply_end_of_turn(session)
        session.add_to_record("end-of-turn", "End of Fall 1939: Germany +5")
    finally:
        play_as(None)
    allied_computer = SeenStore(tmp_path / "seen")
    allied_computer.remember(session.record)         # the Allied computer has seen the signed game
    document = json.loads(sessionfile.dumps(session))
    document["version"] = 3
    with pytest.raises(SessionFileError, match=r"damaged: .*format 3.*\(record\)"):
        sessionfile.loads(json.dumps(document).encode())
    del document["record"]
    forged = json.dumps(document).encode()
    loaded = sessionfile.loads(forged)
    assert [entry.kind for entry in loaded.record.entries] == ["migrated"]
    assert "holds no record of the game so far" in loaded.record.entries[0].summary
    assert allied_computer.compare(loaded.record).verdict == "earlier-version"
    assert allied_computer.compare(loaded.record).trouble or not verify_bytes(forged).verified
    at_the_table = SeenStore(tmp_path / "table")     # a computer that saw only a game at one table, same players
    at_the_table.remember(Session.new(title="Tuesday").record)
    assert at_the_table.compare(loaded.record).verdict == "earlier-version"
    document["title"] = "Wednesday"                  # an honest old file of another game: nothing to say
    assert at_the_table.compare(sessionfile.loads(json.dumps(document).encode()).record).verdict == "new"


def test_an_opened_envelope_is_sealed_again_by_one_appended_entry(tmp_path):
    """One entry appended with a new settled state (its hash computed with the standard library) would seal an opened
    envelope again: the game is checked against its whole record, and the opening, which cannot be undone, is named
    on opening and by verify."""
    game, card = opened_at_one_table()
    seen = SeenStore(tmp_path / "seen")
    seen.remember(game.record, own=True)
    italy = game.nation("Italy")
    sealed = replace(italy.envelope, opened=None, opened_by="", secrets_for_opener=None)
    forged = replace(game, nations=(replace(italy, envelope=sealed),), log=game.log[:-1])
    record = game.record.append("event", forged.turn.title, "Italy: roster typed", "56",
                                state=game_record.state_digest(forged))
    with pytest.raises(SessionFileError, match="cannot save: damaged"):   # the app writes no such file ...
        gamefile.dumps("europa", replace(forged, record=record))
    from awaw_desktop.core.europa.family import to_document

    raw = json.dumps(to_document(replace(forged, record=record))).encode()   # ... a player's script does
    opening = next(entry for entry in record.entries if entry.kind == "opening")
    with pytest.raises(SessionFileError, match=rf"entry {opening.n + 1} .*Italy: the record says the envelope was "
                                               "opened here"):
        gamefile.loads(raw)
    verification = verify_bytes(raw)
    assert not verification.verified and f"entry {opening.n + 1}" in verification.words()
    assert told_or_refused(seen, raw)
    problem = game_record.check_against_record(forged, record)
    assert problem is not None and problem.n == opening.n
    assert game_record.check_against_record(game, game.record) is None          # the honest game holds
    assert gamefile.loads(gamefile.dumps("europa", game)).game.nation("Italy").envelope.opened is not None
    assert card


@pytest.fixture
def campaign(tmp_path):
    return Computer(tmp_path / "ann", "axis", "Ann's own words"), Computer(tmp_path / "bob", "allied", "Bob's words")


def test_the_opener_voids_a_card_he_saw_and_a_new_one_is_drawn(campaign):
    axis, allied = campaign
    raw = new_mail_game(axis, allied)
    raw = axis.play(raw, lambda g, k: actions_mail.draw_by_mail(g, "Hungary", k), "Draw")
    raw = allied.play(raw, lambda g, k: actions_mail.add_secret_by_mail(g, "Hungary", k), "Add")
    raw = axis.play(raw, lambda g, k: actions_mail.give_consent(g, "Hungary", k), "Consent")
    raw = allied.play(raw, lambda g, k: actions_mail.open_by_mail(g, "Hungary", k)[0], "Open")
    refused = False
    try:
        raw = allied.play(raw, lambda g, _k: actions.void_envelope(g, "Hungary", "Bob lost his key file"), "Void")
    except RulesInputError:
        refused = True
    if not refused:
        game, comparison = axis.receive(raw)
        assert not comparison.trouble and verify_bytes(raw).verified
        assert game.record.entries[-1].author == "allied" and "both players agreed" in game.record.entries[-1].summary
        raw = axis.play(raw, lambda g, k: actions_mail.draw_by_mail(g, "Hungary", k), "Draw again")
        assert gamefile.loads(raw).game.nation("Hungary").envelope.opened is None   # a fresh, sealed card
    assert refused
    # a modified program that voids it anyway, in one entry signed by the Allied player: the Axis computer refuses it
    with pytest.raises(SessionFileError, match=r"cannot save: .*without the other player's agreement"):
        allied.play(raw, lambda g, _k: actions.void_agreed(g, "Hungary", "Bob lost his key file"), "Void")
    from awaw_desktop.core.europa.family import to_document

    play_as(allied.keys())
    try:
        game = gamefile.loads(raw).game
        voided = game_record.recorded(game, actions.void_agreed(game, "Hungary", "Bob lost his key file"), "Void")
    finally:
        play_as(None)
    forged = json.dumps(to_document(voided)).encode()   # written without the app's own check before a save
    with pytest.raises(SessionFileError, match="without the other player's agreement"):
        axis.receive(forged)
    assert not verify_bytes(forged).verified
    # proposed by the Allied player, it cannot be agreed by him too ...
    raw = allied.play(raw, lambda g, k: actions_mail.propose_void(g, "Hungary", "Bob lost his key file", k), "Void?")
    with pytest.raises(RulesInputError, match="the other player agrees"):
        allied.play(raw, lambda g, k: actions_mail.agree_to_void(g, "Hungary", k), "Agree")
    game, comparison = axis.receive(raw)
    assert game.nation("Hungary").envelope.voided is None and actions_mail.void_proposal(game, "Hungary") == (
        "allied", "Bob lost his key file")
    # ... the Axis player agrees on his own computer: voided, both signatures in the record, and a new card drawn
    raw = axis.play(raw, lambda g, k: actions_mail.agree_to_void(g, "Hungary", k), "Agree")
    game, comparison = allied.receive(raw)
    assert not comparison.trouble and verify_bytes(raw).verified
    envelope = game.nation("Hungary").envelope
    assert envelope.voided is not None and envelope.void_reason == "Bob lost his key file"
    assert [entry.author for entry in game.record.entries if entry.data.get("step", "").startswith("void")] == \
        ["allied", "axis"]
    raw = axis.play(raw, lambda g, k: actions_mail.draw_by_mail(g, "Hungary", k), "Draw again")
    assert gamefile.loads(raw).game.nation("Hungary").envelope.opened is None


@pytest.mark.xfail(strict=True, reason="at one table a new draw takes any two new passphrases: one player alone can "
                                       "type both, so he can work the card out with Python before any opening (and "
                                       "undo the draw and draw again until he likes it), then 'open it with the Axis "
                                       "player's consent' himself; nothing ties the Axis side to the passphrase it "
                                       "sealed its earlier envelopes with")
def test_one_player_alone_draws_with_both_passphrases_and_knows_the_card(tmp_path):
    game = actions.new_game(T("Jun II 43"), "Danube", "Ann", "Bob")
    for name in ("Italy", "Hungary"):
        game = recorded(game, lambda g, name=name: actions.add_nation(g, name))
    game = recorded(game, lambda g: actions.draw_envelope(g, "Italy", AXIS, ALLIED))   # both players at the table
    invented = "Bob's guess at Ann's words"                                           # Bob alone, later
    try:
        game = recorded(game, lambda g: actions.draw_envelope(g, "Hungary", invented, ALLIED))
    except RulesInputError:
        return
    from awaw_desktop.core.europa.draw import draw_card

    envelope = game.nation("Hungary").envelope
    card = draw_card(envelope.draw_id, *envelope.contributions, invented, ALLIED)[0]   # no opening recorded
    assert actions.open_envelope(game, "Hungary", invented, ALLIED)[1] == card
    pytest.fail("a second draw took an Axis passphrase the Axis side never sealed with")


@pytest.mark.xfail(strict=True, reason="the next app dice of an e-mail game can be read from the file by either "
                                       "player with twenty lines of standard-library Python (both sides reveal 24 "
                                       "ahead): no modified program is needed to see what is coming and order one's "
                                       "rolls or spend a die on another roll (docs/game-record.md says only the "
                                       "roller's app knows, and only a modified program could use it)")
def test_the_next_app_dice_are_read_from_the_file_alone(campaign):
    axis, allied = campaign
    raw = new_mail_game(axis, allied)
    raw = end_turns(axis, raw, 1)
    raw = end_turns(allied, raw, 1)
    raw = end_turns(axis, raw, 1)
    document = json.loads(raw)                       # what the Allied player received: the file, nothing else
    game_id, revealed, used = document["record"]["game_id"], {}, 0
    for entry in entry_dicts(document["record"]["blocks"]):
        facts = entry.get("data", {}).get("fair_dice", {})
        if "upto" in facts:
            revealed[entry["author"]] = (facts["upto"], bytes.fromhex(facts["element"]))
        used = facts.get("draw", used)

    def element(side, k):
        upto, highest = revealed[side]
        return fair_dice.hashed(highest, upto - k)

    foreseen = [fair_dice.face(game_id, k, element("axis", k), element("allied", k)) for k in range(used + 1, used + 6)]
    record = gamefile.loads(raw).game.record
    play_as(allied.keys())
    try:
        rolled = [fair_dice.app_die(record, f"roll {i}", lambda: 0) for i in range(5)]
    finally:
        play_as(None)
        fair_dice.forget_drawn()
    assert foreseen != rolled


def _big_record_file(blocks: int) -> bytes:
    """A Europa file under the size limit whose record inflates to ``blocks`` blocks of nearly 8 MB each, every hash
    right (the standard library computes them)."""
    game = actions.new_game(T("Jun II 43"), "Danube", "Ann", "Bob")
    entries, previous = list(game.record.entries), game.record.head
    padding = {"x": "a" * (60 * 1024)}
    for n in range(len(entries), blocks * 128):
        last = n == blocks * 128 - 1
        entry = Entry(n=n, kind="event", turn="Jun II 1943", summary="", hash="0" * 64, data=padding,
                      state=game_record.state_digest(game) if last else "")
        entry = replace(entry, hash=entry.hashed(previous))
        previous = entry.hash
        entries.append(entry)
    document = json.loads(gamefile.dumps("europa", game))
    document["record"]["blocks"] = [base64.b64encode(zlib.compress(msgspec.json.encode(entries[s:s + 128]), 9))
                                    .decode("ascii") for s in range(0, len(entries), 128)]
    return json.dumps(document).encode()


def test_a_small_file_cannot_hold_a_record_of_hundreds_of_megabytes():
    """The record's limits multiplied (200 blocks of up to 8 MB inflated): a file under 5 MB held 1.1 GB of record
    (17920 entries of 60 KB, 6 s and 1.1 GB of memory to open, and it verified).  Here 20 blocks, 156 MB from a
    0.7 MB file: refused, and verify says why, while a record as large as an honest one could be still loads."""
    from awaw_desktop.core.record.blocks import MAX_RECORD_BYTES

    raw = _big_record_file(20)
    assert len(raw) < MAX_FILE_SIZE
    with pytest.raises(SessionFileError, match=r"larger than 32 MB once inflated"):
        gamefile.loads(raw)
    assert "larger than 32 MB once inflated" in verify_bytes(raw).words()
    assert MAX_RECORD_BYTES >= 20_000 * 1500              # MAX_ENTRIES at well over a typical entry's ~620 bytes
    assert gamefile.loads(_big_record_file(3)).game.record   # 3 blocks, 23 MB: under the limit


def test_a_key_file_costs_a_guesser_as_much_as_an_envelope_box(tmp_path, monkeypatch):
    """A stolen key file (keys/, beside the other player's on a shared laptop) costs each guess what an envelope's
    Scrypt box does, and a file edited to ask for less is refused before any guess is made."""
    from awaw_desktop.core.europa import sealing
    from awaw_desktop.core.record import keys
    from awaw_desktop.core.record.keys import KeyStore

    assert (keys.DEFAULT_COST_LOG2, keys.APP_COST_LOG2) == (sealing.DEFAULT_COST_LOG2, sealing.APP_COST_LOG2)
    store = KeyStore(tmp_path)
    ann = PlayerKeys.new("Ann")
    path = store.save(ann, "Ann's own words")
    data = json.loads(path.read_text())
    assert "PRIVATE KEY" not in path.read_text()                     # no PKCS#8 under PBKDF2 any more
    assert data["private"]["kdf"] == "scrypt" and data["private"]["cost_log2"] == sealing.APP_COST_LOG2
    monkeypatch.setattr(keys, "FLOOR_COST_LOG2", 12)                  # the app's floor above the file's cost
    with pytest.raises(RulesInputError, match=r"locked more weakly than this app allows \(Scrypt 2\^10"):
        store.unlock(ann.public.fingerprint, "Ann's own words")


def test_an_email_draw_turned_into_a_paper_envelope_shows_a_card_of_the_openers_choosing(campaign):
    from awaw_desktop.core.europa.envelope import REAL_DECK

    axis, allied = campaign
    raw = new_mail_game(axis, allied)
    raw = axis.play(raw, lambda g, k: actions_mail.draw_by_mail(g, "Hungary", k), "Draw")
    raw = allied.play(raw, lambda g, k: actions_mail.add_secret_by_mail(g, "Hungary", k), "Add")
    raw = axis.play(raw, lambda g, k: actions_mail.give_consent(g, "Hungary", k), "Consent")
    raw = allied.play(raw, lambda g, k: actions_mail.open_by_mail(g, "Hungary", k)[0], "Open")

    def paper(game, _keys):
        nation = game.nation("Hungary")
        envelope = replace(nation.envelope, mode=REAL_DECK, draw_id="", contributions=(), consent=None, nonce="",
                           number=0)
        return replace(game, nations=(replace(nation, envelope=envelope),))

    def show_ace(game, _keys):
        return actions.request_re_count(game, "Hungary", "allied", typed_card="AS")[0]

    told = []
    for change, label in ((paper, "Hungary: roster typed"), (show_ace, "Count")):
        try:
            raw = allied.play(raw, change, label)
            _game, comparison = axis.receive(raw)
        except (SessionFileError, RulesInputError) as error:
            told.append((label, str(error)))
            break
        if comparison.trouble or not verify_bytes(raw).verified:
            told.append((label, verify_bytes(raw).words()))
            break
    if not told:
        assert gamefile.loads(raw).game.nation("Hungary").envelope.card == "AS"
    # the very first step is refused, naming the e-mail opening the paper envelope cannot stand for
    assert told and told[0][0] == "Hungary: roster typed"
    assert "Hungary: the envelope this entry speaks of (drawn by e-mail" in told[0][1]


def test_an_entry_in_the_other_players_name_hides_behind_an_earlier_unsigned_one():
    from awaw_desktop.core.record.chain import GameRecord
    from awaw_desktop.core.record.keys import Signer

    ann, bob = PlayerKeys.new("Ann"), PlayerKeys.new("Bob")
    record = GameRecord("0" * 32).append("begun", "Fall 1939", "New game")
    record = take_side(record, ann, "axis", "Fall 1939")
    record = take_side(record, bob, "allied", "Fall 1939")
    play_as(ann)
    try:
        record = record.append("event", "Fall 1939", "Germany: Ann's move")
    finally:
        play_as(None)
    record = record.append("event", "Fall 1939", "Germany: a note (Ann's keys were not unlocked)")   # unsigned
    forged = len(record)
    record = record._appended("event", "Fall 1939", "Britain: Bob agrees Britain surrenders", "", None, "", None,
                              "allied", Signer(side="allied", keys=ann))                       # in Bob's name
    problem = record.signature_problem()
    assert problem is not None and problem.n == forged - 1          # the harmless one is named first ...
    problems = record.signature_problems()                           # ... and the one in Bob's name with it
    assert [p.n for p in problems] == [forged - 1, forged] and problems[0] == problem
    assert "not the Allied player's" in problems[1].words()
    session = Session.new(title="Tuesday")                           # the same, in a file: verify lists both
    session.record = take_side(take_side(session.record, ann, "axis", "Fall 1939"), bob, "allied", "Fall 1939")
    session.add_to_record("event", "Germany: a note (Ann's keys were not unlocked)", sealed=False)
    unsigned = len(session.record) - 1
    session.record = session.record._appended("event", "Fall 1939", "Britain: Bob agrees Britain surrenders", "",
                                              None, "", None, "allied", Signer(side="allied", keys=ann))
    words = verify_bytes(sessionfile.dumps(session)).words()
    assert "NOT verified" in words and f"entry {unsigned + 1} " in words and f"entry {unsigned + 2} " in words
