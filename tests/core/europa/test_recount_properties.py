"""RE counts against an independent restatement of the modifiers list, over generated rosters."""

from fractions import Fraction as F

from hypothesis import given
from hypothesis import strategies as st

from awaw_desktop.core.europa import cards
from awaw_desktop.core.europa.recount import count_res
from awaw_desktop.core.europa.roster import Losses, RosterEntry

halves = st.integers(0, 20).map(lambda n: F(n, 2))


@st.composite
def entries(draw):
    where = draw(st.sampled_from(["home", "possession", "abroad"]))
    force = "national" if where == "abroad" else draw(st.sampled_from(["national", "german", "ss-police",
                                                                        "luftwaffe"]))
    home = where == "home"
    return RosterEntry(
        draw(st.text("abc", max_size=3)), draw(halves), force, where,
        capital=home and draw(st.booleans()), major_city=home and draw(st.booleans()), island=draw(st.booleans()),
        armour=draw(st.booleans()), motorized=draw(st.booleans()),
        mds_major=draw(st.integers(0, 6)) if where == "abroad" else 0,
        mds_minor=draw(st.integers(0, 9)) if where == "abroad" else 0,
        support=draw(st.booleans()), near_enemy=draw(st.booleans()))


losses_strategy = st.builds(
    lambda ground, part, *counts: Losses(ground, min(part, ground), *counts),
    halves, halves, *[st.integers(0, 40)] * 7)


def by_hand(entry: RosterEntry) -> F:
    """The modifiers list read afresh: x2 capital, x2 major city, x1/2 possession or island, x2 armour,
    x1.5 motorized, x distance (major MDs + minor MDs // 2, at least 1) abroad; 0 if not counted."""
    if entry.support or entry.near_enemy:
        return F(0)
    value = entry.res
    value *= 2 if entry.capital else 1
    value *= 2 if entry.major_city else 1
    value *= F(1, 2) if entry.where == "possession" or entry.island else 1
    value *= 2 if entry.armour else 1
    value *= F(3, 2) if entry.motorized else 1
    if entry.where == "abroad":
        value *= max(1, entry.mds_major + entry.mds_minor // 2)
    return value


@given(st.lists(entries(), max_size=8), losses_strategy)
def test_forces_match_the_list_read_afresh(roster, losses):
    result = count_res(roster, losses)
    assert result.forces == sum((by_hand(entry) for entry in roster), F(0))
    assert result.naval_losses == losses.tf_hits + losses.nts_eliminated // 5
    assert result.air_losses == losses.air_eliminated + F(losses.air_aborted, 2)


CATEGORY = {cards.AIR_LOSSES: "air_losses", cards.NAVAL_LOSSES: "naval_losses", cards.GROUND_LOSSES: "ground_losses",
            cards.CM_LOSSES: "ground_losses", cards.RP_POOL_LOSSES: "rp_pool_losses"}
FIGURES = ("forces", "forts", "ground_losses", "air_losses", "naval_losses", "rp_pool_losses")


@given(st.lists(entries(), max_size=6), losses_strategy, st.sampled_from(cards.ALL_CODES))
def test_a_card_changes_only_what_it_acts_on(roster, losses, card):
    plain, with_card = count_res(roster, losses), count_res(roster, losses, card)
    touched = CATEGORY.get(cards.effect(card).target, "forces")
    for figure in FIGURES:
        if figure != touched:
            assert getattr(with_card, figure) == getattr(plain, figure), figure
    assert all(getattr(with_card, figure) >= 0 for figure in FIGURES)
    if cards.effect(card).target == cards.NOTHING:
        assert with_card.forces == plain.forces
