"""The search bot: determinized rollouts that improve on the game's heuristic, for every game.

Each world is one deal the searching seat cannot tell from the real one (``state.determinize(player, seed)``). In
a world, each of the seat's moves is played and the game played on by the game's heuristic bot for every seat (with
a share of random moves if the game asks for it), then scored: a rollout algorithm (Bertsekas; Ginsberg's GIB
searched bridge the same way over sampled deals). Every move is played in the same worlds with the same random
moves, so two moves are compared on paired samples and the noise of the deals cancels out. Sequential halving
(Karnin, Koren and Somekh, 2013) spends the budget on the moves that still look best, the heuristic's own move always
among them, and the search overrides the heuristic only when the paired difference is clearly above zero: the hard
bot is the medium bot unless looking ahead shows, deal after deal, a better move. (Information-set MCTS, tried
first, spread the same small budget over a tree whose means were too noisy to beat the heuristic reliably.)

It reads only its own view: the worlds come from ``determinize``, whose output depends on the view alone (the
engines sort what is hidden before they shuffle it), so two states its seat cannot tell apart get the same move.
It is reproducible: the same seed and the same position give the same move (the budget is a count of rollouts;
the time cap is only a safety net, and a search it cuts short falls back to the heuristic). A game may help it
with optional functions in its ``bots`` module:

- ``evaluate(state) -> {player: value in [0, 1]}``: how good a position is for each seat, so that rollouts of a
  long game can stop after ``depth`` moves;
- ``describe(before, after, player) -> [sentence]``: what a move changed, for the hint (see ``bots.hint``);
- ``searchable(state, move) -> bool``: whether the search compares ``move`` at all; the others stay the
  heuristic's to choose (steps of a plan the heuristic would undo if the search took them out of turn).
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from cardlib.core.i18n import Message

from .bots import Bot, Decision, RandomBot
from .i18n import lazy_gettext as _
from .i18n import lazy_ngettext as ngettext
from .protocol import Move, Player, State

Evaluation = Callable[[State], Mapping[Player, float]]
FEWEST_WORLDS = 4  # the search never overrides the heuristic on fewer paired deals than this


def outcome(state: State) -> dict[Player, float]:
    """Each seat's reward for a finished game, in [0, 1]: mostly the win, a little the score.

    Winners share one win (no winners: everybody shares it, a draw), so a seat is never paid for a shared win as
    much as for its own. A fifth of the reward is where the seat's score sits between the lowest and the highest,
    so a search prefers losing narrowly to losing badly. Teams need nothing more: where teammates share a score
    (Njet! each member adds the team's points), the same reward pays both.
    """
    result = state.result
    assert result is not None, "only a finished game pays its seats"
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


@dataclass(frozen=True, slots=True)
class Estimate:
    """What the search found for one of the seat's moves: its reward in [0, 1] in each world it was played in (the
    first worlds of the search, the same for every move), how many and their mean."""

    move: Move
    rewards: tuple[float, ...]

    @property
    def visits(self) -> int:
        return len(self.rewards)

    @property
    def value(self) -> float:
        return sum(self.rewards) / len(self.rewards) if self.rewards else 0.0


@dataclass(frozen=True, slots=True)
class Analysis:
    """The search's moves, the most searched and then the best first; how many rollouts and worlds it used."""

    estimates: tuple[Estimate, ...]
    iterations: int
    worlds: int
    cut: bool = False  # the time cap stopped the search before its budget was spent

    def of(self, move: Move) -> Estimate | None:
        return next((estimate for estimate in self.estimates if estimate.move == move), None)


def advantage(better: Estimate, usual: Estimate) -> tuple[float, float]:
    """The mean and the standard error of ``better``'s reward minus ``usual``'s, over the worlds both were played
    in (paired: the same deals, the same random moves)."""
    gaps = [a - b for a, b in zip(better.rewards, usual.rewards, strict=False)]
    count = len(gaps)
    mean = sum(gaps) / count if gaps else 0.0
    if count < FEWEST_WORLDS:  # too few deals to trust a spread: no gain is clear
        return mean, math.inf
    spread = sum((gap - mean) ** 2 for gap in gaps) / (count - 1)
    return mean, math.sqrt(spread / count)


class SearchBot(Bot):
    """The hard bot: rollouts with ``heuristic`` over worlds its seat cannot tell apart.

    ``iterations`` is the budget in rollouts (reproducible; or a function of the position giving it, where 0 leaves
    that decision to the heuristic); ``seconds`` a cap that only a slow machine should reach. ``depth`` stops a
    rollout after that many moves (or a function of the position giving that number) and scores it with the game's
    ``evaluate`` (None: play to the end); ``epsilon`` is the share of random moves in rollouts. The search overrides
    the heuristic only when its move gains at least ``margin`` in mean reward over the heuristic's, and
    ``confidence`` standard errors more than nothing, on the same worlds. ``searchable(state, move)`` says which
    moves are worth weighing (None: all); the others are left to the heuristic. A game gives its ``evaluate`` and
    ``searchable`` with the rest of its tuning, to ``strengths``.
    """

    name = "search"
    last_cut = False  # whether the time cap cut the last decision's search short (for benchmarks/strength.py)

    def __init__(
        self,
        heuristic: Bot | None = None,
        seed: int = 0,
        iterations: int | Callable[[State], int] = 200,
        seconds: float = 1.0,
        depth: int | Callable[[State], int] | None = None,
        epsilon: float = 0.0,
        evaluate: Evaluation | None = None,
        margin: float = 0.02,
        confidence: float = 1.5,
        searchable: Callable[[Any, Move], bool] | None = None,
    ) -> None:
        self.heuristic, self.seed = heuristic, seed
        self.iterations, self.seconds, self.depth = iterations, seconds, depth
        self.epsilon, self.evaluate, self.margin, self.confidence = epsilon, evaluate, margin, confidence
        self.searchable = searchable

    def decide(self, state: State, player: Player) -> Decision:
        self.last_cut = False
        advice = self.heuristic.decide(state, player) if self.heuristic else None
        moves = state.legal_moves()
        if advice and self.budget(state) == 0:  # the game leaves this kind of decision to its heuristic
            return advice
        if len(moves) == 1:
            reason = advice.reason if advice and advice.move == moves[0] else _("It is the only legal move.")
            return Decision(moves[0], reason)
        analysis = self.analyse(state, player, first=advice.move if advice else None)
        self.last_cut = analysis.cut
        if analysis.cut and advice:  # a search cut short has seen too few deals to overrule the heuristic
            return advice
        best = analysis.estimates[0]
        if advice is None:
            return Decision(best.move, self._reason(state, analysis, best, None))
        usual = analysis.of(advice.move)
        if best.move == advice.move or usual is None or not self.clearly_better(best, usual):
            return advice
        return Decision(best.move, self._reason(state, analysis, best, usual))

    def clearly_better(self, better: Estimate, usual: Estimate) -> bool:
        mean, error = advantage(better, usual)
        return mean >= self.margin and mean > self.confidence * error

    def analyse(
        self,
        state: State,
        player: Player,
        first: Move | None = None,
        focus: tuple[Move, ...] = (),
        seconds: float | None = None,
    ) -> Analysis:
        """Search from ``state`` for ``player``; ``first`` (the heuristic's move) is never dropped. With ``focus``
        only those moves are searched: to weigh a learner's intended move against the hint's. ``seconds``: the time
        cap, if not the bot's own (what is left of a hint's time)."""
        rng = random.Random(self.seed)
        evaluate = self.evaluate
        depth = self.depth if evaluate else None  # without an evaluation a rollout must reach the end
        if callable(depth):
            depth = depth(state)
        if focus:
            moves = list(dict.fromkeys(focus))
        else:  # the moves worth comparing (the game may leave some to its heuristic), the heuristic's among them
            searchable = self.searchable
            moves = [move for move in state.legal_moves() if not searchable or move == first or searchable(state, move)]
        rewards: dict[Move, list[float]] = {move: [] for move in moves}
        budget, done, worlds, cut = max(self.budget(state), 2 * len(moves)), 0, 0, False
        deadline = time.perf_counter() + (self.seconds if seconds is None else seconds)
        alive = list(moves)
        rounds = max(1, math.ceil(math.log2(len(moves)))) if len(moves) > 1 else 1
        for round_ in range(rounds):
            share = (budget - done) // (rounds - round_)
            for _world in range(max(1, share // len(alive))):
                world = self.world(state, player, rng.getrandbits(31))
                chance = rng.getrandbits(31)
                legal = set(world.legal_moves())
                if not all(move in legal for move in alive):
                    continue  # a move the seat sees as legal is not legal there: not a world the seat could be in
                played = []
                for move in alive:
                    if time.perf_counter() > deadline:
                        cut = True
                        break
                    paid = self._rollout(world.play_unchecked(move), random.Random(chance), depth, evaluate)
                    played.append((move, paid.get(player, 0.0)))
                if cut:  # a world some moves were not played in would unpair the samples: leave it out
                    break
                for move, reward in played:
                    rewards[move].append(reward)
                done += len(alive)
                worlds += 1
            if cut:
                break
            if len(alive) > 2:  # keep the better half, and the heuristic's move as the yardstick
                ranked = sorted(alive, key=lambda move: -sum(rewards[move]) / max(1, len(rewards[move])))
                keep = ranked[: max(2, len(alive) // 2)]
                alive = [move for move in alive if move in keep or move == first]
        estimates = sorted(
            (Estimate(move, tuple(values)) for move, values in rewards.items()),
            key=lambda e: (-e.visits, -e.value, str(e.move)),
        )
        return Analysis(tuple(estimates), done, worlds, cut)

    def world(self, state: State, player: Player, seed: int) -> State:
        """A deal ``player`` cannot tell from ``state``'s: what the search plays its moves in."""
        return state.determinize(player, seed)

    def budget(self, state: State) -> int:
        """The rollouts a decision in ``state`` gets (0: the game leaves it to the heuristic)."""
        return self.iterations(state) if callable(self.iterations) else self.iterations

    def _rollout(self, world: State, rng: random.Random, depth: int | None, evaluate) -> Mapping[Player, float]:
        steps = 0
        while not world.is_over and (depth is None or steps < depth):
            if self.heuristic is None or (self.epsilon and rng.random() < self.epsilon):
                moves = world.legal_moves()
                move = moves[rng.randrange(len(moves))]
            else:
                seat = world.to_move
                assert seat is not None  # a game that is not over has a player to move
                move = self.heuristic.decide(world, seat).move
            world = world.play_unchecked(move)
            steps += 1
        return outcome(world) if world.is_over else evaluate(world)

    # -- words -------------------------------------------------------------------------------------------------

    @staticmethod
    def _reason(state: State, analysis: Analysis, best: Estimate, usual: Estimate | None) -> Message:
        """Why, in words a child reads: what the move was compared with and how many times it was tried; not the
        search's words (deals, worlds) nor percentages, which sound more exact than a few tries are."""
        others = [estimate for estimate in analysis.estimates if estimate.move != best.move]
        if not others:
            return ngettext(
                "Tried {n} time from here, the hidden cards guessed, this move came out best.",
                "Tried {n} times from here, the hidden cards guessed each time, this move came out best.",
                analysis.worlds,
            )
        usual = usual or max(others, key=lambda estimate: (estimate.visits, estimate.value))
        return ngettext(
            "Tried {n} time from here, the hidden cards guessed, this move came out clearly better than {label}, "
            "the move that looks best at first.",
            "Tried {n} times from here, the hidden cards guessed each time, this move came out clearly better than "
            "{label}, the move that looks best at first.",
            min(best.visits, usual.visits),
            label=state.label(usual.move),
        )


class OracleBot(SearchBot):
    """The search bot reading the true state: it sees every card, hidden hands and deck order included. No player
    can; benchmarks/strength.py uses it as the ceiling of what these bots' way of playing wins when luck is known."""

    name = "oracle"

    @classmethod
    def sighted(cls, bot: SearchBot) -> OracleBot:
        """``bot`` with every setting kept (heuristic, seed, budget, cap ...), made to read the true state."""
        oracle = cls.__new__(cls)
        oracle.__dict__.update(vars(bot))
        return oracle

    def world(self, state: State, player: Player, seed: int) -> State:
        return state


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


def strengths(
    heuristic: Callable[[], Bot],
    beginner: Callable[[], Bot] | None = None,
    expert: Callable[[], Bot] | None = None,
    **search: Any,
) -> dict[str, Callable[..., Bot]]:
    """A game's three bot strengths, each a factory ``(seed=0) -> Bot`` as the app's strength menu expects:
    easy (``beginner``: the game's beginner, who makes a learner's mistakes; without one, half heuristic and half
    random), medium (the heuristic), hard (search with ``expert`` in its playouts, a stronger heuristic where the
    game has one, else the heuristic; ``search`` are SearchBot's budget and tuning for this game)."""
    expert = expert or heuristic
    return {
        # a beginner plays by habit, never by chance: it needs no seed
        "easy": (lambda seed=0: beginner()) if beginner else (lambda seed=0: EasyBot(heuristic(), seed=seed)),
        "medium": lambda seed=0: heuristic(),
        "hard": lambda seed=0: SearchBot(expert(), seed=seed, **search),
    }
