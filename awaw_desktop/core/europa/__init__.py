"""The Europa-family Axis political rules (rule 56, V 11.03.07): a second rules family beside ``core.awaw``.

Modules, each small:

``calendar``   half-month game turns ("Jul I 1943"); one month is two turns
``cards``      the deck (52 + 2 jokers) and Table 1 as data
``sealing``    Scrypt + AES-GCM boxes under a player's passphrase
``draw``       the commit-and-reveal draw both sides contribute to
``envelope``   an envelope's life and dates (56.E.1), sealed-draw or real-deck
``roster``     what an RE count reads: forces and losses (56.E)
``recount``    the RE count with its breakdown (56.E, 56.E.2)
``surrender``  surrender (56.A) and the special replacement rate (56.E.3)
``defection``  defection rolls, the RP pause and the 56.B.3-4 checklist
``political``  operational areas, city points (56.C), German aid (56.D)
``state``      the game state and its JSON
``actions``    every change, as a pure function returning a new game
``readings``   the readings followed, for the players' page
"""
