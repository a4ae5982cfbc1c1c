"""What a screen reader hears: every number and verdict with its value, its changes, plain descriptions, captions.

Measured through the desktop's accessibility bus (issue 29): a ``QLabel``'s accessible name replaces its text, so a
label named "Germany level" was read without its "+7"; a rich tooltip was read as raw HTML; a combo box is named by
its current item on Linux, whatever its accessible name says, and is labelled only by a label whose buddy it is.

- :class:`LiveLabel`: a label whose accessible name is its caption and its value ("Germany level +7"), kept in step
  with every ``setText``; Qt sends the name change to the screen reader.  ``caption(widget)`` is what it is without
  the value (tests find a live value by it).
- :func:`announce`: a message a screen reader speaks now (a status change, a status bar message): an announcement
  event (Orca 46 and later), and the focused control's description for a while (Orca 43.1, the version Debian 12
  ships, has no handler for announcements but speaks a change of the focused control's description; issue 40).
  The control's own description comes back when the focus leaves it, or at :func:`quiet`.
- :func:`set_tip`: a tooltip, and its plain words as the accessible description.
- :func:`caption_combo`: a combo box labelled by a caption that shows nowhere else (a buddy label, hidden).
- :class:`PasswordField`: a passphrase field that tells the accessibility bus its name, that it is a password, and
  nothing else (issue 40: a ``QLineEdit`` in password mode sends each typed character, and the whole passphrase when
  cleared, as a text event any listener reads and Orca speaks aloud).

Nothing here names Qt's ``Qt`` namespace or loads ``html`` for plain text: the Overview's labels are live before the
window's first paint.
"""

from __future__ import annotations

import re
import weakref
from collections.abc import Callable

from PySide6.QtCore import QObject
from PySide6.QtWidgets import QAccessibleWidget, QLabel, QLineEdit, QStatusBar, QWidget

#: The dynamic property holding a live value's caption (its accessible name without the value).
CAPTION = "awawCaption"

#: Called with (widget, message) for every announcement: a test listens here, since Qt passes an announcement to a
#: screen reader only while one is listening.
listeners: list[Callable[[QWidget, str], None]] = []

_BREAKS = re.compile(r"<\s*(?:br|/p|/li|/h\d|/tr|/ul|/div)\s*/?\s*>", re.IGNORECASE)
_ITEM = re.compile(r"<\s*li\b[^>]*>", re.IGNORECASE)
_TAG = re.compile(r"<[^>]*>")
_SPACES = re.compile(r"[ \t]+")


def plain_text(text: str) -> str:
    """Rich text as a screen reader should hear it: no tags, entities decoded, one line per paragraph or item."""
    if "<" not in text and "&" not in text:
        return text.strip()
    text = _ITEM.sub("\u2022 ", _BREAKS.sub("\n", text))
    text = _TAG.sub("", text)
    if "&" in text:
        from html import unescape  # only for text that has an entity: not before the first paint

        text = unescape(text)
    lines = (_SPACES.sub(" ", line).strip() for line in text.splitlines())
    return "\n".join(line for line in lines if line)


def with_value(caption: str, value: str) -> str:
    """A caption and its value as one name: "Germany level +7", "Germany verdict: Surrenders to the Allies."."""
    value = " ".join(value.split())
    if not caption or not value:
        return caption or value
    if value[0] in "+-\u2212\u2014" or value[0].isdigit():
        return f"{caption} {value}"
    return f"{caption}: {value}"


def caption(widget: QWidget) -> str:
    """What a widget is, without its value: a live label's caption, else its accessible name."""
    found = widget.property(CAPTION)
    return found if isinstance(found, str) and found else widget.accessibleName()


class LiveLabel(QLabel):
    """A label showing a value that changes: its accessible name is its caption and the value it shows, so a screen
    reader reads "Germany level +7", not "Germany level" (a label's accessible name replaces its text)."""

    def __init__(self, text: str = "", parent: QWidget | None = None, caption: str = "") -> None:
        super().__init__(text, parent)
        self._caption = ""
        if caption:
            self.setAccessibleName(caption)

    def spoken(self, text: str) -> str:
        """The words a screen reader hears for ``text`` (plain; a subclass may leave out a mark)."""
        return plain_text(text)

    def setAccessibleName(self, name: str) -> None:
        """Sets the caption: the name read is the caption and the value shown."""
        self._caption = name
        self.setProperty(CAPTION, name)
        super().setAccessibleName(with_value(name, self.spoken(self.text())) if name else "")

    def setText(self, text: str) -> None:
        super().setText(text)
        if self._caption:
            super().setAccessibleName(with_value(self._caption, self.spoken(text)))

    def clear(self) -> None:
        self.setText("")


def announce(widget: QWidget, message: str, urgent: bool = False) -> None:
    """Have a screen reader say ``message`` now (Qt 6.8+: an announcement; else the widget's name changes)."""
    message = plain_text(message)
    if not message:
        return
    for listener in list(listeners):
        listener(widget, message)
    _describe_focused(message)
    from PySide6 import QtGui
    from PySide6.QtGui import QAccessible

    if not QAccessible.isActive():   # no screen reader listening: nothing to send
        return
    kind = getattr(QtGui, "QAccessibleAnnouncementEvent", None)
    if kind is not None:
        event = kind(widget, message)
        if urgent:
            event.setPoliteness(QAccessible.AnnouncementPoliteness.Assertive)
    else:
        event = QtGui.QAccessibleEvent(widget, QAccessible.Event.NameChanged)
    QAccessible.updateAccessibility(event)


#: The dynamic property holding a focused control's own description while an announcement stands in for it.
OWN_DESCRIPTION = "awawOwnDescription"
_described: weakref.WeakSet[QWidget] = weakref.WeakSet()


class _Restorer(QObject):
    """Gives a control its own description back when the focus leaves it."""

    def eventFilter(self, watched: QObject, event: object) -> bool:
        from PySide6.QtCore import QEvent

        if isinstance(watched, QWidget) and getattr(event, "type", lambda: None)() == QEvent.Type.FocusOut:
            _restore(watched)
        return False


_restorer: list[_Restorer] = []


def _restore(widget: QWidget) -> None:
    own = widget.property(OWN_DESCRIPTION)
    if own is not None:
        widget.setProperty(OWN_DESCRIPTION, None)
        widget.setAccessibleDescription(str(own))
    if _restorer:
        widget.removeEventFilter(_restorer[0])
    _described.discard(widget)


def _describe_focused(message: str) -> None:
    """The focused control's description says ``message`` (Orca 43 speaks the change), until the focus leaves."""
    from PySide6.QtWidgets import QApplication

    focus = QApplication.focusWidget()
    if focus is None:
        return
    if not _restorer:
        _restorer.append(_Restorer(QApplication.instance()))
    if focus.property(OWN_DESCRIPTION) is None:
        focus.setProperty(OWN_DESCRIPTION, focus.accessibleDescription())
        focus.installEventFilter(_restorer[0])
        _described.add(focus)
    if focus.accessibleDescription() == message:
        message += "\u00a0"   # the same words again (the same number typed twice) are still a change Orca speaks
    focus.setAccessibleDescription(message)


def spoken_description(widget: QWidget) -> str:
    """What an announcement left in ``widget``'s description ("" when it has its own): what Orca 43 spoke."""
    return widget.accessibleDescription().rstrip("\u00a0") if widget.property(OWN_DESCRIPTION) is not None else ""


def quiet() -> None:
    """Every control an announcement described gets its own description back (a private view hidden: its words must
    not stay on the bus)."""
    for widget in list(_described):
        _restore(widget)


class _StatusBarVoice(QObject):
    """Says each message of a status bar as it is shown (a refused number, what was undone, a file saved)."""

    def __init__(self, bar: QStatusBar) -> None:
        super().__init__(bar)
        bar.messageChanged.connect(self.said)

    def said(self, message: str) -> None:
        bar = self.parent()
        if message and isinstance(bar, QStatusBar):
            announce(bar, message)


def speak_status_bar(bar: QStatusBar) -> None:
    """Announce the status bar's messages from now on (once per bar)."""
    if not bar.findChildren(_StatusBarVoice):
        _StatusBarVoice(bar)


def set_tip(widget: QWidget, tip: str) -> None:
    """A tooltip, and the same words in plain text as the accessible description (a rich tooltip is otherwise read
    out with its HTML tags)."""
    widget.setToolTip(tip)
    widget.setAccessibleDescription(plain_text(tip) if "<" in tip or "&" in tip else "")


def plain_descriptions(root: QWidget) -> None:
    """Every widget under ``root`` (and ``root``) whose tooltip is rich text gets its plain words as description."""
    for widget in (root, *root.findChildren(QWidget)):
        tip = widget.toolTip()
        if "<" in tip and not widget.accessibleDescription():
            widget.setAccessibleDescription(plain_text(tip))


def caption_combo(combo: QWidget, words: str, parent: QWidget) -> QLabel:
    """A caption for a combo box that has none on screen ("Japan and Britain at war: season"): a hidden label
    whose buddy it is, which screen readers read as the box's label (on Linux a combo box's own accessible name
    is its current item).  ``parent`` is the box's parent: Qt finds a box's labels among its siblings."""
    label = QLabel(words, parent)
    label.setBuddy(combo)
    label.hide()
    return label


def no_tab_stop(widget: QWidget) -> None:
    """A scroll area (or any frame) that is no Tab stop of its own: Tab goes to the inputs in it.  (An unnamed
    scroll area was an extra, silent stop on every tab.)  Names Qt's ``Qt`` namespace: after the first paint."""
    from PySide6.QtCore import Qt

    widget.setFocusPolicy(Qt.FocusPolicy.NoFocus)


class PasswordField(QLineEdit):
    """A passphrase field (echo mode Password): a screen reader hears its name and "password text", never what is
    typed.  Its accessible interface has no text interface, so Qt's AT-SPI bridge drops the text-inserted and
    text-removed events ``QLineEdit`` sends with the typed characters; its value is empty, so even the length of the
    passphrase (Qt's own interface answers one "*" per character) goes nowhere."""

    def __init__(self, parent: QWidget | None = None) -> None:
        _install_password_factory()
        super().__init__(parent)
        self.setEchoMode(QLineEdit.EchoMode.Password)


class _PasswordInterface(QAccessibleWidget):
    """What the accessibility bus knows of a :class:`PasswordField`: an editable password text with a name."""

    def __init__(self, field: PasswordField) -> None:
        from PySide6.QtGui import QAccessible

        super().__init__(field, QAccessible.Role.EditableText)

    def text(self, kind):
        from PySide6.QtGui import QAccessible

        widget = self.widget()
        if kind == QAccessible.Text.Name:
            return widget.accessibleName()
        if kind == QAccessible.Text.Description:
            return widget.accessibleDescription()
        return ""   # no value, no help text, no accelerator that could carry what was typed

    def state(self):
        state = super().state()
        state.passwordEdit = True
        state.editable = True
        return state


_factory_installed = False


def _password_interface(key: str, obj: QObject) -> QAccessibleWidget | None:
    return _PasswordInterface(obj) if isinstance(obj, PasswordField) else None


def _install_password_factory() -> None:
    global _factory_installed
    if not _factory_installed:
        from PySide6.QtGui import QAccessible

        QAccessible.installFactory(_password_interface)
        _factory_installed = True
