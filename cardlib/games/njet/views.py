"""What a seat sees of a Njet! position, and each move in words: the game's part of ``State.view`` and of
``State.label``."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from cardlib.core import BadState, Move
from cardlib.core.i18n import N_, Message
from cardlib.core.i18n import lazy_gettext as _
from cardlib.core.serial import choice, need, of_kind, one_of

from .board import PLAYERS, is_space, seat_name
from .board import space_name as space_words
from .cards import NjetCard, njet_card
from .tricks import Played

if TYPE_CHECKING:
    from .engine import NjetState

STONE_LABELS = {
    "start": N_("Njet! {space} will not start"),
    "discards": N_("Njet! Not {space} discards"),
    "trump": N_("Njet! {space} will not be trump"),
    "super": N_("Njet! {space} will not be super trump"),
    "multiplier": N_("Njet! The multiplier will not be {space}"),
}


def copied(data: Any) -> Any:
    """A copy of JSON-like data (dicts, lists, values), much quicker than ``copy.deepcopy``."""
    if isinstance(data, dict):
        return {key: copied(value) for key, value in data.items()}
    return [copied(value) for value in data] if isinstance(data, list) else data


def played(cards: Sequence[Played]) -> list[list[str]]:
    """Cards played to a trick, as JSON: who played which."""
    return [[who, str(card)] for who, card in cards]


def read_played(value: Any, where: str, _state: Any) -> list[Played]:
    """Cards played to a trick, read back from ``played``."""
    out = []
    for index, item in enumerate(of_kind(value, list, where)):
        if not isinstance(item, list) or len(item) != 2:
            raise BadState(f"{where}[{index}] must be [player, card]")
        out.append((one_of(item[0], PLAYERS, f"{where}[{index}] player"), njet_card(item[1], f"{where}[{index}]")))
    return out


def read_taken(item: Any, where: str, state: Any) -> tuple[str, tuple[Played, ...]]:
    """A finished trick of this round, read back from ``taken_json``: who won it, and its cards."""
    winner = choice(PLAYERS)(need(item, "winner", str, where), f"{where}.winner", state)
    return winner, tuple(read_played(need(item, "cards", list, where), f"{where}.cards", state))


def taken_json(taken: Sequence[tuple[str, tuple[Played, ...]]]) -> list[dict[str, Any]]:
    """This round's finished tricks, as JSON."""
    return [{"winner": winner, "cards": played(cards)} for winner, cards in taken]


def view(state: NjetState, player: str | None) -> dict[str, Any]:
    return {
        "phase": state.phase,
        "to_move": state.to_move,
        "round": state.round,
        "dealer": state.dealer,
        "stones": [[state.stone_owner(i), space] for i, space in enumerate(state.stones)],
        "rules": dict(state.rules) if state.rules else None,  # a copy: a view never changes the game
        "start": state.start,
        "partner": state.partner,
        "discard_count": state.discard_count,
        "hands": {p: [str(c) for c in cards] if p == player else None for p, cards in state.hands.items()},
        "hand_sizes": {p: len(cards) for p, cards in state.hands.items()},
        "discards": {p: [str(c) for c in cards] if p == player else None for p, cards in state.discards.items()},
        "discard_sizes": {p: len(cards) for p, cards in state.discards.items()},
        "trick": played(state.trick),
        "taken": taken_json(state.taken),
        "scores": dict(state.scores),
        "rounds": copied(state.rounds),  # a copy: whoever reads the view cannot change the game
    }


def label(state: NjetState, move: Move) -> Message:
    if move.action == "stone":
        row = str(move.zone).partition(":")[0]
        if move.zone == "super:none":
            return _("Njet! There will be a super trump")
        return _(STONE_LABELS.get(row, "{space}"), space=space_words(move.zone) if is_space(move.zone) else "?")
    if move.action == "partner":
        return _("Name {name} as your partner", name=seat_name(move.zone) if move.zone in PLAYERS else str(move.zone))
    card = NjetCard.parse(move.card)
    return _("Lay {card} aside", card=card.short) if move.action == "discard" else _("Play {card.a}", card=card.short)
