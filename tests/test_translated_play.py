"""What a learner reads while playing in Italian or French is Italian or French (issue 34): seeded games of every
game, with every seat played as a person, reading each position's move labels, the log told to the seat that
moved, a few hints and a refusal. No English word of ours gets through, a player's name takes its article in
Italian, and lists are joined in the language."""

from __future__ import annotations

import random
import re

import pytest

from cardlib.core import Move
from cardlib.core.cards import Card, cards_text
from cardlib.core.i18n import speaking
from cardlib.games import GAMES
from cardlib.match import Match

# Words of our English sentences that are words of neither Italian nor French ("place" is French, and NesPanini's
# French says "deck")
ENGLISH = re.compile(r"\b(and|the|you|your|with|from|draws?|plays?|wins?|turn|hand|takes?|player)\b", re.IGNORECASE)
BARE_NAME = re.compile(r"(^|[.!?:] |\b(?:di|a|da|con|per) )(Giocatore \d|Rosso\b|Nero\b)")
MOVES = 60
HINT_EVERY = 20  # a hint searches: a few a game


def read_while_playing(game_id: str, seed: int) -> list[str]:
    match = Match.new(game_id, seed=seed)
    match.people = frozenset(match.state.players)  # every seat is a person's: each is told its own log
    rng, read = random.Random(seed), []
    for number in range(MOVES):
        state = match.state
        if state.is_over:
            break
        seat, legal = state.to_move, state.legal_moves()
        read += [state.label(move) for move in legal[:12]]
        read.append(state.check(Move("nonsense")).reason)
        if number % HINT_EVERY == 0:
            read.append(match.hint(seat).said)
        match.play(rng.choice(legal))
        read += match.log(seat, lines=4)
    return read


@pytest.mark.parametrize("language", ["it", "fr"])
@pytest.mark.parametrize("game_id", list(GAMES))
def test_a_game_played_in_italian_or_french_reads_in_it(game_id: str, language: str) -> None:
    with speaking(language):
        read = read_while_playing(game_id, seed=3)
    english = sorted({f"{word!r} in {text!r}" for text in read for word in ENGLISH.findall(text)})
    assert english == [], english[:5]
    if language == "it":  # a numbered player or a side takes its article: "il Giocatore 2", "del Nero"
        bare = [text for text in read if BARE_NAME.search(text)]
        assert bare == [], bare[:5]


@pytest.mark.parametrize(
    ("language", "joined"), [("en", "7♥, 8♥ and K♠"), ("it", "7♥, 8♥ e K♠"), ("fr", "7♥, 8♥ et K♠")]
)
def test_a_list_of_cards_is_joined_in_the_pages_language(language: str, joined: str) -> None:
    with speaking(language):
        assert cards_text([Card.parse(text) for text in ("7H", "8H", "KS")]) == joined
