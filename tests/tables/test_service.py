"""The table service as a process of its own on 127.0.0.1 (tables/service.py, issue 35), played the way kernels
play it: HTTP to open and join a table, one WebSocket per seat. Each seat is sent exactly what the construction of
tables/table.py gives it; two moves for one turn, one wins; a forged or broken message changes nothing; and the
service killed with SIGKILL and started again has every acknowledged move."""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
import time

import pytest
from running_service import ROOT, Running, free_port, receive
from tornado.websocket import websocket_connect

from cardlib.core.i18n import speaking
from cardlib.core.protocol import told
from cardlib.games import describe
from tables.client import Seat
from tables.table import sent_to, world_seed


def truth(moves: list[str], seed: int = 7):
    """The true state after ``moves`` of a two-seat Napoletana dealt from ``seed``, played in this process."""
    state = describe("napoletana").game().new(seed=seed, players=2)
    for move in moves:
        state = state.play(move)
    return state


def new_napoletana(service: Running, strength: str = "medium") -> str:
    """A two-learner Napoletana table dealt from seed 7 (``truth``), opened by the teacher: its code."""
    asked = {"game": "napoletana", "seats": ["person", "person"], "seed": 7, "strength": strength}
    status, opened = service.http("POST", "/tables", asked)
    assert status == 201
    return opened["code"]


def open_napoletana(service: Running, strength: str = "medium") -> tuple[str, dict[str, str]]:
    """``new_napoletana``, both seats joined over HTTP: the code and each seat's credential."""
    code = new_napoletana(service, strength)
    tokens = {}
    for _n in range(2):
        status, joined = service.http("POST", f"/tables/{code}/join", {}, key=None)
        assert status == 200
        tokens[joined["seat"]] = joined["token"]
    return code, tokens


def test_two_learners_play_a_table_each_sent_only_what_its_seat_may_know(service):
    code, tokens = open_napoletana(service)

    async def play() -> None:
        red, seen_red = await service.seat(code, {"seat": "red", "token": tokens["red"]})
        black, _seen = await service.seat(code, {"seat": "black", "token": tokens["black"]})
        seen_red = await receive(red, "table")  # black came: red is told who is here
        assert seen_red["seats"]["black"]["here"] and seen_red["version"] == 0
        move = str(truth([]).legal_moves()[0])
        await red.write_message(json.dumps({"id": "m1", "version": 0, "move": move}))
        assert (await receive(red, "answer"))["ok"]
        for connection, seat in ((red, "red"), (black, "black")):
            seen = await receive(connection, "table")
            expected = sent_to(truth([move]), seat, world_seed(code, 1, seat))
            assert seen["version"] == 1 and seen["world"] == json.loads(json.dumps(expected["world"]))
        status, public = service.http("GET", f"/tables/{code}", key=None)
        assert status == 200 and public["view"] == json.loads(json.dumps(truth([move]).view(None)))
        red.close()
        black.close()

    asyncio.run(play())


def test_two_moves_for_one_turn_one_wins_and_the_other_gets_the_table_as_it_is(service):
    code, tokens = open_napoletana(service)

    async def play() -> None:
        red, _seen = await service.seat(code, {"seat": "red", "token": tokens["red"]})
        first, second = (str(move) for move in truth([]).legal_moves()[:2])
        await red.write_message(json.dumps({"id": "a", "version": 0, "move": first}))
        await red.write_message(json.dumps({"id": "b", "version": 0, "move": second}))
        answers = [await receive(red, "answer"), await receive(red, "answer")]
        assert [answer["ok"] for answer in answers] == [True, False] and answers[1]["stale"]
        assert "played first" in answers[1]["why"] and answers[1]["version"] == 1
        red.close()

    asyncio.run(play())


def test_forged_or_broken_messages_are_refused_in_words_and_change_nothing(service):
    code, tokens = open_napoletana(service)
    assert service.http("POST", "/tables", {"game": "napoletana", "seats": ["person"] * 2}, key="wrong")[0] == 403
    assert service.http("POST", "/tables", b"{not json")[0] == 400
    assert service.http("POST", "/tables", {"game": "chess", "seats": ["person"] * 2})[0] == 400
    assert service.http("POST", "/tables", {"game": "njet", "seats": ["person"] * 2})[0] == 400  # Njet! is for 4
    assert service.http("GET", "/tables/NOSUCH", key=None)[0] == 404
    for data in (
        {"game": [], "seats": ["person"] * 2},  # not a game's name
        {"game": "napoletana", "seats": ["person"] * 2, "seed": True},  # JSON's true is no deal number
        {"game": "napoletana", "seats": ["bot", "bot"]},  # nobody could ever play it
        {"game": "napoletana", "seats": ["person"] * 2, "strength": "godlike"},
    ):
        status, answer = service.http("POST", "/tables", data)
        assert status == 400 and answer["error"], data
    assert service.http("POST", "/tables", {"game": "napoletana", "seats": []}, key="clé")[0] == 403

    async def play() -> None:
        intruder = await websocket_connect(f"ws://127.0.0.1:{service.port}/tables/{code}/socket")
        await intruder.write_message(json.dumps({"seat": "red", "token": "forged"}))
        assert "not yours" in await receive(intruder, "error")
        red, _seen = await service.seat(code, {"seat": "red", "token": tokens["red"]})
        for broken in ("[1, 2]", "not json", json.dumps({"version": "0", "move": 7})):
            await red.write_message(broken)
            assert await receive(red, "error")
        await red.write_message(json.dumps({"id": "x", "version": 0, "move": "fly away"}))
        answer = await receive(red, "answer")
        assert not answer["ok"] and answer["why"] and answer["version"] == 0
        intruder.close()
        red.close()

    asyncio.run(play())
    assert service.http("GET", f"/tables/{code}", key=None)[1]["version"] == 0


def test_the_service_killed_mid_game_loses_no_acknowledged_move(service):
    code, tokens = open_napoletana(service)
    played: list[str] = []

    async def play(moves: int) -> None:
        seats = {seat: (await service.seat(code, {"seat": seat, "token": token}))[0] for seat, token in tokens.items()}
        for _n in range(moves):
            state = truth(played)
            move = str(state.legal_moves()[0])
            connection = seats[state.to_move]
            await connection.write_message(json.dumps({"id": f"m{len(played)}", "version": len(played), "move": move}))
            assert (await receive(connection, "answer"))["ok"]
            played.append(move)  # acknowledged
        for connection in seats.values():
            connection.close()

    asyncio.run(play(5))
    service.kill()
    service.start()
    status, public = service.http("GET", f"/tables/{code}", key=None)
    assert status == 200 and public["version"] == 5
    assert public["view"] == json.loads(json.dumps(truth(played).view(None)))
    asyncio.run(play(2))  # every seat carries on with its credential
    assert service.http("GET", f"/tables/{code}", key=None)[1]["version"] == 7


def test_a_table_whose_first_turn_is_a_bots_starts_by_itself(service):
    status, opened = service.http("POST", "/tables", {"game": "njet", "seats": ["bot", "person", "bot", "bot"]})
    assert status == 201
    deadline = time.monotonic() + 20
    while service.http("GET", f"/tables/{opened['code']}", key=None)[1]["version"] == 0:  # North, a bot, begins
        assert time.monotonic() < deadline, "the bots never started"
        time.sleep(0.05)


def test_bots_play_their_seats_and_every_seat_is_told_each_of_their_moves(service):
    status, opened = service.http("POST", "/tables", {"game": "njet", "seats": ["person", "bot", "bot", "bot"]})
    assert status == 201
    code = opened["code"]
    joined = service.http("POST", f"/tables/{code}/join", {}, key=None)[1]
    game = describe("njet").game()

    async def play() -> None:
        me, seen = await service.seat(code, {"seat": joined["seat"], "token": joined["token"]})
        world = game.from_json(seen["world"])
        assert world.to_move == joined["seat"]  # North starts: the bots wait for it
        await me.write_message(json.dumps({"id": "1", "version": 0, "move": str(world.legal_moves()[0])}))
        assert (await receive(me, "answer"))["ok"]
        versions = [(await receive(me, "table"))["version"] for _n in range(4)]  # my move, then the three bots'
        assert versions == [1, 2, 3, 4]
        me.close()

    asyncio.run(play())


def test_a_kernels_seat_plays_is_told_the_others_moves_and_finds_its_seat_again_after_a_restart(service):
    base, code = f"http://127.0.0.1:{service.port}", new_napoletana(service)

    async def play() -> None:
        red, black = await Seat.join(base, code), await Seat.join(base, code)
        told: list[int] = []
        black.told = lambda table: told.append(table["version"])
        move = str(truth([]).legal_moves()[0])
        assert (await red.play(move))["ok"]
        while not told or told[-1] < 1:
            await asyncio.sleep(0.01)
        assert black.table["version"] == 1 and black.table["seats"]["red"]["here"]
        while red.table["version"] < 1:
            await asyncio.sleep(0.01)
        refused = await red.play(move)  # not red's turn now: refused in words, nothing changes
        assert not refused["ok"] and "not your turn" in refused["why"].lower() and refused["version"] == 1
        black.close()  # the kernel is culled ...
        again = await Seat.join(base, code, token=black.token)  # ... and a new one finds the seat with its credential
        assert again.seat == "black" and again.table["version"] == 1
        with pytest.raises(ValueError, match="taken"):
            await Seat.join(base, code)
        red.close()
        again.close()

    asyncio.run(play())


def test_kernels_seats_connect_again_by_themselves_after_the_service_is_killed(service):
    base, code = f"http://127.0.0.1:{service.port}", new_napoletana(service)

    async def play() -> None:
        seats = {seat.seat: seat for seat in [await Seat.join(base, code), await Seat.join(base, code)]}
        played: list[str] = []

        async def one_move() -> None:
            state = truth(played)
            move = str(state.legal_moves()[0])
            assert (await seats[state.to_move].play(move))["ok"]
            played.append(move)

        await one_move()
        service.kill()
        await asyncio.get_running_loop().run_in_executor(None, service.start)
        while not all(seat.connected for seat in seats.values()):
            await asyncio.sleep(0.02)
        await one_move()  # no one joined again: each seat connected again with its credential
        for seat in seats.values():
            seat.close()

    asyncio.run(play())
    assert service.http("GET", f"/tables/{code}", key=None)[1]["version"] == 2


def test_the_teacher_lists_the_tables_gives_an_away_seat_to_a_bot_and_rematches(service):
    code, tokens = open_napoletana(service, strength="easy")
    assert service.http("GET", "/tables", key="wrong")[0] == 403
    status, listed = service.http("GET", "/tables")
    (table,) = listed["tables"]
    assert status == 200 and table["code"] == code and table["to_move"] == "red" and "world" not in table
    status, given = service.http("POST", f"/tables/{code}/seats", {"seat": "red", "kind": "bot"})
    assert status == 200 and given["seats"]["red"]["kind"] == "bot"
    deadline = time.monotonic() + 20
    while service.http("GET", f"/tables/{code}", key=None)[1]["version"] == 0:  # the bot plays red's turn
        assert time.monotonic() < deadline, "the bot given red's seat did not play"
        time.sleep(0.05)
    status, back = service.http("POST", f"/tables/{code}/join", {"token": tokens["red"]}, key=None)
    assert status == 200 and back["seat"] == "red"
    assert service.http("GET", f"/tables/{code}", key=None)[1]["seats"]["red"]["kind"] == "person"
    refused = service.http("POST", f"/tables/{code}/seats", {"seat": "green", "kind": "bot"})
    assert refused[0] == 400 and "no seat" in refused[1]["error"]
    assert service.http("POST", f"/tables/{code}/rematch", {})[0] == 409  # not before the game is over
    for seat in ("red", "black"):  # both away: the bots play the game to its end
        service.http("POST", f"/tables/{code}/seats", {"seat": seat, "kind": "bot"})
    deadline = time.monotonic() + 120
    while not service.http("GET", f"/tables/{code}", key=None)[1]["over"]:
        assert time.monotonic() < deadline, "the bots did not finish the game"
        time.sleep(0.1)
    status, again = service.http("POST", f"/tables/{code}/rematch", {})
    assert status == 201 and service.http("POST", f"/tables/{code}/rematch", {})[1] == again  # asked twice: one
    status, joined = service.http("POST", f"/tables/{again['code']}/join", {"token": tokens["red"]}, key=None)
    assert status == 200 and joined["seat"] == "black"  # every seat moved on by one


def test_seats_in_italian_and_french_are_sent_the_same_table_and_each_says_it_in_its_own_language(service):
    """A table's words travel as messages: pages speaking Italian and French are sent the same table for a version
    (one seat's two pages, the projectors), and each says the move in its own language; the service's answer to
    one seat is said in that seat's language, a rule's reason too (NAP-2)."""
    code, tokens = open_napoletana(service)
    red_hello, black_hello = ({"seat": seat, "token": tokens[seat]} for seat in ("red", "black"))

    async def play() -> None:
        red, _seen = await service.seat(code, red_hello | {"lang": "it"})
        red_fr, _seen = await service.seat(code, red_hello | {"lang": "fr"})  # the same learner on another device
        black, _seen = await service.seat(code, black_hello | {"lang": "fr"})
        projector_it, _seen = await service.seat(code, {"watch": True, "lang": "it"})
        projector_fr, _seen = await service.seat(code, {"watch": True, "lang": "fr"})
        await black.write_message(json.dumps({"id": "b1", "version": 0, "move": "keep"}))
        assert (await receive(black, "answer"))["why"] == "Ce n'est pas ton tour."
        await red.write_message(json.dumps({"id": "r1", "version": 0, "move": "play 7H front"}))
        refused = await receive(red, "answer")  # the mulligan comes first (NAP-2)
        reason = "Prima ogni giocatore può cambiare fino a 2 carte, poi tiene la mano."
        assert (refused["ok"], refused["why"], refused["rule"]) == (False, reason, "NAP-2")
        await red.write_message(json.dumps({"id": "r2", "version": 0, "move": "keep"}))
        assert (await receive(red, "answer"))["ok"]
        seen = {}
        for name, connection in (
            *(("red", red), ("red_fr", red_fr), ("black", black)),
            *(("projector_it", projector_it), ("projector_fr", projector_fr)),
        ):
            while (table := await receive(connection, "table"))["version"] < 1:
                pass
            seen[name] = table
        assert seen["red"] == seen["red_fr"] and seen["projector_it"] == seen["projector_fr"]
        assert seen["black"]["world"] == json.loads(
            json.dumps(sent_to(truth(["keep"]), "black", world_seed(code, 1, "black"))["world"])
        )
        game = describe("napoletana").game()
        said = {}
        for name, seat, language in (("red", "red", "it"), ("red_fr", "red", "fr"), ("black", "black", "fr")):
            with speaking(language):  # as the seat's kernel says it, in its page's language
                said[name] = [str(line) for line in told(game.from_json(seen[name]["world"]).events, seat)]
        assert said == {
            "red": ["Tieni la tua mano."],
            "red_fr": ["Tu gardes ta main."],
            "black": ["Rouge garde sa main."],
        }
        klingon = await websocket_connect(f"ws://127.0.0.1:{service.port}/tables/{code}/socket")
        await klingon.write_message(json.dumps({"watch": True, "lang": "tlh"}))
        assert "speak" in await receive(klingon, "error")
        for connection in (red, red_fr, black, projector_it, projector_fr, klingon):
            connection.close()

    asyncio.run(play())


def test_the_teacher_ends_a_table_every_seat_and_the_projector_are_told_at_once_and_no_move_or_seat_follows(service):
    code, tokens = open_napoletana(service)
    ended_it = "L'insegnante ha chiuso questo tavolo: la partita finisce qui."  # the seat's own language

    async def play() -> None:
        red, _seen = await service.seat(code, {"seat": "red", "token": tokens["red"], "lang": "it"})
        black, _seen = await service.seat(code, {"seat": "black", "token": tokens["black"]})
        projector, _seen = await service.seat(code, {"watch": True, "lang": "fr"})
        status, refused = service.http("POST", f"/tables/{code}/end", {}, key=None)  # a learner's kernel
        assert status == 403 and "Only a teacher" in refused["error"]
        assert service.http("POST", f"/tables/{code}/end", {}, key="wrong")[0] == 403
        assert service.http("POST", f"/tables/{code}/end", {})[0] == 200
        for connection in (red, black, projector):
            while not (await receive(connection, "table"))["ended"]:
                pass
        move = str(truth([]).legal_moves()[0])
        await red.write_message(json.dumps({"id": "late", "version": 0, "move": move}))
        answer = await receive(red, "answer")
        assert not answer["ok"] and answer["why"] == ended_it
        for connection in (red, black, projector):
            connection.close()

    asyncio.run(play())
    assert service.http("POST", f"/tables/{code}/end", {})[0] == 200  # asked twice (a retry): still ended, once
    refusals = [
        service.http("GET", f"/tables/{code}", key=None),
        service.http("POST", f"/tables/{code}/join", {}, key=None),
        service.http("POST", f"/tables/{code}/join", {"token": tokens["red"]}, key=None),  # a seat's own link
        service.http("POST", f"/tables/{code}/rematch", {}),
        service.http("POST", f"/tables/{code}/seats", {"seat": "red", "kind": "bot"}),
        service.http("POST", f"/tables/{code}/free", {"seat": "red"}),
    ]
    assert all(status >= 400 and answer["error"] for status, answer in refusals), refusals
    assert f"ended table {code}" in refusals[0][1]["error"]
    (listed,) = service.http("GET", "/tables")[1]["tables"]
    assert listed["ended"] and listed["version"] == 0

    service.kill()  # an ended table is still ended when the service starts again
    service.start()
    (listed,) = service.http("GET", "/tables")[1]["tables"]
    assert listed["ended"]
    assert service.http("POST", f"/tables/{code}/join", {}, key=None)[0] == 410

    async def come_back() -> None:  # a kernel connecting again with its credential is told the table ended
        red, seen = await service.seat(code, {"seat": "red", "token": tokens["red"], "lang": "it"})
        assert seen["ended"]
        red.close()

    asyncio.run(come_back())


def test_the_teacher_ends_a_table_of_bots_and_its_bots_stop(service):
    _status, opened = service.http("POST", "/tables", {"game": "njet", "seats": ["person", "bot", "bot", "bot"]})
    code = opened["code"]
    service.http("POST", f"/tables/{code}/seats", {"seat": "south", "kind": "bot"})  # every seat a bot's
    deadline = time.monotonic() + 20
    while service.http("GET", f"/tables/{code}", key=None)[1]["version"] == 0:
        assert time.monotonic() < deadline, "the bots never started"
        time.sleep(0.05)
    assert service.http("POST", f"/tables/{code}/end", {})[0] == 200
    time.sleep(0.5)  # a bot thinking as the table ended records nothing
    (listed,) = service.http("GET", "/tables")[1]["tables"]
    time.sleep(2)
    (later,) = service.http("GET", "/tables")[1]["tables"]
    assert later["version"] == listed["version"] and later["ended"]


def test_the_teacher_frees_a_seat_the_old_credential_plays_no_more_and_another_learner_takes_it(service):
    code, tokens = open_napoletana(service)
    freed = (  # in the seat's own language
        "L'enseignant a libéré ta place\u00a0: pour continuer, tape à nouveau le code de la table et choisis une place "
        "libre."
    )

    async def play() -> None:
        red, _seen = await service.seat(code, {"seat": "red", "token": tokens["red"], "lang": "fr"})
        assert service.http("POST", f"/tables/{code}/free", {"seat": "red"}, key=None)[0] == 403
        status, answer = service.http("POST", f"/tables/{code}/free", {"seat": "red"})
        assert status == 200 and answer["seats"]["red"] == {"kind": "person", "taken": False}
        while True:  # the page that held the seat is told, in its language, and its socket closes
            text = await asyncio.wait_for(red.read_message(), timeout=20)
            assert text is not None, "the socket closed without a word"
            told = json.loads(text)
            if "error" in told:
                break
        assert told == {"error": freed, "gone": True}
        assert await asyncio.wait_for(red.read_message(), timeout=20) is None
        again = await websocket_connect(f"ws://127.0.0.1:{service.port}/tables/{code}/socket")
        await again.write_message(json.dumps({"seat": "red", "token": tokens["red"]}))
        assert "not yours" in await receive(again, "error")  # the old credential sits nowhere
        again.close()

    asyncio.run(play())
    status, refused = service.http("POST", f"/tables/{code}/join", {"token": tokens["red"]}, key=None)
    assert status == 409 and "seats nobody" in refused["error"]
    status, joined = service.http("POST", f"/tables/{code}/join", {}, key=None)  # another learner
    assert status == 200 and joined["seat"] == "red" and joined["token"] != tokens["red"]

    async def plays_on() -> None:
        newcomer, _seen = await service.seat(code, {"seat": "red", "token": joined["token"]})
        await newcomer.write_message(json.dumps({"id": "1", "version": 0, "move": str(truth([]).legal_moves()[0])}))
        assert (await receive(newcomer, "answer"))["ok"]
        newcomer.close()

    asyncio.run(plays_on())
    for asked in ({"seat": "green"}, {"seat": 7}, {}):
        status, refused = service.http("POST", f"/tables/{code}/free", asked)
        assert status == 400 and refused["error"], asked
    assert service.http("GET", f"/tables/{code}", key=None)[1]["version"] == 1


def test_the_service_prints_the_teachers_lobby_link_with_its_key_after_a_hash(tmp_path):
    """make run and make classroom give the service the lobby's address (--lobby): the teacher's link carries the
    key after its "#", URL-quoted, and the terminal says whom not to show it to."""
    port, key = free_port(), "clé du prof/1"
    command = [sys.executable, "-m", "tables", "--port", str(port), "--db", str(tmp_path / "t.sqlite")]
    command += ["--teacher-key", key, "--lobby", "http://127.0.0.1:8866/voila/render/lobby.ipynb"]
    process = subprocess.Popen(command, cwd=ROOT, stderr=subprocess.PIPE, text=True)
    try:
        said = [process.stderr.readline() for _n in range(3)]
    finally:
        process.terminate()
        process.wait(timeout=10)
    assert "http://127.0.0.1:8866/voila/render/lobby.ipynb#key=cl%C3%A9%20du%20prof%2F1" in said[1]
    assert "Keep this link to yourself and off the projector" in said[2]
