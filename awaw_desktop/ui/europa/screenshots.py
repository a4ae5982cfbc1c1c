"""The Europa window's screens as PNG files, to be looked at (1366x768, and at 150% with QT_SCALE_FACTOR=1.5):
``render_screenshots(directory)`` shows an example campaign, a year into play, on each tab."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

from PySide6.QtCore import QDeadlineTimer, QEventLoop
from PySide6.QtWidgets import QApplication, QScrollArea, QWidget

from ...core.europa import actions, actions_aid, actions_cities, actions_roster, actions_surrender
from ...core.europa.calendar import EuropaTurn
from ...core.europa.roster import RosterEntry
from ...core.europa.state import EuropaGame
from .window import EuropaWindow

SECRETS = (bytes(32), bytes([1]) * 32)
AXIS, ALLIED = "axis words", "allied words"


def example_game() -> EuropaGame:
    """A campaign from Jun II 1943 to Nov I 1943: German aid, city points, an RE count, an Italian surrender with the
    RSI rolling afterwards, a defection check due in Rumania, Finland's aid at sea."""
    game = actions.new_game(EuropaTurn.parse("Jun II 43"), "Balkan summer", "Ann", "Bob", cost_log2=10)
    for name in ("Italy", "Rumania", "Finland", "Hungary", "Bulgaria"):
        game = actions.add_nation(game, name)
    game = actions.draw_envelope(game, "Italy", AXIS, ALLIED, secrets=SECRETS)
    game = actions.draw_paper_envelope(game, "Rumania")
    game = actions.set_special_rate(game, "Italy", 50)
    units = (RosterEntry("Rome garrison", Fraction(2), capital=True, major_city=True),
             RosterEntry("Ariete", Fraction(2), armour=True, motorized=True),
             RosterEntry("XXII Corps", Fraction(3, 2), where="possession"),
             RosterEntry("Croatia corps", Fraction(2), where="abroad", mds_minor=4),
             RosterEntry("26th Panzer", Fraction(2), force="german", armour=True),
             RosterEntry("1st Fallschirm", Fraction(1), force="luftwaffe", near_enemy=True),
             RosterEntry("Kesselring HQ", Fraction(1), force="german", where="abroad", support=True))
    for unit in units:
        game = actions_roster.add_unit(game, "Italy", unit)
    game = actions_aid.record_german_rps(game, 12)
    game = actions_aid.ship_german_aid(game, "Rumania", 4)
    game = actions_aid.ship_german_aid(game, "Finland", 3, "sea")
    for name, country, kind, island, holder in (("Tirana", "Albania", "city", False, "axis"),
                                                ("Sofia", "Bulgaria", "city", False, "axis"),
                                                ("Athens", "Greece", "city", False, "axis"),
                                                ("Heraklion", "Greece", "city", True, "axis"),
                                                ("Belgrade", "Yugoslavia", "city", False, "axis"),
                                                ("Nis", "Yugoslavia", "town", False, "allied")):
        game = actions_cities.add_place(game, name, country, kind, island, holder)
    game, _ = actions.end_turn(game)
    game, _card = actions.open_envelope(game, "Italy", AXIS, ALLIED)
    game = actions.set_surrender_condition(game, "Italy", "Allied units hold Sicily and a hex of the mainland")
    game = actions.set_condition_met(game, "Italy", True)
    for _ in range(3):
        game, _ = actions.end_turn(game)
        game = actions.record_surrender_roll(game, "Italy", 3, "Italy fights on")
    game, _ = actions.request_re_count(game, "Italy", "axis")
    game = actions.form_government(game, "Italy", "RSI Italy", 50)
    game = actions.surrender_nation(game, "Italy")
    game = actions_surrender.set_condition_text(game, "Rumania", "defection", "Soviet units inside Rumania")
    game = actions_surrender.record_condition(game, "Rumania", "defection", True)
    game = actions_surrender.set_condition_text(game, "Hungary", "surrender", "Budapest threatened")
    game = actions_surrender.record_condition(game, "Hungary", "surrender", False)
    for _ in range(4):
        game, _ = actions.end_turn(game)
    game = actions.record_surrender_roll(game, "Italy", 5, "the RSI holds", by="RSI Italy")
    return actions_aid.record_german_rps(game, 6)


def _settle(milliseconds: int = 300) -> None:
    deadline = QDeadlineTimer(milliseconds)
    while not deadline.hasExpired():
        QApplication.processEvents(QEventLoop.ProcessEventsFlag.AllEvents, 50)


def _grab(widget: QWidget, path: Path) -> Path:
    _settle()
    widget.grab().save(str(path))
    return path


def render_screenshots(directory: Path, game: EuropaGame | None = None,
                       size: tuple[int, int] | None = (1366, 768)) -> list[Path]:
    """Every tab of the window with ``game`` (the example campaign if None), the Italy tab scrolled down too; the
    window at ``size`` (as the A World at War window's pictures), or as it opens on the screen (None)."""
    directory.mkdir(parents=True, exist_ok=True)
    window = EuropaWindow()
    window.set_game(game or example_game(), None)
    if size is not None:
        window.resize(*size)
    window.show()
    written: list[Path] = []
    for index in range(window.tabs.count()):
        window.tabs.setCurrentIndex(index)
        name = window.tabs.tabText(index).replace(" ", "-").lower()
        written.append(_grab(window, directory / f"europa-{index + 1:02d}-{name}.png"))
    italy = window.panels.get("Italy")
    if italy is not None:
        window.tabs.setCurrentWidget(italy)
        scroll = italy.public.parentWidget().parentWidget()
        assert isinstance(scroll, QScrollArea)
        for step, widget in enumerate((italy.defection, italy.count_form, italy.aid), start=1):
            scroll.ensureWidgetVisible(widget, 0, 0)
            written.append(_grab(window, directory / f"europa-italy-scrolled-{step}.png"))
    if window.holder is not None:
        window.holder.undo_stack.setClean()   # an example: nothing to save
    window.close()
    return written
