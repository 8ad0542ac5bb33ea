"""Regressions for what an independent review of Njet! found."""

from cardlib.games.njet import GAME
from cardlib.games.njet.lessons import LESSONS
from widgets.app import GameApp


def test_a_view_never_changes_the_game():
    state = GAME.new(seed=2)
    while state.phase != "play":
        state = state.play(state.legal_moves()[0])
    trump = state.rules["trump"]
    state.view("west")["rules"]["trump"] = "changed"
    assert state.rules["trump"] == trump


def test_a_loaded_state_shares_no_stones_with_the_callers_data():
    data = GAME.new(seed=2).play(GAME.new(seed=2).legal_moves()[0]).to_json()
    loaded = GAME.from_json(data)
    data["stones"].clear()
    assert loaded.to_json()["stones"]


def test_njt_7_the_trumps_lesson_wins_the_trick_it_promises():
    lesson = next(lesson for lesson in LESSONS if lesson.id == "trumps")
    after = lesson.start().play("play B2")
    winner, cards = after.taken[-1]
    assert winner == "south" and "B2" in map(str, dict(cards).values())


def test_the_teachers_view_shows_every_hand_in_njet():
    app = GameApp("njet", seed=4, bot_delay=0)
    west = {str(card) for card in app.state.hands["west"]}

    def shown() -> set:
        return {
            card["id"] for area in app.board.table.scene["areas"] for zone in area["zones"] for card in zone["cards"]
        }

    assert not west & shown()
    app.reveal.value = True
    assert west <= shown()
