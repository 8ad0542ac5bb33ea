"""The projector's board speaks for the room (widgets/projector.py, ``room_scene``): each layout draws its scene for
no seat. Over a seeded random game of each game to its end: the scene keeps the contract, names every seat and
calls nobody "you", shows no card the public view does not show while the game goes on (a hidden hand is its count),
and at the end shows every hand, says who won in the room's words and marks the winners."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

import pytest

import cardlib
from cardlib.core import State, retold
from cardlib.core.bots import RandomBot
from cardlib.core.i18n import speaking
from widgets.layouts import layout
from widgets.projector import room_scene
from widgets.scene import problems

EVERY = 40  # a scene every 40th position, and the last
SEAT_WORDS = re.compile(r"\b(you|your|yours)\b", re.IGNORECASE)
QUOTED = re.compile(r"“[^”]*”")  # a card's printed text, quoted in the log (NesPanini's speak to their holder)


def positions(game_id: str, seed: int = 0) -> Iterator[tuple[str, State]]:
    """A random game to its end (the most players where they change the board most), a position every ``EVERY``
    moves and the last, each with where it is."""
    game = cardlib.load(game_id)
    players = game.player_counts[-1] if game_id in ("senza_nome", "pattuglia") else game.player_counts[0]
    state, bot = game.new(seed=seed, players=players), RandomBot(seed)
    for number in range(20_000):
        if number % EVERY == 0 or state.is_over:
            yield f"{game_id}, {players} players, move {number}", state
        if state.is_over:
            return
        state = state.play(bot.decide(state, state.to_move).move)


def hand(state: State, player: str) -> set[str]:
    """The cards in ``player``'s hand, as its own view has them."""
    view = state.view(player)
    return set(view["hands"][player] if "hands" in view else view["sides"][player]["hand"])


def the_rooms(state: State) -> dict[str, Any]:
    """The scene the projector draws of ``state``: the public view, every hand face up once it is over."""
    view = state.view(None)
    if state.is_over:
        view = layout(state.game.id).reveal(view, {who: state.view(who) for who in state.players})
    return room_scene(state.game.id, view)


def sentences(scene: dict[str, Any]) -> list[str]:
    """Every sentence the board writes, but the cards' own names and printed texts."""
    said = [scene["title"], scene["subtitle"], scene["prompt"], *(QUOTED.sub("", line) for line in scene["last"])]
    for area in scene["areas"]:
        said += [area["label"], *area["info"]]
        for zone in area["zones"]:
            said += [zone["label"], zone["note"], zone.get("count", ""), *(card["tag"] for card in zone["cards"])]
    return said


def strings(value: Any) -> set[str]:
    if isinstance(value, dict):
        return {text for item in value.values() for text in strings(item)}
    if isinstance(value, list):
        return {text for item in value for text in strings(item)}
    return {value} if isinstance(value, str) else set()


@pytest.mark.parametrize("game_id", list(cardlib.GAMES))
def test_the_rooms_board_names_every_seat_and_shows_what_everybody_may_see(game_id: str) -> None:
    for where, state in positions(game_id):
        scene = the_rooms(state)
        assert problems(scene) == [], where
        assert not [line for line in sentences(scene) if SEAT_WORDS.search(line)], where
        areas = {area["id"]: area for area in scene["areas"]}
        for player in state.players:  # each seat by its own name
            assert areas[player]["label"].startswith(str(state.game.seat_name(player))), (where, areas[player]["label"])
        shown = {card["id"] for area in scene["areas"] for zone in area["zones"] for card in zone["cards"]}
        if not state.is_over:  # nothing a seat holds hidden: every card face up is one the public view shows
            assert shown - {None} <= strings(state.view(None)), where
            hands = [zone for area in scene["areas"] for zone in area["zones"] if zone["kind"] == "hand"]
            assert not hands, where  # a hidden hand is its count, in its seat's facts
    assert state.is_over and state.result is not None
    # the end, for everybody: who won in words nobody is "you" in, the winners marked, every hand face up
    assert scene["prompt"] == str(state.result.reason)
    assert {area["id"] for area in scene["areas"] if area.get("winner")} == set(state.result.winners)
    for player in state.players:
        assert hand(state, player) <= shown, (where, player)


@pytest.mark.parametrize("game_id", list(cardlib.GAMES))
def test_the_rooms_board_says_the_views_messages_in_the_projectors_language(game_id: str) -> None:
    """The view the table service sends holds the last moves and the end as messages, data the same in every
    language: the projector says them in its own page's language (French here), and sends the page only text."""
    *_before, (_where, state) = positions(game_id)
    sent = json.loads(json.dumps(state.view(None)))  # as the service sends it
    with speaking("fr"):
        scene = room_scene(game_id, sent)
        end = str(state.result.reason)
        last = [str(line) for line in retold([event.text for event in state.events if event.only is None])]
    with speaking("en"):
        assert scene["prompt"] == end != str(state.result.reason)
    assert scene["last"] == last and json.loads(json.dumps(scene)) == scene
