"""The one shared state the window binds to: a Qt wrapper around the core ``Session``.

Every tab reads and writes through this store and keeps no copy of the game facts.
Every change is a named ``QUndoCommand``; totals are recomputed by the core after each
change and announced with ``resultsChanged`` in the same event-loop turn.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QUndoCommand, QUndoStack

from ...core.awaw import assess, game_record
from ...core.awaw import facts as war_facts
from ...core.awaw.common import PowerResult, Turn
from ...core.awaw.session import EntryState, Session
from ...core.lines import Choice, Line
from ...core.record.chain import GameRecord


def describe_change(power: str, line: Line, old: Any, new: Any) -> str:
    """A readable undo label: "Germany: Germany controls Berlin ticked"."""
    who = assess.title(power)
    kind = line.input_kind
    if kind == "flag":
        return f"{who}: {line.label} {'ticked' if new else 'unticked'}"
    if kind == "choice" and isinstance(line, Choice):
        labels = {option.key: option.label for option in line.options}
        added = [labels[k] for k in new if k not in old]
        removed = [labels[k] for k in old if k not in new]
        if added and not removed:
            return f"{who}: {line.label}: {', '.join(added)} ticked"
        if removed and not added:
            return f"{who}: {line.label}: {', '.join(removed)} unticked"
        return f"{who}: {line.label} changed"
    if kind == "group" and isinstance(new, dict):
        names = {spec.key: spec.label for spec in getattr(line, "fields", ())}
        changed = [f"{names.get(key, key)} {new[key]}" for key in new
                   if not isinstance(old, dict) or old.get(key) != new[key]]
        return f"{who}: {line.label}: {', '.join(changed) or 'unchanged'}"
    return f"{who}: {line.label} set to {new}"


def _changed_fields(before: dict[str, Any], after: dict[str, Any]) -> set[str]:
    return {key for key in before.keys() | after.keys() if before.get(key) != after.get(key)}


class SetValueCommand(QUndoCommand):
    """One entered value changed.  Consecutive edits of the same number merge into one step."""

    def __init__(self, store: SessionStore, power: str, line_id: str, old: Any, new: Any, text: str,
                 before: EntryState, facts_after: dict[str, Any] | None = None) -> None:
        super().__init__(text)
        # A weak reference: the store owns its undo stack, which owns the commands; a strong one
        # back would make a cycle that Python's collector breaks in an order Qt does not survive.
        self._store = weakref.ref(store)
        self.power, self.line_id, self.old, self.new = power, line_id, old, new
        #: The power's table and the facts of the war exactly as they were: undo gives them back as they
        #: were stored (an unentered line stays unentered, a war keeps its starting turn, a fact read with
        #: another keeps its value), not the old value written again.
        self.before = before
        #: A line showing facts of the war: the facts after (from the dry run).
        self.facts_after = facts_after
        #: Set for keystrokes a number box then refused: undoing them also drops the step, so no redo step
        #: that does nothing is left behind (Qt deletes a command that is obsolete once undone).
        self.dropped_when_undone = False
        #: Set when the player begins typing in the line's box again: a new entry is a new step, even with
        #: nothing else changed in between (a play-tester's Ctrl+Z undid two entries at once).
        self.typing_closed = False

    def merges_with(self, power: str, line_id: str, new: Any, line: Line | None = None) -> bool:
        """Typing a number is one step: a new value for the same number joins this command.

        A group line (several numbers) merges when the same one of its numbers is typed on, so
        "178" in Japan's enemy losses is one step, not three; a yes/no field of a group never merges.
        (Merged here rather than through ``QUndoCommand.mergeWith``: when that returns True Qt
        deletes the Python-made command it was offered, which crashed PySide in long runs.)"""
        if (power, line_id) != (self.power, self.line_id) or self.typing_closed:
            return False
        if isinstance(new, dict) and isinstance(self.new, dict) and isinstance(self.old, dict):
            typed = _changed_fields(self.old, self.new)
            if len(typed) != 1 or _changed_fields(self.new, new) != typed:
                return False
            (key,) = typed
            spans = {spec.key: spec.maximum - spec.minimum for spec in getattr(line, "fields", ())}
            return spans.get(key, 2) > 1
        return not isinstance(new, (bool, list, dict)) and not isinstance(self.new, (bool, list, dict))

    @property
    def store(self) -> SessionStore:
        store = self._store()
        assert store is not None, "the store is gone"
        return store

    def redo(self) -> None:
        self.store._write_value(self.power, self.line_id, self.new, facts=self.facts_after)

    def undo(self) -> None:
        self.store._restore_entry(self.power, self.line_id, self.before)
        if self.dropped_when_undone:
            self.setObsolete(True)


class SetFactCommand(QUndoCommand):
    """One fact of the war changed (in the war's facts list or a wizard's question)."""

    def __init__(self, store: SessionStore, before: dict[str, Any], after: dict[str, Any], text: str) -> None:
        super().__init__(text)
        self._store = weakref.ref(store)  # see SetValueCommand
        self.before, self.after = before, after

    def redo(self) -> None:
        store = self._store()
        if store is not None:
            store._write_facts(self.after)

    def undo(self) -> None:
        store = self._store()
        if store is not None:
            store._write_facts(self.before)


class SnapshotCommand(QUndoCommand):
    """A whole-session step (end of turn, a wizard's outcome, a carried value): undone as one.

    The game record is never undone: the step's entries are made when it is first done, and undoing or redoing
    it later is itself an entry (``core/record``)."""

    def __init__(self, store: SessionStore, before: Session, after: Session, text: str,
                 made: list[game_record.Made] | None = None, point: dict[str, Any] | None = None) -> None:
        super().__init__(text)
        self._store = weakref.ref(store)  # see SetValueCommand
        self.before, self.after = before, after
        #: The entries the step adds the first time it is done, and the checkpoint taken before it.
        self.made, self.point = made or [], point
        self.done_once = False

    @property
    def store(self) -> SessionStore:
        store = self._store()
        assert store is not None, "the store is gone"
        return store

    #: Built from a reopened file's checkpoints: the session already is ``after`` when it is pushed.
    skip_first_redo = False

    def redo(self) -> None:
        if self.skip_first_redo:   # the session already is ``after``; its entries are in the file's record
            self.skip_first_redo = False
            self.done_once = True
            return
        self.store._write_session(self.after)
        if not self.done_once:
            self.store._record(self.made, self.point)
        elif self.recorded():
            # The entry's kind says "Redone" wherever the record is shown: its words are the step's (issue 37).
            self.store._record([("redone", self.text(), "", {}, "")])
        self.done_once = True

    def undo(self) -> None:
        self.store._write_session(self.before)
        if self.recorded():
            self.store._record([("undone", self.text(), "", {}, "")])   # shown as "Undone: <step>" (issue 37)

    _recorded: bool | None = None

    def recorded(self) -> bool:
        """Whether the step is one the record holds: it made entries, or (rebuilt from a file's checkpoints) it
        changed what the record seals."""
        if self._recorded is None:
            self._recorded = bool(self.made) or self.before.state_digest() != self.after.state_digest()
        return self._recorded


class SessionStore(QObject):
    """Owns the open session, its undo stack and the current results."""

    #: (power, line id): an entered value changed; widgets showing it resync.
    valueChanged = Signal(str, str)
    #: Results were recomputed: every label showing a total refreshes.
    resultsChanged = Signal()
    #: Many values may have changed at once (undo of an end of turn, a loaded file).
    sessionReloaded = Signal()
    #: A different session (possibly another edition): the window rebuilds its tabs.
    sessionReplaced = Signal()
    #: An entered value the rules refuse (the message names the line and the problem).
    inputRefused = Signal(str)
    #: The game record has a new entry (or another game, with its record, is open).
    recordChanged = Signal()

    def __init__(self, session: Session, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._session = session
        #: The last dry run (power, line, value, facts after, results after), for the write that follows it.
        self._trial: tuple[str, str, Any, dict[str, Any] | None, dict[str, PowerResult]] | None = None
        self._recompute()
        self.undo_stack = QUndoStack(self)

    # -- reading -----------------------------------------------------------------------
    @property
    def session(self) -> Session:
        return self._session

    @property
    def results(self) -> dict[str, PowerResult]:
        return self._results

    def result(self, power: str) -> PowerResult:
        return self._results[power]

    def value(self, power: str, line_id: str) -> Any:
        return self._session.value(power, line_id)

    # -- changing (each call is one undoable step) ---------------------------------------
    def set_value(self, power: str, line_id: str, value: Any) -> None:
        line = self._session.line(power, line_id)
        old = self._session.value(power, line_id)
        new = line.validate(value)
        if isinstance(new, tuple):
            new = list(new)
        if isinstance(old, tuple):
            old = list(old)
        if old == new and self._session.is_entered(power, line_id):
            return   # (a line nobody entered is entered by its shown value: the tables need it said)
        facts_after, results_after = self._dry_run(power, line_id, new)
        # The write that follows at once (the command's first redo) takes these results, not a second assessment;
        # never a later one (cleared whatever happens).
        self._trial = (power, line_id, new, facts_after, results_after)
        try:
            text = describe_change(power, line, old, new)
            stack = self.undo_stack
            top = stack.command(stack.index() - 1) if stack.index() > 0 else None
            if (isinstance(top, SetValueCommand) and stack.index() == stack.count() and not stack.isClean()
                    and top.merges_with(power, line_id, new, line)):
                top.new = new
                top.setText(text)
                self._write_value(power, line_id, new)
                stack.indexChanged.emit(stack.index())
                stack.undoTextChanged.emit(stack.undoText())   # Edit > Undo names the whole number typed
                return
            stack.push(SetValueCommand(self, power, line_id, old, new, text, self._session.entry_state(power),
                                       facts_after))
        finally:
            self._trial = None

    def set_fact(self, fact_id: str, value: Any) -> None:
        """Change one fact of the war as one undoable step; every table that reads it follows."""
        item = war_facts.fact(fact_id)
        old = self._session.fact(fact_id)
        trial = self._session.entry_trial()
        new = trial.set_fact(fact_id, value)
        if old == new:
            return
        trial.assess()  # refused combinations raise here, before anything is stored
        self.undo_stack.push(SetFactCommand(self, war_facts.copied(self._session.facts), trial.facts,
                                            f"The war: {item.label} \u2014 {item.words(new)}"))

    def _dry_run(self, power: str, line_id: str, value: Any
                 ) -> tuple[dict[str, Any] | None, dict[str, PowerResult]]:
        """Let the rules see the value before it is stored, so a combination they refuse raises
        ``RulesInputError`` here, not inside an undo command.  Returns the results as they would become and,
        for a line showing facts of the war (every table that reads them is assessed), the facts too."""
        session = self._session
        if session.is_bound(power, line_id):
            trial_session = session.entry_trial()
            trial_session.set_value(power, line_id, value)
            carry = trial_session.effective_carry()
            if carry != session.effective_carry():   # a war's date moved Japan's clock: every power again
                return trial_session.facts, trial_session.assess()
            # Only the tables showing the changed facts (and the line's own), and the powers reading their results,
            # are assessed again.
            facts, trial_facts = session.facts, trial_session.facts
            moved = [key for key in facts.keys() | trial_facts.keys() if facts.get(key) != trial_facts.get(key)]
            readers = {power} | {reader for fact_id in moved
                                 for reader, _line in war_facts.where_shown(fact_id, session.has_line)}
            changed = [key for key in assess.ORDER if key in readers]
            after = trial_session.effective_inputs(assess.ORDER[assess.ORDER.index(changed[0]):])
            return trial_facts, assess.assess_after_change(
                session.edition, session.scenario, session.turn, after, carry, self._results, changed)
        # The power's own entry: it and the powers reading its result are assessed again (assess_after_change).
        later = assess.ORDER[assess.ORDER.index(power):]
        inputs = session.effective_inputs(later)
        inputs[power] = {**inputs[power], line_id: value}
        results = assess.assess_after_change(session.edition, session.scenario, session.turn, inputs,
                                             session.effective_carry(), self._results, power)
        return None, results

    def change_session(self, text: str, mutate: Callable[[Session], None], kind: str = "event",
                       words: str = "") -> None:
        """Apply ``mutate`` to a copy of the session and push the result as one undo step.  What it records (a
        new line of the log, a die, or ``text`` as an entry of ``kind`` when it changes what the record seals)
        is added to the game record when the step is done (``game_record.step_entries``; ``words``: the entry's words
        when they say more than the undo step's name)."""
        before = self._session.snapshot()
        after = self._session.snapshot()
        point = self._session.checkpoint(text)
        mutate(after)
        if after == before:   # a change that changes nothing is no step (its undo would undo nothing), as in Europa
            return
        after.checkpoints.append(point)   # kept in the file: undo survives closing it
        made = game_record.step_entries(before, after, words or text, kind)
        self.undo_stack.push(SnapshotCommand(self, before, after, text, made, point))

    def replace_session(self, session: Session, reopened: bool = False) -> None:
        """Open another game: a fresh undo history.  ``reopened``: a saved game, whose last whole-session
        steps (ends of turn, wizard outcomes) become undoable again from its checkpoints."""
        self.undo_stack.clear()
        self._session = session
        self._recompute()
        if reopened:
            self._rebuild_undo_from_checkpoints()
        self.sessionReplaced.emit()
        self.resultsChanged.emit()
        self.recordChanged.emit()
        self.undo_stack.setClean()

    #: How many of a reopened game's last steps can be undone (older ones: Turn > Go back).
    REOPENED_STEPS = 12

    def _rebuild_undo_from_checkpoints(self) -> None:
        from ...core.awaw import sessionfile

        session = self._session
        count = len(session.checkpoints)
        states: list[Session] = []
        first = max(0, count - self.REOPENED_STEPS)
        for index in range(first, count):
            try:
                states.append(sessionfile.session_at_checkpoint(session, index))
            except sessionfile.SessionFileError:
                states.clear()   # a damaged checkpoint: only the steps after it can be undone
                first = index + 1
        current = session.snapshot()
        for offset, before in enumerate(states):
            index = first + offset
            after = states[offset + 1] if offset + 1 < len(states) else current
            command = SnapshotCommand(self, before, after, f"{session.checkpoints[index]['title']} (before reopening)")
            command.skip_first_redo = True
            self.undo_stack.push(command)

    def go_back(self, index: int) -> None:
        """Turn > Go back: the game as it was before checkpoint ``index``, as one new undoable step."""
        from ...core.awaw import sessionfile

        point = self._session.checkpoints[index]
        before = self._session.snapshot()
        # The later steps leave the record (Undo brings them back until the game is closed).
        after = sessionfile.session_at_checkpoint(self._session, index)
        words = f"Went back to before {point['title']} ({Turn(point['turn']['year'], point['turn']['season']).title})"
        self.undo_stack.push(SnapshotCommand(self, before, after, f"Go back to before {point['title']}",
                                             [("gone-back", words, "", {}, "")]))

    # -- called by the commands --------------------------------------------------------
    def _write_value(self, power: str, line_id: str, value: Any, facts: dict[str, Any] | None = None) -> None:
        if facts is not None:
            self._session.facts = war_facts.copied(facts)
        self._session.set_value(power, line_id, value)
        trial, self._trial = self._trial, None
        if trial is not None and trial[:3] == (power, line_id, value) and trial[3] == facts:
            self._results = trial[4]   # assessed by the dry run just before, on exactly this state
            if facts is not None:
                self._recompute_carry()
        elif facts is None and not self._session.is_bound(power, line_id):
            # One table's own entry: the tables before it keep their results (a typed digit stays quick).
            self._results = self._session.assess_after_change(power, self._results)
        else:
            self._recompute()
        self._announce(power, line_id, shows_facts=facts is not None)

    def _restore_entry(self, power: str, line_id: str, before: EntryState) -> None:
        """Undo of one entry: the power's table and the facts exactly as they were (``Session.restore_entry_state``)."""
        self._trial = None
        bound = self._session.is_bound(power, line_id)
        self._session.restore_entry_state(power, before)
        if bound:
            self._recompute()
        else:   # one table's own entry: the tables before it keep their results
            self._results = self._session.assess_after_change(power, self._results)
        self._announce(power, line_id, shows_facts=bound)

    def _announce(self, power: str, line_id: str, shows_facts: bool) -> None:
        """The line changed (and, for a line showing facts of the war, every line showing them, on every tab),
        then the results."""
        self.valueChanged.emit(power, line_id)
        if shows_facts:
            for binding in war_facts.bindings(power, line_id):
                for fact_id in binding.fact_ids:
                    for other in war_facts.READERS.get(fact_id, ()):
                        if (other.power, other.line_id) != (power, line_id) and \
                                self._session.has_line(other.power, other.line_id):
                            self.valueChanged.emit(other.power, other.line_id)
        self.resultsChanged.emit()

    def _write_facts(self, facts: dict[str, Any]) -> None:
        self._session.facts = war_facts.copied(facts)
        self._recompute()
        self.sessionReloaded.emit()
        self.resultsChanged.emit()

    def _record(self, made: list[game_record.Made], point: dict[str, Any] | None = None) -> None:
        """Add entries to the game record (never undone) and say so."""
        if made:
            game_record.record_step(self._session, made, point)
            self.recordChanged.emit()

    def add_to_record(self, kind: str, words: str, data: dict[str, Any] | None = None) -> None:
        """An entry of its own (going on from an older copy): not an undo step, as every entry."""
        self._record([(kind, words, "", data or {}, "")])

    def replace_record(self, record: GameRecord) -> None:
        """The record with entries made outside an undo step (a side's keys taken, ``ui.shell.player_keys``): never
        undone, as every entry; the game is then changed (unsaved) until saved."""
        if record is self._session.record:
            return
        self._session.record = record
        self.recordChanged.emit()
        self.undo_stack.resetClean()

    def _write_session(self, content: Session) -> None:
        self._session.restore(content)
        self._recompute()
        self.sessionReloaded.emit()
        self.resultsChanged.emit()

    def _recompute(self) -> None:
        self._results = self._session.assess()
        self._recompute_carry()

    def _recompute_carry(self) -> None:
        carry = self._session.effective_carry()
        self._full_carry = {key: {**assess.power_module(key).initial_carry(), **carry.get(key, {})}
                            for key in assess.ORDER}
