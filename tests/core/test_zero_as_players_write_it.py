"""A level, total or modifier of 0 is written 0, as players write it, never +0 (tenth play-test: "DP total +0",
"carried +0"): in every verdict and consequence of random sessions of every edition and scenario."""

from __future__ import annotations

import re

from hypothesis import HealthCheck, given, settings

from awaw_desktop.core.awaw import assess

from .tipping_sessions import sessions

PLUS_ZERO = re.compile(r"\+0(?![\d.])")


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(sessions())
def test_no_plus_zero_in_what_the_tables_say(session) -> None:
    edition, scenario, turn, inputs, carry = session
    for result in assess.assess_all(edition, scenario, turn, inputs, carry).values():
        said = [result.verdict, *(item.text for item in result.consequences)]
        assert not [text for text in said if PLUS_ZERO.search(text)], said
