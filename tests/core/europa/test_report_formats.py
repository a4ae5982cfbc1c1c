"""`awaw-desktop report FILE --format text|markdown|json` for a Europa game (third play-test): players trading
files by e-mail get Markdown and programs get JSON, and no format shows a card before both sides have seen it."""

import json

import pytest

from awaw_desktop.cli import run
from awaw_desktop.core.europa import actions
from awaw_desktop.core.europa.calendar import EuropaTurn
from awaw_desktop.core.europa.cards import card_name
from awaw_desktop.core.europa.report import render
from awaw_desktop.core.files import gamefile

AXIS, ALLIED = "olive branch", "red barn door"


def opened_game():
    game = actions.new_game(EuropaTurn.parse("Jul I 43"), "Danube *club*", "Ann", "Bob")
    game = actions.add_nation(actions.add_nation(game, "Hungary"), "Finland")
    game = actions.draw_envelope(game, "Hungary", AXIS, ALLIED)
    game, card = actions.open_envelope(game, "Hungary", AXIS, ALLIED)
    return game, card


def shown(game):
    for _ in range(6):
        game = actions.end_turn(game)[0]
    return actions.show_card(game, "Hungary", ALLIED)


def report(tmp_path, capsys, game, fmt):
    path = tmp_path / "danube.awaw"
    gamefile.save("europa", game, path)
    assert run(["report", "--format", fmt, str(path)]) == 0
    captured = capsys.readouterr()
    assert captured.err == ""
    return captured.out


@pytest.mark.parametrize("fmt", ["text", "markdown", "json"])
def test_no_format_shows_a_card_only_the_opener_has_seen(tmp_path, capsys, fmt):
    game, card = opened_game()
    out = report(tmp_path, capsys, game, fmt)
    assert card_name(card) not in out and f'"{card}"' not in out
    for secret in ("ciphertext", "sealed_secret", "commitment", "card_for_opener", "draw_id"):
        assert secret not in out
    assert "Opened by the Allied side" in out and "Jul I 1943" in out


def test_markdown_for_an_email(tmp_path, capsys):
    game, card = opened_game()
    out = report(tmp_path, capsys, shown(game), "markdown")
    assert out.startswith("# Danube \\*club\\*\n")                        # the players' words read as typed
    assert "- **Players:** Axis: Ann; Allied: Bob" in out
    assert "\n## Hungary\n" in out and "\n## Finland\n" in out
    assert f"- National will envelope (56.E.1): Shown to both sides; card {card_name(card)}" in out
    assert "- National will envelope (56.E.1): none drawn" in out


def test_json_for_programs(tmp_path, capsys):
    game, card = opened_game()
    data = json.loads(report(tmp_path, capsys, game, "json"))
    assert data["format"] == "awaw-desktop-europa-report" and data["game"]["turn"] == "Jul I 1943"
    hungary = data["nations"][0]
    assert hungary["name"] == "Hungary"
    assert hungary["envelope"]["stage"] == "opened" and hungary["envelope"]["card"] is None
    assert hungary["envelope"]["in_effect_from"] == "Aug I 1943" and hungary["envelope"]["discarded"] == "Feb I 1944"
    assert data["nations"][1]["envelope"] is None
    later = json.loads(report(tmp_path, capsys, shown(game), "json"))
    envelope = later["nations"][0]["envelope"]
    assert (envelope["card"], envelope["card_name"], envelope["shown"]) == (card, card_name(card), "Oct I 1943")


def test_the_three_formats_say_the_same_facts():
    game = shown(opened_game()[0])
    facts = json.loads(render(game, "json"))["nations"][0]["facts"]
    for fact in facts:
        assert fact in render(game, "text")
    with pytest.raises(ValueError, match="text, markdown, json"):
        render(game, "html")
