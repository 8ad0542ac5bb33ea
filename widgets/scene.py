"""The scene: what the board widget draws, as types. The per-game layouts (``widgets/layouts``) build a scene from a
player's view, so no hidden card can reach the browser; ``widgets.board.Board`` adds the learner's choices (targets,
picks, buttons, the flash, the last moves); ``js/table.js`` draws it and reports clicks (``widgets.tabletop``).

These types are the contract: ``problems(scene)`` checks a scene against them, and tests/widgets/test_scene.py
checks every scene each layout draws over seeded random games. A new key or kind is added here first.
"""

# No ``from __future__ import annotations`` here: with postponed annotations, Python 3.11's TypedDict cannot see
# NotRequired, and every key would be required.
import types
import typing
from typing import Any, Literal, NotRequired, TypedDict, Union

# What a click on a lit place does: a key of the scene's words, the table's ("place_here", "take_here",
# "choose_here") or a layout's for the option a place decides ("as:order", "as:horde/order": Napoletana's King).
Verb = str
# The kinds of zone (``Zone``), and where an area sits around a table (``Area``): named, so a layout may say them too.
ZoneKind = Literal["row", "column", "hand", "pile", "deck", "space"]
Compass = Literal["north", "west", "east", "south"]


class Face(TypedDict, total=False):
    """A card of another deck than the French one: Njet!'s (value, colour, suit) or a game's own card, recognised by
    its ``title`` and drawn as HTML so its text wraps."""

    title: str  # the card's name
    value: int | str | None  # the big number in the corner
    colour: str  # red yellow green blue black grey purple orange brown pink teal gold, or a CSS colour
    suit: str  # Njet!'s symbol letter
    symbol: str  # drawn large: the cue that is not colour
    text: str  # an effect text (a normal-size face leaves it to the label and the tooltip)
    tags: list[str]
    pennant: str
    corner: str  # e.g. "12/36"


class Card(TypedDict):
    """One card. Face down (``back``): id, rank and suit are None and nothing else about it is said."""

    id: str | None
    rank: str | None  # A 2..10 J Q K, or X for a joker (suit R or B)
    suit: str | None
    back: bool
    value: int | None  # its current value, shown on it
    tag: str  # a short note, e.g. "army ×2"
    label: str  # what a screen reader says
    selectable: NotRequired[bool]  # the learner may pick it up (set by the Board)
    selected: NotRequired[bool]  # the learner has picked it up
    fresh: NotRequired[bool]  # just arrived: drawn with an animation
    face: NotRequired[Face]
    turned: NotRequired[bool]  # lying sideways (Pattuglia's Captain of a Complete Patrol)


class Space(TypedDict):
    """A space of Njet!'s blocking board: its symbol, the colour of the stone on it, whose stone, whether it is the
    rule in force."""

    symbol: str
    colour: str | None
    blocked: bool
    owner: str | None
    rule: bool


class Zone(TypedDict):
    """A place on the table. A row and a column hold played cards (places to click, not cards to pick up, unless
    ``pick``); a column draws its cards top to bottom, each showing the top of the one above; a hand holds cards to
    pick up; a pile and a deck stand at the side with their size in words (``count``); a space is a square of
    Njet!'s board."""

    id: str
    label: str
    kind: ZoneKind
    total: int | None  # a number in a badge
    note: str  # a short remark, or ""
    stack: bool  # consecutive number cards (2..10) of one rank drawn on top of each other (NAP-5)
    cards: list[Card]
    target: NotRequired[bool]  # the picked-up card may go here: lit and clickable (set by the Board)
    verb: NotRequired[Verb]  # on a target: what a click does
    drop: NotRequired[bool]  # clickable while a card is picked up, even if not a target
    count: NotRequired[str]  # a pile's or deck's size in words: "3 cards"
    pick: NotRequired[bool]  # cards here may be picked up although the zone is a row or column (New patrol)
    own: NotRequired[bool]  # the learner's own hand (``<seat>.hand``): kept in sight above the panel (table.js)
    space: NotRequired[Space]


class Area(TypedDict):
    """A player's part of the table, or the middle. Areas are drawn top to bottom: opponents, the middle, the
    learner; areas with a ``place`` sit around a table."""

    id: str
    label: str
    active: bool  # it is this area's turn
    info: list[str]  # short facts beside the label
    zones: list[Zone]
    place: NotRequired[Compass]
    winner: NotRequired[bool]  # the game is over and this player won (the projector marks it)
    field: NotRequired[bool]  # its rows lie side by side with big cards (Napoletana's field)
    layout: NotRequired[Literal["row"]]  # its zones stand side by side


class Button(TypedDict):
    id: str  # the move it makes (its notation), "choice:<n>" or "cancel"
    label: str
    enabled: bool
    kind: Literal["primary", ""]


class Flash(TypedDict):
    """The board's answer to the learner's last click, beside the prompt and announced (aria-live)."""

    kind: Literal["error", "info", "success"]
    text: str
    rule: str | None  # the ruling a refusal names
    detail: NotRequired[str | None]  # the rule in full


class Pick(TypedDict):
    """Where a card may go once picked up: the places lit, with their verb, and the places that take a click. The
    page draws a pick at once; only the move waits for Python."""

    targets: dict[str, Verb]
    drops: list[str]


class LayoutScene(TypedDict):
    """What a layout draws of a scene (``widgets/layouts/<game>.py``, ``scene(view, seat)``): the table and a
    layout's own words. The Board makes it a ``Scene`` with the learner's choices; the projector's ``room_scene``
    with none."""

    title: str
    subtitle: str
    areas: list[Area]
    words: NotRequired[dict[str, str]]  # a layout's own words (Napoletana's "as:order"), beside the table's
    card_size: NotRequired[Literal["large"]]


class Scene(TypedDict):
    title: str
    subtitle: str
    areas: list[Area]
    prompt: str  # what to do now
    buttons: list[Button]  # only the moves that can be made now
    flash: Flash | None
    last: list[str]  # the moves since the learner's own, a sentence each, older first
    words: dict[str, str]  # the table's own few words, translated (widgets.board.WORDS), and a layout's
    picks: dict[str, Pick]  # per card the learner may pick up ("": none picked up)
    card_size: NotRequired[Literal["large"]]  # every card bigger, for faces whose text must be read


def problems(value: Any, kind: Any = Scene, where: str = "scene") -> list[str]:
    """Every way ``value`` is not a ``kind`` (a Scene by default), each as "where: what"; [] when it is one."""
    origin, args = typing.get_origin(kind), typing.get_args(kind)
    if typing.is_typeddict(kind):
        if not isinstance(value, dict):
            return [f"{where}: a {kind.__name__} must be an object, not {type(value).__name__}"]
        hints = typing.get_type_hints(kind)
        found = [f"{where}: {key} is not part of a {kind.__name__}" for key in value if key not in hints]
        found += [
            f"{where}: a {kind.__name__} needs {key}" for key in sorted(kind.__required_keys__) if key not in value
        ]
        for key, hint in hints.items():
            if key in value:
                found += problems(value[key], _plain(hint), f"{where}.{key}")
        return found
    if origin is Literal:
        return [] if value in args else [f"{where}: {value!r} is none of {', '.join(map(repr, args))}"]
    if origin in (Union, types.UnionType):
        tries = [problems(value, option, where) for option in args]
        return [] if any(not found for found in tries) else min(tries, key=len)
    if origin is list:
        if not isinstance(value, list):
            return [f"{where}: must be a list, not {type(value).__name__}"]
        return [found for index, item in enumerate(value) for found in problems(item, args[0], f"{where}[{index}]")]
    if origin is dict:
        if not isinstance(value, dict):
            return [f"{where}: must be an object, not {type(value).__name__}"]
        return [
            found
            for key, item in value.items()
            for found in (problems(key, args[0], f"{where} key") + problems(item, args[1], f"{where}[{key!r}]"))
        ]
    if kind is type(None) or kind is None:
        return [] if value is None else [f"{where}: must be null, not {value!r}"]
    if kind is int:  # a bool is an int to Python, not to the page
        return [] if isinstance(value, int) and not isinstance(value, bool) else [f"{where}: must be a whole number"]
    return [] if isinstance(value, kind) else [f"{where}: must be {kind.__name__}, not {type(value).__name__}"]


def _plain(hint: Any) -> Any:
    """A key's type without its NotRequired marker."""
    return typing.get_args(hint)[0] if typing.get_origin(hint) is NotRequired else hint
