"""The search bot: information-set Monte Carlo tree search over the engine protocol, for every game.

Single-observer ISMCTS (Cowling, Powley and Whitehouse, 2012): each iteration draws one world the searching seat
cannot tell from the real one (``state.determinize(player, seed)``), walks one shared tree of moves using only the
moves legal in that world (UCB weighted by how often a move was available), adds a node, plays the world on with
the game's heuristic bot (mixed with random moves, so the search sees more than one line) and scores the end.

It reads only its own view: the worlds come from ``determinize``, whose output depends on the view alone (the
engines sort what is hidden before they shuffle it), so two states its seat cannot tell apart get the same move.
It is reproducible: the same seed and the same position give the same move (the budget is a count of iterations;
the time cap is only a safety net). A game may help it with two optional functions in its ``bots`` module:

- ``evaluate(state) -> {player: value in [0, 1]}``: how good a position is for each seat, so that playouts of a
  long game can stop after ``depth`` moves;
- ``describe(before, after, player) -> [sentence]``: what a move changed, for the hint (see ``bots.hint``).
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from .bots import Bot, Decision, RandomBot, game_hook
from .i18n import _
from .protocol import Move, Player, State

Evaluation = Callable[[State], Mapping[Player, float]]


def outcome(state: State) -> dict[Player, float]:
    """Each seat's reward for a finished game, in [0, 1]: mostly the win, a little the score.

    Winners share one win (no winners: everybody shares it, a draw), so a seat is never paid for a shared win as
    much as for its own. A fifth of the reward is where the seat's score sits between the lowest and the highest,
    so a search prefers losing narrowly to losing badly. Teams need nothing more: where teammates share a score
    (Njet! each member adds the team's points), the same reward pays both.
    """
    result = state.result
    players = state.players
    winners = result.winners or players
    low, high = min(result.scores.values(), default=0), max(result.scores.values(), default=0)
    rewards = {}
    for player in players:
        win = 1 / len(winners) if player in winners else 0.0
        score = (result.scores.get(player, low) - low) / (high - low) if high > low else 0.5
        rewards[player] = 0.8 * win + 0.2 * score
    return rewards


def margins(values: Mapping[Player, float], scale: float) -> dict[Player, float]:
    """Each seat's lead over the average of the others, squashed into [0, 1] (0.5: level; ``scale``: a lead that
    counts as clear). The building block of the games' ``evaluate`` hooks."""
    total, count = sum(values.values()), len(values)
    return {
        player: 0.5 + 0.5 * math.tanh((value - (total - value) / (count - 1)) / scale)
        for player, value in values.items()
    }


class Node:
    """A move in the shared tree: how often it was tried, available, and what it earned its mover."""

    __slots__ = ("available", "children", "move", "mover", "total", "visits")

    def __init__(self, move: Move | None, mover: Player | None) -> None:
        self.move, self.mover = move, mover
        self.children: dict[Move, Node] = {}
        self.visits, self.available, self.total = 0, 0, 0.0

    @property
    def value(self) -> float:
        return self.total / self.visits if self.visits else 0.0


@dataclass(frozen=True, slots=True)
class Estimate:
    """What the search found for one of the seat's moves: how often it tried it and its mean reward in [0, 1]."""

    move: Move
    visits: int
    value: float


@dataclass(frozen=True, slots=True)
class Analysis:
    """The search's moves, best first, and how many worlds it looked at."""

    estimates: tuple[Estimate, ...]
    iterations: int

    def of(self, move: Move) -> Estimate | None:
        return next((estimate for estimate in self.estimates if estimate.move == move), None)


class SearchBot(Bot):
    """The hard bot: ISMCTS over worlds its seat cannot tell apart, with ``heuristic`` playing the playouts.

    ``iterations`` is the budget (reproducible; or a function of the position giving it, where 0 leaves that
    decision to the heuristic); ``seconds`` a cap that only a slow machine should reach.
    ``depth`` stops a playout after that many moves (or a function of the position giving that number) and scores
    it with the game's ``evaluate`` (None: play to the end); ``epsilon`` is the share of random moves in playouts;
    ``exploration`` the UCB constant; ``margin`` how much better (in mean reward) a move must look than the
    heuristic's before the search overrides the heuristic, so a small budget's noise does not make it worse.
    """

    name = "search"

    def __init__(
        self,
        heuristic: Bot | None = None,
        seed: int = 0,
        iterations: int | Callable[[State], int] = 200,
        seconds: float = 1.0,
        depth: int | Callable[[State], int] | None = None,
        epsilon: float = 0.2,
        exploration: float = 0.7,
        evaluate: Evaluation | None = None,
        margin: float = 0.02,
    ) -> None:
        self.heuristic, self.seed = heuristic, seed
        self.iterations, self.seconds, self.depth = iterations, seconds, depth
        self.epsilon, self.exploration, self.evaluate, self.margin = epsilon, exploration, evaluate, margin

    def decide(self, state: State, player: Player) -> Decision:
        advice = self.heuristic.decide(state, player) if self.heuristic else None
        moves = state.legal_moves()
        if advice and self._budget(state) == 0:  # the game leaves this kind of decision to its heuristic
            return advice
        if len(moves) == 1:
            reason = advice.reason if advice and advice.move == moves[0] else _("It is the only legal move.")
            return Decision(moves[0], reason)
        analysis = self.analyse(state, player, first=advice.move if advice else None)
        best = analysis.estimates[0]
        if advice and advice.move != best.move:
            usual = analysis.of(advice.move)
            if usual is not None and best.value < usual.value + self.margin:
                best = usual
        if advice and advice.move == best.move:
            return Decision(best.move, advice.reason)
        return Decision(best.move, self._reason(state, analysis, best))

    def analyse(
        self, state: State, player: Player, first: Move | None = None, focus: tuple[Move, ...] = ()
    ) -> Analysis:
        """Search from ``state`` for ``player``; ``first`` is tried first (the heuristic's move). With ``focus``
        only those first moves are searched: to weigh a learner's intended move against the hint's."""
        rng = random.Random(self.seed)
        evaluate = self.evaluate or game_hook(state, "evaluate")
        depth = self.depth if evaluate else None  # without an evaluation a playout must reach the end
        if callable(depth):
            depth = depth(state)
        budget = self._budget(state)
        root = Node(None, None)
        deadline = time.perf_counter() + self.seconds
        done = 0
        while done < budget and (done < 2 or time.perf_counter() < deadline):
            self._iterate(state, player, root, rng, first, focus, depth, evaluate)
            done += 1
        estimates = sorted(
            (Estimate(child.move, child.visits, child.value) for child in root.children.values()),
            key=lambda e: (-e.visits, -e.value, str(e.move)),
        )
        return Analysis(tuple(estimates), done)

    def _budget(self, state: State) -> int:
        return self.iterations(state) if callable(self.iterations) else self.iterations

    # -- one iteration -----------------------------------------------------------------------------------------

    def _iterate(self, state, player, root, rng, first, forced, depth, evaluate) -> None:
        world = state.determinize(player, rng.getrandbits(31))
        node, path = root, [root]
        while not world.is_over:
            moves = world.legal_moves()
            if node is root and forced:
                moves = [move for move in moves if move in forced]
            untried = [move for move in moves if move not in node.children]
            for move in moves:
                if move in node.children:
                    node.children[move].available += 1
            if untried:
                move = first if node is root and first in untried else untried[rng.randrange(len(untried))]
                child = node.children[move] = Node(move, world.to_move)
                child.available += 1
                world = world._apply(move)  # legal: it came from legal_moves
                path.append(child)
                break
            node = max((node.children[move] for move in moves), key=self._ucb)
            world = world._apply(node.move)
            path.append(node)
        rewards = self._playout(world, rng, depth, evaluate)
        root.visits += 1
        for step in path[1:]:
            step.visits += 1
            step.total += rewards.get(step.mover, 0.0)

    def _ucb(self, node: Node) -> float:
        return node.value + self.exploration * math.sqrt(math.log(node.available) / node.visits)

    def _playout(self, world: State, rng: random.Random, depth: int | None, evaluate) -> Mapping[Player, float]:
        steps = 0
        while not world.is_over and (depth is None or steps < depth):
            if self.heuristic is None or rng.random() < self.epsilon:
                moves = world.legal_moves()
                move = moves[rng.randrange(len(moves))]
            else:
                move = self.heuristic.decide(world, world.to_move).move
            world = world._apply(move)
            steps += 1
        return outcome(world) if world.is_over else evaluate(world)

    # -- words -------------------------------------------------------------------------------------------------

    @staticmethod
    def _reason(state: State, analysis: Analysis, best: Estimate) -> str:
        others = [estimate for estimate in analysis.estimates if estimate.move != best.move]
        if not others:
            return _("Looking ahead over {n} possible deals, this move does best.", n=analysis.iterations)
        runner = max(others, key=lambda estimate: (estimate.visits, estimate.value))
        return _(
            "Looking ahead over {n} possible deals, this move scores {best}% against {other}% for the next best "
            "({label}).",
            n=analysis.iterations,
            best=round(100 * best.value),
            other=round(100 * runner.value),
            label=state.label(runner.move),
        )


class EasyBot(Bot):
    """Plausible but weak: the heuristic's move half of the time, any legal move otherwise."""

    name = "easy"

    def __init__(self, heuristic: Bot, seed: int = 0, share: float = 0.5) -> None:
        self.heuristic, self.random, self.share = heuristic, RandomBot(seed), share
        self._coin = random.Random(f"easy:{seed}")

    def decide(self, state: State, player: Player) -> Decision:
        if self._coin.random() < self.share:
            return self.heuristic.decide(state, player)
        return self.random.decide(state, player)


def strengths(heuristic: Callable[[], Bot], **search: Any) -> dict[str, Callable[..., Bot]]:
    """A game's three bot strengths, each a factory ``(seed=0) -> Bot`` as the app's strength menu expects:
    easy (half heuristic, half random), medium (the heuristic), hard (search with the heuristic in its playouts;
    ``search`` are SearchBot's budget and tuning for this game)."""
    return {
        "easy": lambda seed=0: EasyBot(heuristic(), seed=seed),
        "medium": lambda seed=0: heuristic(),
        "hard": lambda seed=0: SearchBot(heuristic(), seed=seed, **search),
    }
