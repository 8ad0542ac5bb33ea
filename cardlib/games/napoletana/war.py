"""The course of the war: a battle ends (its winner takes a coin, the rows go to the discard piles, the next
begins) and the war ends (NAP-16, NAP-17, NAP-18)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardlib.core import Event, Result
from cardlib.core.i18n import Message
from cardlib.core.i18n import lazy_gettext as _
from cardlib.core.i18n import lazy_ngettext as ngettext

from .rules import BATTLES, BLACK, PLAYERS, RED, other, side_name

if TYPE_CHECKING:
    from .engine import NapoletanaState, Side


def war_result(sides: dict[str, Side]) -> tuple[dict[str, int], tuple[str, ...]]:
    """NAP-18: the scores and winners of a finished war, from the coins: whoever has more (the other may have
    none left); equal coins are a draw. The loader checks a saved result against it."""
    coins = {player: side.coins for player, side in sides.items()}
    return coins, (() if coins[RED] == coins[BLACK] else (max(PLAYERS, key=coins.__getitem__),))


def end_battle(state: NapoletanaState, log: list[Event]) -> None:
    """NAP-16, 17, 18."""
    totals = {player: state.total(player) for player in PLAYERS}
    if totals[RED] != totals[BLACK]:
        winner = max(PLAYERS, key=totals.__getitem__)
        score = {"n": state.battle, "a": totals[winner], "b": totals[other(winner)]}
        why = _("{name} wins battle {n}, {a} to {b}.", name=side_name(winner), **score)
        yours = _("You win battle {n}, {a} to {b}.", **score)
    elif state.sides[BLACK].jolly == "active":
        winner = BLACK
        why = _("Battle {n} ends tied at {a}; Black's Jolly wins it.", n=state.battle, a=totals[RED])
        yours = _("Battle {n} ends tied at {a}; your Jolly wins it.", n=state.battle, a=totals[RED])
    else:
        winner = None
        why = yours = _("Battle {n} ends tied at {a}: no coin moves.", n=state.battle, a=totals[RED])
    rule = "NAP-16" if winner and totals[RED] == totals[BLACK] else "NAP-17"
    log.append(Event("battle", why, rule, winner, you=yours))
    if winner:
        state.sides[winner].coins += 1
        state.sides[other(winner)].coins -= 1
    state.battles.append({"totals": totals, "winner": winner})
    bonus = winner == RED and state.sides[RED].jolly == "active"
    for side in state.sides.values():
        for row in side.rows.values():
            for placed in row:
                state.sides[placed.owner].discard.append(placed.card)
            row.clear()
        side.passed = side.agility = False
        if side.jolly == "active":
            side.jolly = "used"
    loser = next((player for player in PLAYERS if state.sides[player].coins == 0), None)
    if loser or state.battle == BATTLES:
        end_war(state, loser, log)
        return
    state.starter = winner or other(state.starter)  # NAP-3
    state.battle += 1
    state.turn = state.starter
    log.append(battle_begins(state))
    if bonus:  # NAP-16
        drawn = state.sides[RED].draw(1)
        text = ngettext("Red's Jolly draws {n} card.", "Red's Jolly draws {n} cards.", len(drawn))
        yours = ngettext("Your Jolly draws {n} card.", "Your Jolly draws {n} cards.", len(drawn))
        log.append(Event("draw", text, "NAP-16", RED, you=yours))
    state._skip_empty_hands(log)


def battle_begins(state: NapoletanaState) -> Event:
    """NAP-3: who starts the battle that begins now (the starter reads "You start")."""
    text = _("Battle {n} begins. {name} starts.", n=state.battle, name=side_name(state.on_turn))
    return Event("battle", text, "NAP-3", state.turn, you=_("Battle {n} begins. You start.", n=state.battle))


def end_war(state: NapoletanaState, loser: str | None, log: list[Event]) -> None:
    coins, winners = war_result(state.sides)
    others: dict[str, Message] = {}  # the war's end as each side it names reads it
    if loser:
        winner = other(loser)
        reason = _("{name} has no coins left: {winner} wins the war.", name=side_name(loser), winner=side_name(winner))
        others = {
            loser: _("You have no coins left: {winner} wins the war.", winner=side_name(winner)),
            winner: _("{name} has no coins left: you win the war.", name=side_name(loser)),
        }
    elif winners:
        winner = winners[0]
        a, b = coins[winner], coins[other(winner)]
        reason = _(
            "After three battles {name} has more coins ({a} to {b}) and wins the war.",
            name=side_name(winner),
            a=a,
            b=b,
        )
        others = {winner: _("After three battles you have more coins ({a} to {b}) and win the war.", a=a, b=b)}
    else:
        reason = ngettext(
            "After three battles both have {n} coin: the war is a draw.",
            "After three battles both have {n} coins: the war is a draw.",
            coins[RED],
        )
    state.phase, state.turn = "over", None
    state._result = Result(coins, winners, reason, others)
    log.append(Event("war", reason, "NAP-18", others=others))
