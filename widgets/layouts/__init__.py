"""Per-game layouts: how a player's view of each game is drawn as a scene (see ``widgets.tabletop``), and the
card pictures they share. A game's layout is the module named after it here: ``cardlib`` knows no screen."""

from collections.abc import Callable, Sequence
from importlib import import_module
from types import ModuleType
from typing import Any

from cardlib.core import Card, Move, State
from cardlib.core.cards import RANKS, SUITS
from cardlib.core.i18n import N_, Message, _, lazy_gettext
from cardlib.games import describe

from ..scene import Card as SceneCard
from ..scene import Compass, Space, Zone, ZoneKind


def layout(game_id: str) -> ModuleType:
    """The module that draws ``game_id``'s views (``widgets/layouts/<id>.py``); a KeyError naming the games for an
    unknown id."""
    return import_module(f"{__name__}.{describe(game_id).id}")


def zone(
    zone_id: str,
    label: str,
    kind: ZoneKind,
    cards: list[SceneCard],
    *,
    total: int | None = None,
    note: str = "",
    stack: bool = False,
    drop: bool | None = None,
    pick: bool | None = None,
    space: Space | None = None,
) -> Zone:
    """A zone of the scene with the contract's defaults (no total, no note, not stacked); ``drop``, ``pick`` and
    ``space`` are said only when given."""
    made: Zone = {
        "id": zone_id,
        "label": label,
        "kind": kind,
        "total": total,
        "note": note,
        "stack": stack,
        "cards": cards,
    }
    if drop is not None:
        made["drop"] = drop
    if pick is not None:
        made["pick"] = pick
    if space is not None:
        made["space"] = space
    return made


def place_here(moves: Sequence[Move]) -> str | None:
    """A layout's ``place_word`` where a place never decides more than where a card goes: the lit place says the
    table's "Place here"."""
    return None


def around(players: Sequence[str]) -> dict[str, Compass]:
    """Where each player sits in the room's scene (the projector): the first half along the top, the others along
    the bottom, each in its order, so a class reads the seats as it reads a page."""
    top = (len(players) + 1) // 2
    return {player: "north" if index < top else "south" for index, player in enumerate(players)}


def hidden_card() -> SceneCard:
    """A face-down card: nothing about it reaches the browser."""
    return {"id": None, "rank": None, "suit": None, "back": True, "value": None, "tag": "", "label": _("hidden card")}


def french_card(text: str | None, value: int | None = None, tag: str = "") -> SceneCard:
    """A French card as the table draws it (``None``: face down), with the ``value`` and ``tag`` it shows."""
    if text is None:
        return hidden_card()
    card = Card.parse(text)
    label = str(card.name)
    return {"id": text, "rank": card.rank, "suit": card.suit, "back": False, "value": value, "tag": tag, "label": label}


def reveal_sides(view: dict[str, Any], views: dict[str, dict[str, Any]]) -> dict[str, Any]:
    """The teacher's view for games whose views keep each hand in ``sides[player]["hand"]``."""
    for who, side in view["sides"].items():
        side["hand"] = views[who]["sides"][who]["hand"]
    return view


def by_suit(cards: list[str], parse: Callable[[str], Card] = Card.parse) -> list[str]:
    """A hand of French cards sorted as a player sorts it: by suit (hearts, diamonds, spades, clubs), then rank;
    jokers last."""

    def key(text: str) -> tuple[int, int, str]:
        card = parse(text)
        suit = SUITS.index(card.suit) if card.suit in SUITS else len(SUITS)
        return suit, RANKS.index(card.rank) if card.rank in RANKS else len(RANKS), text

    return sorted(cards, key=key)


THINKING = N_("{name} is thinking…")


def not_to_play(state: State, seat: str, name: Callable[[str], Any], doing: str = THINKING) -> Message | None:
    """The prompt of a seat with nothing to do, said by every game alike: the game's end as the seat reads it, or
    what the seat to move is doing (``doing``, a sentence marked with N_ whose ``{name}`` is the game's ``name`` for
    that seat: by default, thinking); None on the seat's turn."""
    if state.result is not None:
        return state.result.said_to(seat)
    if state.to_move != seat:
        assert state.to_move is not None  # only a finished game has nobody to move
        return lazy_gettext(doing, name=name(state.to_move))
    return None
