"""Our own fuzz of untrusted input, generic over ``cardlib.games.GAMES`` and seeded: mutated saves, junk moves,
forged clicks on the board widget and junk deck files.

Each trial ends in one of three outcomes: *refused* (a clean refusal: SaveError, BadMove, a refusing verdict, a
deck error, a board that says no), *accepted* (and then checked to be valid: it round-trips through JSON
identically, its views carry nothing its seat cannot see, it plays its legal moves and a random game on from it
never gets stuck), or *unclean* (anything else: a crash, a valid-looking state that breaks, a message quoting too
much). ``run`` returns the tally and the first unclean cases; tests/fuzz/test_fuzz.py runs a short pass,
``make fuzz`` (tests/fuzz/run.py) a long one.
"""

from __future__ import annotations

import copy
import json
import random
import traceback
from collections import Counter
from collections.abc import Callable, Iterator
from typing import Any

import cardlib
from cardlib import BadMove, Move, State
from cardlib import saves as save_format
from cardlib.core.protocol import excerpt
from cardlib.games import GAMES

LONGEST_MESSAGE = 400  # characters: a refusal quotes its input only in part
PLAYOUT = 25  # random moves played on from an accepted state

# Numbers JSON can carry and Python reads, but no float holds: 4,001 digits, as a share link can (issue 38).
HUGE = (10**4000, -(10**4000), 10**309)

# Values a careless or hostile writer puts where something else belongs.
_DIGITS = ("²", "٣", "߂", "𝟕", "Ⅻ", "½", "0x1", "-1", "1e3", "07", "9" * 30)


def _nested(depth: int, leaf: Any = 0) -> Any:
    value = leaf
    for level in range(depth):
        value = [value] if level % 2 else {"x": value}
    return value


def junk_value(rng: random.Random) -> Any:
    return rng.choice(
        [
            None,
            True,
            False,
            0,
            -1,
            1,
            2,
            3,
            99,
            2**31,
            2**53 + 1,
            10**30,
            -(10**30),
            *HUGE,
            1.5,
            1.0,
            float("nan"),
            float("inf"),
            float("-inf"),
            1e308,
            -0.0,
            "",
            "x",
            "p9",
            "nobody",
            "red",
            "south",
            "p1",
            "\x00",
            "\u202e",
            "AH",
            "XR",
            "roi",
            rng.choice(_DIGITS),
            "run:" + rng.choice(_DIGITS),
            "patrol:" + rng.choice(_DIGITS),
            "x" * rng.choice((1_001, 100_000)),
            [],
            {},
            [None],
            {"a": 1},
            [[[]]],
            _nested(rng.choice((20, 300, 5_000))),
        ]
    )


# -- mutated saves ----------------------------------------------------------------------------------------------

Path = tuple[Any, ...]


def walk(value: Any, path: Path = ()) -> Iterator[tuple[Path, Any]]:
    """Every value in ``value`` (itself first) with its path of keys and indexes."""
    yield path, value
    if isinstance(value, dict):
        for key, item in value.items():
            yield from walk(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from walk(item, (*path, index))


def at(data: Any, path: Path) -> Any:
    """The value at ``path`` in ``data``."""
    for step in path:
        data = data[step]
    return data


def mutate(data: dict[str, Any], rng: random.Random, players: tuple[str, ...]) -> str:
    """Change ``data`` in place in one of the ways a save goes wrong; returns what was done, for the report."""
    paths = list(walk(data))
    leaves = [(p, v) for p, v in paths if p and not isinstance(v, dict | list)]
    strings = [(p, v) for p, v in leaves if isinstance(v, str)]
    lists = [(p, v) for p, v in paths if isinstance(v, list)]
    dicts = [(p, v) for p, v in paths if isinstance(v, dict) and v]
    kind = rng.choice(("delete", "swap", "swap", "duplicate", "remove", "seat", "number", "exchange", "nest", "key"))
    if kind == "delete" and dicts:
        path, mapping = rng.choice(dicts)
        key = rng.choice(list(mapping))
        del mapping[key]
        return f"delete {(*path, key)}"
    if kind == "duplicate" and strings and lists:  # a card (or any text) in a second place
        (_from, text), (path, items) = rng.choice(strings), rng.choice(lists)
        items.insert(rng.randrange(len(items) + 1), text)
        return f"duplicate {text!r} into {path}"
    if kind == "remove" and any(items for _p, items in lists):
        path, items = rng.choice([(p, items) for p, items in lists if items])
        return f"remove {items.pop(rng.randrange(len(items)))!r} from {path}"
    if kind == "seat" and strings:  # a player where another belongs, or someone who is not playing
        path, text = rng.choice([(p, v) for p, v in strings if v in players] or strings)
        other = rng.choice([*players, "p9", "nobody", "West", ""])
        at(data, path[:-1])[path[-1]] = other
        return f"seat {path}: {text!r} -> {other!r}"
    if kind == "number":
        numbers = [(p, v) for p, v in leaves if isinstance(v, int) and not isinstance(v, bool)]
        if numbers:
            path, number = rng.choice(numbers)
            new = rng.choice(
                (number + 1, number - 1, -number, -1, number * 1000, 2**63, float(number), number + 0.5, *HUGE)
            )
            at(data, path[:-1])[path[-1]] = new
            return f"number {path}: {number} -> {excerpt(new)}"
    if kind == "exchange" and len(leaves) > 1:  # two values change places
        (a, x), (b, y) = rng.sample(leaves, 2)
        at(data, a[:-1])[a[-1]], at(data, b[:-1])[b[-1]] = y, x
        return f"exchange {a} and {b}"
    if kind == "nest" and paths:
        path, _value = rng.choice([p for p in paths if p[0]])
        depth = rng.choice((30, 400, 20_000))
        at(data, path[:-1])[path[-1]] = _nested(depth, _value)
        return f"nest {path} {depth} deep"
    if kind == "key" and dicts:  # a key renamed: a seat or a field spelt wrong
        path, mapping = rng.choice(dicts)
        key = rng.choice(list(mapping))
        mapping[rng.choice([*players, key.upper(), key + " ", "ZZ"])] = mapping.pop(key)
        return f"rename key {(*path, key)}"
    path, old = rng.choice(paths[1:])
    new = junk_value(rng)
    at(data, path[:-1])[path[-1]] = new
    return f"swap {path}: {type(old).__name__} -> {type(new).__name__}"


def check_valid(game: cardlib.Game, state: State, rng: random.Random) -> None:
    """What "accepted" must mean: raises AssertionError (or anything else) if ``state`` is not a valid position."""
    data = state.to_json()
    text = json.dumps(data, allow_nan=False)
    again = game.from_json(json.loads(text))
    assert again.to_json() == data, "to_json(from_json(to_json(s))) differs from to_json(s)"
    for player in (*state.players, None):
        json.dumps(state.view(player), allow_nan=False)
    for player in state.players:  # a view that changes when the hidden cards are redrawn shows a hidden card
        assert state.view(player) == state.determinize(player, rng.randrange(2**32)).view(player), (
            f"the view of {player} shows a card hidden from it"
        )
    for step in range(PLAYOUT):  # every legal move of the loaded state plays, then a random game goes on
        if state.is_over:
            return
        moves = state.legal_moves()
        assert moves, f"not over, yet {state.to_move} has no legal move"
        for move in moves if step == 0 else rng.sample(moves, min(len(moves), 6)):
            state.play(move)
        state = state.play(rng.choice(moves))
        json.dumps(state.to_json(), allow_nan=False)


# -- junk moves -------------------------------------------------------------------------------------------------


def junk_move(state: State, rng: random.Random) -> str:
    """Text typed or linked as a move: real words in wrong places, foreign digits, control characters, megabytes."""
    legal = state.legal_moves() or [Move("pass")]
    words = sorted({part for move in legal for part in str(move).split()} | set(state.game.move_grammar))
    choice = rng.randrange(7)
    if choice == 0:
        return rng.choice(["", " ", "\x00", "\t\n", "pass\x00", "\u202epass", "play\u00a0AH", "x" * 1_000_000])
    if choice == 1:  # a real move with a numbered zone's number, or any field, changed to a foreign number or junk
        numbered = [move for move in legal if move.zone and ":" in move.zone]
        if numbered and rng.random() < 0.7:
            move = rng.choice(numbered)
            zone = move.zone.partition(":")[0] + ":" + rng.choice(_DIGITS)
            return str(Move(move.action, move.card, zone, move.option))
        parts = str(rng.choice(legal)).split()
        parts[rng.randrange(len(parts))] = rng.choice([*_DIGITS, "\x07", "🂡", "-"])
        return " ".join(parts)
    if choice == 2:  # zone numbers in every script
        return f"{rng.choice(words)} {rng.choice(words)} {rng.choice(('run', 'patrol'))}:{rng.choice(_DIGITS)}"
    if choice == 3:
        return " ".join(rng.choice(words) for _ in range(rng.randrange(1, 6)))
    if choice == 4:
        return str(rng.choice(legal)) + " " + "x" * rng.choice((10, 10_000))
    if choice == 5:
        return "".join(chr(rng.randrange(0, 0x2FFF)) for _ in range(rng.randrange(1, 30)))
    return str(rng.choice(legal)).upper()


def judge_move(state: State, text: str) -> str:
    """'refused' or 'accepted'; raises AssertionError when a refusal or an acceptance is wrong."""
    try:
        move = state.game.parse_move(text)
    except BadMove as error:
        assert len(str(error)) <= LONGEST_MESSAGE, f"BadMove quotes {len(str(error))} characters"
        return "refused"
    verdict = state.check(move)
    said = str(verdict.reason)  # as a page says it
    assert len(said) <= LONGEST_MESSAGE, f"the refusal is {len(said)} characters long"
    assert verdict.ok == (move in state.legal_moves()), f"check says {verdict} for {move}"
    if not verdict.ok:
        return "refused"
    state.play(move)
    return "accepted"


# -- forged clicks ----------------------------------------------------------------------------------------------


def forged_click(board: Any, rng: random.Random) -> Any:
    """A message as the browser could send it on the board widget's comm, most of it forged."""
    scene = board.table.scene
    zones = [zone["id"] for area in scene["areas"] for zone in area["zones"]]
    cards = [card.get("id") for area in scene["areas"] for zone in area["zones"] for card in zone["cards"]]
    buttons = [button["id"] for button in scene["buttons"]]
    real = rng.choice([*zones, *filter(None, cards), *buttons, "choice:0", "cancel"])
    value = rng.choice([real, real, junk_value(rng), "choice:" + rng.choice(_DIGITS), "choice:-1", "choice:99"])
    choice = rng.randrange(6)
    if choice == 0:
        return rng.choice([None, [], "card", 7, {"kind": None}, {"kind": "key"}, {}, _nested(3_000)])
    if choice == 1:
        return {"kind": "card", "card": value, "zone": rng.choice([*zones, value])}
    if choice == 2:
        return {"kind": "zone", "zone": value}
    if choice == 3:
        return {"kind": "button", "id": value}
    if choice == 4:
        return {"kind": rng.choice(("card", "zone", "button")), "card": real, "zone": real, "id": real, "x": value}
    return {"kind": "card", "card": rng.choice(cards or [None]), "zone": rng.choice(zones)}


def judge_click(board: Any, message: Any) -> str:
    """'refused' or 'accepted' (a move was played, and it was legal); raises when the board broke."""
    before = board.session.state
    played: list[tuple[State, Move]] = []
    board.session.on_move(lambda old, move, new: played.append((old, move)))
    try:
        board.table._received(board.table, message, [])
    finally:
        board.session._listeners.pop()
    flash = board.table.scene["flash"] or {}
    assert "Something went wrong" not in str(flash.get("text")), f"the board says {flash.get('text')!r}"
    if board.session.state is before:
        return "refused"
    assert len(played) == 1 and played[0][0] is before and before.is_legal(played[0][1]), "the state changed"
    return "accepted"


# -- junk deck files --------------------------------------------------------------------------------------------


def junk_deck(rng: random.Random) -> Any:
    from cardlib.games.nespanini.cards import SET
    from cardlib.games.nespanini.decks import READY as DECKS
    from cardlib.games.nespanini.decks import dump_deck, ready

    good = dump_deck(ready(rng.choice(list(DECKS))), "Ma Cour", rng.choice(("json", "text")))
    choice = rng.randrange(8)
    if choice == 0:
        return rng.choice([None, b"roi", 7, ["roi"], bytes(range(256)), "\ufeff" + good])
    if choice == 1:  # a byte here and there
        chars = list(good)
        for _ in range(rng.randrange(1, 5)):
            chars[rng.randrange(len(chars))] = chr(rng.randrange(0, 0x3000))
        return "".join(chars)
    if choice == 2:
        return "".join(chr(rng.randrange(0, 0x110000)) for _ in range(rng.randrange(1, 200))).replace("\ud800", "")
    if choice == 3:
        return f"{rng.choice(('20', '2', '99', '²', '-3'))} {rng.choice(list(SET))}\n" * rng.choice((1, 30, 3_000))
    if choice == 4:
        return "a " * rng.choice((10, 10_000)) + "\n"
    if choice == 5:
        return "[" * rng.choice((10, 100_000))
    if choice == 6:
        return good.replace("1", rng.choice(_DIGITS), 1)
    return good


def judge_deck(text: Any) -> str:
    from cardlib.games.nespanini.decks import DeckError, DeckFileError, checked, parse_deck

    try:
        _name, codes = parse_deck(text)
        checked(codes)
    except (DeckFileError, DeckError) as error:
        assert str(error).strip() and len(str(error)) <= LONGEST_MESSAGE, f"deck refusal {str(error)[:80]!r}"
        return "refused"
    return "accepted"


# -- the run ----------------------------------------------------------------------------------------------------


def base_states(game: cardlib.Game, rng: random.Random, games: int) -> list[State]:
    """States of ``games`` random games with random options, first to last (long games cut at 400 moves)."""
    states = []
    for _ in range(games):
        options = {name: rng.choice(option.choices) for name, option in game.options.items()}
        try:
            state = game.new(seed=rng.randrange(2**32), players=rng.choice(game.player_counts), **options)
        except cardlib.BadOption:  # an option that needs another (a deck that cannot be chosen with a mode)
            state = game.new(seed=rng.randrange(2**32))
        states.append(state)
        for _move in range(400):
            if state.is_over:
                break
            state = state.play(rng.choice(state.legal_moves()))
            states.append(state)
    return states


def _trial(tally: Counter, unclean: list[str], what: str, attempt: Callable[[], str]) -> None:
    try:
        outcome = attempt()
    except Exception as error:  # anything else is exactly what the fuzz looks for
        outcome = "unclean"
        detail = "".join(traceback.format_exception_only(error)).strip()
        if tally["unclean"] < 3:  # the first few of each kind
            unclean.append(f"{what}: {detail[:300]}")
    tally[outcome] += 1


def run(seed: int, saves: int, moves: int, clicks: int, decks: int, games: int = 2) -> dict[str, Any]:
    """The fuzz over every game: ``saves`` mutated saves, ``moves`` junk moves and ``clicks`` forged clicks per
    game, ``decks`` junk deck files; returns the counts and the first unclean cases of each kind."""
    from widgets.board import Board
    from widgets.layouts import layout

    rng = random.Random(seed)
    report: dict[str, Any] = {"seed": seed}
    unclean: list[str] = []
    for game_id in GAMES:
        game = cardlib.load(game_id)
        states = base_states(game, rng, games)
        tally: Counter = Counter()
        for _ in range(saves):
            state = rng.choice(states)
            # the file Save writes (the position wrapped with its game, format and seat), mutated
            data = copy.deepcopy(save_format.saved_game(state, rng.choice(state.players)))
            how = mutate(data, rng, state.players)

            def load(data: Any = data, game: cardlib.Game = game) -> str:
                try:
                    loaded, _seat = save_format.read(data, game)
                except save_format.SaveError as error:
                    assert len(str(error)) <= LONGEST_MESSAGE, f"SaveError of {len(str(error))} characters"
                    return "refused"
                check_valid(game, loaded, rng)
                return "accepted"

            _trial(tally, unclean, f"{game_id} save ({how})", load)
        report[f"{game_id}.saves"] = dict(tally)
        tally = Counter()
        for _ in range(moves):
            state = rng.choice(states)
            text = junk_move(state, rng)
            _trial(
                tally,
                unclean,
                f"{game_id} move {excerpt(text)}",
                lambda state=state, text=text: judge_move(state, text),
            )
        report[f"{game_id}.moves"] = dict(tally)
        tally = Counter()
        playing = [state for state in states if not state.is_over]
        for _ in range(clicks):
            state = rng.choice(playing)
            board = Board.showing(layout(game_id), state, state.to_move)
            message = forged_click(board, rng)
            _trial(tally, unclean, f"{game_id} click {excerpt(message)}", lambda b=board, m=message: judge_click(b, m))
        report[f"{game_id}.clicks"] = dict(tally)
    tally = Counter()
    for _ in range(decks):
        text = junk_deck(rng)
        _trial(tally, unclean, f"deck file {excerpt(text)}", lambda text=text: judge_deck(text))
    report["nespanini.deck_files"] = dict(tally)
    totals: Counter = Counter()
    for key, counts in report.items():
        if key != "seed":
            totals.update(counts)
    report |= {
        "tried": sum(totals.values()),
        "refused": totals["refused"],
        "accepted": totals["accepted"],
        "unclean": totals["unclean"],
        "unclean_cases": unclean,
    }
    return report
