"""The app's log speaks from the learner's seat, in order, without repeats (issue 12): "You draw a card.", not
"Player 1 draws a card." followed by "You draw the 7 of red."; a sentence repeated by consecutive moves is one
line with its count; counts are said with the right plural."""

import re
from itertools import pairwise

import pytest

from cardlib.core import Event, told
from widgets.app import GameApp

NAMES = {
    "napoletana": "Red",
    "njet": "South",
    "senza_nome": "Player 1",
    "pattuglia": "Player 1",
    "nespanini": "Player 1",
}


def log_lines(app: GameApp) -> list[str]:
    return re.findall(r"<li>(.*?)</li>", app.log.value)


@pytest.mark.parametrize("game_id", NAMES)
def test_the_learner_reads_its_own_moves_as_you_and_no_line_twice_in_a_row(game_id):
    app = GameApp(game_id, seed=3, bot_delay=0)
    seen = set()
    for _turn in range(25):
        if app.state.is_over:
            break
        app.board.try_move(
            app.match.bot().decide(app.state, app.seat).move
        )  # the learner plays as the medium bot would
        lines = log_lines(app)
        seen.update(lines)
        assert all(a != b for a, b in pairwise(lines)), lines
    # every public event of the learner's own has its "you" telling, so the log never names the learner's seat
    # for what it did
    name = NAMES[game_id]
    own = [
        str(line)
        for state in app.match.history
        for line in told([e for e in state.events if e.player == app.seat], app.seat)
    ]
    assert own and not [line for line in own if name in line], own
    assert any(line.startswith("You ") for line in seen)
    assert not any("(s)" in line for line in seen)


def test_a_public_line_followed_by_its_private_telling_is_said_once():
    events = (
        Event("draw", "North draws a card.", player="north", you="You draw a card."),
        Event("draw", "You draw the 7 of red.", player="north", only="north"),
        Event("play", "East plays 3♥.", player="east", you="You play 3♥."),
    )
    assert told(events, "north") == ["You draw the 7 of red.", "East plays 3♥."]
    assert told(events, "east") == ["North draws a card.", "You play 3♥."]
    assert told(events, "south") == ["North draws a card.", "East plays 3♥."]


def test_a_sentence_repeated_by_consecutive_moves_is_one_line_with_its_count():
    app = GameApp("pattuglia", seed=3, bot_delay=0)
    for _turn in range(12):
        app.board.try_move(app.match.bot().decide(app.state, app.seat).move)
    lines = log_lines(app)
    assert any(re.search(r"\(×\d+\)$", line) for line in lines) or len(set(lines)) == len(lines)
