"""awaw-desktop: a table assistant for the surrender rules of A World at War."""

__version__ = "0.1.0"
