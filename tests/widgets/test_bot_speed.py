"""The app's bot speed, for any game: fast plays the bots at once; step waits for "Next bot move"."""

import time

from widgets.app import GameApp


def test_step_waits_for_next_bot_move_and_plays_one_move_per_click():
    app = GameApp("napoletana", seed=5, bot_delay=0)
    assert app.speed.value == "fast" and app.next_button.disabled
    app.speed.value = "step"
    app.board.table.click(kind="button", id="keep")
    assert app.state.to_move == "black" and not app.next_button.disabled  # Black waits for the click
    waiting = len(app.history)
    app.next_bot()
    assert len(app.history) == waiting + 1
    while app.state.to_move == "black":
        app.next_button.click()
    assert app.state.to_move == "red" and app.next_button.disabled
    app.next_bot()
    assert "your turn" in app.board.said


def test_leaving_step_lets_the_waiting_bots_play():
    app = GameApp("njet", seed=2, bot_delay=0)
    app.speed.value = "step"
    app.board.table.click(kind="zone", zone="trump:red")
    assert app.state.to_move == "west"
    app.speed.value = "fast"
    assert app.state.to_move == "south" and app.next_button.disabled


def test_normal_and_slow_wait_between_bot_moves(monkeypatch):
    pauses = []
    monkeypatch.setattr(time, "sleep", pauses.append)
    app = GameApp("njet", seed=2, bot_delay=0.4)
    assert app.speed.value == "normal"
    app.board.table.click(kind="zone", zone="trump:red")
    assert pauses == [0.4, 0.4, 0.4]  # West, North and East place their stones
    app.speed.value = "slow"
    app.board.table.click(kind="zone", zone=app.state.legal_moves()[0].zone)
    assert pauses[3:] == [1.5, 1.5, 1.5]
