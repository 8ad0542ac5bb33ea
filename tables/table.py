"""One table: the authority over a match classmates play from their own kernels (issue 35).

It holds the true state; a seat is sent only a world it cannot tell from the true state (``sent_to``), a spectator
only the public view. Every move carries the version it was played on: a move on an older version is stale and
refused, the sender told the table as it is now. A move is logged (committed, ``tables.store``) before it is
acknowledged, and a message sent twice is played once.
"""

from __future__ import annotations

import hashlib
import json
import secrets
import zlib
from dataclasses import dataclass, field
from typing import Any

from cardlib.core import BadMove, Game, Move, State
from cardlib.core.i18n import NOTHING, Message, _, as_is, lazy_gettext
from cardlib.games import describe
from cardlib.match import Match

from .store import Record, Store

KINDS = ("person", "bot")  # who plays a seat: a learner (who joins with a credential) or a bot
CODE_LETTERS = "BCDFGHJKLMNPQRSTVWXZ"  # a table's code: no vowel, so no code spells a word; no 0/O or 1/I to misread
CODE_LENGTH = 5


def is_code(text: str) -> bool:
    """Whether ``text`` is a table's code as the service makes them (a page checks one it is given before asking)."""
    return len(text) == CODE_LENGTH and all(letter in CODE_LETTERS for letter in text)


def credential() -> tuple[str, str]:
    """A new seat credential and what the store keeps of it (its hash: a stolen file seats nobody)."""
    token = secrets.token_urlsafe(18)
    return token, digest(token)


def digest(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def world_seed(code: str, version: int, seat: str) -> int:
    """The seed a seat's world is redrawn with: from what the seat knows anyway, never from the deal's seed."""
    return zlib.crc32(f"{code}:{version}:{seat}".encode())


def sent_to(state: State, seat: str | None, seed: int) -> dict[str, Any]:
    """What a seat's kernel is sent: a world that shows ``seat`` exactly its view and legal moves, every card hidden
    from it redrawn at random (``State.determinize``: it depends only on what the seat sees, so it is the same for
    every true state the seat cannot tell apart); a spectator (``None``) gets the public view, and once the game is
    over, when nothing is hidden any more, the whole position (a projector shows every hand at the end)."""
    if seat is None:
        return {"view": state.view(None)} | ({"world": state.to_json()} if state.is_over else {})
    return {"world": state.determinize(seat, seed).to_json()}


TEACHER_ENDED = lazy_gettext("Your teacher ended this table: the game stops here.")


def teacher_ended() -> str:
    """What a table the teacher ended says to its seats, and to a move sent after: ``TEACHER_ENDED`` said now."""
    return str(TEACHER_ENDED)


def no_one_sits(code: str) -> str:
    """What a table the teacher ended says to whoever would sit down at it, or watch it, by its code."""
    return _("Your teacher ended table {code}: ask your teacher for a new code.", code=code)


def has_ended(code: str) -> str:
    """What a table the teacher ended answers the teacher who would change it."""
    return _("Table {code} has ended.", code=code)


SET_BY_TABLE = ("players", "seed")  # arguments of a game's deal the table gives itself: no option may set them


def option_refusal(game: Game, name: str, value: Any) -> str | None:
    """Why ``game`` takes no option ``name`` of ``value`` (a sentence naming it), or None when it does. A value must
    be of a type the option's choices are, not merely equal to one: JSON's true equals 1 in Python and 2.0 equals 2,
    yet neither is that number; a list is a deck of card codes (NesPanini's), which the deal checks."""
    if name in SET_BY_TABLE:
        return _(
            "The table sets {name} itself, not the options: its seats say how many play, and the deal number is given "
            "beside the options.",
            name=name,
        )
    option = game.options.get(name)
    if option is None and game.options:
        return _(
            "{game} has no option {name}; its options are {names}.",
            game=_(game.title),
            name=name[:40],
            names=", ".join(game.options),
        )
    if option is None:
        return _("{game} has no option {name}; it has no options at all.", game=_(game.title), name=name[:40])
    typed = isinstance(value, list) or any(type(value) is type(choice) for choice in option.choices)
    if typed and value in option.choices:
        return None
    choices = ", ".join(json.dumps(choice) for choice in option.choices)
    return _(
        "The option {name} takes one of {choices}, not {value}.",
        name=name,
        choices=choices,
        value=json.dumps(value)[:40],
    )


@dataclass
class Answer:
    """What the sender of a move is told: ``ok``, or ``why`` in a message; ``version`` is the table's now. The
    service says ``why`` in the sender's language where it sends the answer (``said``)."""

    ok: bool
    version: int
    why: Message = NOTHING
    stale: bool = False  # refused because another move was played first: the sender gets the table as it is now
    rule: str | None = None  # the ruling an illegal move breaks, as the board names it beside the sentence

    def said(self) -> dict[str, Any]:
        """The answer as its sender is sent it: ``why`` said in the language spoken now (the sender's)."""
        return vars(self) | {"why": str(self.why)}


@dataclass
class Table:
    code: str
    game_id: str
    seed: int
    options: dict[str, Any]
    seats: dict[str, dict[str, Any]]  # seat -> {"kind", "token": digest or None, "holder": the hub user, if any}
    store: Store
    strength: str = "medium"
    hints: bool = False  # the teacher lets the seats ask for a hint
    rematch: str | None = None  # the table the rematch opened: its seats follow there
    ended: bool = False  # the teacher ended it: it takes no move and seats nobody, its pages are told so
    match: Match = field(init=False)
    stalled: bool = field(init=False, default=False)  # a bot failed to move: the table waits for the teacher

    def __post_init__(self) -> None:
        state = describe(self.game_id).game().new(seed=self.seed, players=len(self.seats), **self.options)
        self.match = Match(state, people=self.people(), strength=self.strength)

    @classmethod
    def open(
        cls,
        store: Store,
        code: str,
        game_id: str,
        kinds: list[str],
        seed: int,
        strength: str = "medium",
        hints: bool = False,
        **options: Any,
    ) -> Table:
        """A new table: ``kinds`` says who plays each seat, in seat order; ``strength``, how well its bots play;
        ``hints``, whether a seat may ask for one; ``options``, the game's own. Raises ValueError (a sentence) for a
        seat, a strength or an option there is not, before anything is stored (``checked``)."""
        players = cls.checked(game_id, kinds, strength, options)
        seats = {seat: {"kind": kind, "token": None} for seat, kind in zip(players, kinds, strict=True)}
        table = cls(code, game_id, seed, options, seats, store, strength, hints)
        store.add_table(Record(code, game_id, seed, options, seats, strength, [], hints))
        return table

    @staticmethod
    def checked(game_id: str, kinds: list[str], strength: str, options: dict[str, Any]) -> list[str]:
        """The seats of a new table ``Table.open`` is asked for, once sure it can open it; raises ValueError (a
        sentence) for a seat, a strength or an option there is not (a service checks first in the asker's language,
        then opens the table in its own)."""
        if any(kind not in KINDS for kind in kinds):
            raise ValueError(_("A seat is played by a person or a bot."))
        if "person" not in kinds:
            raise ValueError(_("A table needs at least one seat for a learner."))
        strengths = describe(game_id).bots()
        if strength not in strengths:
            raise ValueError(_("The bots play at one of the game's strengths: {names}.", names=", ".join(strengths)))
        game = describe(game_id).game()
        for name, value in options.items():
            refused = option_refusal(game, name, value)
            if refused:
                raise ValueError(refused)
        return list(game.new(seed=0, players=len(kinds), **options).players)  # (a deck the game refuses: said here)

    @classmethod
    def replayed(cls, store: Store, record: Record) -> Table:
        """A table as its log leaves it: every move played again, in order (the bots' moves too, as logged)."""
        table = cls(
            *(record.code, record.game, record.seed, record.options, record.seats, store),
            *(record.strength, record.hints, record.rematch, record.ended),
        )
        for logged in record.moves:
            table.match.play(table.state.game.parse_move(logged.move))
        return table

    def rematched(self, code: str, seed: int) -> Table:
        """The same game again at a new table ``code``, every seat moved on by one (a learner's credential goes
        with it, so each kernel finds its new seat by itself); this table says where it went."""
        about = list(self.seats.values())
        moved = about[-1:] + about[:-1]
        # a learner's seat a bot played at the end (the learner was away) is the learner's again in the rematch
        kinds = ["person" if a["token"] is not None else a["kind"] for a in moved]
        table = Table.open(self.store, code, self.game_id, kinds, seed, self.strength, self.hints, **self.options)
        for seat, before in zip(table.seats, moved, strict=True):
            table.seats[seat] |= {"token": before["token"], "holder": before.get("holder")}
        self.store.set_seats(code, table.seats)
        self.rematch = code
        self.store.set_rematch(self.code, code)
        return table

    # -- seats -------------------------------------------------------------------------------------------------

    def people(self) -> list[str]:
        return [seat for seat, about in self.seats.items() if about["kind"] == "person"]

    def join(self, seat: str | None = None, token: str | None = None, holder: str | None = None) -> tuple[str, str]:
        """Take ``seat`` (or the first free one) and its credential; a learner coming back with its credential gets
        its own seat again, from the bot that played it meanwhile too. Under JupyterHub the seat is ``holder``'s,
        the hub user's: whatever device or kernel asks again gets it, with a new credential (the old one seats
        nobody any more). Raises ValueError with a sentence when there is none to take, or the table has ended."""
        if self.ended:
            raise ValueError(no_one_sits(self.code))
        if holder is not None:
            for name, about in self.seats.items():
                if about.get("holder") == holder:
                    if token is None or about["token"] != digest(token):  # another device or kernel: its own
                        token, about["token"] = credential()
                    assert token is not None
                    if about["kind"] != "person":
                        self.give(name, "person")
                    self.store.set_seats(self.code, self.seats)
                    return name, token
        elif token is not None:
            own = self.seat_of(token)
            if own is None:
                raise ValueError(_("This credential seats nobody at this table."))
            if self.seats[own]["kind"] != "person":
                self.give(own, "person")
            return own, token
        free = [name for name in self.people() if self.seats[name]["token"] is None]
        if seat is not None and seat not in free:
            raise ValueError(_("That seat is taken or is played by a bot."))
        if not free:
            raise ValueError(_("Every seat at this table is taken."))
        seat = seat or free[0]
        token, kept = credential()
        self.seats[seat]["token"] = kept
        if holder is not None:
            self.seats[seat]["holder"] = holder
        self.store.set_seats(self.code, self.seats)
        return seat, token

    def give(self, seat: str, kind: str) -> None:
        """Have ``seat`` played by ``kind`` from now on: a bot for a learner who is away, a person again (who keeps
        the seat's credential). Raises ValueError with a sentence for a seat or a kind there is not."""
        self._check_seat(seat)
        if kind not in KINDS:
            raise ValueError(_("A seat is played by a person or a bot."))
        self.seats[seat]["kind"] = kind
        self.match.people = frozenset(self.people())
        self.store.set_seats(self.code, self.seats)

    def free(self, seat: str) -> None:
        """Free ``seat`` for another learner to take (its learner left, or sat at the wrong seat): its credential
        seats nobody any more, and until a learner takes it, the game waits for it. Raises ValueError with a
        sentence for a seat there is not, or a bot's seat no learner ever held."""
        self._check_seat(seat)
        about = self.seats[seat]
        if about["kind"] == "bot" and about["token"] is None:
            raise ValueError(_("A bot plays this seat: there is no learner's seat to free."))
        about.update(kind="person", token=None)
        about.pop("holder", None)
        self.match.people = frozenset(self.people())
        self.store.set_seats(self.code, self.seats)

    def end(self) -> None:
        """The teacher ends the table: from now on it takes no move, its bots stop and nobody sits down at it."""
        self.ended = True
        self.store.set_ended(self.code)

    def _check_seat(self, seat: str) -> None:
        """Raises ValueError with a sentence for a seat the table has not, or a table that has ended."""
        if self.ended:
            raise ValueError(has_ended(self.code))
        if seat not in self.seats:
            raise ValueError(_("This table has no seat {seat}.", seat=seat[:20]))

    def holds(self, seat: str, token: str) -> bool:
        return seat in self.seats and self.seat_of(token) == seat

    def seat_of(self, token: str) -> str | None:
        """The seat ``token`` is the credential of, if any."""
        kept = digest(token)
        return next((name for name, about in self.seats.items() if about["token"] == kept), None)

    # -- moves -------------------------------------------------------------------------------------------------

    @property
    def version(self) -> int:
        return len(self.match.history) - 1

    @property
    def state(self) -> State:
        return self.match.state

    def play(self, seat: str, token: str, version: int, text: str, message: str | None = None) -> Answer:
        """``seat``'s move ``text``, played on ``version``. Refused in a message (said in the seat's language where
        the answer is sent), changing nothing, unless it is the seat's (its credential), on the version now, its
        turn and legal; ``message`` played twice, once."""
        refused = self._refusal(seat, token, version, text, message)
        if isinstance(refused, Answer):
            return refused
        self.record(seat, refused, message)
        return Answer(True, self.version)

    def _refusal(self, seat: str, token: str, version: int, text: str, message: str | None) -> Answer | Move:
        """Why ``play`` refuses the move (or says it was played already), or the move to play."""
        if self.ended:
            return Answer(False, self.version, TEACHER_ENDED)
        if not self.holds(seat, token):
            return Answer(False, self.version, lazy_gettext("This seat is not yours: join the table again."))
        if message is not None and self.store.answered(self.code, seat, message) is not None:
            return Answer(True, self.version)  # the same message again: it was played, it is not played twice
        if version != self.version:
            why = lazy_gettext("Another move was played first: here is the table as it is now.")
            return Answer(False, self.version, why, stale=True)
        if self.seats[seat]["kind"] != "person":
            why = lazy_gettext("A bot plays your seat now: take your seat back to play on.")
            return Answer(False, self.version, why)
        if self.state.to_move != seat:
            return Answer(False, self.version, lazy_gettext("It is not your turn."))
        try:
            move = self.state.game.parse_move(text)
        except BadMove as error:  # (a move's words are the same in every language, and so is what misreads them)
            return Answer(False, self.version, as_is(str(error)))
        # Judged on the seat's own world, which has the same legal moves: a refusal's sentence may then name only
        # what the seat sees, never a card hidden from it (a hand-made move could otherwise read one).
        verdict = self.state.determinize(seat, world_seed(self.code, self.version, seat)).check(move)
        if not verdict.ok:
            return Answer(False, self.version, verdict.reason, rule=verdict.rule)
        return move

    def bot_to_move(self) -> str | None:
        return None if self.ended else self.match.bot_to_move()

    def bot_decision(self) -> tuple[str, Move]:
        """The next bot's seat and move on the position now: only reads the table (a service thinks it off its
        event loop, then ``record``s it on the loop)."""
        seat = self.match.bot_to_move()
        assert seat is not None  # the caller asked bot_to_move
        return seat, self.match.bot().decide(self.state, seat).move

    def bot_move(self) -> None:
        """One bot move, decided and recorded."""
        self.record(*self.bot_decision())

    def record(self, seat: str, move: Move, message: str | None = None) -> None:
        """Play a legal move: the position it makes first, then the move logged as its text, read back to the
        same move (what is logged always replays), committed; only then is the position the table's."""
        text = str(move)
        move = self.state.game.parse_move(text)
        after = self.state.play(move)
        self.store.add_move(self.code, self.version, seat, text, message)
        self.match.push(after)

    # -- what each is sent ---------------------------------------------------------------------------------------

    def seen_by(self, seat: str | None, names: bool = False) -> dict[str, Any]:
        """What ``seat`` (None: a spectator or the projector) is sent of the table now; with ``names``, who holds
        each seat (the hub's user names: for the teacher's lobby only). Its words are messages as data (a move's
        events, a result's reason), the same whatever language the seat speaks: each seat's kernel says them in
        its own page's language."""
        seed = world_seed(self.code, self.version, seat or "")
        public = {
            name: {"kind": about["kind"], "taken": about["token"] is not None}
            | ({"who": about.get("holder")} if names else {})
            for name, about in self.seats.items()
        }
        state = self.state
        return {
            "code": self.code,
            "game": self.game_id,
            "version": self.version,
            "seat": seat,
            "seats": public,
            "to_move": None if state.is_over else state.to_move,
            "over": state.is_over,
            "hints": self.hints,
            "rematch": self.rematch,
            "stalled": self.stalled,
            "ended": self.ended,
        } | sent_to(state, seat, seed)
