"""A nation's national will envelope and the life of its card (56.E.1).

NOTES.md: a sealed card has no effect.  Opened by the enemy side on turn T, it is in effect
from T + 1 month; only the opener sees it until T + 3 months, when it is shown to the other
side; it is discarded at T + 7 months (in effect up to, not including, that turn).  A count
requested by the opener (56.E.2) shows it to both sides at once without moving these dates.

Three modes: ``sealed-draw`` (the app draws the card from both sides' secrets, see ``draw``),
``e-mail-draw`` (the same draw between two computers, each side's secret sealed to its own
player's key: ``mail_draw``, ``envelope_mail``) and ``real-deck`` (a physical card in a paper
envelope: the app keeps the dates and the players type the card when it is revealed).
"""

from __future__ import annotations

from enum import Enum
from typing import TYPE_CHECKING, Any

from ..frozen import Frozen, replace
from ..lines import RulesInputError
from .calendar import EuropaTurn
from .cards import card_index, parse_card
from .draw import (
    ALLIED,
    AXIS,
    SIDE_TITLES,
    SIDES,
    Contribution,
    bound_draw_id,
    card_from_secrets,
    contribute,
    derive_card_index,
    draw_card,
    is_hex,
    new_draw_id,
    new_nonce,
    reveal_secret,
    seal_secrets_for,
    unseal_card,
    unseal_secrets,
)
from .jsonread import Fields
from .keybox import KeyBox
from .mail_draw import MAIL_DRAW, opener_card
from .sealing import SealedBox, check_passphrase

if TYPE_CHECKING:
    from ..record.keys import PlayerKeys

RULE = "56.E.1"
SEALED_DRAW = "sealed-draw"
REAL_DECK = "real-deck"
MODES = (SEALED_DRAW, REAL_DECK, MAIL_DRAW)
#: Months after opening (NOTES.md): in effect, shown to both, discarded.
EFFECT_AFTER_MONTHS = 1
SHOWN_AFTER_MONTHS = 3
DISCARD_AFTER_MONTHS = 7
#: How a card came to be shown to both sides.
SHOWN_BY_DATE = "date"
SHOWN_BY_COUNT = "count-request"


class Stage(str, Enum):
    SEALED = "sealed"
    OPENED = "opened"            # seen by the opener, not yet in effect
    PRIVATE = "private"          # in effect, seen by the opener only
    TO_SHOW = "to-show"          # the date to show it has come: the opener must show it now
    SHOWN = "shown"              # known to both sides
    DISCARDED = "discarded"
    VOIDED = "voided"            # set aside by both players' agreement (a passphrase was lost): no card, no effect

    @property
    def title(self) -> str:  # type: ignore[override]
        return {
            Stage.SEALED: "Sealed: nobody has seen the card",
            Stage.OPENED: "Opened: seen by the opener, not in effect yet",
            Stage.PRIVATE: "In effect: seen by the opener only",
            Stage.TO_SHOW: "In effect: due to be shown to both sides now",
            Stage.SHOWN: "Shown to both sides",
            Stage.DISCARDED: "Discarded: no more effect",
            Stage.VOIDED: "Voided by both players' agreement: no card, no effect",
        }[self]


class Envelope(Frozen):
    mode: str
    drawn: EuropaTurn
    draw_id: str = ""
    contributions: tuple[Contribution, ...] = ()   # sealed-draw: (axis, allied)
    opened: EuropaTurn | None = None
    opened_by: str = ""
    card_for_opener: SealedBox | None = None       # an earlier version's: the card, between opening and showing
    card: str = ""                                 # public only once shown to both sides
    shown: EuropaTurn | None = None
    shown_how: str = ""
    #: Sealed draw: the envelope's number among its nation's and the random part of its bound id ("" for an
    #: earlier version's draw, whose id is not bound: ``draw.bound_draw_id``).
    number: int = 0
    nonce: str = ""
    #: Both secrets, for the opener only, between opening and showing (the card is worked out from them).
    secrets_for_opener: SealedBox | None = None
    #: Once shown: both secrets, hex, so anyone can work the card out again (``revealed_card``).
    revealed: tuple[str, ...] = ()
    #: Set aside unopened or unshown by both players' agreement (a lost passphrase), and why.
    voided: EuropaTurn | None = None
    void_reason: str = ""
    #: Play by e-mail: the Axis side's consent to open, its secret sealed to the Allied player's key.
    consent: KeyBox | None = None

    def bound(self, game_id: str, nation: str) -> bool:
        """The draw's id is the one made for this game, nation and envelope (an earlier version's draw: no id)."""
        return not self.nonce or self.draw_id == bound_draw_id(game_id, nation, self.number, self.nonce)

    def revealed_card(self) -> str:
        """The card the revealed secrets draw, each checked against its commitment ("" if none are revealed)."""
        if len(self.revealed) != 2:
            return ""
        return card_from_secrets(self.draw_id, _part(self, AXIS), _part(self, ALLIED),
                                 bytes.fromhex(self.revealed[0]), bytes.fromhex(self.revealed[1]))

    # -- dates ---------------------------------------------------------------------------
    def _months_after_opening(self, months: int) -> EuropaTurn | None:
        return self.opened.add_months(months) if self.opened is not None else None

    @property
    def effective(self) -> EuropaTurn | None:
        return self._months_after_opening(EFFECT_AFTER_MONTHS)

    @property
    def show_due(self) -> EuropaTurn | None:
        return self._months_after_opening(SHOWN_AFTER_MONTHS)

    @property
    def discarded(self) -> EuropaTurn | None:
        return self._months_after_opening(DISCARD_AFTER_MONTHS)

    def in_effect(self, turn: EuropaTurn) -> bool:
        """Table 1 applies from one month after opening up to, not including, the discard."""
        if self.effective is None or self.discarded is None or (self.voided is not None and turn >= self.voided):
            return False
        return self.effective <= turn < self.discarded

    def stage(self, turn: EuropaTurn) -> Stage:
        if self.voided is not None and turn >= self.voided:
            return Stage.VOIDED
        if self.opened is None or turn < self.opened:
            return Stage.SEALED
        assert self.effective is not None and self.show_due is not None and self.discarded is not None
        if turn >= self.discarded:
            return Stage.DISCARDED
        if self.card and self.shown is not None and turn >= self.shown:
            return Stage.SHOWN
        if turn >= self.show_due:
            return Stage.TO_SHOW
        return Stage.OPENED if turn < self.effective else Stage.PRIVATE

    def timeline(self, turn: EuropaTurn) -> tuple[tuple[str, EuropaTurn], ...]:
        """The envelope's dates at ``turn``, for the nation panel and the report: what is still to come says so
        ("To be shown to both sides by Oct I 1943"), not as if it had happened."""
        dates: list[tuple[str, EuropaTurn]] = [("Drawn", self.drawn)]
        if self.opened is not None and self.effective and self.show_due and self.discarded:
            shown = ("Shown to both sides", self.shown) if self.shown is not None else (
                ("To be shown to both sides by", self.show_due) if turn < self.show_due
                else ("To be shown to both sides since", self.show_due))
            dates += [(f"Opened by the {SIDE_TITLES[self.opened_by]} side", self.opened),
                      ("In effect from", self.effective),
                      shown, ("Discarded" if turn >= self.discarded else "To be discarded", self.discarded)]
        return tuple(dates)

    # -- JSON ------------------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        return {
            "mode": self.mode, "drawn": self.drawn.to_json(), "draw_id": self.draw_id,
            "contributions": {c.side: c.to_json() for c in self.contributions},
            "opened": self.opened.to_json() if self.opened else None, "opened_by": self.opened_by,
            "card_for_opener": self.card_for_opener.to_json() if self.card_for_opener else None,
            "card": self.card, "shown": self.shown.to_json() if self.shown else None, "shown_how": self.shown_how,
            "number": self.number, "nonce": self.nonce,
            "secrets_for_opener": self.secrets_for_opener.to_json() if self.secrets_for_opener else None,
            "revealed": list(self.revealed), "voided": self.voided.to_json() if self.voided else None,
            "void_reason": self.void_reason, "consent": self.consent.to_json() if self.consent else None,
        }

    @classmethod
    def from_json(cls, data: Any, where: str) -> Envelope:
        f = Fields(data, where, ("mode", "drawn", "draw_id", "contributions", "opened", "opened_by",
                                 "card_for_opener", "card", "shown", "shown_how", "number", "nonce",
                                 "secrets_for_opener", "revealed", "voided", "void_reason", "consent"))
        mode = f.choice("mode", MODES)
        parts = f.get("contributions")
        allowed: dict[str, list[set[str]]] = {SEALED_DRAW: [set(SIDES)], MAIL_DRAW: [{AXIS}, set(SIDES)],
                                              REAL_DECK: [set()]}
        if not isinstance(parts, dict) or set(parts) not in allowed[mode]:
            expected = {SEALED_DRAW: "axis and allied", MAIL_DRAW: "axis, then allied", REAL_DECK: "nothing"}[mode]
            raise RulesInputError(f"{where}.contributions: a {mode} envelope holds {expected}")
        opened = f.optional_turn("opened")
        shown = f.optional_turn("shown")
        box = f.get("card_for_opener")
        secrets_box = f.get("secrets_for_opener")
        consent = f.get("consent")
        card = f.text("card", 10)
        revealed = f.get("revealed")
        if not isinstance(revealed, list) or len(revealed) not in (0, 2) or not all(is_hex(h, 64) for h in revealed):
            raise RulesInputError(f"{where}.revealed: expected none or both sides' secrets (64 hex digits each)")
        nonce = f.text("nonce", 32)
        if nonce and not is_hex(nonce, 32):
            raise RulesInputError(f"{where}.nonce: expected 32 lowercase hex digits")
        envelope = cls(
            mode=mode, drawn=f.turn("drawn"), draw_id=f.text("draw_id", 64),
            contributions=tuple(Contribution.from_json(side, parts[side], f"{where}.contributions.{side}")
                                for side in SIDES if side in parts),
            opened=opened, opened_by=f.choice("opened_by", ("", ALLIED)),
            card_for_opener=SealedBox.from_json(box, f"{where}.card_for_opener") if box is not None else None,
            card=parse_card(card) if card else "", shown=shown, shown_how=f.choice("shown_how", ("", SHOWN_BY_DATE,
                                                                                                 SHOWN_BY_COUNT)),
            number=f.integer("number", 0, 1000), nonce=nonce,
            secrets_for_opener=SealedBox.from_json(secrets_box, f"{where}.secrets_for_opener")
            if secrets_box is not None else None,
            revealed=tuple(revealed), voided=f.optional_turn("voided"), void_reason=f.text("void_reason", 400),
            consent=KeyBox.from_json(consent, f"{where}.consent") if consent is not None else None,
        )
        envelope.check(where)
        return envelope

    def check(self, where: str) -> None:
        """Refuse a combination no play could produce (a card public while still sealed ...)."""
        problems = []
        if (self.opened is None) != (self.opened_by == ""):
            problems.append("an opened envelope records who opened it, a sealed one does not")
        if self.opened is not None and self.opened < self.drawn:
            problems.append("it was opened before it was drawn")
        if (self.shown is None) != (self.card == ""):
            problems.append("a card is public exactly when it has been shown")
        if self.shown is not None and (self.opened is None or self.shown < self.opened):
            problems.append("a card is shown only after it was opened")
        if (self.shown is None) != (self.shown_how == ""):
            problems.append("a shown card records how it was shown")
        if (self.voided is None) != (self.void_reason == ""):
            problems.append("a voided envelope says why, and only a voided one")
        if self.mode == SEALED_DRAW and (self.consent is not None or any(
                isinstance(part.sealed_secret, KeyBox) for part in self.contributions)):
            problems.append("a draw at one table keeps its secrets under passphrases, and no consent")
        if self.mode == SEALED_DRAW:
            kept = [box for box in (self.card_for_opener, self.secrets_for_opener) if box is not None]
            if not self.draw_id:
                problems.append("a sealed draw needs its draw id")
            if kept and (self.opened is None or self.shown is not None):
                problems.append("the opener's sealed card exists only between opening and showing")
            if self.opened is not None and self.shown is None and len(kept) != 1 and self.voided is None:
                problems.append("an opened card not yet shown must be kept sealed for the opener, once")
            if self.nonce and self.card_for_opener is not None:
                problems.append("a bound draw keeps the secrets for its opener, not a card")
            if self.revealed and self.shown is None:
                problems.append("secrets are revealed only once the card is shown")
            if self.nonce and self.shown is not None and self.voided is None and not self.revealed:
                problems.append("a shown card of a bound draw reveals both secrets")
        elif self.mode == MAIL_DRAW:
            problems += _mail_problems(self)
        elif self.card_for_opener is not None or self.secrets_for_opener is not None or self.draw_id \
                or self.revealed or self.nonce or self.consent is not None:
            problems.append("a real-deck envelope holds no sealed draw")
        if problems:
            raise RulesInputError(f"{where}: the envelope cannot be as stored ({'; '.join(problems)})")


def _mail_problems(envelope: Envelope) -> list[str]:
    """What a draw between two computers cannot hold (``check``)."""
    problems = []
    sides = [part.side for part in envelope.contributions]
    if not envelope.draw_id or not envelope.nonce:
        problems.append("a draw by e-mail is bound to its game, nation and envelope")
    if not all(isinstance(part.sealed_secret, KeyBox) for part in envelope.contributions):
        problems.append("a draw by e-mail keeps each secret sealed to its own player's key")
    if envelope.card_for_opener is not None or envelope.secrets_for_opener is not None:
        problems.append("a draw by e-mail keeps nothing sealed for the opener: his keys open it again")
    if envelope.consent is not None and sides != [AXIS, ALLIED]:
        problems.append("the Axis consent is given only once both secrets are committed")
    if envelope.opened is not None and envelope.consent is None and envelope.voided is None:
        problems.append("an envelope drawn by e-mail is opened only with the Axis consent")
    if envelope.revealed and envelope.shown is None:
        problems.append("secrets are revealed only once the card is shown")
    if envelope.shown is not None and not envelope.revealed:
        problems.append("a shown card of a draw by e-mail reveals both secrets")
    return problems


# -- the life of a card -------------------------------------------------------------------

def draw_sealed(turn: EuropaTurn, axis_passphrase: str, allied_passphrase: str,
                secrets: tuple[bytes, bytes] | None = None, binding: tuple[str, str, int] | None = None) -> Envelope:
    """Both sides contribute a secret under their own passphrase; nobody learns the card.  ``binding``: (game id,
    nation, the envelope's number) the draw is made for (its id is bound to them)."""
    nonce = new_nonce() if binding is not None else ""
    draw_id = bound_draw_id(*binding, nonce) if binding is not None else new_draw_id()
    axis_secret, allied_secret = secrets if secrets is not None else (None, None)
    return Envelope(SEALED_DRAW, turn, draw_id, (
        contribute(draw_id, AXIS, axis_passphrase, axis_secret),
        contribute(draw_id, ALLIED, allied_passphrase, allied_secret)),
        number=binding[2] if binding is not None else 0, nonce=nonce)


def draw_real_deck(turn: EuropaTurn) -> Envelope:
    """A physical card went into a paper envelope."""
    return Envelope(REAL_DECK, turn)


def _part(envelope: Envelope, side: str) -> Contribution:
    return next(c for c in envelope.contributions if c.side == side)


def open_envelope(envelope: Envelope, turn: EuropaTurn, owner_passphrase: str = "",
                  opener_passphrase: str = "") -> tuple[Envelope, str]:
    """The enemy (Allied) side opens the envelope on ``turn``; the owner's passphrase is his consent.

    Returns the envelope and the card, to be shown to the opener only ("" for a real deck: the
    opener looks at the paper card)."""
    if envelope.voided is not None:
        raise RulesInputError(f"this envelope was voided on {envelope.voided}: {envelope.void_reason}")
    if envelope.opened is not None:
        raise RulesInputError(f"this envelope was already opened on {envelope.opened}")
    if turn < envelope.drawn:
        raise RulesInputError(f"the envelope was drawn on {envelope.drawn}: it cannot be opened on {turn}")
    if envelope.mode == REAL_DECK:
        return replace(envelope, opened=turn, opened_by=ALLIED), ""
    if envelope.mode == MAIL_DRAW:
        raise RulesInputError(BY_MAIL)
    check_passphrase(owner_passphrase, "Axis")
    check_passphrase(opener_passphrase, "Allied")
    card, axis_secret, allied_secret = draw_card(envelope.draw_id, _part(envelope, AXIS), _part(envelope, ALLIED),
                                                 owner_passphrase, opener_passphrase)
    sealed = seal_secrets_for(envelope.draw_id, axis_secret, allied_secret, opener_passphrase)
    return replace(envelope, opened=turn, opened_by=ALLIED, secrets_for_opener=sealed), card


def check_side_passphrase(envelope: Envelope, side: str, passphrase: str) -> None:
    """Raise unless ``passphrase`` is the one ``side`` sealed its part of this draw with.

    Each side's part opens alone, so a wrong passphrase is caught as its player types it, before the other
    player is called over; one part alone tells nothing of the card (``draw``)."""
    check_passphrase(passphrase, SIDE_TITLES[side])
    if envelope.mode == MAIL_DRAW:
        raise RulesInputError(BY_MAIL)
    if envelope.mode != SEALED_DRAW:
        raise RulesInputError("a paper envelope has no passphrases")
    reveal_secret(envelope.draw_id, _part(envelope, side), passphrase)


def peek(envelope: Envelope, opener_passphrase: str) -> str:
    """The card, for the opener's private view."""
    if envelope.card:
        return envelope.card
    if envelope.opened is None:
        raise RulesInputError("the envelope is sealed: nobody may look at the card yet")
    if envelope.mode == MAIL_DRAW:
        raise RulesInputError(BY_MAIL)
    return _opener_card(envelope, opener_passphrase)[0]


def _opener_card(envelope: Envelope, opener_passphrase: str) -> tuple[str, tuple[str, ...]]:
    """The card the opener keeps, worked out again from both secrets (each checked against its commitment), and
    the secrets as hex; an earlier version's envelope kept the card itself (no secrets to reveal)."""
    check_passphrase(opener_passphrase, "Allied")
    if envelope.secrets_for_opener is not None:
        axis_secret, allied_secret = unseal_secrets(envelope.secrets_for_opener, envelope.draw_id, opener_passphrase,
                                                    SIDE_TITLES[ALLIED])
        card = card_from_secrets(envelope.draw_id, _part(envelope, AXIS), _part(envelope, ALLIED), axis_secret,
                                 allied_secret)
        return card, (axis_secret.hex(), allied_secret.hex())
    if envelope.card_for_opener is None:
        raise RulesInputError("this is a paper envelope: the card is in the opener's envelope, not in the app")
    return unseal_card(envelope.card_for_opener, envelope.draw_id, opener_passphrase, SIDE_TITLES[ALLIED]), ()


def show(envelope: Envelope, turn: EuropaTurn, how: str, opener_passphrase: str = "", typed_card: str = "",
         opener_keys: PlayerKeys | None = None) -> Envelope:
    """Show the card to both sides: by date (T + 3 months) or at an RE count request (56.E.2).  A draw by e-mail is
    shown by the Allied player's computer (``opener_keys``): both secrets are revealed, each checked against its
    commitment, and the card worked out again from them."""
    if envelope.card:
        return envelope
    if envelope.opened is None:
        raise RulesInputError("a sealed envelope cannot be shown: the enemy side must open it first")
    if how not in (SHOWN_BY_DATE, SHOWN_BY_COUNT):
        raise RulesInputError(f"a card is shown by date or at a count request, not {how!r}")
    if how == SHOWN_BY_DATE and envelope.show_due is not None and turn < envelope.show_due:
        raise RulesInputError(f"the card is shown to both sides on {envelope.show_due}, not before")
    if envelope.voided is not None:
        raise RulesInputError(f"this envelope was voided on {envelope.voided}: it has no card to show")
    revealed: tuple[str, ...] = ()
    if envelope.mode == REAL_DECK:
        if not typed_card:
            raise RulesInputError("type the card from the paper envelope (like 'QH' or 'queen of hearts')")
        card = parse_card(typed_card)
    elif envelope.mode == MAIL_DRAW:
        if opener_keys is None:
            raise RulesInputError(BY_MAIL)
        card, axis_secret, allied_secret = opener_card(envelope.draw_id, envelope.contributions, envelope.consent,
                                                       opener_keys)
        revealed = (axis_secret.hex(), allied_secret.hex())
    else:
        card, revealed = _opener_card(envelope, opener_passphrase)
    return replace(envelope, card=card, card_for_opener=None, secrets_for_opener=None, revealed=revealed,
                   shown=max(turn, envelope.opened), shown_how=how)


#: Said when a draw between two computers meets a step of the one-table draw.
BY_MAIL = ("this envelope was drawn by e-mail: each side's secret is sealed to its own player's key, so the Allied "
           "player opens, looks at and shows it on his own computer, with his keys")


def void(envelope: Envelope, turn: EuropaTurn, reason: str) -> Envelope:
    """Set an envelope aside by both players' agreement (a lost passphrase): it has no effect from ``turn`` and
    its card is never worked out, for anyone; a new card may be drawn."""
    if envelope.voided is not None:
        raise RulesInputError(f"this envelope was already voided on {envelope.voided}")
    if envelope.card:
        raise RulesInputError("this card was shown to both sides: there is nothing to void")
    reason = " ".join(reason.split())
    if not reason:
        raise RulesInputError("say why the envelope is voided (whose passphrase was lost)")
    return replace(envelope, voided=turn, void_reason=reason[:400], card_for_opener=None, secrets_for_opener=None,
                   consent=None)


def verify_draw(envelope: Envelope, axis_passphrase: str, allied_passphrase: str) -> bool:
    """After the show, both sides may check that the public card is the one their secrets drew."""
    if envelope.mode != SEALED_DRAW or not envelope.card:
        raise RulesInputError("only a shown card of a sealed draw at one table can be checked with passphrases")
    index = derive_card_index(envelope.draw_id, reveal_secret(envelope.draw_id, _part(envelope, AXIS), axis_passphrase),
                              reveal_secret(envelope.draw_id, _part(envelope, ALLIED), allied_passphrase))
    return index == card_index(envelope.card)
