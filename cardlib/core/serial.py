"""Reading positions back from JSON, refusing bad data with a message that names the field and the problem.

Loaders take what ``to_json`` wrote and check it piece by piece with these helpers, so every refusal reads
like ``sides.red.hand[3]: 'ZZ' is not a card ...`` and no half-loaded state ever escapes.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Mapping
from typing import Any

from .cards import Card, CardError
from .protocol import BadState, Event, Result

_KIND_NAMES = {int: "a whole number", str: "text", bool: "true or false", list: "a list", dict: "an object"}


def need(data: Any, key: str, kind: type, path: str = "") -> Any:
    """``data[key]``, which must be of ``kind``."""
    where = f"{path}.{key}" if path else key
    if not isinstance(data, Mapping):
        raise BadState(f"{path or 'the position'} must be a JSON object, not {type(data).__name__}")
    if key not in data:
        raise BadState(f"{where} is missing")
    value = data[key]
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise BadState(f"{where} must be {_KIND_NAMES.get(kind, kind.__name__)}, not {value!r}")
    return value


def one_of(value: Any, choices: Collection[Any], where: str) -> Any:
    if value not in choices:
        raise BadState(f"{where} must be one of {', '.join(map(repr, choices))}, not {value!r}")
    return value


def card(text: Any, where: str) -> Card:
    try:
        return Card.parse(text)
    except CardError as error:
        raise BadState(f"{where}: {error}") from None


def cards(data: Any, key: str, path: str) -> list[Card]:
    return [card(text, f"{path}.{key}[{index}]") for index, text in enumerate(need(data, key, list, path))]


def header(data: Any, game_id: str, version: int) -> None:
    """Every position starts by saying which game and which format wrote it."""
    game = need(data, "game", str)
    if game != game_id:
        raise BadState(f"this is a position of '{game}', not of '{game_id}'")
    if need(data, "format", int) != version:
        raise BadState(f"format {data['format']} is not known; this version reads format {version}")


def events(data: Any) -> tuple[Event, ...]:
    """The events of the move that led to a position, as ``Event.to_json`` wrote them."""
    try:
        return tuple(Event(**event) for event in need(data, "events", list))
    except TypeError as error:
        raise BadState(f"events: {error}") from None


def result(data: Any, over: bool, players: Collection[str]) -> Result | None:
    """The result, given exactly when the game is ``over``, its winners among ``players``."""
    value = data.get("result")
    if (value is None) == over:
        raise BadState("result must be given exactly when the phase is 'over'")
    if value is None:
        return None
    winners = need(value, "winners", list, "result")
    if not set(winners) <= set(players):
        raise BadState(f"result.winners must be among {', '.join(players)}, not {winners}")
    return Result(need(value, "scores", dict, "result"), tuple(winners), need(value, "reason", str, "result"))


def accounted(seen: Counter, expected: Counter, what: str) -> None:
    """Every card of ``expected`` is in exactly one place: refuse missing and repeated ones by name."""
    if seen != expected:
        missing = ", ".join(map(str, expected - seen))
        extra = ", ".join(map(str, seen - expected))
        problems = [f"missing {missing}" if missing else "", f"unexpected or repeated {extra}" if extra else ""]
        raise BadState(f"{what} do not add up: " + "; ".join(p for p in problems if p))
