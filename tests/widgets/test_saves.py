"""Save, Load and Share in the game app (widgets/saves.py), driven headless as a teacher would."""

from __future__ import annotations

import json
import threading
from html import escape

import pytest
from fuzzing import at, walk

import cardlib
from cardlib import saves as save_format
from cardlib.core import retold, told
from cardlib.core.i18n import _ as translated
from cardlib.core.i18n import current_language, speaking
from cardlib.games import GAMES
from widgets import saves
from widgets.app import GameApp


def play_a_few_moves(app: GameApp, moves: int = 3) -> None:
    """The learner plays its first legal move a few times (the bots answer at once)."""
    for _ in range(moves):
        if app.state.is_over or app.state.to_move != app.seat:
            return
        app.board.try_move(app.state.legal_moves()[0])


def upload(app: GameApp, content: str, name: str = "game.json", size: int | None = None) -> None:
    """What the page sends when the learner chooses a file after clicking Load (a file over the limit is sent
    with its size and no text)."""
    size = len(content.encode()) if size is None else size
    app.saves._message(app.saves, {"do": "load", "name": name, "size": size, "text": content}, [])


@pytest.fixture
def napoletana() -> GameApp:
    app = GameApp("napoletana", seed=5, bot_delay=0)
    play_a_few_moves(app)
    return app


@pytest.mark.parametrize("game_id", list(GAMES))
def test_a_saved_game_loads_into_another_app_exactly(game_id: str) -> None:
    game = GameApp(game_id, seed=11, bot_delay=0, players=max(cardlib.load(game_id).player_counts))
    play_a_few_moves(game)
    other = GameApp(game_id, seed=12, bot_delay=0)
    upload(other, save_format.dumps(game.state, game.seat))
    assert other.state.to_json() == game.state.to_json()
    assert other.seat == game.seat and other.match.history == [other.state]
    assert other.players.value == len(game.state.players)  # a new game keeps the loaded number of players
    assert "is loaded" in other.session.said


def test_save_sends_the_file_to_the_browser(napoletana: GameApp) -> None:
    sent = []
    napoletana.saves.send = sent.append
    napoletana.saves._message(napoletana.saves, {"do": "save"}, [])
    (message,) = sent
    assert message["kind"] == "download" and message["filename"] == "napoletana-position.json"
    data = json.loads(message["text"])
    assert data["saved"] == save_format.SAVED and data["game"] == "napoletana" and data["seat"] == "red"
    assert data["position"] == napoletana.state.to_json()


@pytest.mark.parametrize(
    ("spoil", "said"),
    [
        (lambda d: d["position"]["sides"]["red"]["hand"].__setitem__(0, "ZZ"), "sides.red.hand[0]: 'ZZ' is not a card"),
        (lambda d: d.__setitem__("game", "njet"), "game: this is a saved game of njet, not of napoletana"),
        (lambda d: d.__setitem__("format", 7), "format: this version reads saved games of format 1, not 7"),
        (lambda d: d.__setitem__("seat", "green"), "seat: green is not a player of this position"),
        (lambda d: d["position"].pop("sides"), "position: sides is missing"),
    ],
)
def test_a_refused_file_leaves_the_game_as_it_was_and_says_which_field(napoletana: GameApp, spoil, said) -> None:
    data = json.loads(save_format.dumps(napoletana.state, "red"))
    spoil(data)
    before, history = napoletana.state, list(napoletana.match.history)
    upload(napoletana, json.dumps(data), "spoilt.json")
    assert napoletana.state is before and napoletana.match.history == history
    text = napoletana.board.session.said.replace("&#x27;", "'")
    assert "spoilt.json cannot be loaded; the game is as it was." in text and said in text, text


def test_a_file_that_is_not_json_or_too_big_is_refused(napoletana: GameApp) -> None:
    before = napoletana.state
    upload(napoletana, '{"saved": ', "broken.json")
    assert "not JSON" in napoletana.board.session.said and "line 1, column 11" in napoletana.board.session.said
    napoletana.saves.load_file("picture.json", b"\xff\xfe")
    assert "not text" in napoletana.board.session.said
    upload(napoletana, "", "huge.json", size=save_format.MAX_FILE_BYTES + 1)  # the page sends no text for it
    assert "huge.json cannot be loaded" in napoletana.board.session.said
    assert "has 100,001 bytes; a saved game holds at most 100,000 bytes (100 kB)" in napoletana.board.session.said
    assert napoletana.state is before


@pytest.mark.parametrize(
    ("content", "said"),
    [
        ('{"a":' * 5000 + "1" + "}" * 5000, "nested too deeply"),  # 65 kB: under the size limit
        ('{"format": ' + "9" * 5000 + "}", "a number too long"),
    ],
)
def test_json_that_python_cannot_read_is_refused_in_words(napoletana: GameApp, content: str, said: str) -> None:
    before = napoletana.state
    upload(napoletana, content, "odd.json")
    assert (
        "odd.json cannot be loaded; the game is as it was." in napoletana.board.session.said
        and said in napoletana.board.session.said
    )
    assert napoletana.state is before and napoletana.feedback.value == ""  # no error panel: a refusal
    with pytest.raises(save_format.SaveError, match=said):
        save_format.from_link_code(
            save_format.base64.urlsafe_b64encode(save_format.zlib.compress(content.encode())).decode(), napoletana.game
        )


def test_a_file_an_editor_saved_with_a_byte_order_mark_is_read(napoletana: GameApp) -> None:
    content = "\ufeff" + save_format.dumps(napoletana.state, "red")
    assert save_format.loads(content.encode("utf-8"), napoletana.game)[0].to_json() == napoletana.state.to_json()


def test_a_bare_position_is_read_too_and_the_learner_keeps_the_seat(napoletana: GameApp) -> None:
    app = GameApp("napoletana", position=napoletana.state.to_json(), bot_delay=0)
    assert app.state.to_json() == napoletana.state.to_json() and app.seat == "red"


def test_game_app_starts_from_a_prepared_position() -> None:
    from cardlib.games.napoletana.positions import position

    prepared = position(red={"hand": "9H 3D 6H"}, black={"hand": "5S 8C", "ranged": "7S"})
    app = GameApp("napoletana", position=prepared, bot_delay=0)
    assert app.state is prepared and app.seed.value == prepared.seed
    with pytest.raises(save_format.SaveError, match="position: seed is missing"):
        GameApp("napoletana", position={"game": "napoletana", "format": 1})


def test_share_gives_a_link_that_opens_the_same_position(napoletana: GameApp) -> None:
    napoletana.saves._message(napoletana.saves, {"do": "share"}, [])
    code = napoletana.saves.code
    assert code and len(code) <= save_format.MAX_LINK_CHARS and "opens this position" in napoletana.board.session.said
    state, seat = save_format.from_link_code(code, napoletana.game)
    assert state.to_json() == napoletana.state.to_json() and seat == "red"


def test_a_shared_link_is_taken_away_once_the_position_changes() -> None:
    """The link box says "Link to this position": after a move, an undo or a new game it would open another one."""
    app = GameApp("napoletana", seed=5, bot_delay=0)
    for change in (lambda: play_a_few_moves(app, 1), app.undo, app.new_game):
        app.saves._message(app.saves, {"do": "share"}, [])
        shown = app.state
        assert app.saves.code
        change()
        assert app.state is not shown and app.saves.code == ""


def test_a_position_too_big_for_a_link_is_refused_in_words(napoletana: GameApp, monkeypatch) -> None:
    monkeypatch.setattr(save_format, "MAX_LINK_CHARS", 100)
    napoletana.saves.share()
    assert napoletana.saves.code == ""
    assert (
        "a share link holds at most 100" in napoletana.board.session.said
        and "Use Save" in napoletana.board.session.said
    )


def test_a_damaged_or_long_link_is_refused() -> None:
    game = cardlib.load("napoletana")
    with pytest.raises(save_format.SaveError, match="damaged"):
        save_format.from_link_code("not*base64", game)
    with pytest.raises(save_format.SaveError, match="at most 4,000"):
        save_format.from_link_code("A" * 4001, game)
    bomb = save_format.base64.urlsafe_b64encode(save_format.zlib.compress(b" " * 2_000_000)).decode()
    with pytest.raises(save_format.SaveError, match="at most 100,000 bytes"):
        save_format.from_link_code(bomb, game)


@pytest.mark.parametrize("game_id", list(GAMES))
def test_a_number_of_thousands_of_digits_or_a_fraction_in_any_field_is_refused_in_words(game_id: str) -> None:
    """Issue 38: a file or link holding a 4,001-digit number crashed the loader with OverflowError."""
    app = GameApp(game_id, seed=3, bot_delay=0)
    play_a_few_moves(app, 6)
    saved = save_format.saved_game(app.state, app.seat)
    fields = [path for path, value in walk(saved) if type(value) is int]  # every whole number
    assert ("format",) in fields and ("position", "seed") in fields
    for path in fields:
        for number in (10**4000, -(10**4000), 0.5):
            spoilt = json.loads(json.dumps(saved))
            at(spoilt, path[:-1])[path[-1]] = number
            text = json.dumps(spoilt)
            code = save_format.base64.urlsafe_b64encode(save_format.zlib.compress(text.encode())).decode().rstrip("=")
            for load, given in ((save_format.loads, text), (save_format.from_link_code, code)):
                with pytest.raises(save_format.SaveError) as refused:
                    load(given, app.game)
                said, field = str(refused.value), [step for step in path if isinstance(step, str)][-1]
                assert len(said) < 300 and field in said, (path, said[:300])


def test_an_app_opened_from_a_share_link_shows_its_position(napoletana: GameApp, monkeypatch, page) -> None:
    """Voilà gives a kernel it started for the page the query string in QUERY_STRING."""
    monkeypatch.setattr(saves, "_taken", threading.Lock())
    page(f"theme=dark&position={save_format.link_code(napoletana.state, 'red')}")
    opened = GameApp("napoletana", bot_delay=0)
    assert opened.state.to_json() == napoletana.state.to_json()
    assert "position of the link" in opened.board.session.said
    later = GameApp("napoletana", seed=3, bot_delay=0)  # the link is for the notebook's app, not for later ones
    assert later.state.seed == 3


@pytest.mark.parametrize("game_id", list(GAMES))
def test_a_link_shared_from_an_italian_page_opens_in_french_with_french_words(game_id: str, monkeypatch, page) -> None:
    """A share link holds the position's messages as data, never a sentence said: the link an Italian page makes is
    the one an English page makes, and the French page that opens it tells the last moves in French."""
    italian = GameApp(game_id, seed=11, bot_delay=0, lang="it")
    play_a_few_moves(italian)
    italian.saves._message(italian.saves, {"do": "share"}, [])
    seat, code = italian.seat, italian.saves.code
    with speaking("en"):
        assert code == save_format.link_code(italian.state, seat)
    told_it = retold(told(italian.state.events, seat))
    with speaking("it"):
        in_italian = [str(line) for line in told_it]
    with speaking("fr"):
        in_french = [str(line) for line in told_it]
    assert in_italian and in_french != in_italian

    monkeypatch.setattr(saves, "_taken", threading.Lock())
    page(f"lang=fr&position={code}")
    french = GameApp(game_id, bot_delay=0)
    assert current_language() == "fr" and french.state.to_json() == italian.state.to_json()
    assert french.board.table.scene["last"] == in_french
    assert all(escape(line) in french.log.value for line in in_french)
    assert french.board.session.said == translated("This is the position of the link you opened.")


def test_a_bad_share_link_starts_a_new_game_and_says_why(monkeypatch, page) -> None:
    monkeypatch.setattr(saves, "_taken", threading.Lock())
    page("position=eJwLAAAAAAE")
    app = GameApp("napoletana", seed=4, bot_delay=0)
    assert app.state.seed == 4
    assert "cannot be opened, so a new game starts" in app.session.said
