"""A table, the authority over a match classmates play (tables/table.py, issue 35): seats and credentials, the
version every move carries, a message played once, refusals that change nothing, the bots' turns, the log it
replays from, and what each seat is sent."""

from __future__ import annotations

import json

import pytest
from random_games import opening

from cardlib.core.i18n import speaking
from cardlib.core.protocol import told
from cardlib.games import GAMES, describe
from tables.store import Store
from tables.table import Table, sent_to


@pytest.fixture
def store() -> Store:
    return Store(":memory:")


def napoletana(store: Store, kinds: tuple[str, ...] = ("person", "person")) -> Table:
    return Table.open(store, "BCDFG", "napoletana", list(kinds), seed=7)


def test_a_learner_joins_a_free_seat_and_gets_it_back_with_its_credential(store):
    table = napoletana(store)
    red, token = table.join()
    black, _other = table.join()
    assert (red, black) == ("red", "black") and table.join(token=token) == ("red", token)
    with pytest.raises(ValueError, match="Every seat at this table is taken"):
        table.join()
    with pytest.raises(ValueError, match="seats nobody"):
        table.join(token="forged")
    assert token not in json.dumps(store.tables()[0].seats)  # the store keeps the credential's hash, not it


def test_two_moves_for_one_turn_one_wins_the_other_is_told_the_table_as_it_is(store):
    table = napoletana(store)
    red, token = table.join()
    table.join()
    move = str(table.state.legal_moves()[0])
    first = table.play(red, token, 0, move, "a")
    second = table.play(red, token, 0, move, "b")  # sent for the same turn, on the version before the first
    assert first.ok and first.version == 1
    assert not second.ok and second.stale and second.version == 1 and "played first" in str(second.why)
    assert len(store.tables()[0].moves) == 1


def test_a_message_sent_twice_is_played_once(store):
    table = napoletana(store)
    red, token = table.join()
    table.join()
    move = str(table.state.legal_moves()[0])
    assert table.play(red, token, 0, move, "once").ok
    again = table.play(red, token, 0, move, "once")  # the same message again, e.g. after a reconnection
    assert again.ok and again.version == 1 and len(store.tables()[0].moves) == 1


@pytest.mark.parametrize(
    ("seat", "token", "version", "move", "why"),
    [
        ("red", "forged", 0, "keep", "not yours"),
        ("black", None, 0, "keep", "not your turn"),
        ("red", None, 0, "fly away", "is not"),
        ("red", None, 0, "play 7X front", "change up to 2 cards"),  # mulligan first (NAP-2)
    ],
)
def test_a_bad_or_forged_move_is_refused_in_words_and_changes_nothing(store, seat, token, version, move, why):
    table = napoletana(store)
    tokens = dict([table.join(), table.join()])
    before = table.state.to_json()
    answer = table.play(seat, token or tokens[seat], version, move, "m")
    assert not answer.ok and why in str(answer.why).lower() and answer.version == 0
    assert table.state.to_json() == before and store.tables()[0].moves == []


def test_an_illegal_move_at_a_table_is_refused_with_the_ruling_it_breaks_nap_2(store):
    table = napoletana(store)
    red, token = table.join()
    answer = table.play(red, token, 0, "play 7H front", "m")  # the mulligan comes first (NAP-2)
    assert not answer.ok and answer.rule == "NAP-2" and "change up to 2 cards" in str(answer.why)


def test_a_table_opened_with_a_strength_or_a_seat_there_is_not_is_refused_and_not_stored(store):
    with pytest.raises(ValueError, match="strengths"):
        Table.open(store, "QRSTV", "njet", ["person", "bot", "bot", "bot"], seed=3, strength="godlike")
    with pytest.raises(ValueError, match="person or a bot"):
        Table.open(store, "QRSTV", "njet", ["person", "robot", "bot", "bot"], seed=3)
    assert store.tables() == []


def test_the_bots_play_their_seats_and_the_log_replays_the_same_table(store):
    table = Table.open(store, "QRSTV", "njet", ["person", "bot", "bot", "bot"], seed=3, strength="easy")
    north, token = table.join()
    for _turn in range(12):
        while table.bot_to_move():
            table.bot_move()
        if table.state.is_over:
            break
        assert table.state.to_move == north
        assert table.play(north, token, table.version, str(table.state.legal_moves()[0]), None).ok
    (record,) = store.tables()
    again = Table.replayed(store, record)
    assert again.version == table.version > 12 and again.state.to_json() == table.state.to_json()
    assert again.match.strength == "easy"  # the bots play on as they did


@pytest.mark.parametrize("game_id", list(GAMES))
def test_what_a_seat_is_sent_is_the_same_for_every_true_state_it_cannot_tell_apart(game_id):
    """Secrecy by construction: a seat's world is drawn from what the seat sees, so another true state with the
    same view (the hidden cards dealt otherwise) sends it exactly the same; and the world shows the seat exactly its
    view and its legal moves."""
    for seed in range(6):
        for state in opening(game_id, seed)[::7]:
            for seat in state.players:
                other_truth = state.determinize(seat, seed=seed + 1000)
                sent = sent_to(state, seat, seed=42)
                assert sent == sent_to(other_truth, seat, seed=42), (game_id, seed, seat)
                world = describe(game_id).game().from_json(json.loads(json.dumps(sent["world"])))
                assert world.view(seat) == state.view(seat)
                if state.to_move == seat:
                    assert world.legal_moves() == state.legal_moves()


@pytest.mark.parametrize("game_id", list(GAMES))
def test_a_spectator_is_sent_only_the_public_view_until_the_game_is_over(game_id):
    """A projector hides every hand while the game goes on and shows them all once it is over."""
    states = opening(game_id, 1)
    playing = next(state for state in reversed(states) if not state.is_over)
    assert sent_to(playing, None, seed=0) == {"view": playing.view(None)}
    if states[-1].is_over:
        assert sent_to(states[-1], None, seed=0)["world"] == states[-1].to_json()


def test_an_away_learners_seat_is_played_by_a_bot_and_given_back_when_the_learner_comes_back(store):
    table = napoletana(store)
    red, token = table.join()
    table.join()
    table.give(red, "bot")
    assert table.bot_to_move() == red and store.tables()[0].seats[red]["kind"] == "bot"
    table.bot_move()  # the bot keeps the game going while the learner is away
    assert table.join(token=token) == (red, token)  # back, with its credential: the seat is the learner's again
    assert table.seats[red]["kind"] == "person" and table.bot_to_move() is None
    with pytest.raises(ValueError, match="no seat"):
        table.give("green", "bot")
    with pytest.raises(ValueError, match="person or a bot"):
        table.give(red, "ghost")


def test_a_rematch_moves_every_seat_on_by_one_and_each_credential_with_it(store):
    table = Table.open(store, "BCDFG", "njet", ["person", "bot", "person", "bot"], seed=3)
    north, token = table.join()
    again = table.rematched("BCDFH", seed=4)
    seats = list(again.seats)
    assert [about["kind"] for about in again.seats.values()] == ["bot", "person", "bot", "person"]
    assert again.join(token=token) == (seats[1], token)  # the learner who sat first now sits second
    assert table.rematch == "BCDFH" and table.seen_by(north)["rematch"] == "BCDFH"
    (first, second) = store.tables()
    assert first.rematch == "BCDFH" and second.code == "BCDFH" and second.seed == 4


def test_a_store_written_before_hints_rematches_and_ends_gains_them(tmp_path):
    import sqlite3

    old = sqlite3.connect(tmp_path / "old.sqlite")
    old.executescript(
        "CREATE TABLE tables (code TEXT PRIMARY KEY, game TEXT NOT NULL, seed INTEGER NOT NULL, options TEXT NOT NULL,"
        " seats TEXT NOT NULL, strength TEXT NOT NULL, created REAL NOT NULL);"
        "INSERT INTO tables VALUES ('BCDFG', 'napoletana', 7, '{}', '{}', 'medium', 0);"
    )
    old.commit()
    old.close()
    (record,) = Store(tmp_path / "old.sqlite").tables()
    assert (record.code, record.hints, record.rematch, record.ended) == ("BCDFG", False, None, False)


def test_under_jupyterhub_a_seat_is_its_learners_from_any_device_or_kernel(store):
    table = napoletana(store)
    red, first = table.join(holder="ana")
    again, second = table.join(holder="ana")  # a reload, another device: the hub says it is ana again
    assert again == red and second != first and table.holds(red, second) and not table.holds(red, first)
    table.give(red, "bot")
    assert table.join(holder="ana")[0] == red and table.seats[red]["kind"] == "person"  # back from the bot too
    assert table.join(holder="ben")[0] == "black"
    seats = table.seen_by(None, names=True)["seats"]  # the teacher's lobby names them; nobody else is told
    assert {seat: about["who"] for seat, about in seats.items()} == {"red": "ana", "black": "ben"}
    assert "who" not in table.seen_by(None)["seats"]["red"] and "who" not in table.seen_by("red")["seats"]["black"]


def test_a_seat_given_to_a_bot_takes_no_move_from_its_old_credential_until_taken_back(store):
    table = napoletana(store)
    red, token = table.join()
    table.join()
    table.give(red, "bot")
    refused = table.play(red, token, 0, str(table.state.legal_moves()[0]))
    assert not refused.ok and "bot plays your seat" in str(refused.why) and table.version == 0


def test_a_refusal_is_said_in_the_seats_language_and_what_a_seat_is_sent_is_the_same_in_every_language(store):
    """The table's answer to one seat is said where it is sent, in that seat's language (``Answer.said``), a rule's
    reason too (NAP-2); the table a seat is sent holds the move's messages as data, the same bytes whatever
    language is spoken, and the seat says them in its own."""
    table = napoletana(store)
    red, red_token = table.join()
    black, black_token = table.join()
    refused = table.play(black, black_token, 0, "keep")
    with speaking("it"):
        assert not refused.ok and refused.said()["why"] == "Non tocca a te."
    illegal = table.play(red, red_token, 0, "play 7H front")  # the mulligan comes first (NAP-2)
    with speaking("fr"):
        said = json.loads(json.dumps(illegal.said()))  # a reason is sent said, never as an object
    reason = "D'abord, chaque joueur peut changer jusqu'à 2 cartes, puis il garde sa main."
    assert said == {"ok": False, "version": 0, "why": reason, "stale": False, "rule": "NAP-2"}
    assert table.play(red, red_token, 0, "keep").ok
    sent = {}
    for language in ("en", "it", "fr"):
        with speaking(language):
            sent[language] = json.dumps(table.seen_by(black))
    assert sent["en"] == sent["it"] == sent["fr"]
    world = table.state.game.from_json(json.loads(sent["it"])["world"])
    log = {}
    for language in ("en", "it", "fr"):
        with speaking(language):  # as the seat's kernel says it, in its page's language
            log[language] = [str(line) for line in told(world.events, black)]
    assert log == {"en": ["Red keeps its hand."], "it": ["Il Rosso tiene la sua mano."], "fr": ["Rouge garde sa main."]}


def test_an_ended_table_replays_ended_takes_no_move_and_seats_nobody(store):
    table = napoletana(store)
    red, token = table.join()
    table.end()
    (again,) = [Table.replayed(store, record) for record in store.tables()]
    assert again.ended and again.seen_by(None)["ended"] and again.bot_to_move() is None
    answer = again.play(red, token, 0, str(again.state.legal_moves()[0]), "late")
    assert not answer.ok and str(answer.why) == "Your teacher ended this table: the game stops here."
    with pytest.raises(ValueError, match="ended table BCDFG"):
        again.join()
    with pytest.raises(ValueError, match="has ended"):
        again.free(red)
    assert store.tables()[0].moves == []


def test_a_freed_seat_keeps_no_credential_and_is_the_next_learners(store):
    table = napoletana(store, ("person", "bot"))
    red, token = table.join()
    table.give(red, "bot")  # the learner left; a bot played on, then the teacher frees the seat for another
    table.free(red)
    assert table.seats[red] == {"kind": "person", "token": None} and table.seat_of(token) is None
    assert Table.replayed(store, store.tables()[0]).seats[red]["token"] is None
    assert table.join()[0] == red
    with pytest.raises(ValueError, match="A bot plays this seat"):
        table.free("black")
