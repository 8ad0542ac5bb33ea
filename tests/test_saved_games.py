"""Saved games and share links made before the match moved into cardlib (written at commit cd9f372 by the app's
Save and Share, kept in tests/golden/saves) still open, as the same position and seat, and save again the same."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import cardlib
from cardlib import saves
from cardlib.games import GAMES

SAVES = Path(__file__).parent / "golden" / "saves"
LINKS = json.loads((SAVES / "links.json").read_text())


@pytest.mark.parametrize("game_id", GAMES)
def test_a_file_saved_before_loads_and_saves_again_unchanged(game_id):
    content = (SAVES / f"{game_id}-position.json").read_text()
    state, seat = saves.loads(content, cardlib.load(game_id))
    assert seat == state.players[-1] and saves.dumps(state, seat) == content


@pytest.mark.parametrize("game_id", GAMES)
def test_a_link_shared_before_opens_the_same_position(game_id):
    state, seat = saves.from_link_code(LINKS[game_id], cardlib.load(game_id))
    kept, kept_seat = saves.loads((SAVES / f"{game_id}-position.json").read_text(), cardlib.load(game_id))
    assert (state.to_json(), seat) == (kept.to_json(), kept_seat)
    assert saves.link_code(state, seat) == LINKS[game_id]
