"""Qt widgets for a Europa game (rule 56): a nation panel with its envelope and RE count.

Self-contained: ``EuropaGameHolder`` wraps the core game (``core.europa``) with undo; the main
window can later swap it for the app's store."""
