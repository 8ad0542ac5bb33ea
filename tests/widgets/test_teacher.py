"""The teacher's view of every game app (step back and forth through the moves, restart a lesson) and the error
panel learners see instead of a traceback. Parametrized over cardlib.games.GAMES, so a new game is checked too."""

from __future__ import annotations

import pytest

from cardlib.core import told
from cardlib.games import GAMES
from widgets.app import GameApp
from widgets.panels import error_panel, guarded
from widgets.tutor import Tutor


def play_learner_moves(app: GameApp, count: int) -> None:
    """The learner plays its first legal move ``count`` times (the bots answer at once)."""
    for _ in range(count):
        if app.state.is_over:
            break
        assert app.state.to_move == app.seat
        app.board.try_move(app.state.legal_moves()[0])


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_teacher_steps_back_and_forward_without_losing_the_later_moves(game_id: str) -> None:
    app = GameApp(game_id, seed=11, bot_delay=0)
    play_learner_moves(app, 3)
    states = list(app.match.history)
    assert len(states) >= 4, "three learner moves make at least three states after the deal"

    for index in range(len(states) - 2, -1, -1):
        app.back()
        assert app.state is states[index]
    app.back()
    assert "start of the game" in app.session.said and app.state is states[0]
    assert app.match.history == states  # stepping loses nothing

    for index in range(1, len(states)):
        app.forward()
        assert app.state is states[index]
    app.forward()
    assert "latest move" in app.session.said
    assert f"Move {len(states) - 1} of {len(states) - 1}" in app.step.value


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_next_bot_move_on_an_earlier_position_says_how_to_go_on_and_plays_nothing(game_id: str) -> None:
    app = GameApp(game_id, seed=11, bot_delay=0)
    play_learner_moves(app, 2)
    states = list(app.match.history)
    while app.match.cursor and (app.state.to_move == app.seat or app.state.is_over):
        app.back()  # to the last position where a bot was to move
    if app.state.to_move == app.seat:  # no bot moved in these moves: nothing to step back to
        pytest.skip("the bots did not move in the first two turns of this deal")
    app.next_bot()
    assert "Move forward to see what came next" in app.session.said
    assert app.match.history == states and not app.match.latest


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_an_earlier_position_is_looked_at_until_the_teacher_plays_from_here_which_drops_the_later_moves(
    game_id: str,
) -> None:
    app = GameApp(game_id, seed=12, bot_delay=0)
    play_learner_moves(app, 2)
    assert app.play_here.disabled  # on the latest position there is nothing to drop
    first_turn = next(i for i, s in enumerate(app.match.history) if s.to_move == app.seat)
    while app.match.cursor > first_turn:
        app.back()
    later = len(app.match.history) - 1 - first_turn
    assert not app.play_here.disabled
    # the board says which move this is, that it was the learner's turn, and the two ways on; it takes no move
    prompt = app.board.table.scene["prompt"]
    assert f"Move {first_turn} of " in prompt and "it was your turn" in prompt and f"{later} later move" in prompt
    assert app.board.table.scene["picks"] == {} and not app.board.table.scene["buttons"]
    history = list(app.match.history)
    move = app.state.legal_moves()[-1]
    app.board.table.click(kind="idle")  # any click on the board
    assert app.match.history == history and app.match.cursor == first_turn  # looked at: nothing changed
    assert "Play from here" in app.session.said
    old_branch = history[first_turn + 1 :]  # kept alive, so that no new state can reuse their ids
    app.play_from_here()
    assert f"the {later} later moves are dropped" in app.session.said or later == 1
    assert app.match.latest and len(app.match.history) == first_turn + 1 and app.play_here.disabled
    app.board.try_move(move)
    assert app.match.history[first_turn + 1].to_json() == app.match.history[first_turn].play(move).to_json()
    assert app.match.cursor == len(app.match.history) - 1 and app.state is app.match.history[-1]
    assert not {id(state) for state in old_branch} & {id(state) for state in app.match.history}
    app.undo()
    assert app.state is app.match.history[first_turn]


def test_the_teachers_show_hands_button_says_what_it_does_next() -> None:
    app = GameApp("njet", seed=3, bot_delay=0)
    assert app.reveal.description == "Teacher: show hands" and app.reveal.tooltip
    app.reveal.value = True
    assert app.reveal.description == "Teacher: hide hands" and app.board.reveal
    app.reveal.value = False
    assert app.reveal.description == "Teacher: show hands" and not app.board.reveal


def test_stepping_back_shows_the_log_of_that_position_and_speed_changes_do_not_replay() -> None:
    app = GameApp("napoletana", seed=5, bot_delay=0)
    app.board.table.click(kind="button", id="keep")
    play_learner_moves(app, 2)
    total = len(app.match.history)
    log_now = app.log.value
    while app.match.cursor:
        app.back()
    # the deal tells only its own events
    assert app.log.value.count("<li>") == len(told(app.match.history[0].events, app.seat)) < log_now.count("<li>")
    app.speed.value = "fast"
    assert len(app.match.history) == total and app.match.cursor == 0


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_restart_puts_the_lesson_back_at_its_start(game_id: str) -> None:
    tutor = Tutor(game_id)
    start = tutor.session.state.to_json()
    tutor.show()
    assert tutor.session.state.to_json() != start
    tutor.restart()
    assert tutor.session.state.to_json() == start and tutor.index == 0


def test_the_error_panel_hides_the_traceback_but_keeps_the_details_for_the_teacher() -> None:
    try:
        {}["missing seat"]
    except KeyError as error:
        panel = error_panel(error)
    assert "Traceback" not in panel
    assert "Something went wrong" in panel and "Copy details" in panel and "Details for the teacher" in panel
    assert "KeyError: &#x27;missing seat&#x27;" in panel and "test_teacher.py:" in panel
    assert "navigator.clipboard.writeText" in panel


def test_a_failing_callback_leaves_the_panel_and_the_state(monkeypatch: pytest.MonkeyPatch) -> None:
    app = GameApp("napoletana", seed=3, bot_delay=0)
    before = app.state
    monkeypatch.setattr(app, "forward", lambda: 1 / 0)
    guarded(app.forward, app.feedback)
    assert "cg-error-panel" in app.feedback.value and "ZeroDivisionError" in app.feedback.value
    assert app.state is before
