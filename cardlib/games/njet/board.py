"""The blocking board (NJT-2, NJT-3): five rows of spaces; a stone blocks a space; each row's last free space
is that round's rule.

A space is named ``row:value``: ``start:west``, ``discards:2``, ``trump:red``, ``super:none``,
``multiplier:4``. That name is also the zone of the move that places a stone on it.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, TypeGuard

from cardlib.core import BadState
from cardlib.core.i18n import N_, Joined, Message, Name, as_is
from cardlib.core.i18n import lazy_gettext as _
from cardlib.core.protocol import excerpt
from cardlib.core.serial import of_kind

from .cards import COLOURS, SYMBOLS, colour_word

PLAYERS = ("south", "west", "north", "east")  # clockwise, seen from above with South at the bottom
SEAT_NAMES = {"south": N_("South"), "west": N_("West"), "north": N_("North"), "east": N_("East")}
CHARACTERS = {"south": N_("the Fox"), "west": N_("the Bear"), "north": N_("the Owl"), "east": N_("the Wolf")}
ROWS = ("start", "discards", "trump", "super", "multiplier")
SPACES: Mapping[str, tuple[str, ...]] = {
    "start": PLAYERS,
    "discards": ("0", "1", "2"),
    "trump": COLOURS,
    "super": (*COLOURS, "none"),
    "multiplier": ("1", "2", "3", "4"),
}
ROW_NAMES = {
    "start": N_("Start player"),
    "discards": N_("Discards"),
    "trump": N_("Trump"),
    "super": N_("Super trump"),
    "multiplier": N_("Multiplier"),
}
STONES = sum(len(spaces) for spaces in SPACES.values()) - len(ROWS)  # 15: one free space left per row


def seat_name(player: str) -> Name:
    return Name(SEAT_NAMES[player])


def space_name(space: str) -> Message:
    """``trump:red`` -> "red ♥" as a learner reads it on the space."""
    row, _colon, value = space.partition(":")
    if row == "start":
        return _("{seat} ({character})", seat=seat_name(value), character=_(CHARACTERS[value]))
    if row in ("trump", "super"):
        return _("no super trump") if value == "none" else Joined("", parts=(colour_word(value), SYMBOLS[value]))
    return as_is(f"×{value}" if row == "multiplier" else value)


def is_space(space: str | None) -> TypeGuard[str]:
    row, _colon, value = str(space).partition(":")
    return value in SPACES.get(row, ())


def free_spaces(stones: Iterable[str], row: str) -> list[str]:
    blocked = set(stones)
    return [value for value in SPACES[row] if f"{row}:{value}" not in blocked]


def rules_in_force(stones: Iterable[str]) -> dict[str, str]:
    """Each row's free space once the board is complete (NJT-3)."""
    stones = list(stones)
    return {row: free_spaces(stones, row)[0] for row in ROWS}


def read_stones(value: Any, where: str, _state: Any) -> list[str]:
    """The stones on the board, read from a position: each on a space of its own, one free space left in every row
    (NJT-2, NJT-3). A copy, so the state shares nothing with the caller's data."""
    stones = list(of_kind(value, list, where))
    for index, space in enumerate(stones):
        if not isinstance(space, str) or not is_space(space):
            raise BadState(f"{where}[{index}]: {excerpt(space)} is not a space of the board (NJT-2)")
    if len(set(stones)) != len(stones):
        raise BadState(f"{where}: a space holds at most one Njet stone (NJT-3)")
    for row in ROWS:
        if not free_spaces(stones, row):
            raise BadState(f"{where}: the {row} row must keep one free space (NJT-3)")
    if len(stones) > STONES:
        raise BadState(f"{where}: there are exactly {STONES} stones (NJT-3)")
    return stones


def next_player(player: str, steps: int = 1) -> str:
    return PLAYERS[(PLAYERS.index(player) + steps) % len(PLAYERS)]
