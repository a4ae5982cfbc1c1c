"""File > Verify the game record: the open game checked as ``awaw-desktop verify`` checks a file (its record's chain,
and what the game holds against it), and the file on disk too when it was saved."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtWidgets import QMessageBox, QWidget

from ...core import family as families
from ...core.files.atomic_file import SessionFileError
from ...core.record.verify import Verification, verify_bytes, verify_path
from .plain_text import message_box


def verification_words(key: str, game: Any, path: Path | None, unsaved: bool) -> tuple[bool, str]:
    """(everything verified, what to tell the players)."""
    try:
        verified, words = said(verify_bytes(families.get(key).dumps(game)))
    except SessionFileError as error:
        return False, f"The open game cannot be checked: {error}"
    lines = [f"The open game: {words}."]
    if path is not None:
        on_disk, words = said(verify_path(path))
        verified = verified and on_disk
        changed = " (it does not hold the changes made since it was saved)" if unsaved else ""
        lines.append(f"Its file, {path.name}{changed}: {words}.")
    if verified:
        lines.append("Quote the record code to the other player: the same code means the same game.")
    return verified, "\n\n".join(lines)


def said(verification: Verification) -> tuple[bool, str]:
    """(verified, in words), as ``awaw-desktop verify`` says it: a record of nothing but the start a file from an
    earlier version is given holds no record to verify; one that gives a side the other's keys does not hold."""
    record = verification.record
    if record is None or not verification.verified:
        return False, verification.words()
    if not any(entry.kind != "migrated" for entry in record.entries):
        return False, ("no record to verify: the file claims to be from an earlier version of the app and holds no "
                       "game record")
    from .record_open import signature_problem_of

    shared = signature_problem_of(record)   # the signatures held: a side given the other's keys is what is left
    if shared is not None:
        return False, f"record {record.code}: NOT verified: {shared.words()}"
    return True, verification.words()


def show_verification(parent: QWidget, key: str, game: Any, path: Path | None, unsaved: bool) -> None:
    verified, words = verification_words(key, game, path, unsaved)
    message_box(QMessageBox.Icon.Information if verified else QMessageBox.Icon.Warning,
                "Game record verified" if verified else "The game record does not hold", words, parent).open()
