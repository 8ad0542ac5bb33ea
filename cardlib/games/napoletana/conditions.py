"""Napoletana's conditions for lessons, in the game's own words (see cardlib/core/conditions.py)::

success=in_row("9♥", "red", "siege")                   # the 9♥ is in Red's siege row
success=won_battle("red") & in_hand("8♥", "red")       # Red won the first battle and still holds the 8♥
"""

from __future__ import annotations

from cardlib.core.conditions import Condition, card

from .rules import PLAYERS, ROWS


def _player(player: str) -> str:
    if player not in PLAYERS:
        raise ValueError(f"a player of La partita Napoletana is red or black, not {player!r}")
    return player.capitalize()


def _row(row: str) -> str:
    if row not in ROWS:
        raise ValueError(f"a row is front, ranged or siege, not {row!r}")
    return row


def in_row(text: str, player: str, row: str) -> Condition:
    """The card lies in ``player``'s ``row`` (a spy lies in its victim's front row)."""
    wanted, who, where = card(text), _player(player), _row(row)
    return Condition(
        f"the {wanted.short} is in {who}'s {where} row",
        lambda state: any(placed.card == wanted for placed in state.sides[player].rows[row]),
    )


def in_hand(text: str, player: str) -> Condition:
    wanted, who = card(text), _player(player)
    return Condition(f"{who} holds the {wanted.short}", lambda state: wanted in state.sides[player].hand)


def discarded(text: str, player: str) -> Condition:
    """The card is on ``player``'s discard pile (burnt, or cleared at the end of a battle)."""
    wanted, who = card(text), _player(player)
    return Condition(
        f"the {wanted.short} is on {who}'s discard pile", lambda state: wanted in state.sides[player].discard
    )


def has_passed(player: str) -> Condition:
    who = _player(player)
    return Condition(f"{who} has passed", lambda state: state.sides[player].passed)


def row_total(player: str, row: str, at_least: int) -> Condition:
    """``player``'s ``row`` is worth at least ``at_least`` (armies, orders and burns counted as the board shows)."""
    who, where = _player(player), _row(row)

    def test(state) -> bool:
        return state.view(None)["sides"][player]["row_totals"][row] >= at_least

    return Condition(f"{who}'s {where} row is worth at least {at_least}", test)


def won_battle(player: str, battle: int = 1) -> Condition:
    """``player`` won the ``battle``-th battle of the war (1, 2 or 3)."""
    who = _player(player)
    return Condition(
        f"{who} won battle {battle}",
        lambda state: len(state.battles) >= battle and state.battles[battle - 1]["winner"] == player,
    )


def coins(player: str, count: int) -> Condition:
    who = _player(player)
    return Condition(f"{who} has {count} coins", lambda state: state.sides[player].coins == count)


def won_the_war(player: str) -> Condition:
    who = _player(player)
    return Condition(
        f"{who} won the war",
        lambda state: state.result is not None and state.result.winners == (player,),
    )
