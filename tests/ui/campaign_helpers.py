"""A player's hands and eyes for a whole campaign in the main window: the menus, the end-of-turn dialog, and
what every tab shows about the war's shared facts (one fact, one answer on every tab)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QCheckBox, QComboBox, QLabel, QWidget

from awaw_desktop.core.awaw import assess
from awaw_desktop.core.awaw import facts as war_facts
from awaw_desktop.core.awaw.common import Turn
from awaw_desktop.ui.awaw.end_of_turn import UNANSWERED
from awaw_desktop.ui.shell.accessible import caption
from awaw_desktop.ui.shell.new_game import NewSessionDialog

from .helpers import NextDialog, choose, find, press, type_number

#: The war tab's title in the tab bar.
WAR_TAB = "The war"
#: What a level shows when there is none (the U.S. election in a turn without one, 62.21).
NO_LEVEL = "\u2014"


def show_tab(window, title: str) -> QWidget:
    """Click a tab by its title, as a player does; the tab is built when shown."""
    titles = [window.tabs.tabText(i) for i in range(window.tabs.count())]
    assert title in titles, f"no tab {title!r} in {titles}"
    window.tabs.setCurrentIndex(titles.index(title))
    power = next((p for p in assess.DISPLAY_ORDER if assess.title(p) == title), None)
    return window.tabs.currentWidget() if power is None else window.power_tabs.built[power]


def power_tab(window, power: str) -> QWidget:
    return show_tab(window, assess.title(power))


def war_tab(window) -> QWidget:
    """Click The war tab (a tab not shown catches up with the game when it is shown, as a player sees it)."""
    window.tabs.setCurrentWidget(window.facts_tab)
    return window.facts_tab


@contextmanager
def looking_around(window) -> Iterator[None]:
    """Look at other tabs, then come back to the one the player was on."""
    current = window.tabs.currentIndex()
    try:
        yield
    finally:
        window.tabs.setCurrentIndex(current)


def visit_every_tab(window) -> None:
    for power in assess.DISPLAY_ORDER:
        power_tab(window, power)
    show_tab(window, "Overview")


def new_game(qtbot, window, edition, scenario, start: Turn, title: str) -> None:
    """File > New game: fill in the first page and press Create game."""

    def player(dialog):
        choose(dialog, "Rules edition", edition.title)
        choose(dialog, "Scenario type", scenario.title)
        choose(dialog, "Starting season", start.season.title)
        type_number(qtbot, dialog, "Starting year", start.year)
        qtbot.keyClicks(find(dialog, "Game title"), title)
        press(qtbot, dialog, "Create game")

    hands = NextDialog(player, NewSessionDialog)
    window.action_new.trigger()
    hands.check()


def end_turn(qtbot, window, answers: dict[str, str] | None = None,
             wizards: tuple[tuple[str, Callable[[QWidget], None]], ...] = (),
             seen: Callable[[QWidget], None] | None = None,
             before_end: Callable[[QWidget], None] | None = None) -> list[str]:
    """Turn > End Allied player turn.

    ``wizards``: (the wizard button's name, the hands that walk it), pressed first, in order.  ``answers``: the
    start of a question's prompt -> the words of its answer (others: the first answer offered).  ``seen(dialog)``
    reads the dialog before anything is done, ``before_end(dialog)`` just before End the turn.
    Returns the prompts asked."""
    asked: list[str] = []
    turn = window.store.session.turn

    def player(dialog):
        if seen is not None:
            seen(dialog)
        for name, walk in wizards:
            walker = NextDialog(walk)
            press(qtbot, dialog, name + "\u2026")
            walker.check()
        end = find(dialog, "End the turn")
        # The values nobody entered that something declared rests on are confirmed first (issue 28); then the
        # questions the rules leave to the players.
        combos = [*dialog.confirm_widgets.values(), *dialog.choice_widgets.values()]
        for combo in combos:
            assert combo.currentText() == UNANSWERED, f"{combo.accessibleName()}: answered before the player"
        if combos:
            assert not end.isEnabled(), "End the turn is enabled with questions unanswered"
        for combo in combos:
            prompt = combo.accessibleName()
            asked.append(prompt)
            words = next((w for start, w in (answers or {}).items() if prompt.startswith(start)), None)
            index = combo.findText(words) if words is not None else 1
            assert index >= 1, f"{prompt}: no answer {words!r}"
            combo.setCurrentIndex(index)
        if before_end is not None:
            before_end(dialog)
        press(qtbot, dialog, "End the turn")

    hands = NextDialog(player)
    window.action_end_turn.trigger()
    hands.check()
    assert window.store.session.turn == turn.next(), f"the turn did not end: still {window.store.session.turn}"
    return asked


# ---- what the screen shows --------------------------------------------------------------------------------------

def facts_on_the_war_tab(window) -> dict[str, object]:
    """Every fact as The war tab shows it (read from its widgets)."""
    with looking_around(window):
        return _facts_shown(war_tab(window))


def _facts_shown(tab: QWidget) -> dict[str, object]:
    shown: dict[str, object] = {}
    for item in war_facts.FACTS:
        if item.kind == "war":
            at_war = find(tab, f"{item.label}: at war", QCheckBox).isChecked()
            season = find(tab, f"{item.label}: season", QComboBox).currentText().lower()
            year = find(tab, f"{item.label}: year").value()
            shown[item.id] = {"season": season, "year": year} if at_war else None
        elif item.kind == "flag":
            if item.id not in tab.rows:   # a place no table of this edition reads is not asked
                continue
            shown[item.id] = find(tab, item.label, QCheckBox).isChecked()
        else:
            shown[item.id] = find(tab, item.label, QComboBox).currentData()
    return shown


def box_name(window, binding: war_facts.Binding) -> str:
    """The accessible name of the check box a binding shows its fact with."""
    line = window.store.session.line(binding.power, binding.line_id)
    if binding.option is None:
        return line.label
    option = next(o for o in line.options if o.key == binding.option)
    return f"{line.label}: {option.label}"


def disagreements(window) -> list[str]:
    """Each check box, on every built power tab, that shows a shared fact other than The war tab shows it."""
    shown = facts_on_the_war_tab(window)
    session = window.store.session
    found = []
    boxes: dict[str, dict[str, list[QCheckBox]]] = {}
    with looking_around(window):
        for power in list(window.power_tabs.built):
            power_tab(window, power)   # looked at, as a player would
    for power, tab in window.power_tabs.built.items():
        boxes[power] = {}
        for each in tab.findChildren(QCheckBox):
            boxes[power].setdefault(caption(each), []).append(each)
    for fact_id, readers in war_facts.READERS.items():
        for binding in readers:
            tab = window.power_tabs.built.get(binding.power)
            if tab is None or not session.has_line(binding.power, binding.line_id):
                continue
            name = box_name(window, binding)
            named = boxes[binding.power].get(name, [])
            assert len(named) == 1, f"{assess.title(binding.power)} tab: {len(named)} check boxes named {name!r}"
            box = named[0]
            expected = binding.read(shown)
            if box.isChecked() != expected:
                found.append(f"{assess.title(binding.power)} tab \u201c{name}\u201d "
                             f"{'ticked' if box.isChecked() else 'unticked'}, but The war tab says "
                             f"{war_facts.fact(fact_id).label}: {war_facts.fact(fact_id).words(shown[fact_id])}")
    return found


def level_on(root: QWidget, power: str) -> str:
    label = find(root, f"{assess.title(power)} level", QLabel)
    return label.text().replace("\u2212", "-")


def tab_level(window, power: str) -> int:
    with looking_around(window):
        return int(level_on(power_tab(window, power), power))


def overview_mismatches(window) -> list[str]:
    """Powers whose level or status on the Overview differs from their tab's header."""
    wrong = []
    with looking_around(window):   # each tab looked at, then the Overview
        for power in list(window.power_tabs.built):
            power_tab(window, power)
        show_tab(window, "Overview")
    for power, tab in window.power_tabs.built.items():
        on_tab, on_overview = level_on(tab, power), level_on(window.overview, power)
        if power == "election" and on_overview == NO_LEVEL:
            continue  # no election this turn: the Overview shows no level
        if on_tab != on_overview:
            wrong.append(f"{assess.title(power)}: tab {on_tab}, Overview {on_overview}")
        title = assess.title(power)
        tab_status = find(tab, f"{title} status", QLabel).text()
        overview_status = find(window.overview, f"{title} status", QLabel).text()
        if tab_status != overview_status:
            wrong.append(f"{title}: tab says {tab_status!r}, Overview says {overview_status!r}")
    return wrong


def checked(window, power: str, name: str) -> bool:
    with looking_around(window):
        return find(power_tab(window, power), name, QCheckBox).isChecked()


def _number(words: str) -> int:
    return int(words.strip().replace("\u2212", "-").replace("+", ""))


def sum_mismatches(window) -> list[str]:
    """Tabs whose lines' points, added up here, differ from the sum the tab shows, or whose header level
    differs from the level that counts."""
    wrong = []
    with looking_around(window):
        for power in list(window.power_tabs.built):
            power_tab(window, power)
    for power, tab in window.power_tabs.built.items():
        title = assess.title(power)
        added = sum(_number(label.text()) for label in tab.findChildren(QLabel)
                    if caption(label).endswith(" points") and label.objectName() == "points")
        total = find(tab, f"{title} total", QLabel).text().partition("\n")[0]   # a settled table says so below
        shown_sum, _, counts = total.partition("\u2192")
        shown = _number(shown_sum.replace("Sum of the lines:", ""))
        level = _number(counts.replace("level that counts:", "")) if counts else shown
        if added != shown:
            wrong.append(f"{title}: the lines add up to {added}, the tab says {total!r}")
        if power == "election" and level_on(tab, power) == NO_LEVEL:
            continue  # no election this turn (62.21): the header shows no level
        if level != tab_level(window, power):
            wrong.append(f"{title}: the level that counts is {level}, the header shows {tab_level(window, power)}")
    return wrong


def check_list(dialog) -> list[str]:
    """The entries of the end-of-turn dialog's "Look at these first" list, as shown."""
    if dialog.checks_box.isHidden():
        return []
    return [label.text() for label in dialog.checks_box.findChildren(QLabel)]


# ---- issue 28: this turn's inputs, the report ---------------------------------------------------------------------

def inputs_listed(window) -> list[str]:
    """The Overview's "This turn's inputs" as shown (the Overview looked at first)."""
    with looking_around(window):
        show_tab(window, "Overview")
        panel = window.overview.inputs
        panel.refresh()
        return panel.texts()


def enter_inputs(qtbot, window, values: dict[tuple[str, str], int] | None = None,
                 leave: tuple[tuple[str, str], ...] = ()) -> list[tuple[str, str]]:
    """Turn > This turn's inputs, then each row's Go there and a number typed where it goes (the value given for
    it, else the value it counts as), as a player clears the list; rows in ``leave`` are left.  Returns what was
    entered."""
    from PySide6.QtWidgets import QAbstractSpinBox, QPushButton

    done: list[tuple[str, str]] = []
    for _ in range(40):
        window.action_inputs.trigger()
        panel = window.overview.inputs
        rows = [(item, row) for item, row in panel.rows if item.key not in leave]
        if not rows:
            return done
        item, row = rows[0]
        (button,) = row.findChildren(QPushButton)
        qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
        box = window.focusWidget()
        while box is not None and not isinstance(box, QAbstractSpinBox):
            box = box.parentWidget()
        assert box is not None, f"Go there for {item.text!r} put the cursor in no number box"
        value = (values or {}).get(item.key, int(item.counted_as.split()[0]) if item.counted_as[0].isdigit() else 0)
        line = box.lineEdit()
        line.selectAll()
        qtbot.keyClicks(line, str(value))
        qtbot.keyClick(line, Qt.Key.Key_Tab)
        assert window.store.session.is_entered(*item.key), f"{item.text}: typed {value}, still not entered"
        done.append(item.key)
    raise AssertionError("This turn's inputs never emptied")


def copied_report(window, fmt: str = "text") -> str:
    """Edit > Copy report as text (or Markdown), read back from the clipboard."""
    from PySide6.QtGui import QGuiApplication

    (window.action_copy_text if fmt == "text" else window.action_copy_markdown).trigger()
    return QGuiApplication.clipboard().text()
