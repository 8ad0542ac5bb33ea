"""The repository's pages say what the code does: each game's rule book in docs/rules/ is what its rules.py gives."""

from __future__ import annotations

import rulebooks

import cardlib


def test_every_rule_book_page_is_what_its_rules_py_gives():
    assert rulebooks.stale() == [], "run make rules"


def test_a_rule_book_page_has_every_ruling_and_its_house_ruling():
    for game_id in cardlib.GAMES:
        text = (rulebooks.PAGES / f"{game_id}.md").read_text()
        for rule in cardlib.load(game_id).rules.values():
            assert f"## {rule.id} {rule.title}" in text
            assert rule.house is None or f"> {rule.house}" in text
