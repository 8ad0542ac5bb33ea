"""Who plays each seat, as a board names it beside the seat's name: "you", a bot, a classmate at a shared table, a
learner on the projector. A layout draws a scene from a view, which says nothing of who plays; the board that
draws it says so for the time of the drawing (``played_by``), and the layouts ask ``role_word``. Without a word
from the board, the learner's own seat is "you" and every other a bot: a game against the bots."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar

from cardlib.core.i18n import N_, _

WORDS = {"you": N_("you"), "bot": N_("bot"), "classmate": N_("classmate"), "learner": N_("learner")}

_played_by: ContextVar[Mapping[str, str] | None] = ContextVar("played_by", default=None)


@contextmanager
def played_by(roles: Mapping[str, str] | None) -> Iterator[None]:
    """While drawing: each seat's role (a key of ``WORDS``); None, a game against the bots."""
    token = _played_by.set(roles)
    try:
        yield
    finally:
        _played_by.reset(token)


def role(player: str, seat: str | None) -> str:
    """``player``'s role as the board drawn from ``seat``'s side (None: the room's) names it."""
    roles = _played_by.get()
    if roles is not None and player in roles:
        return roles[player]
    return "you" if player == seat else "bot"


def role_word(player: str, seat: str | None) -> str:
    return _(WORDS[role(player, seat)])
