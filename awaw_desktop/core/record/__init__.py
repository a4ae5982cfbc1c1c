"""The game record, shared by every rules family: an append-only, hash-chained log of everything recorded in a game
(``chain``), the short code players quote for its head (``codes``), what this computer has seen of each game
(``seen``), and the check of a file against its record (``verify``)."""
