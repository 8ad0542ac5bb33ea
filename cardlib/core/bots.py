"""Bots and the hint. A bot decides for one seat and says why, in a sentence a learner can read.

Bots take view-level decisions: they may read the state's public facts and their own hand, never another
seat's hidden cards (docs/design.md, "Bots, hints and lessons"). Search bots get that for free by working on
``state.determinize(...)``.
"""

from __future__ import annotations

import math
import random
import time
from collections import Counter
from dataclasses import dataclass
from typing import TYPE_CHECKING, Generic, Protocol, TypeVar, runtime_checkable

from .i18n import NOTHING, Message, sentences
from .i18n import lazy_gettext as _
from .i18n import lazy_ngettext as ngettext
from .protocol import Move, Player, State

if TYPE_CHECKING:
    from .search import Analysis, Estimate


@dataclass(frozen=True, slots=True)
class Decision:
    move: Move
    reason: Message  # why, for the hint: "You are ahead and Black has passed: passing wins the battle."


GameState = TypeVar("GameState", bound=State)


class Bot(Generic[GameState]):
    """A seat's decision maker. ``decide`` gives the move and why; ``choose`` just the move. A game's bot decides
    on its own game's states: ``class NapoletanaBot(Bot[NapoletanaState])``."""

    name = "bot"
    seconds = math.inf  # the time a decision may take (a search bot's cap): a hint keeps within it too

    def decide(self, state: GameState, player: Player) -> Decision:
        raise NotImplementedError

    def why_not(self, state: GameState, move: Move) -> Message | None:
        """Why ``move`` is not this bot's, in its own words (a lesson's bot knows), for a hint that compares it with
        the learner's; None where the bot has no words for it."""
        return None

    def choose(self, state: GameState, player: Player) -> Move:
        return self.decide(state, player).move


@runtime_checkable
class Analyst(Protocol):
    """A bot that can weigh moves against each other by looking ahead (the search bot): the hint uses it to say
    whether the learner's move does worse than its own."""

    def analyse(self, state: State, player: Player, *, focus: tuple[Move, ...], seconds: float | None) -> Analysis: ...

    def clearly_better(self, better: Estimate, usual: Estimate) -> bool: ...


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
    label: Message  # the move in words
    reason: Message  # why the bot chose it
    effects: tuple[Message, ...]  # what it would do, as the log would say it
    rules: tuple[str, ...]  # the ruling ids involved, for the rules panel
    changes: tuple[Message, ...] = ()  # what it changes for the player: "You end the move 12 ahead."
    compared: tuple[Message, ...] = ()  # when the learner said which move it meant: how that move compares
    instead: bool = False  # the learner's move was just refused: this is what to do instead

    @property
    def why(self) -> Message:
        """Why the move, and what it would do: the reason, then its effects as "Then: …", what it changes for the
        player and how the learner's own move compares."""
        then = _("Then this happens. {what}", what=sentences(*self.effects)) if self.effects else NOTHING
        return sentences(self.reason, then, *self.changes, *self.compared)

    @property
    def said(self) -> Message:
        """The hint as the board says it: the move named as its button is (a translation may quote it), then why.
        After a refusal it says what to do instead, and not the refusal again: the board has just said why, and
        "not allowed" beside the hint's own move would read as if that one were."""
        if self.instead:
            return _("Try this instead: {move}. {why}", move=self.label, why=self.why)
        return _("Try this: {move}. {why}", move=self.label, why=self.why)


def consequences(
    state: State, move: Move, player: Player
) -> tuple[tuple[Message, ...], tuple[Message, ...], tuple[str, ...]]:
    """A legal move's public effects beyond the move itself (as the log says them), what it changes for
    ``player`` (the game's ``describe`` hook) and the ruling ids of both.

    Only what ``player`` may know: a private event names cards the move would draw, and even a public one may
    tell hidden cards (the final score of a hand nobody has seen yet). So the move is also played in a world
    ``player`` cannot tell from this one, and only what is said the same way in both is kept.
    """
    after = state.play(move)
    world = state.determinize(player, seed=0)
    shadow = world.play(move) if world.is_legal(move) else None
    # as many of each as the world says too: a third "draws a card" would tell that an Arsenal card was drawn
    seen = Counter(event.text for event in shadow.events[1:] if event.only is None) if shadow else Counter()
    # the move's own telling comes first ("You place Q♦ in your ranged row."): the hint's label already says it
    own = [event for event in after.events[:1] if event.only in (None, player)]  # its ruling, if player was told it
    events = []
    for event in after.events[1:]:
        if event.only is None and seen[event.text] > 0:
            seen[event.text] -= 1
            events.append(event)
    describe = state.game.describe
    changes: tuple[Message, ...] = ()
    if shadow:
        changes = tuple(line for line in describe(state, after, player) if line in describe(world, shadow, player))
    rules = tuple(dict.fromkeys(event.rule for event in (*own, *events) if event.rule))
    return tuple(event.said_to(player) for event in events), changes, rules  # in the player's own voice


def hint(state: State, bot: Bot, intended: Move | str | None = None) -> Hint:
    """The move ``bot`` would make for the player to move, with the reasons, what it changes and the rules it uses.

    ``intended`` is the move the learner has in mind (a Move or its text): if it differs from the hint, the hint
    says why it is worse: the rule that refuses it, the bot's own reason (a lesson's ``why_not``), or, for a bot
    that can ``analyse`` moves (the search bot), whether looking ahead it does worse or about as well.
    """
    player, start = state.to_move, time.perf_counter()
    assert player is not None, "a hint is for a game in progress"
    decision = bot.decide(state, player)
    effects, changes, rules = consequences(state, decision.move, player)
    compared: tuple[Message, ...] = ()
    if isinstance(intended, str):
        intended = state.game.parse_move(intended)
    refused = intended is not None and not state.check(intended)
    if intended is not None and not refused:
        # the bot's time cap bounds the whole hint: the comparison gets what the decision left of it
        left = max(0.0, bot.seconds - (time.perf_counter() - start))
        compared = _compare(state, bot, player, decision.move, intended, left)
    label = state.label(decision.move)
    return Hint(decision.move, label, decision.reason, effects, rules, changes, compared, instead=refused)


def _compare(state: State, bot: Bot, player: Player, best: Move, intended: Move, seconds: float) -> tuple[Message, ...]:
    """How ``intended``, a legal move, compares with ``best`` (worse, or about as good). In words, never as a score;
    and what the learner's move would change is not said, as it could make the worse move sound better ("you end
    the move 11 ahead" for a move that loses the battle)."""
    if intended == best:
        return (_("That is the move the hint makes too."),)
    label = state.label(intended)
    why_not = bot.why_not(state, intended)
    if why_not is not None:  # the bot knows why in its own words (a lesson), said of the learner's move by name
        return (_("Your move, {label}: {why}", label=label, why=why_not),)
    if not isinstance(bot, Analyst):  # a bot that cannot weigh moves
        return (_("{label} is allowed, but the hint's move is better.", label=label),)
    analysis = bot.analyse(state, player, focus=(best, intended), seconds=seconds)
    values = {e.move: e for e in analysis.estimates}
    if best not in values or intended not in values:
        return (_("{label} is allowed, but the hint's move is better.", label=label),)
    if bot.clearly_better(values[best], values[intended]):
        worlds = values[best].visits
        return (
            ngettext(
                "{label} is allowed, but tried {n} time from here, the hidden cards guessed, it came out worse "
                "than the hint's move.",
                "{label} is allowed, but tried {n} times from here, the hidden cards guessed each time, it came out "
                "worse than the hint's move.",
                worlds,
                label=label,
            ),
        )
    if analysis.cut:  # too few deals were played out to say anything about the learner's move
        return (_("{label} is allowed too; there was no time to try it against the hint's move.", label=label),)
    return (_("{label} is about as good: tried from here, neither came out clearly better.", label=label),)
