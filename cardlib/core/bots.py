"""Bots and the hint. A bot decides for one seat and says why, in a sentence a learner can read.

Bots take view-level decisions: they may read the state's public facts and their own hand, never another
seat's hidden cards (DESIGN.md). Search bots get that for free by working on ``state.determinize(...)``.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from .i18n import _
from .protocol import Move, Player, State


@dataclass(frozen=True, slots=True)
class Decision:
    move: Move
    reason: str  # why, for the hint: "You are ahead and Black has passed: passing wins the battle."


class Bot:
    """A seat's decision maker. ``decide`` gives the move and why; ``choose`` just the move (DESIGN.md)."""

    name = "bot"

    def decide(self, state: State, player: Player) -> Decision:
        raise NotImplementedError

    def choose(self, state: State, player: Player) -> Move:
        return self.decide(state, player).move


class RandomBot(Bot):
    """Any legal move, uniformly: the easiest opponent, and the engine's fuzzer."""

    name = "random"

    def __init__(self, seed: int = 0):
        self._random = random.Random(seed)

    def decide(self, state: State, player: Player) -> Decision:
        return Decision(self._random.choice(state.legal_moves()), _("A move picked at random."))


@dataclass(frozen=True, slots=True)
class Hint:
    move: Move
    label: str  # the move in words
    reason: str  # why the bot chose it
    effects: tuple[str, ...]  # what it would do, as the log would say it
    rules: tuple[str, ...]  # the ruling ids involved, for the rules panel

    @property
    def text(self) -> str:
        return " ".join((f"{self.label}.", self.reason, *self.effects))


def hint(state: State, bot: Bot) -> Hint:
    """The move ``bot`` would make for the player to move, with the reasons and the rules it uses."""
    player = state.to_move
    decision = bot.decide(state, player)
    # Only public effects: a private event names cards the move would draw, which nobody may see yet.
    events = [event for event in state.play(decision.move).events if event.only is None]
    rules = tuple(dict.fromkeys(event.rule for event in events if event.rule))
    return Hint(decision.move, state.label(decision.move), decision.reason, tuple(e.text for e in events), rules)
