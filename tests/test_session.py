"""One seat's session (cardlib.session) without ipywidgets: clicks in, one frame out, its mode as a declared type, in
every game, fed by a match with its bots, a lesson, or a seat at a table.

The layouts (widgets/layouts/<game>.py) import nothing of Jupyter (tests/test_layers.py keeps cardlib from it; the
first test here checks the layouts), so the tests drive the sessions with the real ones."""

from __future__ import annotations

import random
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager

import pytest

from cardlib.core import Move, State
from cardlib.core.i18n import Message, speaking
from cardlib.games import GAMES, describe
from cardlib.games.napoletana.positions import position
from cardlib.match import Match
from cardlib.session import LessonSession, MatchSession, Mode, Place, TableSession
from widgets.layouts import layout

JUPYTER = ("ipywidgets", "anywidget", "IPython", "traitlets", "ipykernel", "comm")
TABLE_WORDS = {"place_here", "take_here", "choose_here"}  # the words every scene has (widgets/board.py's WORDS)


def test_the_layouts_reach_no_jupyter():
    """A session is given the layout itself: the layouts must be importable wherever cardlib is (checked in a
    fresh interpreter: pytest's own plugins import parts of Jupyter)."""
    code = (
        "import sys; from cardlib.games import GAMES; from widgets.layouts import layout\n"
        "for game in GAMES: layout(game)\n"
        f"print(sorted({{m for m in sys.modules if m.split('.')[0] in {JUPYTER!r}}}))"
    )
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert run.stdout.strip() == "[]"


def said(message: Message | None) -> str:
    return str(message) if message is not None else ""


def reach(session, scene: bool = False):
    """The frame's lit places on a scene: the one the layout draws (``scene``), or one of the zones the seat's
    moves go to, each a row."""
    frame = session.frame()
    if not scene:
        zones = [Place(zone, "row") for zone in dict.fromkeys(frame.where.values())]
        return frame.reach(zones, TABLE_WORDS)
    drawn = layout(frame.state.game.id).scene(frame.view, session.seat)
    zones = [Place(z["id"], z["kind"], z.get("drop", False)) for area in drawn["areas"] for z in area["zones"]]
    return frame.reach(zones, TABLE_WORDS | set(drawn.get("words", {})))


def click_move(session, move: Move) -> bool:
    """Play ``move`` by the clicks a learner makes for it; False (nothing clicked) if no click makes exactly it."""
    seat, zone = session.seat, session.layout.zone_id(move, session.seat)
    with_card = [m for m in session.state.candidate_moves() if m.card == move.card] if move.card else []
    if move.card is None and zone is None:
        session.click("button", button=str(move))
    elif move.card and all(m.zone is None for m in with_card):
        if with_card[0] != move:
            return False
        session.click("card", card=move.card, zone=f"{seat}.hand")
    elif zone is not None:
        if move.card:
            session.click("card", card=move.card, zone=f"{seat}.hand")
            assert session.selected == move.card
            lit = reach(session).lit
            assert zone in lit or not session.targets or move not in session.legal()
        session.click("zone", zone=zone)
        if session.choices:
            assert move in session.choices
            assert [b.id for b in session.frame().buttons][-1] == "cancel"
            session.click("button", button=f"choice:{session.choices.index(move)}")
    else:
        return False
    return True


@pytest.mark.parametrize("game_id", GAMES)
def test_a_seeded_game_is_played_to_its_end_through_clicks(game_id):
    """The seat's moves by clicks, the bots' by the host's pacing: playing, bots to move, playing, ..., game over;
    a refused move names its ruling and changes nothing; Wait for your turn while the bots think, taken back when
    the turn comes."""
    players = 3 if game_id in ("senza_nome", "pattuglia") else None
    match = Match.new(game_id, seed=5, players=players)
    match.strength = "easy"
    session = MatchSession(layout(game_id), match)
    pick, modes, clicked, refused, waited = random.Random(5), [], 0, 0, 0
    for _step in range(3000):
        mode = session.mode
        if not modes or modes[-1] is not mode:
            modes.append(mode)
        if mode is Mode.GAME_OVER:
            break
        if mode is Mode.BOTS_TO_MOVE:
            if waited < 1:  # once a game: a click now is told to wait, until the turn comes
                session.click("idle")
                assert session.answer is not None and said(session.answer.text) == "Wait for your turn."
                waited += 1
            session.bot_move()
            if session.mode is Mode.PLAYING:
                assert session.answer is None or said(session.answer.text) != "Wait for your turn."
            continue
        assert mode is Mode.PLAYING
        state, frame = session.state, session.frame()
        assert frame.prompt and frame.mode is Mode.PLAYING and "" in reach(session).picks
        illegal = [move for move in state.candidate_moves() if move not in session.legal()]
        if illegal and refused < 3:
            verdict = state.check(illegal[0])
            assert not session.try_move(illegal[0])
            assert session.state is state and session.tried == (state, illegal[0])
            assert session.answer is not None and session.answer.kind == "error"
            assert session.answer.rule == verdict.rule and session.answer.text == verdict.reason
            refused += 1
        move = pick.choice(sorted(session.legal(), key=str))
        expected = state.play(move).to_json()
        if click_move(session, move):
            clicked += 1
        else:
            assert session.try_move(move)
        assert session.state.to_json() == expected, f"{move} was not played by its clicks"
        assert match.state is session.state
    assert modes[-1] is Mode.GAME_OVER, modes
    assert {Mode.PLAYING, Mode.BOTS_TO_MOVE} <= set(modes)
    assert modes.index(Mode.BOTS_TO_MOVE) < len(modes) - 1 and modes.count(Mode.PLAYING) > 1
    assert clicked > 5 and refused >= 1 and waited == 1
    session.click("card", card="nothing")  # a finished game takes no move
    assert said(session.answer.text if session.answer else None) == "Wait for your turn."
    assert session.frame().buttons == () and session.frame().pickable == frozenset()


def napoletana(**sides) -> MatchSession:
    return MatchSession(layout("napoletana"), Match(position(**sides)), "red")


def test_nap_5_a_refused_row_names_its_ruling_and_changes_nothing():
    session = napoletana(red={"hand": "9H 3D"}, black={"hand": "5S"})
    start = session.state
    session.click("card", card="9H", zone="red.hand")
    assert reach(session, scene=True).lit == {"red.siege": "place_here"}
    session.click("zone", zone="red.front")
    assert session.state is start and session.answer is not None
    assert (session.answer.kind, session.answer.rule) == ("error", "NAP-5")
    assert "siege" in said(session.answer.text) and session.answer.detail
    assert session.selected is None and session.tried == (start, Move("play", "9H", "front"))


def test_a_king_in_the_front_row_asks_horde_or_order_and_cancel_puts_it_back():
    session = napoletana(red={"hand": "KH 3D"}, black={"hand": "5S"})
    session.click("card", card="KH", zone="red.hand")
    session.click("zone", zone="red.front")
    frame = session.frame()
    assert frame.choosing and said(frame.answer.text if frame.answer else None) == "Choose how to play it."
    labels = [said(button.label) for button in frame.buttons]
    assert any("horde" in label for label in labels) and any("order" in label for label in labels)
    assert frame.buttons[-1].id == "cancel" and reach(session).picks == {}
    session.click("button", button="cancel")
    assert session.choices == [] and session.selected is None and session.state.to_move == "red"
    session.click("card", card="KH", zone="red.hand")
    session.click("zone", zone="red.front")
    session.click("button", button="choice:0")
    assert session.state.sides["red"].rows["front"][0].role == "horde"


def test_a_button_move_a_mulligan_and_a_button_not_drawn():
    session = MatchSession(layout("napoletana"), Match(describe("napoletana").game().new(seed=3)))
    assert [button.id for button in session.frame().buttons] == ["keep"]
    before = session.state
    session.click("button", button="choice:7")  # a button the board did not draw
    assert session.state is before and said(session.answer.text if session.answer else None) == (
        "That button is not available now."
    )
    card = sorted(session.frame().pickable)[0]
    session.click("card", card=card, zone="red.hand")  # a mulligan: the card is the whole move
    assert session.state.sides["red"].mulligans == 1
    session.click("button", button="keep")
    assert session.state.to_move == "black" and session.mode is Mode.BOTS_TO_MOVE


def test_a_click_that_breaks_says_so_on_the_board(monkeypatch):
    session = napoletana(red={"hand": "9H"}, black={"hand": "5S"})
    session.click("card", card="9H", zone="red.hand")
    monkeypatch.setattr(session.layout, "move_zone", lambda zone, seat: 1 / 0)  # a bug, not a bad message
    session.click("zone", zone="black.siege")
    assert session.answer is not None and session.answer.kind == "error"
    assert "went wrong" in said(session.answer.text)


def test_step_mode_waits_for_next_bot_move():
    session = napoletana(red={"hand": "9H 3D"}, black={"hand": "5S 4C"})
    session.step = True
    assert session.mode is Mode.PLAYING
    assert not session.next_bot() and said(session.answer.text if session.answer else None) == "It is your turn."
    session.try_move(Move("play", "9H", "siege"))
    assert session.mode is Mode.STEPPING
    assert said(session.prompt()) == "Press Next bot move to see the next move."
    session.click("card", card="3D", zone="red.hand")
    assert said(session.answer.text if session.answer else None) == "Wait for your turn."
    assert session.next_bot() and session.mode is Mode.PLAYING and session.answer is None


def test_the_sessions_sentences_are_the_boards_said_in_the_pages_language():
    """The same catalog ids as the board's: a page in Italian or French reads what it read before, and every
    sentence the session keeps is said again in the language of the page that shows it."""
    session = napoletana(red={"hand": "9H 3D"}, black={"hand": "5S 4C"})
    session.step = True
    session.try_move(Move("play", "9H", "siege"))
    session.click("card", card="3D", zone="red.hand")
    assert session.answer is not None
    with speaking("it"):
        assert str(session.prompt()) == "Premi «Prossima mossa del bot» per vedere la mossa successiva."
        assert str(session.answer.text) == "Aspetta il tuo turno."
    with speaking("fr"):
        assert str(session.prompt()) == "Appuie sur «\u00a0Coup suivant du bot\u00a0» pour voir le coup suivant."
    assert str(session.prompt()) == "Press Next bot move to see the next move."


def test_a_prompt_inside_an_answer_is_said_in_the_pages_language():
    """The layout's prompt is a Message too: a page that says the board's answer in Italian says the prompt inside
    it in Italian, not in the language spoken when the click came."""
    session = napoletana(red={"hand": "9H 3D"}, black={"hand": "5S 4C"})
    session.click("idle")
    assert session.answer is not None
    with speaking("it"):
        assert str(session.prompt()) == "Tocca a te: scegli una carta, poi la fila in cui va. Oppure passa."
        assert str(session.answer.text) == (
            "Adesso lì non succede niente. Tocca a te: scegli una carta, poi la fila in cui va. Oppure passa."
        )


def test_more_seats_before_the_turn_are_counted_in_the_prompt():
    match = Match.new("njet", seed=2)
    session = MatchSession(layout("njet"), match)
    session.try_move(sorted(session.legal(), key=str)[0])
    assert session.mode is Mode.BOTS_TO_MOVE
    assert said(session.prompt()).endswith("Then 2 more play before your turn.")


def test_looking_back_on_an_earlier_position_takes_no_move_and_says_so():
    session = napoletana(red={"hand": "9H 3D"}, black={"hand": "5S 4C"})
    session.try_move(Move("play", "9H", "siege"))
    session.bot_move()
    assert session.mode is Mode.PLAYING
    assert session.back() and session.mode is Mode.LOOKING_BACK
    words = said(session.prompt())
    assert words.startswith("Move 1 of 2: it was Black's turn.") and "(the later move is dropped)" in words
    session.click("card", card="3D", zone="red.hand")
    assert said(session.answer.text if session.answer else None) == words
    shown = session.state
    assert not session.try_move(Move("play", "3D", "siege")) and session.state is shown
    session.hint()
    assert said(session.answer.text if session.answer else None) == words
    assert session.back() and not session.back()
    assert said(session.answer.text if session.answer else None) == "This is the start of the game."
    assert session.forward() and session.play_from_here() and session.mode is Mode.BOTS_TO_MOVE
    assert said(session.answer.text if session.answer else None) == (
        "The game goes on from here: the later move is dropped."
    )
    assert len(session.match.history) == 2


def test_undo_goes_back_to_the_seats_last_decision():
    session = napoletana(red={"hand": "9H 3D"}, black={"hand": "5S 4C"})
    start = session.state
    assert not session.undo() and said(session.answer.text if session.answer else None) == "Nothing to undo."
    session.try_move(Move("play", "9H", "siege"))
    session.bot_move()
    assert session.undo() and session.state is start and session.mode is Mode.PLAYING
    assert said(session.answer.text if session.answer else None) == "Move undone."


def test_a_hint_compares_the_move_just_refused():
    session = napoletana(red={"hand": "9H 3D"}, black={"hand": "5S"})
    session.try_move(Move("play", "9H", "front"))
    assert session.intended() == Move("play", "9H", "front")
    session.hint()
    assert session.answer is not None and session.answer.kind == "info" and said(session.answer.text).startswith("Try")


def test_hot_seat_passes_the_session_to_the_seat_to_move():
    state = describe("napoletana").game().new(seed=4)
    session = MatchSession(layout("napoletana"), Match(state, people=state.players))
    session.legal()  # known for red's turn
    session.click("button", button="keep")
    assert session.mode is Mode.BOTS_TO_MOVE  # the next classmate thinks: the board is hidden meanwhile
    session.legal()  # none for red: black is to move
    session.sit(session.state.to_move)
    assert session.seat == "black" and session.mode is Mode.PLAYING
    assert [button.id for button in session.frame().buttons] == ["keep"]


# -- a seat at a table ------------------------------------------------------------------------------------------


class FakeTable:
    """The table client as a session sees it: moves sent, answered later."""

    def __init__(self):
        self.sent: list[tuple[str, int]] = []

    def send(self, move: Move, version: int) -> None:
        self.sent.append((str(move), version))


def at_table() -> tuple[TableSession, FakeTable]:
    table = FakeTable()
    world = position(red={"hand": "9H 3D"}, black={"hand": "5S 4C"})
    return TableSession(layout("napoletana"), table, world, "red", version=4), table


def test_a_move_sent_to_the_table_is_on_its_way_until_its_world_comes():
    session, table = at_table()
    start = session.state
    session.click("card", card="9H", zone="red.hand")
    session.click("zone", zone="red.siege")
    assert table.sent == [("play 9H siege", 4)] and session.state is start
    assert session.mode is Mode.ON_ITS_WAY
    assert said(session.prompt()) == "Your move is on its way to the table."
    session.click("card", card="3D", zone="red.hand")
    assert said(session.answer.text if session.answer else None) == "Your move is on its way to the table."
    assert not session.try_move(Move("play", "3D", "siege")) and len(table.sent) == 1  # never sent twice
    after = start.play("play 9H siege")
    session.update(after, 5)
    assert session.mode is Mode.BOTS_TO_MOVE and session.state is after and session.version == 5
    assert [said(line) for line in session.frame().last] == [said(line) for line in session.last()]
    session.update(after.play(after.legal_moves()[0]), 6)  # the other seat's move: the panel tells both
    assert session.mode is Mode.PLAYING and len(session.frame().last) >= 2


def test_a_move_the_table_refuses_is_said_and_the_seat_plays_again():
    session, table = at_table()
    session.try_move(Move("play", "9H", "siege"))
    session.refused(Message("That move is not allowed here."), "NAP-5")
    assert session.mode is Mode.PLAYING and session.answer is not None
    assert (session.answer.kind, session.answer.rule) == ("error", "NAP-5")
    session.try_move(Move("play", "9H", "siege"))
    session.refused(Message("ignored"), stale=True)
    assert said(session.answer.text if session.answer else None) == (
        "Another move was played first: here is the table as it is now."
    )
    session.try_move(Move("play", "9H", "siege"))
    session.unsent()
    assert session.mode is Mode.PLAYING and len(table.sent) == 3


def test_a_seat_given_to_a_bot_and_a_table_ended_take_no_move():
    session, table = at_table()
    session.update(session.state, 4, given_away=True)
    assert session.mode is Mode.GIVEN_AWAY
    session.click("card", card="9H", zone="red.hand")
    assert said(session.answer.text if session.answer else None) == (
        "A bot plays your seat while you are away. Take your seat back to play on."
    )
    session.update(session.state, 4)
    assert session.mode is Mode.PLAYING
    ended = Message("Your teacher ended this table: the game stops here.")
    session.update(session.state, 4, ended=ended)
    assert session.mode is Mode.CLOSED and session.answer is not None and session.answer.text == ended
    session.answer = None
    session.update(session.state, 4, ended=ended)  # said once
    assert session.answer is None and table.sent == []
    session, _table = at_table()
    session.lost()
    assert session.mode is Mode.CLOSED and session.answer is not None and session.answer.kind == "error"
    assert said(session.prompt()) == "This page lost its seat at the table: reload the page."


# -- the lesson runner --------------------------------------------------------------------------------------------


def lessons(game_id):
    return describe(game_id).lessons()


@pytest.mark.parametrize("game_id", GAMES)
def test_a_lesson_solved_by_its_solution_is_solved_and_takes_no_more_moves(game_id):
    lesson = lessons(game_id)[0]
    session = LessonSession(layout(game_id), lesson)
    for move in lesson.solution:
        assert session.mode is Mode.PLAYING
        assert session.try_move(session.state.game.parse_move(move))
    assert session.mode is Mode.SOLVED and session.answer is not None and session.answer.kind == "success"
    assert said(session.answer.text).startswith("Well done!")
    session.click("idle")
    assert said(session.answer.text if session.answer else None) == "Solved. On to the next lesson!"
    session.restart()
    assert session.mode is Mode.PLAYING and session.answer is None
    session.show_way()
    assert session.mode is Mode.SHOWN and said(session.answer.text if session.answer else None).startswith("Shown.")
    session.hint()
    assert said(session.answer.text if session.answer else None) == (
        "This is the way. Restart to do it yourself, or go on to the next lesson."
    )


@pytest.mark.parametrize("game_id", GAMES)
def test_a_lessons_mistake_is_refused_with_its_words_and_the_position_kept(game_id):
    found = [(lesson, m) for lesson in lessons(game_id) for m in lesson.mistakes if m.at == 0 and m.feedback]
    assert found, f"{game_id} has a typical mistake with its words"
    for lesson, mistake in found[:3]:
        session = LessonSession(layout(game_id), lesson)
        start = session.state
        move = start.game.parse_move(mistake.move)
        session.try_move(move)
        assert session.state is start and session.mode is Mode.PLAYING and session.tried == (start, move)
        assert session.answer is not None and session.answer.kind == "error"
        assert session.answer.rule == mistake.rule, mistake
        words = said(session.answer.text)
        assert words.startswith(said(Message(mistake.feedback))), words
        if start.check(move):  # legal, but not the lesson's move: the lesson's reason, then "Try again."
            assert words.endswith("Try again.")
        session.hint()  # the hint compares the move just refused
        assert session.answer is not None and session.answer.kind == "info"


def test_a_lesson_with_no_way_left_says_restart():
    lesson = lessons("napoletana")[0]
    session = LessonSession(layout("napoletana"), lesson)
    session.show(session.state.play(sorted(session.legal(), key=str)[-1]))
    session.hint()
    assert session.answer is not None
    assert said(session.answer.text) in {
        "This position cannot be solved any more: restart the lesson.",
        "Wait for your turn.",
    } or said(session.answer.text).startswith("Try")


# -- a move is checked once on its way ------------------------------------------------------------------------


@contextmanager
def counted_checks(state: State) -> Iterator[list[str]]:
    kind, checked = type(state), []
    original = kind.check

    def check(self, move):
        checked.append(str(move))
        return original(self, move)

    kind.check = check  # type: ignore[method-assign]
    try:
        yield checked
    finally:
        kind.check = original  # type: ignore[method-assign]


@pytest.mark.parametrize("how", ["clicks", "button", "refused"])
def test_a_move_is_checked_once_on_its_way(how):
    session = napoletana(red={"hand": "9H KH"}, black={"hand": "5S"})
    session.frame()  # the board drew the position: its legal moves are known
    with counted_checks(session.state) as checked:
        if how == "clicks":
            session.click("card", card="9H", zone="red.hand")
            session.click("zone", zone="red.siege")
            move = "play 9H siege"
        elif how == "button":
            session.click("button", button="pass")
            move = "pass"
        else:
            session.click("card", card="9H", zone="red.hand")
            session.click("zone", zone="red.front")
            move = "play 9H front"
    assert checked.count(move) == 1, checked
    assert (session.state.to_move == "black") == (how != "refused")
