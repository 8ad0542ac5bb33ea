"""The app's bot speed, for any game: fast plays the bots at once; normal and slow one move at a time from a task on
the event loop, so a click meanwhile is answered; step waits for "Next bot move"; skip shows the end at once."""

import asyncio

import loops

from widgets.app import BOTS_WAIT, SAME_TURN, GameApp


def test_step_waits_for_next_bot_move_and_plays_one_move_per_click():
    app = GameApp("napoletana", seed=5, bot_delay=0)
    assert app.speed.value == "fast" and app.next_button.disabled
    app.speed.value = "step"
    app.board.table.click(kind="button", id="keep")
    assert app.state.to_move == "black" and not app.next_button.disabled  # Black waits for the click
    waiting = len(app.match.history)
    app.next_bot()
    assert len(app.match.history) == waiting + 1
    while app.state.to_move == "black":
        app.next_button.click()
    assert app.state.to_move == "red" and app.next_button.disabled
    app.next_bot()
    assert "your turn" in app.session.said


def test_leaving_step_lets_the_waiting_bots_play():
    app = GameApp("njet", seed=2, bot_delay=0)
    app.speed.value = "step"
    app.board.table.click(kind="zone", zone="trump:red")
    assert app.state.to_move == "west"
    app.speed.value = "fast"
    assert app.state.to_move == "south" and app.next_button.disabled


def paced(monkeypatch) -> list[float]:
    """The delays the app waits between bot moves; each wait only lets the event loop run once (no time passes:
    no timed assertions)."""
    pauses: list[float] = []
    real = asyncio.sleep

    async def sleep(delay):
        pauses.append(delay)
        await real(0)

    monkeypatch.setattr(asyncio, "sleep", sleep)
    return pauses


def after_souths_first_stone(monkeypatch, scenario) -> list[float]:
    """Run ``scenario(app)`` on an event loop, in a Njet! app at the normal pace where South has just placed its
    first stone and the bots are to play; return the pauses the app waited."""
    pauses = paced(monkeypatch)

    async def run():
        app = GameApp("njet", seed=2, bot_delay=0.4)
        assert app.speed.value == "normal"
        app.board.table.click(kind="zone", zone="trump:red")
        await scenario(app)

    loops.run(run())
    return pauses


def test_normal_and_slow_pace_the_bots_one_move_at_a_time_on_the_event_loop(monkeypatch):
    async def scenario(app):
        assert app.state.to_move == "west" and app.pacing is not None  # the click returned before any bot moved
        assert "West is thinking" in app.board.table.scene["prompt"]
        await app.pacing
        assert app.state.to_move == "south" and app.pacing is None
        app.speed.value = "slow"
        app.board.table.click(kind="zone", zone=app.state.legal_moves()[0].zone)
        await app.pacing

    pauses = after_souths_first_stone(monkeypatch, scenario)
    assert pauses == [0.4, 0.4, 0.4, 1.0, 1.0, 1.0]  # West, North and East, one by one; then slow


def test_a_click_during_the_bots_turn_is_answered_and_skip_shows_its_end_at_once(monkeypatch):
    async def scenario(app):
        await asyncio.sleep(0)  # the first pause: West has not moved yet
        app.board.table.click(kind="zone", zone="trump:blue")  # the learner clicks meanwhile
        assert "Wait for your turn" in app.board.table.scene["flash"]["text"]
        assert not app.buttons["skip"].disabled
        app.buttons["skip"].click()
        assert app.state.to_move == "south" and app.pacing is None and app.buttons["skip"].disabled
        assert "thinking" not in app.board.table.scene["prompt"]

    after_souths_first_stone(monkeypatch, scenario)


def test_thinking_is_said_only_while_a_bot_really_is(monkeypatch):
    async def scenario(app):
        assert "West is thinking" in app.board.table.scene["prompt"]
        while app.state.to_move == "west":
            await asyncio.sleep(0)
        app.back()  # the teacher steps back to West's turn: the bots stop, and nobody is thinking
        assert app.state.to_move == "west" and app.pacing is None
        assert "thinking" not in app.board.table.scene["prompt"]
        assert "it was West's turn" in app.board.table.scene["prompt"]
        app.forward()  # back at the latest position, with North to move: the bots go on
        assert "North is thinking" in app.board.table.scene["prompt"]
        await app.pacing
        assert app.state.to_move == "south"
        app.speed.value = "step"
        app.board.table.click(kind="zone", zone=app.state.legal_moves()[0].zone)
        assert "Next bot move" in app.board.table.scene["prompt"]

    after_souths_first_stone(monkeypatch, scenario)


def test_five_bots_turns_each_begin_after_a_pause_and_all_of_them_within_a_few_seconds(monkeypatch):
    """Senza Nome with six players, some 25 bot moves between two of the learner's: each bot's turn begins after a
    pause a class can see, the first after the full one, its further moves follow sooner, and the pauses of the five
    turns add up to BOTS_WAIT pauses and a short one a turn, so the learner waits seconds, not ten."""
    pauses = paced(monkeypatch)
    played: list[str] = []

    async def run():
        app = GameApp("senza_nome", seed=3, bot_delay=0.4, players=6)
        while app.state.to_move == app.seat:
            app.board.try_move(app.match.bot().decide(app.state, app.seat).move)
        start = len(app.match.history) - 1
        assert "Then 4 more play before your turn" in app.board.table.scene["prompt"]
        await app.pacing
        played.extend(str(state.to_move) for state in app.match.history[start:-1])

    asyncio.run(run())
    assert len(played) == len(pauses) > 10 and len(set(played)) == 5
    turns = [i for i, seat in enumerate(played) if i == 0 or played[i - 1] != seat]
    short = 0.4 * SAME_TURN
    assert len(turns) == 5 and pauses[0] == 0.4 and all(pauses[i] >= short for i in turns)
    assert all(pause <= short for i, pause in enumerate(pauses) if i not in turns)
    assert sum(pauses) <= 0.4 * BOTS_WAIT + short * len(turns) + 1e-9


def test_a_bot_thinks_during_its_pause_not_after_it(monkeypatch):
    """The learner waits for the longer of a bot's pause and its thinking, not both: the bot's decision is asked
    for before the pause has passed."""
    order: list[str] = []
    real = asyncio.sleep

    async def sleep(delay):
        order.append("pause begins")
        await real(0.05)
        order.append("pause ends")

    monkeypatch.setattr(asyncio, "sleep", sleep)

    async def run():
        app = GameApp("njet", seed=2, bot_delay=0.4)
        bot = type(app.match.bot())
        decide = bot.decide
        monkeypatch.setattr(bot, "decide", lambda self, *a: (order.append("thinks"), decide(self, *a))[1])
        app.board.table.click(kind="zone", zone="trump:red")
        await app.pacing

    loops.run(run())
    assert order[:3] in (["pause begins", "thinks", "pause ends"], ["thinks", "pause begins", "pause ends"]), order
