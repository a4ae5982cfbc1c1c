"""The rules core: plain Python, no Qt.  Rules as data, pure totals, the session file."""
