"""What a learner has mastered: for each game, its rulings as this learner met them, as Duolingo keeps a learner's
skills. Kept in the learner's own browser (``widgets/mastery.py``); this module is the record itself, with no screen.

A ruling is met three ways:

- **taught**: a lesson that names it (``Lesson.rules``) was done (solved by the learner, not shown);
- **applied**: a move of the learner's in a game did something the ruling says (an ``Event`` naming it);
- **refused**: a move of the learner's was refused with it (``Verdict.rule``), or a lesson judged a move wrong by it.

**Mastered**, in the words the gallery says it in: *you have used the rule right at least twice (a lesson about it
done, or a move that uses it), and of the last five times it came up you got it right more often than wrong.* So a
rule is mastered after a lesson and a move that uses it, and stops being mastered while the learner keeps breaking it.

**The next lesson**: the lesson teaching the ruling not yet mastered that was refused most often (the one to go back
to); where none was refused, the first lesson not done; None once every lesson is done and nothing is to go back to.

The record's JSON (``to_json``, ``read``) is versioned. Reading never raises: what cannot be read is left out, each
problem said in a sentence naming it, and the rest kept (a browser's storage may hold anything).

A page hears of the learner's moves through its session (``follow``): a lesson's session tells a lesson done and a
lesson's mistake, a game's session a move applied, and every session a move the rules refused.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from .core import Event, Move, State, Verdict
from .core.i18n import Message
from .core.i18n import lazy_gettext as _
from .core.lessons import Lesson
from .games import GAMES, describe
from .session import LessonSession, Mode, Session

VERSION = 1
LATELY = 5  # how many of the latest times a ruling came up count as "lately"
RIGHT, WRONG = "+", "-"  # a time a ruling came up: used right, or refused
MOST = 500  # rulings or lessons one game's record may hold: every game has far fewer
COUNT_MOST = 10**9  # a count past this is not a learner's (and JSON's numbers are not all Python's)


@dataclass
class Met:
    """How often one ruling was taught, applied and refused, and the latest times it came up (``+`` right, ``-``
    refused), newest last."""

    taught: int = 0
    applied: int = 0
    refused: int = 0
    lately: str = ""

    def came_up(self, mark: str) -> None:
        self.lately = (self.lately + mark)[-LATELY:]

    @property
    def mastered(self) -> bool:
        return self.taught + self.applied >= 2 and self.lately.count(RIGHT) > self.lately.count(WRONG)

    def to_json(self) -> dict[str, Any]:
        return {"taught": self.taught, "applied": self.applied, "refused": self.refused, "lately": self.lately}


@dataclass
class GameRecord:
    """One game's record: the lessons done (their ids) and each ruling met."""

    lessons: list[str] = field(default_factory=list)
    rulings: dict[str, Met] = field(default_factory=dict)

    def met(self, rule: str) -> Met:
        return self.rulings.setdefault(rule, Met())

    def mastered(self) -> list[str]:
        return sorted(rule for rule, met in self.rulings.items() if met.mastered)

    def next_lesson(self, lessons: Sequence[Lesson]) -> Lesson | None:
        """The lesson to take next (the module's docstring says which)."""

        def refusals(lesson: Lesson) -> int:
            return max(
                (self.rulings[r].refused for r in lesson.rules if r in self.rulings and not self.rulings[r].mastered),
                default=0,
            )

        most = max(lessons, key=refusals, default=None)  # (the first of the lessons refused most, in their order)
        if most is not None and refusals(most) > 0:
            return most
        return next((lesson for lesson in lessons if lesson.id not in self.lessons), None)

    def to_json(self) -> dict[str, Any]:
        return {"lessons": list(self.lessons), "rulings": {rule: met.to_json() for rule, met in self.rulings.items()}}


@dataclass(frozen=True)
class Summary:
    """One game's progress, as the gallery shows it and a teacher is told it: the lessons done of how many, the
    rulings mastered, and the lesson to take next."""

    done: int
    total: int
    mastered: tuple[str, ...]
    next: Lesson | None


class Mastery:
    """One learner's record, every game's."""

    def __init__(self) -> None:
        self.games: dict[str, GameRecord] = {}

    def game(self, game_id: str) -> GameRecord:
        return self.games.setdefault(game_id, GameRecord())

    def __bool__(self) -> bool:
        return any(record.lessons or record.rulings for record in self.games.values())

    # -- what the record hears ----------------------------------------------------------------------------------

    def lesson_done(self, game_id: str, lesson: Lesson) -> None:
        """``lesson`` was solved by the learner: each ruling it names is taught."""
        record = self.game(game_id)
        if lesson.id not in record.lessons:
            record.lessons.append(lesson.id)
        for rule in lesson.rules:
            met = record.met(rule)
            met.taught += 1
            met.came_up(RIGHT)

    def applied(self, game_id: str, events: Iterable[Event]) -> None:
        """A move of the learner's in a game did ``events``: each ruling they name is applied (once a move)."""
        record = self.game(game_id)
        for rule in dict.fromkeys(event.rule for event in events if event.rule):
            met = record.met(rule)
            met.applied += 1
            met.came_up(RIGHT)

    def refused(self, game_id: str, rule: str | None) -> None:
        """A move of the learner's was refused with ``rule`` (a refusal naming no ruling teaches nothing)."""
        if not rule:
            return
        met = self.game(game_id).met(rule)
        met.refused += 1
        met.came_up(WRONG)

    def follow(self, session: Session, changed: Callable[[], None] = lambda: None) -> None:
        """Hear the learner's moves in ``session``: in a lesson's, the lesson done (solved, not shown) and its
        mistakes; in a game's or a table's, each move of the learner's seat; in any, a move the rules refused.
        ``changed`` is called after each change."""
        game_id = session.state.game.id

        def moved(before: State, move: Move, shown: State) -> None:
            if isinstance(session, LessonSession):
                if session.done is Mode.SOLVED:
                    self.lesson_done(game_id, session.lesson)
                elif shown is before and session.answer is not None:  # a legal move the lesson judged wrong
                    self.refused(game_id, session.answer.rule)
                else:
                    return
            elif before.to_move == session.seat:
                # (a table's session shows its move only once the table answers: its events are the move's own)
                after = shown if shown is not before else before.play_unchecked(move)
                self.applied(game_id, after.events)
            else:
                return
            changed()

        def refused(move: Move, verdict: Verdict) -> None:
            self.refused(game_id, verdict.rule)
            changed()

        session.on_move(moved)
        session.on_refuse(refused)

    def reset(self) -> None:
        """Forget everything: the learner starts again."""
        self.games.clear()

    # -- what it says --------------------------------------------------------------------------------------------

    def summary(self, game_id: str, lessons: Sequence[Lesson]) -> Summary:
        record = self.games.get(game_id, GameRecord())
        ids = {lesson.id for lesson in lessons}
        done = sum(1 for lesson in record.lessons if lesson in ids)
        return Summary(done, len(lessons), tuple(record.mastered()), record.next_lesson(lessons))

    def progress(self) -> dict[str, dict[str, list[str]]]:
        """What a teacher is told (``tables``' progress route): per game met, the lessons done and the rulings
        mastered, and nothing else."""
        return {
            game_id: {"lessons": list(record.lessons), "mastered": record.mastered()}
            for game_id, record in self.games.items()
            if record.lessons or record.rulings
        }

    def to_json(self) -> dict[str, Any]:
        return {"version": VERSION, "games": {game: record.to_json() for game, record in self.games.items()}}

    def dumps(self) -> str:
        return json.dumps(self.to_json(), separators=(",", ":"), sort_keys=True)


# -- reading a kept record --------------------------------------------------------------------------------------


def read(text: str) -> tuple[Mastery, list[Message]]:
    """The record ``text`` (its JSON) holds, and what could not be read of it, each in a sentence; an empty text is
    an empty record. Never raises: whatever cannot be read is left out, and the rest kept."""
    if not text:
        return Mastery(), []
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        return Mastery(), [_("Your progress could not be read: it is not JSON. It starts again from nothing.")]
    return from_json(data)


def from_json(data: Any) -> tuple[Mastery, list[Message]]:
    """``read``'s work on JSON already parsed."""
    mastery: Mastery = Mastery()
    if not isinstance(data, dict) or not isinstance(data.get("games"), dict):
        return mastery, [_("Your progress could not be read: it holds no games. It starts again from nothing.")]
    if data.get("version") != VERSION:
        version = str(data.get("version"))[:20]
        return mastery, [
            _("Your progress was written by another version ({version}): it starts again.", version=version)
        ]
    problems: list[Message] = []
    for game_id, kept in data["games"].items():
        if game_id not in GAMES:
            problems.append(
                _("Your progress names a game the tutor does not have ({game}): left out.", game=game_id[:40])
            )
            continue
        record = _game(game_id, kept, problems)
        if record.lessons or record.rulings:
            mastery.games[game_id] = record
    return mastery, problems


def _game(game_id: str, kept: Any, problems: list[Message]) -> GameRecord:
    """One game's record as far as it can be read; what cannot be is said in ``problems``."""
    record, title = GameRecord(), GAMES[game_id]
    if not isinstance(kept, dict):
        problems.append(_("Your progress in {game} could not be read: it was left out.", game=title))
        return record
    about = describe(game_id)
    names = {lesson.id for lesson in about.lessons()}
    lessons, rulings = kept.get("lessons", []), kept.get("rulings", {})
    if not isinstance(lessons, list) or len(lessons) > MOST:
        problems.append(_("Your lessons done in {game} could not be read: they were left out.", game=title))
        lessons = []
    for lesson in lessons:
        if lesson in names:
            record.lessons.append(lesson)
        else:
            problems.append(
                _(
                    "Your progress names a lesson {game} does not have ({lesson}): left out.",
                    game=title,
                    lesson=str(lesson)[:40],
                )
            )
    record.lessons = list(dict.fromkeys(record.lessons))
    if not isinstance(rulings, dict) or len(rulings) > MOST:
        problems.append(_("Your rules met in {game} could not be read: they were left out.", game=title))
        return record
    rules = about.game().rules
    for rule, met in rulings.items():
        read_met = _met(met) if rule in rules else None
        if read_met is None:
            problems.append(
                _("Your record of {rule} in {game} could not be read: it was left out.", rule=rule[:20], game=title)
            )
        else:
            record.rulings[rule] = read_met
    return record


def _met(data: Any) -> Met | None:
    if not isinstance(data, Mapping):
        return None
    taught, applied, refused = (data.get(key, 0) for key in ("taught", "applied", "refused"))
    lately = data.get("lately", "")
    if any(type(count) is not int or not 0 <= count <= COUNT_MOST for count in (taught, applied, refused)):
        return None
    if not isinstance(lately, str) or len(lately) > LATELY or set(lately) - {RIGHT, WRONG}:
        return None
    return Met(taught, applied, refused, lately)
