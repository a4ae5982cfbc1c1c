"""The rows of New game's "Campaign so far" page (``ui/shell/new_game.py``): which powers have surrendered, when and at
what level, which wars run since when, and the values carried between turns, for a game joining a campaign under
way.  Each row makes its editor and writes its facts into the new session through the core (``apply``), says what
the players set on it, and keeps it when the page is rebuilt for other choices where it still applies
(``carry_over``).  The finished session is checked by the core exactly as a file being opened is.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import (
    QCheckBox,
    QWidget,
)

from ...core.awaw import assess, checklist, facts_settled
from ...core.awaw import facts as war_facts
from ...core.awaw.common import FIRST_YEAR, Edition, Scenario, Season, Status, Turn
from ...core.awaw.session import Session
from ...core.lines import RulesInputError
from ..shell.number_box import NumberBox
from .carried import EDITABLE, OptionalNumber, TurnPicker, humanize, stored_turn

#: (power, key, value): one value carried between turns, as ``Session.set_carry`` takes it.
CarriedValue = tuple[str, str, Any]

#: The rule behind each power's "has surrendered" fact.
SURRENDER_RULES = {"germany": "55.11", "italy": "56.11", "japan": "57.11", "france": "58.11", "britain": "59.4"}


class LateStartRow:
    """One row of the "campaign so far" page: a section (power), a label, the rule, an editor, and
    ``apply``, which writes what the player set into the new session (raising ``RulesInputError``
    in words for a fact the rules refuse).  A row that sets values carried between turns lists
    them in ``carried()``; ``apply`` then stores them with ``Session.set_carry``.

    When the first page changes after the page was filled in, what the players set (``shown()`` differs from
    ``first``) is carried to the row with the same ``fact_key`` on the rebuilt page, if ``refusal`` has no reason
    against it for the new first turn (:func:`carry_over`)."""

    #: The same fact on the page built for other choices.
    fact_key: tuple[str, ...] = ()

    def __init__(self, section: str, label: str, rule: str) -> None:
        self.section, self.label, self.rule = section, label, rule
        #: What the editor showed when the page was built (``default()``, as the editor shows it).
        self.first: Any = None

    def default(self) -> Any:
        """What the editor shows at first (the new game's value)."""
        return None

    def shown(self) -> Any:
        """What the editor shows now."""
        return None

    def show(self, value: Any) -> None:
        """Put a value set on the page built for other choices into the editor."""

    def refusal(self, value: Any, start: Turn) -> str | None:
        """Why the value does not apply to a game starting at ``start``, in words; None if it does."""
        return None

    def words(self, value: Any) -> str:
        return f"{self.label}: {humanize(self.fact_key[-1] if self.fact_key else '', value)}"

    def editor(self) -> QWidget:
        raise NotImplementedError

    def carried(self) -> list[CarriedValue]:
        return []

    def apply(self, session: Session) -> None:
        for power, key, value in self.carried():
            session.set_carry(power, key, value)


def show_turn(picker: TurnPicker, value: Any) -> None:
    """Show a turn (or not yet) in a picker; the date is in place before the tick says it happened."""
    turn = stored_turn(value)
    if turn is not None:
        picker.season.setCurrentIndex(turn.season.index)
        picker.year.setValue(turn.year)
    picker.happened.setChecked(turn is not None)


class TurnRow(LateStartRow):
    """A row whose value is a turn, or none (``TurnPicker``): a surrender, a war."""

    picker: TurnPicker | None = None

    def shown(self) -> Any:
        return self.picker.value() if self.picker is not None else None

    def show(self, value: Any) -> None:
        if self.picker is not None:
            show_turn(self.picker, value)


class SurrenderRow(TurnRow):
    """A power that surrendered before the first turn played here, and when (55.11-59.4)."""

    def __init__(self, power: str, start: Turn) -> None:
        super().__init__(assess.title(power), f"{assess.title(power)} has surrendered", SURRENDER_RULES[power])
        self.power, self.start = power, start
        self.fact_key = ("surrendered", power)
        self.picker: TurnPicker | None = None

    def refusal(self, value: Any, start: Turn) -> str | None:
        turn = stored_turn(value)
        return None if turn is None or turn < start else f"not before {start.title}, the first turn you play"

    def words(self, value: Any) -> str:
        turn = stored_turn(value)
        return self.label if turn is None else f"{self.label} in {turn.title}"

    def editor(self) -> QWidget:
        self.picker = TurnPicker(self.label, None)
        self.picker.happened.setText("Surrendered in")
        self.picker.happened.setAccessibleName(self.label)
        self.picker.season.setAccessibleName(f"{self.label}: season")
        self.picker.year.setAccessibleName(f"{self.label}: year")
        earlier = Turn.from_number(max(self.start.number - 1, Turn(FIRST_YEAR, Season.SPRING).number))
        self.picker.year.setValue(earlier.year)
        self.picker.season.setCurrentIndex(earlier.season.index)
        return self.picker

    def carried(self) -> list[CarriedValue]:
        assert self.picker is not None, "the editor is not built"
        when = self.picker.value()
        if when is None:
            return []
        return [(self.power, "surrendered", True), (self.power, "surrender_turn", when)]

    def apply(self, session: Session) -> None:
        when = self.picker.value() if self.picker is not None else None
        turn = None if when is None else Turn(int(when["year"]), Season(when["season"]))
        if turn is not None and turn >= session.start_turn:
            raise RulesInputError(f"{assess.title(self.power)} surrendered in {turn.title}: only a surrender "
                                  f"before the first turn you play ({session.start_turn.title}) is set here; a "
                                  "later one is found by the end of turn")
        super().apply(session)


class CarriedValueRow(LateStartRow):
    """One value the end of turn keeps (``carried.EDITABLE``), starting from the new game's value."""

    def __init__(self, power: str, key: str, start_value: Any) -> None:
        label, rule, kind, low, high = EDITABLE[power][key]
        super().__init__(assess.title(power), label, rule)
        self.power, self.key, self.kind, self.low, self.high = power, key, kind, low, high
        self.start_value = start_value
        self.fact_key = ("carried", power, key)
        self.widget: QWidget | None = None

    def default(self) -> Any:
        return self.start_value

    def shown(self) -> Any:
        return self.value() if self.widget is not None else None

    def show(self, value: Any) -> None:
        widget = self.widget
        if isinstance(widget, QCheckBox):
            widget.setChecked(bool(value))
        elif isinstance(widget, NumberBox) and isinstance(value, int):
            widget.setValue(value)
        elif isinstance(widget, OptionalNumber):
            if isinstance(value, int):
                widget.number.setValue(value)
            widget.set.setChecked(value is not None)
        elif isinstance(widget, TurnPicker):
            show_turn(widget, value)

    def editor(self) -> QWidget:
        widget: QWidget
        if self.kind == "flag":
            box = QCheckBox()
            box.setChecked(bool(self.start_value))
            box.setAccessibleName(self.label)
            widget = box
        elif self.kind == "int":
            spin = NumberBox()
            spin.setRange(self.low, self.high)
            spin.setValue(int(self.start_value or 0))
            spin.setAccessibleName(self.label)
            widget = spin
        elif self.kind == "optional-int":
            widget = OptionalNumber(self.label, self.start_value, self.low, self.high)
        else:
            widget = TurnPicker(self.label, self.start_value)
        self.widget = widget
        return widget

    def value(self) -> Any:
        widget = self.widget
        if isinstance(widget, QCheckBox):
            return widget.isChecked()
        if isinstance(widget, (NumberBox, OptionalNumber, TurnPicker)):
            return widget.value()
        raise AssertionError("the editor is not built")

    def carried(self) -> list[CarriedValue]:
        value = self.value()
        return [] if value == self.start_value else [(self.power, self.key, value)]


class WarRow(TurnRow):
    """A war of the war's facts (who is at war with whom, since when): at war since a turn, or not."""

    def __init__(self, fact_id: str, start_value: Any) -> None:
        item = war_facts.fact(fact_id)
        super().__init__("The war", item.label, item.rule)
        self.fact_id, self.start_value = fact_id, start_value
        self.fact_key = ("fact", fact_id)
        self.picker: TurnPicker | None = None

    def default(self) -> Any:
        return self.start_value

    def refusal(self, value: Any, start: Turn) -> str | None:
        turn = stored_turn(value)
        return None if turn is None or turn <= start else f"after {start.title}, the first turn you play"

    def words(self, value: Any) -> str:
        turn = stored_turn(value)
        return f"{self.label}: not at war" if turn is None else f"{self.label} since {turn.title}"

    def editor(self) -> QWidget:
        self.picker = TurnPicker(self.label, self.start_value)
        self.picker.happened.setText("At war since")
        self.picker.happened.setAccessibleName(f"{self.label}: at war")
        return self.picker

    def end(self) -> None:
        """Not at war (a surrender ticked on the page ended it)."""
        if self.picker is not None:
            self.picker.happened.setChecked(False)

    def apply(self, session: Session) -> None:
        assert self.picker is not None, "the editor is not built"
        when = self.picker.value()
        if when is not None and Turn(int(when["year"]), Season(when["season"])) > session.start_turn:
            raise RulesInputError(f"{self.label} since {Turn(int(when['year']), Season(when['season'])).title}: "
                                  f"only a war begun by the first turn you play ({session.start_turn.title}) is "
                                  "set here; tick a later one on its tab when it comes")
        session.set_fact(self.fact_id, when)


class FlagFactRow(LateStartRow):
    """A yes/no fact of the war (Japan declared its war on the U.S., 62.31)."""

    def __init__(self, fact_id: str, start_value: bool, offered: bool | None = None) -> None:
        item = war_facts.fact(fact_id)
        super().__init__("The war", item.label, item.rule)
        self.fact_id, self.start_value = fact_id, start_value
        #: what the page shows ticked at first (the war as fought), if not the new game's value
        self.offered = start_value if offered is None else offered
        self.fact_key = ("fact", fact_id)
        self.box: QCheckBox | None = None

    def default(self) -> Any:
        return self.offered

    def shown(self) -> Any:
        return self.box.isChecked() if self.box is not None else None

    def show(self, value: Any) -> None:
        if self.box is not None:
            self.box.setChecked(bool(value))

    def words(self, value: Any) -> str:
        return f"{self.label}: {'yes' if value else 'no'}"

    def editor(self) -> QWidget:
        self.box = QCheckBox()
        self.box.setChecked(self.offered)
        self.box.setAccessibleName(self.label)
        return self.box

    def apply(self, session: Session) -> None:
        assert self.box is not None, "the editor is not built"
        if self.box.isChecked() != self.start_value:
            session.set_fact(self.fact_id, self.box.isChecked())


def late_start_rows(edition: Edition, scenario: Scenario, start: Turn) -> list[LateStartRow]:
    """The rows of the late-start page for a new game: per power (in tab order), whether it has
    surrendered, then what carries over.  Powers the scenario leaves out (54.11) have no rows."""
    fresh = Session.new(edition, scenario, start)
    results = fresh.assess()

    def applies(fact_id: str) -> bool:
        """Some table of this scenario reads the fact (the Pacific scenario has no war with Germany, 54.11)."""
        return war_facts.read_in_game(fact_id, edition, fresh.has_line,
                                      lambda power: results[power].status is not Status.NOT_APPLICABLE)

    # The wars start as fought (Russia from Summer 1941, the U.S. and Japan from Winter 1941 ...): a group
    # joining in 1942 changes only what its campaign did differently.
    rows: list[LateStartRow] = [WarRow(item.id, fresh.fact(item.id) or war_facts.historical_war(item.id, start))
                                for item in war_facts.FACTS if item.kind == "war" and applies(item.id)]
    if applies("declared.japan_us"):
        rows.append(FlagFactRow("declared.japan_us", bool(fresh.fact("declared.japan_us")),
                                war_facts.historical_war("war.japan_us", start) is not None))
    for power in assess.DISPLAY_ORDER:
        if results[power].status is Status.NOT_APPLICABLE:
            continue
        carry = fresh.carry.get(power, {})
        if power in SURRENDER_RULES and "surrendered" in carry:
            rows.append(SurrenderRow(power, start))
        for key in EDITABLE.get(power, {}):
            clock = power == "japan" and key in war_facts.JAPAN_CLOCK_KEYS   # read from the wars above
            if key != "surrendered" and key in carry and not clock:
                rows.append(CarriedValueRow(power, key, carry[key]))
    return rows


#: What a rebuilt page keeps (each row with the value the players set) and what it does not (in words, with why).
CarryOver = tuple[list[tuple[LateStartRow, Any]], list[str]]


def set_by_players(rows: list[LateStartRow]) -> list[tuple[LateStartRow, Any]]:
    """Each row whose editor shows another value than it did at first, with that value (read before the page's
    editors are replaced)."""
    return [(row, row.shown()) for row in rows if row.shown() != row.first]


def carry_over(changed: list[tuple[LateStartRow, Any]], new: list[LateStartRow], start: Turn) -> CarryOver:
    """What the players set on the page built for other choices (``set_by_players``), sorted for the page built
    for new ones: a value
    goes to the row of the same fact if it still applies to a game starting at ``start`` (a surrender before it,
    a war begun by it); a surrender level, and the wars a surrender ended, go with their surrender (58.1, 56.2,
    55.2, 57.2).  The surrenders come first, so that showing them ends their wars before the rest is shown."""
    rows = {row.fact_key: row for row in new}
    changed = sorted(changed, key=lambda change: not isinstance(change[0], SurrenderRow))
    dropped: list[str] = []   # the powers whose surrender is not kept
    kept: list[tuple[LateStartRow, Any]] = []
    reset: list[str] = []
    for row, value in changed:
        target = rows.get(row.fact_key)
        why = "not on the page for the new edition and scenario, 54.11" if target is None \
            else target.refusal(value, start)
        if why is None and isinstance(row, CarriedValueRow) and row.key == "surrender_level" \
                and row.power in dropped:
            why = f"it goes with {assess.title(row.power)}'s surrender"
        if why is None and isinstance(row, WarRow) and value is None:
            ended_by = [power for power in dropped
                        if row.fact_id in facts_settled.wars_ended_by(power, {"at_peace": False})]
            if ended_by:
                why = f"{assess.title(ended_by[0])}'s surrender ended it; the war is as fought"
        if why is None and target is not None:
            kept.append((target, value))
            continue
        reset.append(f"{row.words(value)} ({why})")
        if isinstance(row, SurrenderRow):
            dropped.append(row.power)
    return kept, reset


def changed_choices(old: tuple[Edition, Scenario, Turn], new: tuple[Edition, Scenario, Turn]) -> str:
    """The first page's changes, in words: "the first turn is now Spring 1940 (it was Spring 1944)"."""
    names = ("the edition", "the scenario", "the first turn")
    return ", ".join(f"{name} is now {now.title} (it was {was.title})"
                     for name, was, now in zip(names, old, new, strict=True) if was != now)


def level_label(power: str) -> str:
    """The late-start page's words for a power's surrender level (``carried.EDITABLE``)."""
    return EDITABLE[power]["surrender_level"][0]


def missing_levels(carry: dict[str, dict[str, Any]]) -> list[str]:
    """What a surrendered power still needs on the page: its surrender level (56.31, 58.22, 59.41), in words.
    Nothing is assumed for it: the table's level now is not the level the power surrendered at."""
    return [f"{assess.title(power)} has surrendered: tick \u201c{level_label(power)}: set\u201d and enter the level it "
            f"surrendered at ({rule})" for power, rule in checklist.missing_surrender_levels(carry)]


def british_peace(session: Session) -> None:
    """A British surrender set on the page, as the surrender itself records it (59.41): its level is the one
    surrender so far, and Britain is at peace (59.86) exactly when its war with Germany is unticked; with the war
    ticked the war goes on (59.85)."""
    britain = session.carry.get("britain", {})
    if britain.get("surrendered") and britain.get("surrender_level") is not None:
        britain["surrenders"] = [britain["surrender_level"]]
        britain["at_peace"] = session.fact("war.germany_britain") is None


def checked_session(session: Session, rows: list[LateStartRow]) -> Session:
    """The new session with what the late-start rows set, checked by the core exactly as an opened
    file is (kinds, ranges, and every power assessed).  Raises ``RulesInputError`` in words."""
    from ...core.awaw import sessionfile

    for row in rows:
        row.apply(session)
    british_peace(session)
    contradictions = [*missing_levels(session.carry),
                      *facts_settled.surrender_contradictions(session.facts, session.carry)]
    if contradictions:   # a surrendered power's war still ticked: untick it (the page does when it is ticked)
        raise RulesInputError("; ".join(contradictions))
    if rows:   # the record begins with the campaign so far, which its first entry seals
        session.begin_record(f"New game: {session.edition.title}, {session.scenario.title}, joining the campaign in "
                             f"{session.start_turn.title}; the campaign so far: " +
                             ("; ".join(row.words(value) for row, value in set_by_players(rows)) or "as it stood"))
    try:
        return sessionfile.from_json(sessionfile.to_json(session))
    except sessionfile.SessionFileError as error:
        raise RulesInputError(str(error)) from None
