"""Reading positions back from JSON, refusing bad data with a message that names the field and the problem.

A save may come from anywhere (a file, a shared link), so nothing in it is trusted. ``header`` first walks the
whole value once (``plain_json``): only JSON's own types, text keys, finite numbers, bounded depth and size, so
nothing later can recurse without end or print a megabyte. Then ``load_fields`` reads every field that says how it
loads (``Field.load``: one of the readers below, such as ``number(1)``, ``choice(PHASES)`` or ``listed(card)``), and
a game's loader checks what spans fields with the other helpers, so every refusal reads like ``sides.red.hand[3]:
'ZZ' is not a card ...`` and no half-loaded state ever escapes; ``playable`` is the last check of every loader.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Collection, Mapping
from typing import Any, TypeVar

from .cards import Card, CardError
from .fields import Reader, Record
from .i18n import NOTHING, AndJoined, Joined, Message, Name, Written
from .protocol import BadState, Event, Result, excerpt

R = TypeVar("R", bound=Record)

# A real save is a few hundred values a few levels deep (Njet!'s round records are the deepest, at 5).
MAX_DEPTH = 16
MAX_VALUES = 50_000
MAX_TEXT = 1_000  # characters in one string: a sentence of the log is the longest
_KIND_NAMES = {
    int: "a whole number",
    str: "text",
    bool: "true or false",
    list: "a list",
    dict: "an object",
    type(None): "null",
}


def plain_json(data: Any) -> None:
    """Refuse anything JSON could not have written, or that no position needs: other types, keys that are not
    text, NaN and infinities, numbers past 2**53, nesting deeper than MAX_DEPTH, more than MAX_VALUES values,
    strings longer than MAX_TEXT. Walked with a stack, not recursion, so a deep value is refused, not a crash."""
    stack: list[tuple[Any, str, int]] = [(data, "", 0)]
    count = 0
    while stack:
        value, where, depth = stack.pop()
        count += 1
        if count > MAX_VALUES:
            raise BadState(f"the position holds more than {MAX_VALUES} values: no game needs that many")
        if depth > MAX_DEPTH:
            raise BadState(f"{where or 'the position'}: nested more than {MAX_DEPTH} levels deep")
        if isinstance(value, bool) or value is None:
            continue
        if isinstance(value, int | float):
            # a whole number is compared as it is: math.isfinite would first turn a long one into a float, and
            # one past 10**308 (a link can hold 4,000 digits) raises OverflowError instead of being refused
            if abs(value) > 2**53 or (isinstance(value, float) and not math.isfinite(value)):
                raise BadState(f"{where or 'the position'}: {excerpt(value)} is not a number a position holds")
        elif isinstance(value, str):
            if len(value) > MAX_TEXT:
                raise BadState(f"{where or 'the position'}: a text of {len(value)} characters is too long")
        elif isinstance(value, Mapping):
            for key, item in value.items():
                if not isinstance(key, str):
                    raise BadState(f"{where or 'the position'}: the key {excerpt(key)} is not text")
                name = key if len(key) <= 30 else key[:29] + "…"
                stack.append((item, f"{where}.{name}" if where else name, depth + 1))
        elif isinstance(value, list | tuple):
            stack.extend((item, f"{where}[{index}]", depth + 1) for index, item in enumerate(value))
        else:
            raise BadState(f"{where or 'the position'}: {type(value).__name__} is not a JSON value")


class _Missing:
    def __repr__(self) -> str:
        return "MISSING"


MISSING: Any = _Missing()  # what a reader is given for a key the JSON object does not have


def of_kind(value: Any, kind: type | tuple[type, ...], where: str) -> Any:
    """``value``, which must be of ``kind`` (or one of several kinds; a bool is not a whole number)."""
    if value is MISSING:
        raise BadState(f"{where} is missing")
    kinds = kind if isinstance(kind, tuple) else (kind,)
    if not isinstance(value, kinds) or (isinstance(value, bool) and bool not in kinds):
        wanted = " or ".join(_KIND_NAMES.get(k, k.__name__) for k in kinds)
        raise BadState(f"{where} must be {wanted}, not {excerpt(value)}")
    return value


def _object(data: Any, path: str) -> Mapping[str, Any]:
    if not isinstance(data, Mapping):
        raise BadState(f"{path or 'the position'} must be a JSON object, not {excerpt(data)}")
    return data


def need(data: Any, key: str, kind: type | tuple[type, ...], path: str = "") -> Any:
    """``data[key]``, which must be of ``kind`` (or one of several kinds; a bool is not a whole number)."""
    return of_kind(_object(data, path).get(key, MISSING), kind, f"{path}.{key}" if path else key)


def whole(data: Any, key: str, path: str = "", low: int = 0, high: int = 2**53) -> int:
    """``data[key]``, a whole number from ``low`` to ``high``."""
    return number(low, high)(_object(data, path).get(key, MISSING), f"{path}.{key}" if path else key, None)


# -- readers: how a field loads (``Field.load``) ------------------------------------------------------------------


def load_fields(record: R, data: Any, path: str = "") -> R:
    """Set every field of ``record`` that says how it loads from the JSON object ``data``, in declared order."""
    data = _object(data, path)
    for field in record.FIELDS:
        if field.load is not None:
            key = field.key or field.name
            setattr(record, field.name, field.load(data.get(key, MISSING), f"{path}.{key}" if path else key, record))
    return record


def record_of(kind: type[R]) -> Reader:
    """A record (a patrol, a side) loaded by its own fields, each of which says how."""
    unread = [field.name for field in kind.FIELDS if field.load is None]
    if unread:  # a mistake in the game's code, found when its module is imported
        raise TypeError(f"{kind.__name__}.{unread[0]} does not say how it loads")
    return lambda value, where, _record: load_fields(object.__new__(kind), value, where)


def number(low: int = 0, high: int | Callable[[Any], int] = 2**53) -> Reader:
    """A whole number from ``low`` to ``high`` (a number, or one worked out from the fields loaded before)."""

    def read(value: Any, where: str, record: Any) -> int:
        most = high(record) if callable(high) else high
        if not low <= of_kind(value, int, where) <= most:
            raise BadState(f"{where} must be from {low} to {most}, not {value}")
        return value

    return read


def choice(choices: Collection[Any] | Callable[[Any], Collection[Any]]) -> Reader:
    """One of ``choices`` (or of those worked out from the fields loaded before, such as the players)."""

    def read(value: Any, where: str, record: Any) -> Any:
        allowed = choices(record) if callable(choices) else choices
        kinds = (int,) if isinstance(allowed, range) else tuple(dict.fromkeys(type(item) for item in allowed))
        return one_of(of_kind(value, kinds, where), allowed, where)

    return read


def flag(value: Any, where: str, _record: Any = None) -> bool:
    """True or false."""
    return of_kind(value, bool, where)


def listed(item: Reader) -> Reader:
    """A list, each item read by ``item`` (given the same record)."""

    def read(value: Any, where: str, record: Any) -> list[Any]:
        return [item(each, f"{where}[{index}]", record) for index, each in enumerate(of_kind(value, list, where))]

    return read


def english_list(names: list[str]) -> str:
    """``a, b and c`` in English: a refusal of a file is English for its developer, whatever the page speaks."""
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


def by_player(item: Reader) -> Reader:
    """An object with exactly one entry for each of the record's players, each read by ``item``."""

    def read(value: Any, where: str, record: Any) -> dict[str, Any]:
        table, players = of_kind(value, dict, where), record.players
        if set(table) != set(players):
            named = ", ".join(table) or "none"  # the keys as given: keep a long list of them short
            raise BadState(f"{where} must name exactly {english_list(list(players))}, not {named[:80]}")
        return {player: item(table[player], f"{where}.{player}", record) for player in players}

    return read


def optional(item: Reader, default: Callable[[], Any]) -> Reader:
    """Read by ``item`` if given, else ``default()``: a field that saves written before it existed lack."""
    return lambda value, where, record: default() if value is MISSING else item(value, where, record)


def nullable(item: Reader) -> Reader:
    """Null, or read by ``item``."""
    return lambda value, where, record: None if value is None else item(value, where, record)


def checked(item: Reader, problem: Callable[[Any], str | None]) -> Reader:
    """Read by ``item``, then refused if ``problem`` has something to say of it (a sentence with its ruling)."""

    def read(value: Any, where: str, record: Any) -> Any:
        loaded = item(value, where, record)
        said = problem(loaded)
        if said:
            raise BadState(f"{where}: {said}")
        return loaded

    return read


def one_of(value: Any, choices: Collection[Any], where: str) -> Any:
    """``value`` if it is one of ``choices`` and of the same type (neither true for 1 nor 1.0 for 1)."""
    kinds = {int} if isinstance(choices, range) else {type(item) for item in choices}
    try:
        ok = type(value) in kinds and value in choices
    except TypeError:  # an unhashable value against a set of choices
        ok = False
    if not ok:
        shown = list(choices) if len(choices) <= 12 else [*list(choices)[:12], "..."]
        raise BadState(f"{where} must be one of {', '.join(map(repr, shown))}, not {excerpt(value)}")
    return value


def card(text: Any, where: str, _record: Any = None) -> Card:
    """A card of the French deck, by its text."""
    try:
        return Card.parse(text)
    except CardError as error:
        raise BadState(f"{where}: {error}") from None


french_cards = listed(card)  # a list of cards of the French deck, by their texts


def header(data: Any, game_id: str, version: int) -> None:
    """Every position starts by saying which game and which format wrote it; the whole value is plain JSON."""
    if not isinstance(data, Mapping):
        raise BadState(f"a position is a JSON object, not {excerpt(data)}")
    plain_json(data)
    game = need(data, "game", str)
    if game != game_id:
        raise BadState(f"this is a position of {excerpt(game)}, not of '{game_id}'")
    if need(data, "format", int) != version:
        raise BadState(f"format {data['format']} is not known; this version reads format {version}")


_EVENT_KEYS = ("kind", "text", "rule", "player", "only", "data", "you", "others")


def message(value: Any, where: str) -> Message:
    """A message as ``Message.to_json`` wrote it: its id, its fields (text, numbers, messages), its plural and
    context; a name with its forms; messages joined. Text is a sentence saved before messages were kept as
    data, read as a message of its own: an English one is said in the reader's language, another as it was."""
    if isinstance(value, str):
        return Written(value)
    if not isinstance(value, Mapping):
        raise BadState(f"{where} must be a message, not {excerpt(value)}")
    for kind, joined in (("joined", Joined), ("and", AndJoined)):
        if kind in value:
            parts = need(value, kind, list, where)
            between = need(value, "between", str, where) if "between" in value else " "
            return joined("", parts=tuple(_text_or_message(part, f"{where}.{kind}") for part in parts), between=between)
    unknown = [key for key in value if key not in ("id", "fields", "plural", "context", "capital", "forms")]
    if unknown:
        raise BadState(f"{where}.{excerpt(unknown[0], 30)} is not part of a message")
    text = need(value, "id", str, where)
    fields = need(value, "fields", dict, where) if "fields" in value else {}
    said = tuple((key, _part(field, f"{where}.fields.{key}")) for key, field in fields.items())
    plural = need(value, "plural", str, where) if "plural" in value else None
    if plural is not None and type(fields.get("n")) is not int:
        raise BadState(f"{where}: a message with a plural is counted by a whole number n")
    context = need(value, "context", str, where) if "context" in value else None
    capital = need(value, "capital", bool, where) if "capital" in value else False
    if "forms" not in value:
        return Message(text, said, plural, context, capital)
    forms = need(value, "forms", dict, where)
    if not all(isinstance(form, str) for form in forms.values()):
        raise BadState(f"{where}.forms must be text by form")
    return Name(text, said, plural, context, capital, tuple(forms.items()))


def _part(value: Any, where: str) -> Message | str | int:
    """A field of a message: text, a whole number, or a message."""
    return value if type(value) is int else _text_or_message(value, where)


def _text_or_message(value: Any, where: str) -> Message | str:
    """A part of joined messages: text said as it is, or a message."""
    return value if isinstance(value, str) else message(value, where)


def tellings(item: Mapping[str, Any], where: str, players: Collection[str]) -> dict[str, Message]:
    """``item["others"]`` (optional): a message, as each player it names reads it, keyed by those players."""
    others = need(item, "others", dict, where) if "others" in item else {}
    for player in others:
        one_of(player, tuple(players), f"{where}.others key")
    return {player: message(said, f"{where}.others.{player}") for player, said in others.items()}


def events(data: Any, players: Collection[str]) -> tuple[Event, ...]:
    """The events of the move that led to a position, as ``Event.to_json`` wrote them: kind and text are text,
    player and only are players, data an object (copied, so the state shares nothing with the caller), you (the
    text as its player reads it) text, others (as other players read it) text by player."""
    loaded = []
    for index, item in enumerate(need(data, "events", list)):
        where = f"events[{index}]"
        if not isinstance(item, Mapping):
            raise BadState(f"{where} must be an object, not {excerpt(item)}")
        unknown = [key for key in item if key not in _EVENT_KEYS]
        if unknown:
            raise BadState(f"{where}.{excerpt(unknown[0], 30)} is not part of an event ({', '.join(_EVENT_KEYS)})")
        rule = item.get("rule")
        if rule is not None and not isinstance(rule, str):
            raise BadState(f"{where}.rule must be a ruling id such as 'NAP-7', not {excerpt(rule)}")
        who = {key: one_of(item.get(key), (None, *players), f"{where}.{key}") for key in ("player", "only")}
        body = need(item, "data", dict, where) if "data" in item else {}
        text = message(item.get("text"), f"{where}.text")
        you = message(item["you"], f"{where}.you") if "you" in item else NOTHING
        others = tellings(item, where, players)
        kind = need(item, "kind", str, where)
        loaded.append(Event(kind, text, rule, data=_copy(body), you=you, others=others, **who))
    return tuple(loaded)


def _copy(value: Any) -> Any:
    """A deep copy of a value ``plain_json`` accepted (so its depth is bounded)."""
    if isinstance(value, Mapping):
        return {key: _copy(item) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [_copy(item) for item in value]
    return value


def result(data: Any, expected: tuple[Mapping[str, int], tuple[str, ...]] | None, rule: str) -> Result | None:
    """The result, given exactly when the position is over, and then the one the position comes to: ``expected``
    is (scores, winners) as the game computes them from the position (None while it is not over), by ``rule``.
    The reason is a sentence of the game's, kept as written, and so are its tellings (``Result.others``)."""
    if not isinstance(data, Mapping) or "result" not in data:
        raise BadState("result is missing (null while the game goes on)")
    value = data["result"]
    if value is None or expected is None:
        if (value is None) != (expected is None):
            now = "is over" if expected else "is not over"
            raise BadState(f"result must be given exactly when the game is over, and this position {now} ({rule})")
        return None
    scores = need(value, "scores", dict, "result")
    winners = need(value, "winners", list, "result")
    reason = message(value.get("reason"), "result.reason")
    wanted, best = dict(expected[0]), list(expected[1])
    if set(scores) != set(wanted) or any(type(scores[p]) is not int or scores[p] != wanted[p] for p in wanted):
        raise BadState(f"result.scores: the position scores {excerpt(wanted, 200)}, not {excerpt(scores)} ({rule})")
    if winners != best:
        said = ", ".join(best) or "nobody (a draw)"
        raise BadState(f"result.winners: the position's winners are {said}, not {excerpt(winners)} ({rule})")
    return Result(wanted, tuple(best), reason, tellings(value, "result", wanted))


def top(scores: Mapping[str, int], order: Collection[str]) -> tuple[str, ...]:
    """The players with the highest score, in seat order: the winners wherever a tie shares the win."""
    best = max(scores.values())
    return tuple(player for player in order if scores[player] == best)


def accounted(seen: Counter, expected: Counter, what: str) -> None:
    """Every card of ``expected`` is in exactly one place: refuse missing and repeated ones by name."""
    if seen != expected:
        missing = _some(expected - seen)
        extra = _some(seen - expected)
        problems = [f"missing {missing}" if missing else "", f"unexpected or repeated {extra}" if extra else ""]
        raise BadState(f"{what} do not add up: " + "; ".join(p for p in problems if p))


def _some(cards: Counter) -> str:
    names = [str(card) for card in cards.elements()]
    return ", ".join(names[:8]) + (f" and {len(names) - 8} more" if len(names) > 8 else "")


def playable(state: Any) -> Any:
    """The last check of every loader: a game over has nobody to move; one not over has someone, with a legal
    move."""
    if state.is_over and state.to_move is not None:
        raise BadState(f"turn: the game is over, so nobody is to move, not {excerpt(state.to_move)}")
    if not state.is_over:
        if state.to_move not in state.players:
            raise BadState("turn: nobody is to move, yet the game is not over")
        if not state.legal_moves():
            raise BadState(f"turn: {state.to_move} has no legal move, yet the game is not over")
    return state
