"""The engines speak in Messages, said only where they are shown: a position and its JSON are the same bytes in every
language, the words each seat reads are the ones the catalogs gave before messages were kept as data, saves written
before still read as written, and a message read from a file is checked like the rest of a position."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from babel.messages.pofile import read_po

import cardlib
from cardlib.core import BadState
from cardlib.core.bots import hint
from cardlib.core.i18n import LOCALE_DIR, and_joined, as_is, listed, named, sentences, set_language, speaking
from cardlib.core.i18n import lazy_gettext as lazy
from cardlib.core.i18n import lazy_ngettext as lazy_plural
from cardlib.core.i18n import lazy_pgettext as lazy_in
from cardlib.core.protocol import player_name, told
from cardlib.core.serial import message
from cardlib.games import GAMES, describe

DATA = Path(__file__).parent / "data"
# Recorded once by b0288db, before messages were kept as data: per game one seeded game of easy bots, per move what
# the learner's seat and one other seat were told, in each language, three hints and the result's reason.
TOLD = json.loads((DATA / "told-before-messages.json").read_text())
# Positions saved by b0288db: their events hold finished sentences, in Italian and in English.
SAVED = json.loads((DATA / "saved-before-messages.json").read_text())
LANGUAGES = ("en", "it", "fr")


def seeded_game(game_id: str, players: int, seed: int = 7):
    """The positions of one game of easy bots of fixed seeds, move by move to the end."""
    table = describe(game_id).bots()
    state = cardlib.load(game_id).new(seed=seed, players=players)
    bots = {player: table["easy"](seed=seed * 10 + seat) for seat, player in enumerate(state.players)}
    yield state
    while not state.is_over:
        state = state.play(bots[state.to_move].decide(state, state.to_move).move)
        yield state


def strings(value: Any) -> set[str]:
    if isinstance(value, str):
        return {value}
    if isinstance(value, dict):
        return set(value).union(*map(strings, value.values()))
    if isinstance(value, list):
        return set().union(*map(strings, value))
    return set()


@cache
def translated(language: str) -> frozenset[str]:
    """Every sentence the ``language`` catalog says differently from English."""
    with (LOCALE_DIR / language / "LC_MESSAGES" / "cardlib.po").open("rb") as file:
        catalog = read_po(file)
    said = set()
    for entry in catalog:
        ids = entry.id if isinstance(entry.id, tuple) else (entry.id,)
        for text in entry.string if isinstance(entry.string, tuple) else (entry.string,):
            if text and text not in ids:
                said.add(text)
    return frozenset(said)


@pytest.mark.parametrize("game_id", GAMES)
def test_a_game_is_the_same_json_and_views_in_every_language_and_holds_no_translated_sentence(game_id):
    players = TOLD[game_id]["players"]
    played = {}
    try:
        for language in LANGUAGES:
            set_language(language)
            states = [state for _step, state in zip(range(60), seeded_game(game_id, players), strict=False)]
            played[language] = [
                (json.dumps(state.to_json(), sort_keys=True), [state.view(seat) for seat in (*state.players, None)])
                for state in states
            ]
            ended = states[-1].is_over
    finally:
        set_language("en")
    assert len(played["en"]) > 40 or ended  # 40 moves and more, or a whole game
    for step, (english, views) in enumerate(played["en"]):
        for language in ("it", "fr"):
            assert played[language][step] == (english, views), f"{game_id} step {step} in {language}"
        found = strings(json.loads(english)) | strings(views)
        for language in ("it", "fr"):
            assert not found & translated(language), (
                f"{game_id} step {step}: {sorted(found & translated(language))[:3]}"
            )


@pytest.mark.parametrize("game_id", GAMES)
def test_each_seat_is_told_in_each_language_what_the_catalogs_said_before(game_id):
    recorded = TOLD[game_id]
    learner_and_other = None
    moves, lines, hints = [], {language: [] for language in LANGUAGES}, {language: {} for language in LANGUAGES}
    medium = describe(game_id).bots()["medium"]
    for state in seeded_game(game_id, recorded["players"]):
        learner_and_other = learner_and_other or state.players[:2]
        if len(moves) <= len(recorded["moves"]):
            for language in LANGUAGES:
                with speaking(language):
                    lines[language].append(
                        {seat: [str(line) for line in told(state.events, seat)] for seat in learner_and_other}
                    )
        if not state.is_over and str(len(moves)) in recorded["hints"]["en"]:
            advice = hint(state, medium(seed=5))
            for language in LANGUAGES:
                with speaking(language):
                    hints[language][str(len(moves))] = str(advice.said)
        last = state
        moves.append(None)
    assert len(moves) - 1 == recorded["length"]
    for language in LANGUAGES:
        assert lines[language] == recorded["told"][language], language
        assert hints[language] == recorded["hints"][language], language
        with speaking(language):
            result = {"reason": str(last.result.reason)} | {
                seat: str(last.result.said_to(seat)) for seat in learner_and_other
            }
        assert result == recorded["result"][language], language


def test_an_old_save_keeps_its_sentences_as_written_and_an_english_one_is_said_in_the_readers_language():
    game = cardlib.load("napoletana")
    italian = game.from_json(SAVED["napoletana-it"])
    written = SAVED["napoletana-it"]["events"][0]
    for language in LANGUAGES:
        with speaking(language):
            assert str(italian.events[0].text) == written["text"]  # "Il Nero posa K♣ ...": as it was written
            assert [str(line) for line in told(italian.events, "black")] == [written["you"]]
    assert italian.to_json() == SAVED["napoletana-it"]  # saved again as the same text
    english = game.from_json(SAVED["napoletana-en"])
    with speaking("it"):
        assert str(english.events[0].text) == "Ogni schieramento mescola il proprio mazzo e pesca 10 carte."
    with speaking("en"):
        assert str(english.events[0].text) == "Each side shuffles its deck and draws 10 cards."
    assert english.to_json() == SAVED["napoletana-en"]


PLAYER = player_name("p2")
KINDS = {
    "a message": lazy("You draw a card."),
    "fields": lazy("{name} plays {card}.", name=PLAYER, card=as_is("7♥")),
    "a plural": lazy_plural("{n} card", "{n} cards", 3),
    "a context": lazy_in("patrol", "red"),
    "a name with forms": named("Squire", {"a": "a Squire", "the": "the Squire"}),
    "a capital form": PLAYER.The,
    "a capital plain name": named("North", {}).The,
    "joined": sentences(lazy("You pass."), lazy("Battle {n} begins.", n=2)),
    "listed": listed([as_is("7♥"), "8♥"]),
    "and joined": and_joined([PLAYER, player_name("p3"), as_is("K♠")]),
    "nested": lazy("Try this: {move}. {why}", move=lazy("Keep this hand"), why=and_joined([PLAYER, PLAYER])),
}


@pytest.mark.parametrize("kind", list(KINDS))
def test_every_kind_of_message_round_trips_through_json_and_says_the_same(kind):
    said = KINDS[kind]
    back = message(json.loads(json.dumps(said.to_json())), "m")
    assert back == said and type(back) is type(said) and back.to_json() == said.to_json()
    for language in LANGUAGES:
        with speaking(language):
            assert str(back) == str(said)


@pytest.mark.parametrize(
    ("data", "problem"),
    [
        ({"id": "x", "colour": "red"}, "m.'colour' is not part of a message"),
        ({"id": 7}, "id"),
        ({"fields": {}}, "id"),
        ({"id": "{n} card", "plural": "{n} cards"}, "counted by a whole number n"),
        ({"id": "{n} card", "plural": "{n} cards", "fields": {"n": "3"}}, "counted by a whole number n"),
        ({"id": "{n} card", "plural": "{n} cards", "fields": {"n": True}}, "m.fields.n must be a message"),
        ({"id": "x", "fields": ["n", 3]}, "fields"),
        ({"id": "x", "fields": {"a": 1.5}}, "m.fields.a must be a message"),
        ({"id": "x", "fields": {"a": None}}, "m.fields.a must be a message"),
        ({"id": "x", "capital": "yes"}, "capital"),
        ({"id": "x", "context": 3}, "context"),
        ({"id": "x", "forms": {"the": 3}}, "m.forms must be text by form"),
        ({"joined": "7♥"}, "joined"),
        ({"joined": [3]}, "m.joined must be a message"),
        ({"and": [{"id": "x", "bad": 1}]}, "m.and.'bad' is not part of a message"),
        (["You pass."], "m must be a message"),
        (7, "m must be a message"),
    ],
)
def test_hostile_message_json_is_refused_naming_the_problem(data, problem):
    with pytest.raises(BadState, match=problem.replace(".", r"\.")):
        message(data, "m")
