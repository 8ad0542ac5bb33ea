"""A finished turn stays in sight (issue 12): the board's panel tells every move since the learner's own, so the
bots' whole turn (Senza Nome's draws, runs and discard; a Pattuglia attack and its losses) is there to read when
the learner's turn comes, until the learner moves again."""

import pytest

from cardlib.core import retold, told
from cardlib.games import GAMES
from widgets.app import GameApp


def lines(states, seat):
    """What ``seat`` is told of ``states``' moves, said in the page's language as the panel says it."""
    return [str(line) for line in told_lines(states, seat)]


def told_lines(states, seat):
    return [line for state in states for line in told(state.events, seat)]


def after_the_learners_move(app):
    """The positions from the learner's last move on: its own move's, then the bots' answers."""
    decided = max((i for i, state in enumerate(app.match.history[:-1]) if state.to_move == app.seat), default=-1)
    return app.match.history[decided + 1 :]


@pytest.mark.parametrize("game_id", GAMES)
def test_the_bots_whole_turn_is_told_beside_the_learners_move_until_the_learner_moves_again(game_id):
    for seed in range(8):
        app = GameApp(game_id, seed=seed, bot_delay=0)
        for _move in range(60):
            if app.state.is_over:
                break
            app.board.try_move(app.match.bot().decide(app.state, app.seat).move)  # bots answer at once (no delay)
            states = after_the_learners_move(app)
            mine, answers = lines(states[:1], app.seat), lines(states[1:], app.seat)
            shown = app.board.table.scene["last"]
            if len(states) < 3 or not mine or len(set(mine + answers)) != len(mine + answers):
                continue  # a bot's turn of at least two moves, no sentence repeated (the panel folds repeats)
            assert shown == mine + answers  # the learner's move, then every move of the bots, in order, all of them
            if app.state.is_over:
                return
            app.board.try_move(app.match.bot().decide(app.state, app.seat).move)
            assert app.board.table.scene["last"][0] in lines(after_the_learners_move(app)[:1], app.seat)
            return
    pytest.fail(f"no seed of {game_id} gave a bots' turn of two moves or more")


def test_five_bots_turns_are_all_told_in_the_panel():
    app = GameApp("senza_nome", seed=3, players=6, bot_delay=0)
    while len(after_the_learners_move(app)) < 6:
        app.board.try_move(app.match.bot().decide(app.state, app.seat).move)
    told_since = told_lines(after_the_learners_move(app), app.seat)
    assert len(told_since) > 6 and app.board.table.scene["last"] == [str(line) for line in retold(told_since)]


def test_a_position_the_teacher_steps_to_tells_its_own_move_only():
    app = GameApp("senza_nome", seed=1, bot_delay=0)
    while len(after_the_learners_move(app)) < 3:
        app.board.try_move(app.match.bot().decide(app.state, app.seat).move)
    app.back()
    assert app.board.table.scene["last"] == [str(line) for line in told(app.state.events, app.seat)]
