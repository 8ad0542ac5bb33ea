"""One declared grammar a game (``Game.move_grammar``), read two ways by the core: ``fits`` (no part the action
does not take) and ``names_exactly`` (the action is the game's, and the listed parts are there exactly when it
takes them). Every game's refusals of a misshapen move come from these two."""

from __future__ import annotations

import pytest

import cardlib
from cardlib import Move
from cardlib.games import GAMES


def whole(action: str, fields: tuple[str, ...]) -> Move:
    """A move of ``action`` naming every part it takes, optional ones too."""
    values = {"card": "7H", "zone": "somewhere", "option": "any"}
    return Move(action, **{name.rstrip("?"): values[name.rstrip("?")] for name in fields})


@pytest.mark.parametrize("game_id", GAMES)
def test_a_move_of_the_grammars_shape_fits_and_one_part_more_or_less_does_not(game_id):
    game = cardlib.load(game_id)
    for action, fields in game.move_grammar.items():
        move = whole(action, fields)
        assert game.fits(move) and game.names_exactly(move, ("card", "zone")), move
        taken = {name.rstrip("?") for name in fields}
        for part in ("card", "zone", "option"):
            if part in taken:
                if part in fields:  # a required part left out: fits leaves it to the rules, names_exactly not
                    fewer = Move(action, **{p: getattr(move, p) for p in ("card", "zone", "option") if p != part})
                    assert game.fits(fewer)
                    assert part == "option" or not game.names_exactly(fewer, (part,)), fewer
                continue
            more = Move(action, **{p: getattr(move, p) for p in ("card", "zone", "option")} | {part: "extra"})
            assert not game.fits(more), more
            # an option is never named exactly unless taken; a card or zone only when it is one of the parts asked
            assert not game.names_exactly(more, () if part == "option" else (part,)), more


@pytest.mark.parametrize("game_id", GAMES)
def test_an_action_the_game_does_not_have_is_never_named_exactly(game_id):
    game = cardlib.load(game_id)
    assert not game.names_exactly(Move("juggle"), ())
    assert not game.fits(Move("juggle", "7H"))
