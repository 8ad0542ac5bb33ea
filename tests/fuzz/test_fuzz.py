"""The short pass of our fuzz (tests/fuzz/fuzzing.py): for every game, mutated saves, junk moves and forged
clicks, and junk deck files, each either refused cleanly or accepted as a valid state. ``make fuzz`` runs a long
pass with other seeds; docs/fuzz.md gives its figures."""

from __future__ import annotations

import pytest
from fuzzing import run


@pytest.mark.parametrize("seed", [1, 2])
def test_untrusted_input_is_refused_cleanly_or_accepted_as_a_valid_state(seed):
    report = run(seed, saves=120, moves=150, clicks=40, decks=120, games=1)
    assert report["unclean"] == 0, "\n".join(report["unclean_cases"])
    # the pass really tried both outcomes everywhere, so it can fail
    for key, counts in report.items():
        if key.endswith(".saves"):
            assert counts.get("refused") and counts.get("accepted"), f"{key}: {counts}"
