"""What a client speaking the table service's protocol directly may send it (tables/service.py): JSON nested deeper
than Python reads, strings that are not text, options the table sets itself, codes guessed one after another. At
every entry each is refused in a sentence, in the asker's language, and the service and its tables are as they
were; guessing codes does not pay, and a class typing its code is never refused."""

from __future__ import annotations

import asyncio
import http.client
import json
import time
import urllib.error
import urllib.request
from typing import Any

import pytest
from running_service import KEY, Running, receive
from tornado.websocket import websocket_connect

from cardlib.core.i18n import _, ngettext, speaking
from cardlib.games import describe
from tables.client import Seat
from tables.service import MISS_EVERY, MISSES, NESTING, Guesses

DEEP_LIST = "[" * 5000 + "]" * 5000
DEEP_OBJECT = '{"a":' * 2500 + "1" + "}" * 2500
# JSON text with the escape of a lone surrogate, which no UTF-8 can carry; every other field as an entry wants it
LONE = '{"seat": "red", "token": "\\ud800", "kind": "bot", "game": "napoletana", "seats": ["person", "person"]}'


def sentences(language: str) -> dict[str, str]:
    """What the service says of each hostile message, in ``language``."""
    with speaking(language):
        deep = _("This message nests lists and objects too deeply (at most {n} inside one another).", n=NESTING)
        lone = _("This message holds a character that is not text (a lone surrogate): send text only.")
    return {DEEP_LIST: deep, DEEP_OBJECT: deep, LONE: lone}


def post(service: Running, path: str, body: str, language: str, key: str | None = KEY) -> tuple[int, dict[str, Any]]:
    """``body`` sent as it is, asking for the answer in ``language``: the status and the answer (a page that is no
    JSON as ``{"page": ...}``)."""
    request = urllib.request.Request(f"http://127.0.0.1:{service.port}{path}", body.encode(), method="POST")
    request.add_header("Accept-Language", language)
    if key:
        request.add_header("Authorization", f"Bearer {key}")
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            status, text = response.status, response.read()
    except urllib.error.HTTPError as error:
        status, text = error.code, error.read()
    try:
        return status, json.loads(text)
    except ValueError:
        return status, {"page": text.decode(errors="replace")[:200]}


def tables(service: Running) -> dict[str, Any]:
    """Every table as the teacher's lobby lists it, but for who is connected now: what a refusal must not change."""
    status, listed = service.http("GET", "/tables")
    assert status == 200
    for table in listed["tables"]:
        for about in table["seats"].values():
            about.pop("here")
    return {table["code"]: table for table in listed["tables"]}


def napoletana(service: Running) -> tuple[str, str]:
    """A two-learner Napoletana table whose red seat is taken: its code and red's credential (black stays free)."""
    status, opened = service.http("POST", "/tables", {"game": "napoletana", "seats": ["person", "person"], "seed": 7})
    assert status == 201
    status, joined = service.http("POST", f"/tables/{opened['code']}/join", {"seat": "red"}, key=None)
    assert status == 200
    return opened["code"], joined["token"]


@pytest.mark.parametrize("entry", ["/tables", "/tables/{code}/seats", "/tables/{code}/join", "/tables/{code}/rematch"])
def test_every_http_entry_refuses_deep_json_and_lone_surrogates_in_a_sentence_and_changes_nothing(service, entry):
    code, _token = napoletana(service)
    before = tables(service)
    for language in ("it", "fr"):
        said = sentences(language)
        for body, sentence in said.items():
            status, answer = post(service, entry.format(code=code), body, language)
            assert (status, answer) == (400, {"error": sentence}), (entry, body[:30], language)
            assert sentence != sentences("en")[body]  # said in the asker's language
    assert tables(service) == before  # no table opened, no seat taken or given to a bot


def test_every_socket_message_refuses_deep_json_and_lone_surrogates_and_the_socket_stays_open(service):
    code, token = napoletana(service)
    before = tables(service)
    move = str(describe("napoletana").game().new(seed=7, players=2).legal_moves()[0])

    async def play() -> None:
        connection = await websocket_connect(f"ws://127.0.0.1:{service.port}/tables/{code}/socket")
        for hello, sentence in sentences("en").items():  # before the hello: the service's language
            await connection.write_message(hello)
            assert await receive(connection, "error") == sentence
        await connection.write_message(json.dumps({"seat": "red", "token": token, "lang": "fr"}))
        assert (await receive(connection, "table"))["seat"] == "red"  # still open, and the hello is heard
        french = sentences("fr")
        lone_id = json.dumps({"id": "?", "version": 0, "move": move}).replace("?", "\\ud800")
        lone_move = '{"id": "m", "version": 0, "move": "keep \\udfff"}'
        for message, hostile in (
            (DEEP_LIST, DEEP_LIST),
            (DEEP_OBJECT, DEEP_OBJECT),
            (lone_id, LONE),
            (lone_move, LONE),
        ):
            await connection.write_message(message)
            assert await receive(connection, "error") == french[hostile]
        assert tables(service) == before
        await connection.write_message(json.dumps({"id": "m1", "version": 0, "move": move}))
        assert (await receive(connection, "answer"))["ok"]  # the seat plays on
        connection.close()

    asyncio.run(play())


@pytest.mark.parametrize(
    ("game", "players", "options", "named"),
    [
        ("senza_nome", 3, {"players": 3}, "players"),  # the seats say how many play
        ("napoletana", 2, {"seed": 5}, "seed"),  # the deal number is sent beside the options
        ("napoletana", 2, {"colour": "red"}, "colour"),
        ("pattuglia", 2, {"target": True}, "target"),  # JSON's true is no number, though Python finds it equal to 1
        ("pattuglia", 2, {"super_capitano": 0}, "super_capitano"),
        ("senza_nome", 3, {"decks": 2.0}, "decks"),
        ("nespanini", 2, {"deck": [1, 2]}, "deck"),
        ("nespanini", 2, {"deck": [[[["cour"]]]] * 2}, "deck"),
    ],
)
def test_options_the_table_sets_itself_unknown_or_ill_typed_are_refused_naming_the_option(
    service, game, players, options, named
):
    before = tables(service)
    asked = json.dumps({"game": game, "seats": ["person"] * players, "options": options})
    status, answer = post(service, "/tables", asked, "fr")
    assert status == 400 and named in answer.get("error", ""), answer
    assert f"'{named}'" not in answer["error"]  # (Python's own messages quote the name)
    assert answer != post(service, "/tables", asked, "en")[1]  # said in the asker's language
    assert tables(service) == before


def test_a_games_own_options_still_open_a_table(service):
    for game, options in (("pattuglia", {"target": 50, "super_capitano": True}), ("senza_nome", {"decks": 3})):
        status, opened = service.http("POST", "/tables", {"game": game, "seats": ["person"] * 3, "options": options})
        assert status == 201, opened


def test_the_table_sets_players_itself_said_in_french(service):
    asked = json.dumps({"game": "senza_nome", "seats": ["person"] * 3, "options": {"players": 3}})
    with speaking("fr"):
        expected = _(
            "The table sets {name} itself, not the options: its seats say how many play, and the deal number is given "
            "beside the options.",
            name="players",
        )
    assert post(service, "/tables", asked, "fr") == (400, {"error": expected})


def wrong_codes(code: str, how_many: int) -> list[str]:
    """Codes the service makes, none of them ``code``."""
    letters = "BCDFGHJKLMNPQRSTVWXZ"
    made = ("".join(letters[(n // 20**place) % 20] for place in range(5)) for n in range(how_many + 1))
    return [made_code for made_code in made if made_code != code][:how_many]


def test_guessing_codes_does_not_pay_and_a_spent_guesser_learns_nothing_more(service):
    code, token = napoletana(service)
    guesser = http.client.HTTPConnection("127.0.0.1", service.port, timeout=10)  # (kept open: guesses come fast)

    def look_up(guess: str) -> tuple[int, Any]:
        guesser.request("GET", f"/tables/{guess}", headers={"Accept-Language": "it"})
        answer = guesser.getresponse()
        return answer.status, json.loads(answer.read())

    guesses = iter(wrong_codes(code, 2 * MISSES))
    assert [look_up(next(guesses))[0] for _n in range(MISSES)] == [404] * MISSES
    # the next guesses are refused (a few more missing first, if a try came back meanwhile)
    refused = next((answer for answer in map(look_up, guesses) if answer[0] != 404), (404, "never refused"))
    with speaking("it"):
        waits = [
            {
                "error": ngettext(
                    "Too many wrong table codes: wait {n} second, then try again.",
                    "Too many wrong table codes: wait {n} seconds, then try again.",
                    seconds,
                )
            }
            for seconds in range(1, int(MISS_EVERY) + 1)
        ]
    assert refused[0] == 429 and refused[1] in waits
    before = tables(service)
    status, answer = look_up(code)  # the right code now gets the same answer as a wrong one
    assert status == 429 and answer in waits
    guesser.close()
    status, answer = post(service, f"/tables/{code}/join", "{}", "it", key=None)
    assert status == 429 and answer in waits
    assert tables(service) == before  # black's seat is still free

    async def listen() -> None:
        spectator = await websocket_connect(f"ws://127.0.0.1:{service.port}/tables/{code}/socket")
        await spectator.write_message(json.dumps({"watch": True, "lang": "it"}))
        assert {"error": await receive(spectator, "error")} in waits
        red, seen = await service.seat(code, {"seat": "red", "token": token})  # a credential is never a guess
        assert seen["seat"] == "red"
        red.close()

    asyncio.run(listen())
    status, again = service.http("POST", f"/tables/{code}/join", {"token": token}, key=None)
    assert status == 200 and again["seat"] == "red"


def test_a_guessers_tries_come_back_one_every_few_seconds():
    now = [1000.0]
    guesses = Guesses(clock=lambda: now[0])
    for _n in range(MISSES):
        assert guesses.wait("guesser") == 0
        guesses.missed("guesser")
    assert guesses.wait("guesser") == MISS_EVERY and guesses.wait("a class") == 0
    now[0] += MISS_EVERY - 1
    assert guesses.wait("guesser") == 1
    now[0] += 1
    assert guesses.wait("guesser") == 0
    guesses.missed("guesser")
    assert guesses.wait("guesser") == MISS_EVERY


def test_a_class_of_60_behind_one_address_joins_within_a_minute_typos_and_all(service):
    """Every kernel of a class speaks from one address (the Voilà server's, or a school's NAT): only codes that name
    no table count, and two typos for each of 60 learners are far from the limit."""
    start = time.monotonic()
    codes = []
    for _n in range(30):
        status, opened = service.http("POST", "/tables", {"game": "napoletana", "seats": ["person", "person"]})
        assert status == 201
        codes.append(opened["code"])
    base = f"http://127.0.0.1:{service.port}"

    async def learner(code: str) -> str | None:
        for typo in wrong_codes(code, 2):
            assert service.http("GET", f"/tables/{typo[::-1]}", key=None)[0] in (200, 404)
        assert service.http("GET", f"/tables/{code}", key=None)[0] == 200
        seat = await Seat.join(base, code)
        seat.close()
        return seat.seat

    async def the_class() -> list[str | None]:
        return await asyncio.gather(*(learner(code) for code in codes for _seat in range(2)))

    assert sorted(asyncio.run(the_class())) == ["black"] * 30 + ["red"] * 30
    assert time.monotonic() - start < 60


def test_what_tornado_refuses_by_itself_is_said_in_a_sentence_too(service):
    request = urllib.request.Request(f"http://127.0.0.1:{service.port}/tables", b"{}", method="PUT")
    request.add_header("Accept-Language", "it")
    with pytest.raises(urllib.error.HTTPError) as refused:
        urllib.request.urlopen(request, timeout=10)
    with speaking("it"):
        sentence = _("The table service cannot answer this request.")
    assert refused.value.code == 405 and json.loads(refused.value.read()) == {"error": sentence}


def test_the_teachers_refusals_are_said_in_the_teachers_language_and_change_nothing(service):
    code, _token = napoletana(service)
    before = tables(service)
    asked = {
        ("/tables/{code}/seats", '{"seat": "green", "kind": "bot"}'): "This table has no seat {seat}.",
        ("/tables/{code}/seats", '{"seat": "red", "kind": "ghost"}'): "A seat is played by a person or a bot.",
        ("/tables/{code}/seats", '{"seat": 7}'): "Name the seat and who plays it, a person or a bot.",
        ("/tables/{code}/rematch", "{}"): "A rematch comes once the game is over.",
    }
    for language in ("it", "fr"):
        for (entry, body), sentence in asked.items():
            with speaking(language):
                said = _(sentence, seat="green")
            status, answer = post(service, entry.format(code=code), body, language)
            assert status in (400, 409) and answer == {"error": said}, (entry, body, language)
    assert tables(service) == before
