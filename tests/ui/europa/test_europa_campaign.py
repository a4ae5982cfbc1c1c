"""A year of a Europa game played through the window (issue 25): German aid from its pool to Italy, Bulgaria and
Finland (by sea, arriving later, one shipment taken back, one undone), city points changing hands, start-of-turn
checks listed and never decided for the players, a whole order of battle counted, an Italian surrender with the
RSI government rolling afterwards, and a defection; then the file saved and opened again with the same screens."""

from __future__ import annotations

import re

from PySide6.QtWidgets import QFileDialog, QPushButton

from awaw_desktop.core.europa import actions_aid
from awaw_desktop.core.europa.calendar import EuropaTurn
from awaw_desktop.core.europa.report import render
from awaw_desktop.ui.shell import family_window
from tests.ui.europa.drive import end_turn, events, label, pick, show_tab, surrender, tabs, type_box, type_line
from tests.ui.europa.test_europa_window import new_europa_game
from tests.ui.helpers import click, find, press, tick
from tests.ui.test_main_window import make_window

T = EuropaTurn.parse


def add_nation(qtbot, europa, name):
    track = show_tab(qtbot, europa, "Turn track")
    find(track, "Nation to add").setCurrentText(name)
    press(qtbot, track, "Add nation")


def aid(qtbot, europa):
    return show_tab(qtbot, europa, "German aid")


def accumulate(qtbot, europa, rps):
    page = aid(qtbot, europa)
    type_box(qtbot, page, "German armour RPs accumulated", rps)
    press(qtbot, page, "Add to the pool")


def ship(qtbot, europa, nation, rps, route=None):
    page = aid(qtbot, europa)
    pick(page, "Ship to", nation)
    type_box(qtbot, page, "RPs to ship", rps)
    if route is not None:
        pick(page, "Route", route)
    press(qtbot, page, "Ship now")
    return label(page, "German aid message")


def pool(qtbot, europa):
    return int(label(aid(qtbot, europa), "German armour RP pool").split()[0])


def add_place(qtbot, europa, name, country, kind, holder, island=False):
    page = show_tab(qtbot, europa, "City points")
    type_line(qtbot, page, "New place name", name)
    pick(page, "New place country", country)
    pick(page, "New place city or town", kind)
    tick(qtbot, page, "New place on an island", island)
    pick(page, "New place held by", holder)
    press(qtbot, page, "Add place")


def add_unit(qtbot, panel, name, res, force, place, marks=(), mds=None):
    type_line(qtbot, panel, "New unit name", name)
    type_line(qtbot, panel, "New unit REs", res)
    pick(panel, "New unit force", force)
    pick(panel, "New unit place", place)
    for mark in marks:
        tick(qtbot, panel, f"New unit {mark}")
    if mds is not None:
        type_box(qtbot, panel, "New unit MDs in major countries", mds[0])
        type_box(qtbot, panel, "New unit MDs in minor countries", mds[1])
    press(qtbot, panel, "Add unit")


def roll(qtbot, europa, die, who=None):
    italy = show_tab(qtbot, europa, "Italy")
    if who is not None:
        pick(italy, "Who rolls", who)
    type_box(qtbot, italy, "Die", die)
    press(qtbot, italy, "Record the typed die")
    return label(italy, "Surrender status")


def checks_due(europa):
    return [line for line in events(europa) if "check is due" in line]


def test_a_year_of_europa_turns_with_german_aid_city_points_a_defection_and_the_rsi(qtbot, monkeypatch, tmp_path):
    europa = new_europa_game(qtbot, monkeypatch)
    for name in ("Rumania", "Finland", "Bulgaria"):
        add_nation(qtbot, europa, name)
    assert tabs(europa) == ["Overview", "Turn track", "Italy", "Rumania", "Finland", "Bulgaria", "German aid",
                            "City points"]

    # -- Jun II 1943: the start of the game ------------------------------------------------------------------
    track = show_tab(qtbot, europa, "Turn track")
    type_line(qtbot, track, "Italy surrender condition", "Allied units in Sicily")
    type_line(qtbot, track, "Rumania defection condition", "Soviet units inside Rumania")
    pick(track, "Rumania defection condition holds", "Does not hold")
    assert label(track, "Italy checks this turn") == "record whether the surrender condition holds"
    type_box(qtbot, show_tab(qtbot, europa, "Italy"), "Special replacement rate before any roll", 50)

    accumulate(qtbot, europa, 10)                                          # German aid (56.D)
    assert pool(qtbot, europa) == 10
    assert "3 German armour RPs shipped, arrived: By rail, automatically" in ship(qtbot, europa, "Italy", 3)
    assert ship(qtbot, europa, "Finland", 4) == "Choose the route first."  # Finland: sea or rail, the players say
    assert "on the way: By sea" in ship(qtbot, europa, "Finland", 4, "By sea to Helsinki")
    assert "The German armour RP pool holds 3 RPs: 5 cannot be shipped" in ship(qtbot, europa, "Bulgaria", 5)
    page = aid(qtbot, europa)
    click(qtbot, page, "Take back the Italy shipment of Jun II 1943")      # made by mistake
    assert pool(qtbot, europa) == 6 and "taken back" in label(page, "German aid message")
    ship(qtbot, europa, "Italy", 2)
    assert pool(qtbot, europa) == 4

    add_place(qtbot, europa, "Sofia", "Bulgaria", "City", "Axis")          # city points (56.C)
    add_place(qtbot, europa, "Athens", "Greece", "City", "Axis")
    add_place(qtbot, europa, "Heraklion", "Greece", "City", "Axis", island=True)
    add_place(qtbot, europa, "Nis", "Yugoslavia", "Town", "Allied")
    cities = show_tab(qtbot, europa, "City points")
    assert label(cities, "Place 3 points") == "0"
    assert label(cities, "Place 3 why") == "on a Greek island: 56.C counts mainland Greece only (56.C)"
    assert label(cities, "City points held by the Axis side") == "\u2605 Axis side: 20 city points (56.C)"
    assert label(cities, "City points held by the Allied side") == "\u2605 Allied side: 3 city points (56.C)"

    italy = show_tab(qtbot, europa, "Italy")                               # a whole order of battle (56.E)
    add_unit(qtbot, italy, "Rome garrison", "2", "Own", "Home country", ["in the capital"])
    add_unit(qtbot, italy, "Hermann Goering", "2", "German", "Abroad", mds=(1, 0))
    add_unit(qtbot, italy, "4th Supply", "1", "Own", "Home country", ["supply unit, depot or Army HQ"])
    add_unit(qtbot, italy, "Livorno", "1 1/2", "Own", "Home country", ["within 3 hexes of an enemy unit"])
    assert [label(italy, f"Unit {n} counted REs") for n in range(1, 5)] == ["4", "0", "0", "0"]
    assert label(italy, "Unit 2 why") == "a major power's unit outside the home country: not counted (56.E)"
    assert label(italy, "Unit 3 why") == "supply unit, depot or Army HQ: not counted (56.E Table 1 note 1)"
    assert label(italy, "Unit 4 why") == "within 3 hexes of an enemy unit: not counted (56.E.1 note)"
    pick(italy, "Requested by", "Axis side")
    press(qtbot, italy, "Count REs")
    assert label(italy, "RE count result").startswith("REs of forces: 4;")

    # -- a year of turns -------------------------------------------------------------------------------------
    countdown = []
    while europa.game.turn < T("Jun II 44"):
        turn = end_turn(qtbot, europa)
        due = checks_due(europa)
        italy_active = europa.game.nation("Italy").active
        italy_rolls = len(europa.game.nation("Italy").surrender.rolls)
        if turn == T("Jul II 43"):
            assert due == []                                               # not recorded as holding yet
            pick(show_tab(qtbot, europa, "Turn track"), "Italy surrender condition holds", "Holds")
            page = aid(qtbot, europa)
            press(qtbot, page, "Arrived in Helsinki")                     # Finland's RPs by sea
            assert "arrived in Helsinki" in label(page, "German aid message")
        elif italy_active and turn > T("Jul II 43"):
            assert f"{turn} \u2014 Italy: the surrender condition holds: a surrender check is due (the players make " \
                   "it; nothing is decided for them) (56.A)" in due
            assert len(europa.game.nation("Italy").surrender.rolls) == italy_rolls   # nothing decided for them
        if italy_active and turn >= T("Jul II 43"):
            status = roll(qtbot, europa, 3)
            if turn == T("Sep I 43"):
                italy = show_tab(qtbot, europa, "Italy")
                type_line(qtbot, italy, "New government", "RSI Italy")
                type_box(qtbot, italy, "New government's rate", 50)
                press(qtbot, italy, "Form the new government")
                surrender(qtbot, italy, "Italy")
                status = label(italy, "Surrender status")
                assert "Surrendered on Sep I 1943" in status and "RSI Italy: 50% after 0 rolls" in status
        if turn in (T("Nov I 43"), T("Jan I 44")):                         # the RSI rolls after Italy's surrender
            status = roll(qtbot, europa, 4)
            assert status.endswith(f"Last roll: 4 (typed from a real die) on {turn} by RSI Italy.")
        if turn.half == 1 and turn.month % 2 == 0:                          # every other month, aid to Bulgaria
            accumulate(qtbot, europa, 4)
            ship(qtbot, europa, "Bulgaria", 4)
            if turn == T("Aug I 43"):                                       # Edit > Undo takes a shipment back
                europa.action_undo.trigger()
                assert pool(qtbot, europa) == 8 and "Bulgaria" not in label(aid(qtbot, europa),
                                                                            "Received by each nation")
                europa.action_redo.trigger()
                assert pool(qtbot, europa) == 4
        if turn == T("Oct II 43"):                                          # Athens changes hands
            pick(show_tab(qtbot, europa, "City points"), "Place 2 held by", "Allied")
            assert "Athens passes to the Allied side" in label(show_tab(qtbot, europa, "City points"),
                                                               "City points message")
        if turn == T("Dec I 43"):
            pick(show_tab(qtbot, europa, "Turn track"), "Rumania defection condition holds", "Holds")
        if turn == T("Dec II 43"):
            assert any(line.startswith(f"{turn} \u2014 Rumania: the defection condition holds") for line in due)
            rumania = show_tab(qtbot, europa, "Rumania")
            type_line(qtbot, rumania, "Defection check outcome", "the king holds on")
            press(qtbot, rumania, "Record the check")
            assert label(show_tab(qtbot, europa, "Turn track"), "Rumania checks this turn") == \
                "\u2713 defection check recorded: the king holds on"
        if turn == T("Jan I 44"):
            rumania = show_tab(qtbot, europa, "Rumania")
            type_line(qtbot, rumania, "Defection check outcome", "the king turns")
            press(qtbot, rumania, "Record the check")
            type_line(qtbot, rumania, "Ground unit", "1st Armoured")
            tick(qtbot, rumania, "c/m or cavalry")
            type_box(qtbot, rumania, "Defection die", 4)
            press(qtbot, rumania, "Add with the typed die")
            type_line(qtbot, rumania, "Ground unit", "4th Mountain")
            type_box(qtbot, rumania, "Defection die", 2)
            press(qtbot, rumania, "Add with the typed die")
            press(qtbot, rumania, "The nation defects now")
            press(qtbot, rumania, "The nation surrenders")                 # a defected nation does not surrender
            assert "defected to the Soviets on Jan I 1944" in label(rumania, "Surrender message")
            assert not find(rumania, "Draw a sealed card", QPushButton).isEnabled()
        if europa.game.nation("Rumania").defection.defected is not None:
            found = re.search(r"no RPs for (\d+) game turn", label(show_tab(qtbot, europa, "Rumania"),
                                                                  "Defection status"))
            countdown.append(int(found.group(1)))
    assert europa.game.turn.turns_since(T("Jun II 43")) == 24

    # -- what the year left -----------------------------------------------------------------------------------
    assert countdown == [13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2]             # 56.B.2: the defection turn and 12 after
    game = europa.game
    record = game.nation("Italy").surrender
    assert [roll.by for roll in record.rolls] == ["", "", "", "", "RSI Italy", "RSI Italy"]
    assert record.rate() == 10 and record.government_rate("RSI Italy") == 30   # each lowered by its own rolls only
    assert actions_aid.pool_balance(game) == 4                            # 10 + 6 x 4 accumulated, 30 shipped
    assert [s.rps for s in game.nation("Bulgaria").aid] == [4, 4, 4, 4, 4, 4]
    overview = show_tab(qtbot, europa, "Overview")
    assert label(overview, "German aid and city points") == \
        "German armour RP pool (56.D): 4 RPs \u00b7 City points held (56.C): Axis 10, Allied 13"
    assert find(overview, "Italy surrender").text() == "\u25a0 Surrendered Sep I 43"
    assert find(overview, "Rumania defection").text() == "\u25a0 Defected Jan I 44"
    assert find(overview, "Italy envelope").text() == "\u25cb No more envelopes"
    assert label(overview, "Italy last RE count") == "Jun II 43 (Axis): forces 4, losses 0, RP 0"
    bulgaria = show_tab(qtbot, europa, "Bulgaria")
    assert label(bulgaria, "German aid received").startswith("24 German armour RPs received, 0 on the way")
    text = render(game, "text")
    for line in ("RSI Italy (formed Sep I 1943): special replacement rate 30% after 2 rolls of its own (56.E.3)",
                 "German armour RP aid (56.D): 24 received, 0 on the way",
                 "Held by the Allied side: 13 city points (Greece 10, Yugoslavia 3) (56.C)",
                 "Defected to the Soviets on Jan I 1944 (56.B): no RPs for 2 more game turns, this one included; "
                 "RPs again from Jul II 1944"):
        assert line in text, line

    # -- saved and opened again -------------------------------------------------------------------------------
    path = tmp_path / "balkans.awaw"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *args, **kwargs: (str(path), ""))
    europa.action_save.trigger()
    on_screen = {name: find(overview, name).text() for name in
                 ("Italy surrender", "Rumania defection", "Italy card", "Italy last RE count", "Rumania this turn",
                  "German aid and city points")}
    assert europa.save_to(tmp_path / "copy.awaw")
    main = make_window(qtbot)
    monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *args, **kwargs: (str(path), ""))
    main.action_open.trigger()
    reopened = family_window._open[-1]
    qtbot.addWidget(reopened)
    assert reopened is not europa and reopened.game == game
    again = show_tab(qtbot, reopened, "Overview")
    assert {name: find(again, name).text() for name in on_screen} == on_screen
