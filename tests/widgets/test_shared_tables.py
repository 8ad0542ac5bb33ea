"""The pages of shared tables, headless against a real table service (widgets/seat.py, widgets/lobby.py,
widgets/hotseat.py; issue 35): the teacher opens a table in the lobby, two learners' kernels take its seats and play
on the same board as against the bots, each told the other's moves; a refused move names its ruling; a reload takes
the seat again; an away seat goes to a bot and comes back; the projector hides the hands until the game is over;
hot-seat hides the board between turns."""

from __future__ import annotations

import asyncio
import re
from collections.abc import Iterator
from html import escape, unescape
from pathlib import Path

import ipywidgets as w
import pytest
import segno
from pseudo import html_words
from running_service import KEY, Running
from test_translated_play import ENGLISH

from cardlib.core import Move
from cardlib.core.i18n import current_language, speaking
from cardlib.games import GAMES, describe
from cardlib.session import HELD
from tables.client import Teacher
from widgets.hotseat import HotSeat
from widgets.lobby import Lobby
from widgets.projector import Projector
from widgets.seat import SeatApp
from widgets.sharing import who_is_there


@pytest.fixture
def service(tmp_path: Path) -> Iterator[str]:
    running = Running(tmp_path / "tables.sqlite")
    running.start()
    yield f"http://127.0.0.1:{running.port}"
    running.stop()


async def until(condition, seconds: float = 60.0, state=lambda: "") -> None:
    """Wait for ``condition``; fail after ``seconds``, saying ``state()`` (where each page stood by then)."""
    deadline = asyncio.get_running_loop().time() + seconds
    while not condition():
        assert asyncio.get_running_loop().time() < deadline, f"waited in vain {state()}"
        await asyncio.sleep(0.002)


async def lobby_with_a_table(service: str, game: str = "napoletana") -> tuple[Lobby, str]:
    lobby = Lobby(service=service)
    lobby.key.value = KEY
    await lobby._enter()
    lobby.game.value = game
    await lobby._open()
    (code,) = lobby.rows
    return lobby, code


async def seated(service: str, page, query: str) -> SeatApp:
    page(query)
    app = SeatApp(service=service)
    if "key=" not in query:
        await app._find()
        (first, *_others) = [child for child in app.free.children[1:]]
        first.click()
    await until(lambda: app.board is not None)
    return app


def button(box: w.Box, starting: str) -> w.Button:
    """The one button in ``box`` whose label starts with ``starting``."""
    buttons = [child for child in box.children if isinstance(child, w.Button)]
    (found,) = [child for child in buttons if child.description.startswith(starting)]
    return found


async def joining(service: str, page, code: str) -> SeatApp:
    """A learner's page that typed ``code``, once the service answered."""
    page(f"table={code}")
    app = SeatApp(service=service)
    await until(lambda: bool(app.feedback.value or app.free.children))
    return app


def held(app: SeatApp) -> str | None:
    """What the seat's board says instead of taking a move (a move on its way, a table ended, a seat lost); None
    while it takes moves."""
    assert app.session is not None
    return str(app.session.prompt()) if app.session.mode in HELD else None


def test_two_learners_play_a_table_the_teacher_opened_each_told_the_others_moves(service, page):
    async def play() -> None:
        lobby, code = await lobby_with_a_table(service)
        assert "is open" in lobby.feedback.value
        red = await seated(service, page, f"table={code}")
        black = await seated(service, page, f"table={code}")
        assert (red.seat.seat, black.seat.seat) == ("red", "black")
        await until(lambda: "a classmate, here" in red.who.value)
        assert "Black: a free seat" not in red.who.value and "It is your turn." in red.who.value
        assert red.link.params == {"table": code, "seat": "red", "key": red.seat.token}

        wrong = Move("play", red.session.state.players and "JH", "red.melee")  # a card played before the mulligan ends
        red.board.try_move(wrong)
        assert (
            red.board.table.scene["flash"]["kind"] == "error"
            and red.board.table.scene["flash"]["rule"] == "NAP-2"
            and red.session.version == 0
        )

        red.board.try_move(red.session.state.legal_moves()[0])
        await until(lambda: black.session.version == 1 and red.session.version == 1)
        assert "Red keeps its hand." in black.log.value and "You keep your hand." in red.log.value
        assert held(red) is None and black.session.state.to_move == "black"
        await lobby._look()
        assert "Waiting for Black" in lobby.rows[code].who.value
        for part in (lobby, red, black):
            part.stop()

    asyncio.run(play())


def test_a_seats_page_says_the_tables_moves_and_a_refusal_in_its_own_language(service, page):
    """The service sends a seat's world with its messages as data: the seat's own kernel says the moves, the last
    moves beside the board and a refusal in its page's language, here Italian, as a game against the bots does."""

    async def play() -> None:
        code = await Teacher(service, KEY).open("napoletana", ["person", "bot"], strength="easy", seed=1)
        red = await seated(service, page, f"lang=it&table={code}")
        assert current_language() == "it"
        wrong = Move("play", "JH", "red.melee")  # a card played before the mulligan ends (NAP-2)
        red.board.try_move(wrong)
        refusal = red.session.state.check(wrong).reason
        with speaking("en"):
            in_english = str(refusal)
        assert (
            red.board.table.scene["flash"]["rule"] == "NAP-2"
            and red.board.table.scene["flash"]["text"] == str(refusal) != in_english
        )

        red.board.try_move(red.session.state.legal_moves()[0])
        await until(lambda: red.session.version >= 2)  # the bot has answered
        told = red.session.log()
        said = [str(line) for line in told]
        with speaking("en"):
            assert said != [str(line) for line in told]
        assert all(escape(line) in red.log.value for line in said)
        read = [*html_words(red.log.value), *red.board.table.scene["last"]]
        english = sorted({f"{word!r} in {text!r}" for text in read for word in ENGLISH.findall(text)})
        assert english == [], english[:5]
        red.stop()

    asyncio.run(play())


def test_a_reloaded_page_takes_its_seat_again_and_a_seat_given_to_a_bot_comes_back(service, page):
    async def play() -> None:
        lobby, code = await lobby_with_a_table(service)
        red = await seated(service, page, f"table={code}")
        query = "&".join(f"{name}={value}" for name, value in red.link.params.items())
        red.stop()  # the page is closed, or reloaded
        await lobby._look()
        button(lobby.rows[code].buttons, "Give Red's seat to a bot").click()
        await until(lambda: lobby.rows[code].shown and lobby.rows[code].shown[0] >= 1)  # the bot played red's turn
        again = await seated(service, page, query)  # the reload: the seat's link, with its credential
        assert again.seat.seat == "red" and held(again) is None
        assert "Red: you." in again.who.value
        lobby.stop()
        again.stop()

    asyncio.run(play())


def test_the_projector_hides_every_hand_until_the_game_is_over(service, page):
    """The room's board: each hand only counted while the game goes on, each seat by its name, the table's code
    and how to join it above the board, the board fitted to the wall's window."""

    async def play() -> None:
        lobby, code = await lobby_with_a_table(service)
        projector = Projector(service, code)
        await until(lambda: bool(projector.board.scene))
        areas = {area["id"]: area for area in projector.board.scene["areas"]}
        assert not [zone for area in areas.values() for zone in area["zones"] if zone["kind"] == "hand"]
        assert "Hand 10" in areas["red"]["info"] and "Hand 10" in areas["black"]["info"]
        assert areas["red"]["label"] == "Red · learner" and areas["black"]["label"] == "Black · learner"
        assert projector.heading.code == code and "{code}" in projector.heading.join
        assert projector.board.projector and "Waiting for Red" in projector.who.value
        projector.stop()
        lobby.stop()

    asyncio.run(play())


def test_hot_seat_hides_the_board_between_turns_and_shows_each_player_its_own_hand():
    game = HotSeat("napoletana", seed=3)
    assert game.board.table.layout.display == "none" and "Pass the screen to Red" in game.pass_on.value
    game.show_board()
    assert game.session.seat == "red" and game.board.table.layout.display == ""
    game.board.try_move(game.state.legal_moves()[0])
    game._moved()
    assert game.board.table.layout.display == "none" and "Pass the screen to Black" in game.pass_on.value
    game.ready.click()
    assert game.session.seat == "black" and "Red keeps its hand." in game.log.value


SHORT_DEALS = {"senza_nome": 7, "pattuglia": 0}  # deals the easy bots finish in fewer moves than most (700, 110)


# Senza Nome's whole table (its easy bots' race takes hundreds of moves, 40 s here) is in `make long`
@pytest.mark.parametrize(
    "game_id", [pytest.param(game, marks=[pytest.mark.long] * (game == "senza_nome")) for game in GAMES]
)
def test_classmates_play_a_whole_game_at_a_table_each_from_its_own_kernel(service, page, game_id):
    """A table of each game played to its end by two learners, each on its own seat's page (a kernel told only its
    seat's world), and the service's bots on the other seats (Njet!'s four): every learner's move, the easy bot's
    choice from what the seat sees, made through the board, each page told every move, and the end shown to all."""
    players = describe(game_id).player_counts[0]
    easy = describe(game_id).bots()["easy"]

    async def play() -> None:
        teacher = Teacher(service, KEY)
        kinds = ["person", "person"] + ["bot"] * (players - 2)
        code = await teacher.open(game_id, kinds, strength="easy", seed=SHORT_DEALS.get(game_id, 1))
        seats = [await seated(service, page, f"table={code}") for _n in range(2)]

        def pages() -> str:  # each seat's version, whose turn its board shows, and its connection
            return str(
                [(app.seat.seat, app.session.version, app.session.state.to_move, app.seat.connected) for app in seats]
            )

        for move in range(5000):
            if all(app.session.state.is_over for app in seats):
                break
            version = max(app.session.version for app in seats)
            movers = [
                app for app in seats if app.session.state.to_move == app.seat.seat and app.session.version == version
            ]
            if not movers:  # a bot's turn, or a page not yet told the last move: wait for the next word
                await until(  # (or the last move has reached a page late: the game is over for both)
                    lambda version=version: (
                        max(app.session.version for app in seats) > version
                        or any(
                            app.session.state.to_move == app.seat.seat and app.session.version == version
                            for app in seats
                        )
                        or all(app.session.state.is_over for app in seats)
                    ),
                    state=pages,
                )
                continue
            (mover,) = movers
            mover.board.try_move(easy(seed=move).decide(mover.session.state, mover.seat.seat).move)
            await until(lambda version=version: all(app.session.version > version for app in seats), state=pages)
        for app in seats:
            assert app.session.state.is_over and app.session.state.result is not None, game_id
            assert app.board.table.scene["prompt"], game_id  # the end, said on every seat's board
            app.stop()

    asyncio.run(play())


@pytest.mark.parametrize("query", ["watch=BCDFG/rematch%3F", "table=BCDFG/rematch%3F&key=x", "table=../../tables"])
def test_a_page_asks_the_service_nothing_for_a_code_that_is_not_one(service, page, query):
    """A crafted link cannot make a page's kernel send another request (a teacher's kernel carries the teacher's
    hub token): the code is checked before anything is asked."""
    page(query)
    app = SeatApp(service=service)
    assert "No table has the code" in app.parts.children[0].value or "No table has the code" in app.feedback.value
    assert app.seat is None


def test_a_table_whose_bot_failed_says_so_to_every_seat_instead_of_waiting_for_it():
    table = {"seats": {"red": {"kind": "person", "taken": True}, "black": {"kind": "bot", "taken": False}}}
    said = who_is_there(table | {"to_move": "black", "over": False, "stalled": True}, "red", str.title)
    assert said[-1] == "A bot at this table could not move: the game stops here. Tell your teacher."
    # the projector (and the lobby) says it to the room, and the teacher: nobody to tell
    said = who_is_there(table | {"to_move": "black", "over": False, "stalled": True}, None, str.title)
    assert said[-1] == "A bot at this table could not move: the game stops here."
    assert who_is_there(table | {"to_move": "black", "over": False}, "red", str.title)[-1] == "Waiting for Black."


def test_the_teacher_ends_a_table_once_sure_and_every_page_is_told_and_takes_no_move(service, page):
    ended = "Your teacher ended this table: the game stops here."

    async def play() -> None:
        lobby, code = await lobby_with_a_table(service)
        red = await seated(service, page, f"table={code}")
        projector = Projector(service, code)
        await until(lambda: bool(projector.board.scene))
        row = lobby.rows[code]
        end = button(row.buttons, "End this table")
        end.click()
        end.click()  # a double click asks, and answers nothing
        assert "End table" in row.confirm.children[0].value
        button(row.confirm, "No, keep it open").click()
        assert not row.confirm.children
        end.click()
        await lobby._look()  # the lobby looks again while it asks: the question stays, the table is open
        assert not row.shown[2] and button(row.confirm, f"Yes, end table {code}")
        button(row.confirm, f"Yes, end table {code}").click()
        await until(lambda: held(red) == ended and ended in projector.who.value)
        assert (
            ended in red.who.value
            and red.board.table.scene["flash"]["text"] == ended
            and ended in projector.feedback.value
        )
        red.board.try_move(red.session.state.legal_moves()[0])  # a move on its way as the table ended: refused
        await until(lambda: red.board.table.scene["flash"] is not None)
        assert red.board.table.scene["flash"]["text"] == ended and held(red) == ended and red.session.version == 0
        await until(lambda: "You ended this table" in row.heading.value)
        assert not row.buttons.children and f"Table {code} has ended." in lobby.feedback.value
        late = await joining(service, page, code)
        assert f"Your teacher ended table {code}" in late.feedback.value and not late.free.children
        for part in (lobby, red, projector, late):
            part.stop()

    asyncio.run(play())


def test_the_teacher_frees_a_seat_its_page_is_told_and_another_learner_takes_it(service, page):
    async def play() -> None:
        lobby, code = await lobby_with_a_table(service)
        red = await seated(service, page, f"table={code}")
        await lobby._look()
        button(lobby.rows[code].buttons, "Free Red's seat").click()
        freed = "Your teacher freed your seat: to play on, type the table's code again and choose a free seat."
        await until(
            lambda: freed in unescape(red.feedback.value) and held(red) == freed,
            seconds=10,
            state=lambda: (red.feedback.value, held(red), red.seat.gone, red.seat.why_gone),
        )
        assert red.seat.gone and red.link.params == {"table": code}  # a reload opens the seats to choose from
        await until(lambda: "Red: a free seat." in lobby.rows[code].who.value, seconds=10)
        other = await seated(service, page, f"table={code}")  # another learner takes it
        assert other.seat.seat == "red" and held(other) is None
        other.board.try_move(other.session.state.legal_moves()[0])
        await until(lambda: other.session.version == 1)
        for part in (lobby, red, other):
            part.stop()

    asyncio.run(play())


def test_the_lobby_shows_a_tables_code_large_its_links_as_buttons_and_a_qr_code_of_its_learners_link(
    service, monkeypatch
):
    """What Voilà tells the kernel of the lobby's page (widgets/where.py) makes the learners' link whole, as a phone
    opens it."""
    monkeypatch.setenv("SERVER_NAME", "192.168.1.20")
    monkeypatch.setenv("SERVER_PORT", "8866")
    monkeypatch.setenv("SCRIPT_NAME", "/voila/render/lobby.ipynb")

    async def play() -> str:
        lobby, code = await lobby_with_a_table(service)
        heading = lobby.rows[code].heading.value
        lobby.stop()
        return heading

    heading = asyncio.run(play())
    code = re.search(r"class='cg-table-code'[^>]*>([A-Z]{5})<", heading).group(1)
    link = f"http://192.168.1.20:8866/voila/render/table.ipynb?table={code}"
    assert "font:700 2.6rem" in heading and heading.count("class='jupyter-button") == 2
    name = f"QR code of the learners&#x27; link for table {code}"
    assert f"<svg role='img' aria-label='{name}'" in heading and link in heading
    drawn = segno.make(link, error="m").svg_inline(scale=5, border=4, dark="#000", light="#fff")
    assert re.search(r"<path class=\"qrline\"[^>]*>", drawn).group(0) in heading  # the code is of the whole link
    assert "A phone cannot open 127.0.0.1" not in heading

    from widgets.lobby import scan_to_join

    monkeypatch.setenv("SERVER_NAME", "127.0.0.1")
    assert "A phone cannot open 127.0.0.1" in scan_to_join(code)
