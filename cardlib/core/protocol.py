"""The engine protocol every game speaks (docs/design.md, "The engine protocol").

A Game is the rule book and a factory of States. A State is a value: ``play`` returns a new State and leaves
the old one untouched, so undo is keeping states and a search may branch freely. A wrong move is a value too:
``check`` returns a Verdict naming the ruling it breaks; ``play`` raises IllegalMove carrying that verdict.
"""

from __future__ import annotations

import copy
import reprlib
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from itertools import groupby
from typing import TYPE_CHECKING, Any, ClassVar

from .fields import Record
from .i18n import N_, NOTHING, NP_, Message, Name, named
from .i18n import lazy_gettext as _
from .rng import new_seed

if TYPE_CHECKING:
    from .descriptor import Descriptor

Player = str
MAX_MOVE = 200  # characters: the longest move of any game is well under 40


_short = reprlib.Repr()
_short.maxlevel, _short.maxstring, _short.maxother, _short.maxlist, _short.maxdict = 2, 40, 40, 4, 4


def excerpt(value: Any, limit: int = 60) -> str:
    """``repr(value)`` cut to about ``limit`` characters, safe on any value (a megabyte of text, lists nested a
    million deep): what a message quotes of untrusted input."""
    try:
        text = _short.repr(value)
    except Exception:  # a hostile __repr__ must not turn a refusal into a crash
        text = f"<{type(value).__name__}>"
    return text if len(text) <= limit else text[: limit - 1] + "…"


LARGEST_ZONE_NUMBER = 999_999  # N of the last ``head:N`` a move can name: six digits


def zone_number(zone: str | None, head: str) -> int | None:
    """N of a numbered zone ``head:N`` (``run:3``, ``patrol:12``), N in ASCII digits without a leading zero; None
    for anything else.

    ``str.isdigit`` alone also accepts ``²`` and other digits ``int`` cannot read."""
    if not isinstance(zone, str):
        return None
    name, _sep, number = zone.partition(":")
    if name != head or not (number.isascii() and number.isdigit()) or len(number) > len(str(LARGEST_ZONE_NUMBER)):
        return None
    if number != str(int(number)):
        return None  # one way of writing each zone: run:07 is not run:7, or check would pass a move not listed
    return int(number)


class IllegalMove(ValueError):
    """``state.play(move)`` refused ``move``; the state is unchanged. ``verdict`` says which rule and why."""

    def __init__(self, move: Move, verdict: Verdict):
        self.move, self.verdict = move, verdict
        rule = f" ({verdict.rule})" if verdict.rule else ""
        super().__init__(f"illegal move '{move}': {verdict.reason}{rule}")  # said in the language spoken when raised


class BadState(ValueError):
    """JSON that does not describe a position of the game; the message names what is wrong."""


class BadOption(ValueError):
    """An unknown option, or a value the option does not take."""


class BadMove(ValueError):
    """Text that is not a move of the game at all (as opposed to a move the rules refuse)."""


@dataclass(frozen=True, slots=True)
class Rule:
    """One entry of a game's rule book, keyed by its ruling id (NAP-7, NJT-3, ...; docs/rules/<game>.md)."""

    id: str
    title: str
    text: str
    house: str | None = None  # one sentence when the ruling departs from the seed ("House ruling: ...")


@dataclass(frozen=True, slots=True)
class Verdict:
    """Whether a move is legal; if not, the ruling it breaks and one sentence a learner understands."""

    ok: bool
    reason: Message = NOTHING
    rule: str | None = None

    def __bool__(self) -> bool:
        return self.ok


LEGAL = Verdict(True)


@dataclass(frozen=True, slots=True)
class Move:
    """A decision, written ``action [card] [zone] [option]``: ``play 7H ranged``, ``play KS front order``, ``pass``.

    ``card`` is what the player picks up and ``zone`` where it goes; the board widget uses exactly these two
    to turn clicks into moves, so every game names its moves in these terms.
    """

    action: str
    card: str | None = None
    zone: str | None = None
    option: str | None = None

    def __str__(self) -> str:
        return " ".join(part for part in (self.action, self.card, self.zone, self.option) if part)


@dataclass(frozen=True, slots=True)
class Event:
    """Something the last move did, for the log, the hint's reasons and the animation.

    ``text`` is safe for everybody to read; a message that names hidden cards goes in an event with ``only`` set
    to the one player allowed to see it. ``you`` is ``text`` as ``player`` reads it ("You draw a card." for "North
    draws a card."), and ``others`` is ``text`` as each other player it names reads it ("North names you as
    partner." for South), so the learner's log speaks in one voice and never names the learner's own seat (see
    ``told``). Both are as public as ``text`` (every view carries them all), so they never name a hidden card. All
    three are Messages, said in a language where they are shown.
    """

    kind: str
    text: Message
    rule: str | None = None
    player: Player | None = None
    only: Player | None = None
    data: Mapping[str, Any] = field(default_factory=dict)
    you: Message = NOTHING
    others: Mapping[Player, Message] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"kind": self.kind, "text": self.text.to_json()}
        data |= {key: value for key in ("rule", "player", "only") if (value := getattr(self, key)) is not None}
        if self.data:
            data["data"] = copy.deepcopy(dict(self.data))  # a caller may change its JSON: the event keeps its own
        if self.you:  # most events have no telling of their own: say nothing rather than ""
            data["you"] = self.you.to_json()
        if self.others:
            data["others"] = {seat: message.to_json() for seat, message in self.others.items()}
        return data

    def said_to(self, seat: Player) -> Message:
        """The sentence ``seat`` reads: in its own voice when the event is its own or names it."""
        if self.you and self.player == seat:
            return self.you
        return self.others.get(seat) or self.text


# a numbered seat's name and its forms in a sentence (cardlib.core.i18n.Name): "il Giocatore 2", "del", "al"
PLAYER_FORMS = {"the": NP_("the", "Player {n}"), "of": NP_("of the", "Player {n}"), "to": NP_("to the", "Player {n}")}


def player_name(player: Player) -> Name:
    """A numbered seat's name as the page says it: "p2" -> "Player 2" (the games whose seats are numbered)."""
    return named(N_("Player {n}"), PLAYER_FORMS, n=player[1:])


def told(events: Sequence[Event], seat: Player) -> list[Message]:
    """What ``seat`` reads about ``events``, in order and in its own voice: its own moves as "You ...", the others'
    by name, nothing private to another seat, and a public sentence followed by its private telling ("North draws
    a card." then, for North, "You draw the 7 of red.") said once, privately."""
    shown = [event for event in events if event.only in (None, seat)]
    lines = []
    for index, event in enumerate(shown):
        after = shown[index + 1] if index + 1 < len(shown) else None
        if event.only is None and after and after.only == seat and (after.kind, after.player) == (event.kind, seat):
            continue
        lines.append(event.said_to(seat))
    return lines


def retold(lines: list[Message]) -> list[Message]:
    """``lines`` with a sentence repeated in a row said once with its count: "Player 2 draws a card. (×3)"."""
    runs = [(line, len(list(run))) for line, run in groupby(lines)]
    return [line if n == 1 else _("{sentence} (×{n})", sentence=line, n=n) for line, n in runs]


@dataclass(frozen=True, slots=True)
class Result:
    """How a finished game ended: each player's score, the winners (several on a shared win), and why; ``others``
    is the reason as each player it names reads it ("You have no coins left: Black wins the war.")."""

    scores: Mapping[Player, int]
    winners: tuple[Player, ...]
    reason: Message
    others: Mapping[Player, Message] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        data = {"scores": dict(self.scores), "winners": list(self.winners), "reason": self.reason.to_json()}
        return data | ({"others": {seat: said.to_json() for seat, said in self.others.items()}} if self.others else {})

    def said_to(self, seat: Player) -> Message:
        """The reason as ``seat`` reads it."""
        return self.others.get(seat) or self.reason


@dataclass(frozen=True, slots=True)
class Option:
    """A game option: its default and the values it takes."""

    name: str
    default: Any
    choices: tuple[Any, ...]
    help: str


class State(Record, ABC):
    """A position. Subclasses implement the abstract parts and declare their ``FIELDS`` (``cardlib.core.fields``),
    which give ``clone`` and ``to_json``; ``play`` and ``legal_moves`` are shared."""

    game: Game
    seed: int  # what dealt it: the same seed and options deal the same game
    FORMAT: ClassVar[int] = 1  # the JSON's format number: raised when a saved field changes its meaning

    @property
    @abstractmethod
    def players(self) -> tuple[Player, ...]: ...

    @property
    @abstractmethod
    def to_move(self) -> Player | None:
        """Whoever must decide now (None once the game is over)."""

    # Set by each game's moves; kept here so every engine reads them the same way.
    _events: tuple[Event, ...] = ()
    _result: Result | None = None

    @property
    def events(self) -> tuple[Event, ...]:
        """What the move that led here did."""
        return self._events

    @property
    def result(self) -> Result | None:
        """How the game ended, once it has."""
        return self._result

    @property
    def is_over(self) -> bool:
        return self.result is not None

    @abstractmethod
    def candidate_moves(self) -> Sequence[Move]:
        """Every move of the right shape for the player to move; ``check`` decides which are legal."""

    def check(self, move: Move) -> Verdict:
        """Whether ``move`` is legal here and, if not, the ruling it breaks and why, in a sentence: once the game
        is over every move is refused with the game's own words for it (``Game.game_over``); before, the game
        decides (``_check``)."""
        if self.is_over:
            text, rule = self.game.game_over
            return Verdict(False, _(text), rule)
        return self._check(move)

    @abstractmethod
    def _check(self, move: Move) -> Verdict:
        """``check`` in a game in progress."""

    @abstractmethod
    def play_unchecked(self, move: Move) -> State:
        """The new state after ``move``, which the caller knows is legal (it came from ``legal_moves``): the
        search's inner loop, which plays thousands of moves a decision, skips ``check`` with it. Given an illegal
        move it may raise or return a broken position: anything not from ``legal_moves`` goes through ``play``."""

    def view(self, player: Player | None) -> dict[str, Any]:
        """A JSON-ready dict of exactly what ``player`` may see (None: a spectator sees only public things): which
        game and seat, the game's own fields (``_view``), what the last move did as this seat was told, and the
        result."""
        return {
            "game": self.game.id,
            "player": player,
            **self._view(player),
            "events": [event.to_json() for event in self._events if event.only in (None, player)],
            "result": self._result.to_json() if self._result else None,
        }

    @abstractmethod
    def _view(self, player: Player | None) -> dict[str, Any]:
        """The game's own part of ``view``: its fields as ``player`` may see them, copied (whoever reads a view
        cannot change the game)."""

    def to_json(self) -> dict[str, Any]:
        """The whole position as JSON, what the game's ``from_json`` reads back: which game, the format, the fields."""
        return {"game": self.game.id, "format": self.FORMAT, **super().to_json()}

    @abstractmethod
    def label(self, move: Move) -> Message:
        """The move in words for the screen: "Place 7♥ in your ranged row"."""

    @abstractmethod
    def determinize(self, player: Player, seed: int) -> State:
        """A state ``player`` cannot tell from this one: every card hidden from it redrawn at random.

        Bots that look ahead search such states, so they never use what their seat cannot see.
        """

    def legal_moves(self) -> list[Move]:
        # One source of truth: a move is legal exactly when check says so.
        return [move for move in self.candidate_moves() if self.check(move)]

    def is_legal(self, move: Move) -> bool:
        return self.check(move).ok

    def play(self, move: Move | str) -> State:
        if isinstance(move, str):
            move = self.game.parse_move(move)
        verdict = self.check(move)
        if not verdict:
            raise IllegalMove(move, verdict)
        return self.play_unchecked(move)


class Game(ABC):
    """A game's rule book and the factory of its states."""

    id: str
    title: str
    player_counts: tuple[int, ...]
    options: Mapping[str, Option] = {}
    rules: Mapping[str, Rule] = {}
    # action -> the Move fields it takes, in notation order; "?" marks a field that may be left out.
    move_grammar: Mapping[str, tuple[str, ...]] = {}
    # What a move after the end is told, marked for translation, and the ruling that ends the game.
    game_over: tuple[str, str | None] = (N_("The game is over."), None)

    about: Descriptor | None = None  # what its package declares (None: a game made up by a test)

    def __init_subclass__(cls, about: Descriptor | None = None, **kwargs: Any) -> None:
        """``class MyGame(Game, about=ABOUT)``: its id, title and player counts are the ones its package declares."""
        super().__init_subclass__(**kwargs)
        if about is not None:
            cls.id, cls.title, cls.player_counts, cls.about = about.id, about.title, about.player_counts, about

    def new(self, seed: int | None = None, players: int | None = None, **options: Any) -> State:
        """A new game; the same seed and options always give the same deal."""
        players = self.player_counts[0] if players is None else players
        if players not in self.player_counts:
            counts = ", ".join(map(str, self.player_counts))
            raise BadOption(f"{self.title} is played by {counts} players, not {players}")
        for name, value in options.items():
            if name not in self.options:
                known = ", ".join(self.options) or "none"
                raise BadOption(f"{self.title} has no option '{name}' (its options: {known})")
            if value not in self.options[name].choices:
                choices = ", ".join(map(repr, self.options[name].choices))
                raise BadOption(f"option '{name}' takes one of {choices}, not {value!r}")
        chosen = {name: option.default for name, option in self.options.items()} | options
        return self._new(new_seed() if seed is None else int(seed), players, chosen)

    @abstractmethod
    def _new(self, seed: int, players: int, options: dict[str, Any]) -> State: ...

    @abstractmethod
    def from_json(self, data: Mapping[str, Any]) -> State:
        """The state ``to_json`` wrote; anything else is refused with a BadState naming the problem."""

    def parse_move(self, text: str) -> Move:
        """``play 7H ranged`` -> Move("play", "7H", "ranged"); text that is no move raises BadMove.

        Any text may come in (a typed move, a link): only printable words are read, and a refusal quotes at most
        a short excerpt of it."""
        if not isinstance(text, str):
            raise BadMove(f"a move is written as text, such as 'pass', not {type(text).__name__}")
        shown = excerpt(text)
        words = text.split() if len(text) <= MAX_MOVE else []
        if not words or words[0] not in self.move_grammar:
            actions = ", ".join(self.move_grammar)
            raise BadMove(f"{shown} is not a move of {self.title}: a move starts with one of {actions}")
        if not all(word.isprintable() for word in words):
            raise BadMove(f"{shown} is not a move of {self.title}: it holds characters no move has")
        action, values = words[0], words[1:]
        fields = self.move_grammar[action]
        required = [name for name in fields if not name.endswith("?")]
        if not len(required) <= len(values) <= len(fields):
            shape = " ".join([action, *fields])
            raise BadMove(f"{shown} does not fit the move '{shape}'")
        return Move(action, **{name.rstrip("?"): value for name, value in zip(fields, values, strict=False)})

    def fits(self, move: Move) -> bool:
        """Whether ``move`` names no part its action does not take (``move_grammar``): ``keep 2D`` is no keep. Text
        cannot say more (``parse_move``), but a Move built otherwise (a click, a saved game) can; a part still
        missing is left to the rules, which say what to choose."""
        fields = self.move_grammar.get(move.action, ())
        parts = {"card": move.card, "zone": move.zone, "option": move.option}
        return all(value is None or name in fields or f"{name}?" in fields for name, value in parts.items())

    def names_exactly(self, move: Move, parts: tuple[str, ...]) -> bool:
        """Whether ``move``'s action is one of the game's, it names an option only if the action takes one, and
        each of ``parts`` ("card", "zone") is named exactly when the action takes it (``move_grammar``). Parts not
        listed are left to the rules, which may say more about them than that they do not belong."""
        fields = self.move_grammar.get(move.action)
        if fields is None or (move.option is not None and not {"option", "option?"} & set(fields)):
            return False
        named = {"card": move.card, "zone": move.zone}
        return all((named[part] is not None) == (part in fields) or f"{part}?" in fields for part in parts)

    def seat_name(self, player: Player) -> Name:
        """A seat as the page names it ("Player 2"); a game whose seats have names of their own says them ("Red",
        "South")."""
        return player_name(player)

    def describe(self, before: State, after: State, player: Player) -> list[Message]:
        """What a move (``before`` to ``after``) changes for ``player``, in sentences a hint adds to its events
        ("You end the move 12 ahead on the field."); a game with nothing to add keeps this: nothing."""
        return []

    def rule(self, rule_id: str) -> Rule:
        return self.rules[rule_id]

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.id!r}: {self.title}>"
