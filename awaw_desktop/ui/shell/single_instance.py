"""One running app per user (issue 39): a second start hands its files to the running app and exits, and files the
system sends a running app (macOS's ``QFileOpenEvent``, a double-click in Finder) open there too.

The running app holds an operating-system lock (``awaw_desktop.system``: released by the system however the app
ends) and, once its window is painted, listens with Qt's ``QLocalServer`` (a local socket; a named pipe on
Windows).  A start that finds the lock held connects with ``QLocalSocket`` and sends one line of JSON, the files'
absolute paths; the running app answers ``ok`` once it has taken them, and opens each in the right rules family's
window (File > Open's own path: the unsaved-changes question, a file already open brought to the front), then
comes to the front.  QtNetwork is loaded only when the app listens or hands over, never before the first paint.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from PySide6.QtCore import QEvent, QObject

from ...system import Lock, instance_lock_path, instance_server_name, try_lock

#: A start with this set to 1 never hands over (a second app on purpose, a benchmark run).
SEPARATE = "AWAW_DESKTOP_SEPARATE_INSTANCE"
#: How long a second start waits for the running app to answer (it may be busy with a long end of turn).
ANSWER_MS = 5000
#: The most a hand-over line may hold: a few hundred paths.
MOST_BYTES = 256 * 1024

Opener = Callable[[list[Path]], None]


def _message(files: Sequence[Path]) -> bytes:
    return json.dumps({"open": [str(Path(file).absolute()) for file in files]}).encode("utf-8") + b"\n"


def read_message(data: bytes) -> list[Path] | None:
    """The files of a hand-over line, or None if it is not one (anything else on the socket is ignored)."""
    try:
        message = json.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, ValueError):
        return None
    files = message.get("open") if isinstance(message, dict) else None
    if not isinstance(files, list) or not all(isinstance(file, str) and file for file in files):
        return None
    return [Path(file) for file in files]


def hand_over(files: Sequence[Path], name: str | None = None, wait_ms: int = ANSWER_MS) -> bool:
    """Send ``files`` to the running app (bring it to the front if there are none); True once it said it took
    them."""
    from PySide6.QtNetwork import QLocalSocket

    socket = QLocalSocket()
    socket.connectToServer(name or instance_server_name())
    if not socket.waitForConnected(wait_ms):
        return False
    socket.write(_message(files))
    socket.flush()   # often writes it all at once, and then there is nothing left to wait for
    if socket.bytesToWrite() and not socket.waitForBytesWritten(wait_ms):
        return False
    answered = bytes(socket.readAll().data())   # the answer may have come while the files were written
    while b"\n" not in answered and socket.waitForReadyRead(wait_ms):
        answered += bytes(socket.readAll().data())
    socket.disconnectFromServer()
    return answered.strip() == b"ok"


class RunningApp:
    """This app as the one running for its user: the lock, then (``listen``) the server second starts talk to."""

    def __init__(self, lock: Lock | None, name: str) -> None:
        self.lock, self.name = lock, name
        self.server: Any = None
        self._opener: Opener | None = None
        self._waiting: list[Path] = []

    @classmethod
    def start(cls, files: Sequence[Path], environ: dict[str, str] | None = None) -> RunningApp | None:
        """The running app for this start, or None if another copy runs and took ``files`` (this start then
        exits).  A copy that holds the lock but does not answer (hung) is left alone: this start runs on its own,
        without a server."""
        environ = dict(os.environ) if environ is None else environ
        name = instance_server_name(environ)
        if environ.get(SEPARATE) == "1":
            return cls(None, name)
        try:
            lock = try_lock(instance_lock_path(environ))
        except OSError:   # a folder that cannot be written: run as before, on our own
            return cls(None, name)
        if lock is not None:
            return cls(lock, name)
        if hand_over(files, name):
            return None
        return cls(None, name)

    def listen(self, opener: Opener) -> bool:
        """Take second starts' files from now on (after the first paint); files that came before are opened now."""
        self._opener = opener
        if self._waiting:
            waiting, self._waiting = self._waiting, []
            opener(waiting)
        if self.lock is None:
            return False
        from PySide6.QtNetwork import QLocalServer

        QLocalServer.removeServer(self.name)   # a socket a crashed copy left: ours to remove, we hold the lock
        server = QLocalServer()
        server.setSocketOptions(QLocalServer.SocketOption.UserAccessOption)   # this user's starts only
        server.newConnection.connect(self._connected)
        self.server = server
        return bool(server.listen(self.name))

    def _connected(self) -> None:
        while self.server is not None and self.server.hasPendingConnections():
            socket = self.server.nextPendingConnection()
            received = bytearray()

            def ready(socket: Any = socket, received: bytearray = received) -> None:
                received.extend(bytes(socket.readAll().data()))
                if len(received) > MOST_BYTES:
                    socket.abort()
                    return
                if b"\n" not in received:
                    return
                files = read_message(bytes(received.split(b"\n", 1)[0]))
                if files is None:
                    socket.abort()
                    return
                socket.write(b"ok\n")
                socket.flush()
                socket.disconnectFromServer()
                self.open_files(files)

            socket.readyRead.connect(ready)
            socket.disconnected.connect(socket.deleteLater)

    def open_files(self, files: list[Path]) -> None:
        """Open files sent to this app (a second start, the system's file-open event), or keep them until the
        window is up."""
        if self._opener is None:
            self._waiting.extend(files)
        else:
            self._opener(files)

    def stop(self) -> None:
        if self.server is not None:
            self.server.close()
            self.server = None
        if self.lock is not None:
            self.lock.release()
            self.lock = None


class FileOpenEvents(QObject):
    """macOS sends a file opened from Finder (or dropped on the Dock icon) as a ``QFileOpenEvent`` to the
    application, at launch and while it runs: each goes to ``open_files``."""

    def __init__(self, app: QObject, open_files: Opener) -> None:
        super().__init__(app)
        self._open = open_files
        app.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.FileOpen:
            file = event.file()  # type: ignore[attr-defined]  # a QFileOpenEvent
            if file:
                self._open([Path(file)])
                return True
        return False
