"""A scripted e-mail campaign of A World at War between two computers (issue 31): two data folders stand for the Axis
and the Allied players' computers, each plays as his own side with his own keys, and the turn files travel as bytes.
One file arrives late (an older copy: named), one is sent again (replayed: named), one player goes on from his own
older copy (the other's computer names the fork), one file is edited by hand (the chain refuses it) and one has an
entry forged in the other player's name (its signature names it).  Each window shows what was recorded since its
player's last turn; every entry after the keys is signed by the side that made it; ``awaw-desktop verify`` passes on
every honest file and names the first bad entry of the others."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from PySide6.QtWidgets import QMessageBox

from awaw_desktop.core.awaw import sessionfile
from awaw_desktop.core.record import keys as player_keys
from awaw_desktop.core.record import verify
from awaw_desktop.core.record.blocks import blocks_of, entry_dicts
from awaw_desktop.core.record.chain import Entry, GameRecord
from awaw_desktop.ui.awaw.main_window import MainWindow
from awaw_desktop.ui.shell.record_views import SinceDialog

from .campaign_helpers import end_turn
from .helpers import NextDialog, press
from .pbem_helpers import Computer, make_keys_and_take_side, send_turn


@pytest.fixture(autouse=True)
def no_keys_unlocked():
    player_keys.play_as(None)
    yield
    player_keys.play_as(None)


def make_window(qtbot) -> MainWindow:
    window = MainWindow()
    qtbot.addWidget(window)
    window.ask_unsaved = lambda: QMessageBox.StandardButton.Discard   # each opens a received file over his game
    window.show()
    return window


def deliver(sent: dict[str, str], inbox: Path) -> Path:
    """The e-mail: the attached file's bytes, saved by the receiving player in his own folder."""
    source = Path(sent["path"])
    inbox.mkdir(exist_ok=True)
    target = inbox / source.name
    target.write_bytes(source.read_bytes())
    return target


def since_kinds(window) -> list[str]:
    """What the "Since your last turn" screen lists (each entry's word), closed once read."""
    dialog = window.since_dialog
    assert isinstance(dialog, SinceDialog) and dialog.isVisible()
    words = [dialog.list.item(row).text().split(" \u2014 ")[1].split(":")[0] for row in range(dialog.list.count())]
    dialog.close()
    return words


def refused_copy(qtbot, window, path: Path) -> str:
    """Open a copy this computer names as older or forked, read what it says, and answer "Don't open it"."""
    said: list[str] = []

    def player(box):
        said.append(box.text() + "\n" + box.informativeText())
        press(qtbot, box, "Don't open it")

    hands = NextDialog(player, QMessageBox)
    assert not window.open_path(path, confirmed=True)
    hands.check()
    return said[0]


def authors(window) -> list[tuple[str, str]]:
    return [(entry.kind, entry.author) for entry in window.store.session.record.entries]


def verified(capsys, path: Path) -> tuple[int, str]:
    """``awaw-desktop verify FILE``: its exit status and what it printed."""
    status = verify.main([str(path)])
    return status, capsys.readouterr().out


def rewrite(path: Path, target: Path, change) -> Path:
    """A copy of the file with its record's entries changed by ``change(entries)`` (a text editor's work)."""
    document = json.loads(path.read_text(encoding="utf-8"))
    entries = entry_dicts(document["record"]["blocks"])
    change(entries)
    document["record"]["blocks"] = blocks_of(entries)
    target.write_text(json.dumps(document), encoding="utf-8")
    return target


def rechained(game_id: str, entries: list[dict]) -> None:
    """Every hash written again from the first entry, as anyone can (SHA-256 is public): the chain holds again."""
    previous = GameRecord(game_id).head
    for item in entries:
        entry = Entry.from_json({**item, "hash": "0" * 64}, "entry")
        item["hash"] = entry.hashed(previous)
        previous = item["hash"]


def test_an_email_campaign_between_two_computers(qtbot, tmp_path, monkeypatch, capsys):
    axis_pc, allied_pc = Computer(monkeypatch, tmp_path / "axis-pc"), Computer(monkeypatch, tmp_path / "allied-pc")
    axis_docs, allied_docs = tmp_path / "axis-docs", tmp_path / "allied-docs"
    axis_docs.mkdir()
    allied_docs.mkdir()
    honest: list[Path] = []

    # -- the Axis player sets the game up, takes his side and sends the first turn ------------------------------
    with axis_pc:
        axis = make_window(qtbot)
        axis.apply_details("Tuesday group", {"axis": "Axel", "allied": "Alice"})
        make_keys_and_take_side(qtbot, axis, "Axel", "Axel's long passphrase", "Axis")
        a1 = send_turn(qtbot, axis, monkeypatch, "Allied", axis_docs)
        assert Path(a1["path"]).name == "tuesday-group-1939-fall-allied.awaw"
        honest.append(Path(a1["path"]))

    # -- the Allied player opens it, checks the code, takes his side, plays and sends back ------------------------
    with allied_pc:
        allied = make_window(qtbot)
        assert allied.open_path(deliver(a1, allied_docs), confirmed=True)
        assert allied.since_dialog is None   # a game this computer never saw: nothing "since"
        assert allied.record_code.text() == a1["code"]   # the code quoted in the e-mail
        assert "this computer has none of them unlocked" in allied.statusBar().currentMessage()   # keyed game
        make_keys_and_take_side(qtbot, allied, "Alice", "Alice's long passphrase", "Allied")
        assert allied.record_code.text().endswith("\u00b7 signed: Allied")
        end_turn(qtbot, allied)
        b1 = send_turn(qtbot, allied, monkeypatch, "Axis", allied_docs)
        assert "most likely the Axis player moves next" in b1["suggestion"]
        honest.append(Path(b1["path"]))

    # -- the Axis player sees what was recorded since his turn, plays two turns and sends both --------------------
    with axis_pc:
        assert axis.open_path(deliver(b1, axis_docs), confirmed=True)
        listed = [axis.since_dialog.list.item(row).text() for row in range(axis.since_dialog.list.count())]
        assert all(line.endswith("(signed by the Allied player)") for line in listed), listed
        # The Allied keys, both sides' app dice committed (no values known to either before), his turn, his file sent
        assert since_kinds(axis) == ["Player key", "App dice", "End of turn", "Turn sent"]
        assert axis.record_code.text() == f"{b1['code']} \u00b7 signed: Axis"
        end_turn(qtbot, axis)
        a2 = send_turn(qtbot, axis, monkeypatch, "Allied", axis_docs)
        end_turn(qtbot, axis)
        a3 = send_turn(qtbot, axis, monkeypatch, "Allied", axis_docs)
        assert Path(a2["path"]).name != Path(a3["path"]).name   # named for their turns
        honest += [Path(a2["path"]), Path(a3["path"])]

    # -- out of order: the later file arrives first; the late one is named as an older copy ------------------------
    with allied_pc:
        late = deliver(a2, allied_docs)
        assert allied.open_path(deliver(a3, allied_docs), confirmed=True)
        assert since_kinds(allied) == ["App dice", "End of turn", "Turn sent", "End of turn", "Turn sent"]
        said = refused_copy(qtbot, allied, late)
        assert "an older copy" in said and "1 end of turn" in said
        assert allied.store.session.record.code == a3["code"].removeprefix("record ")   # his game is unchanged
        end_turn(qtbot, allied)
        b2 = send_turn(qtbot, allied, monkeypatch, "Axis", allied_docs)
        honest.append(Path(b2["path"]))

        # -- replayed: the Axis player sends his last file again; this computer has seen more of the game ----------
        replayed = allied_docs / "replayed" / Path(a3["path"]).name
        replayed.parent.mkdir()
        replayed.write_bytes(Path(a3["path"]).read_bytes())
        said = refused_copy(qtbot, allied, replayed)
        assert "an older copy" in said and "1 end of turn" in said

    # -- the Axis player dislikes the Allied turn and goes on from his own older copy ------------------------------
    with axis_pc:
        assert axis.open_path(deliver(b2, axis_docs), confirmed=True)
        assert since_kinds(axis) == ["App dice", "End of turn", "Turn sent"]

        def go_on(box):
            press(qtbot, box, "Go on from this copy")

        hands = NextDialog(go_on, QMessageBox)
        assert axis.open_path(Path(a3["path"]), confirmed=True)
        hands.check()
        assert authors(axis)[-1] == ("went-on", "axis")   # the choice is an entry, signed by him
        end_turn(qtbot, axis)
        a4 = send_turn(qtbot, axis, monkeypatch, "Allied", axis_docs)
        honest.append(Path(a4["path"]))

    with allied_pc:   # the fork is named on the Allied computer, with what each copy holds
        said = refused_copy(qtbot, allied, deliver(a4, allied_docs))
        assert "parts from the game" in said and "The players went on from this copy" in said

    # -- every entry after the first keys is signed by the side that made it ---------------------------------------
    record = sessionfile.load(Path(a4["path"])).record
    assert record.signature_problem() is None
    made = [(entry.kind, entry.author) for entry in record.entries]
    first_key = made.index(("key", "axis"))
    assert made[:first_key] == [("begun", ""), ("details", "")]
    play = [step for step in made[first_key:] if step[0] not in ("dice", "sent")]
    assert play == [("key", "axis"), ("key", "allied"), ("end-of-turn", "allied"),
                    ("end-of-turn", "axis"), ("end-of-turn", "axis"), ("went-on", "axis"),
                    ("end-of-turn", "axis")]
    # Each file sent is an entry of its sender's (the Allied b1, the Axis a2 and a3, then a4 after going on from a3),
    # and each side committed and revealed its app dice in entries of its own, signed.
    assert [author for kind, author in made if kind == "sent"] == ["axis", "allied", "axis", "axis", "axis"]
    assert {author for kind, author in made if kind == "dice"} == {"axis", "allied"}
    allied_record = sessionfile.load(Path(b2["path"])).record
    assert [entry.author for entry in allied_record.entries][-1] == "allied"
    assert all(entry.signature for entry in record.entries[first_key:])

    # -- awaw-desktop verify: every honest file passes ---------------------------------------------------------------
    for path in honest:
        status, out = verified(capsys, path)
        assert status == 0 and ": verified (" in out, out

    # -- edited by hand: an entry's words changed; the chain names it, the window refuses the file ------------------
    def soften(entries):
        entries[4]["summary"] = "End of Fall 1939: nothing happened"

    edited = rewrite(Path(b2["path"]), tmp_path / "edited.awaw", soften)
    status, out = verified(capsys, edited)
    assert status == 1 and "NOT verified: entry 5 (Fall 1939): its contents or the entry before it were changed" \
        in out, out
    with axis_pc:
        told: list[str] = []
        hands = NextDialog(lambda box: (told.append(box.text()), box.accept()), QMessageBox)
        assert not axis.open_path(edited, confirmed=True)
        hands.check()
        assert "does not hold at entry 5" in told[0]

    # -- forged: the Allied player adds an entry in the Axis player's name and writes the chain again -------------
    def forge(entries):
        axis_signature = next(item["signature"] for item in entries if item.get("author") == "axis")
        entries.append({"n": len(entries), "kind": "event", "turn": entries[-1]["turn"],
                        "summary": "The Axis player concedes the game", "author": "axis",
                        "signature": axis_signature, "hash": "0" * 64})
        rechained(record.game_id, entries)

    forged = rewrite(Path(b2["path"]), tmp_path / "allied-docs" / "forged.awaw", forge)
    added = f"entry {len(sessionfile.load(Path(b2['path'])).record) + 1}"   # the one the Allied player wrote
    status, out = verified(capsys, forged)
    assert status == 1 and f"NOT verified: {added} " in out and "its signature is not the Axis player's" in out, out
    with axis_pc:   # a fresh computer of the Axis player's: nothing seen there, the signature alone names it
        monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "axis-new-laptop"))
        assert axis.open_path(forged, confirmed=True)
        warnings = [box for box in axis.findChildren(QMessageBox) if box.isVisible()]
        assert len(warnings) == 1 and warnings[0].windowTitle() == "The game record does not hold"
        assert f"{added} " in warnings[0].text() and "its signature is not the Axis player's" in warnings[0].text()
        warnings[0].close()
