"""What the pages of shared tables have in common (widgets/seat.py, widgets/projector.py, widgets/lobby.py): where
the table service is, a click's work run on the kernel's event loop with its failure said in words, and the seats
in sentences: who sits where and whose turn it is.
"""

from __future__ import annotations

import asyncio
import os
from collections.abc import Callable, Coroutine
from html import escape
from typing import Any

import ipywidgets as w

from cardlib.core.i18n import Message, _
from cardlib.games import describe
from tables.table import teacher_ended

from .panels import error_panel, feedback, log

SERVICE = "TABLES_URL"  # where the table service listens, as `make run` and `make classroom` set it


def tables_url() -> str | None:
    """The table service's address, or None where none runs (Binder, a laptop without `make run`)."""
    return os.environ.get(SERVICE) or None


_running: set[asyncio.Future[None]] = set()  # (kept, so the loop does not drop them)


def later(work: Coroutine[Any, Any, None], said: w.HTML) -> None:
    """Run ``work`` on the kernel's event loop, as a click's answer; what goes wrong is said in ``said``: a
    refusal in the service's words, a service away, anything else in the error panel."""

    async def guarded_work() -> None:
        try:
            await work
        except ValueError as refused:  # the service's sentence
            said.value = feedback("error", str(refused))
        except OSError:  # (ConnectionError too): the service did not answer
            said.value = feedback("error", away())
        except Exception as error:  # the page must stay usable whatever went wrong
            log.exception("a shared table failed")
            said.value = error_panel(error)

    task = asyncio.ensure_future(guarded_work())
    _running.add(task)
    task.add_done_callback(_running.discard)


def who_is_there(table: dict[str, Any], me: str | None, name: Callable[[str], Message | str]) -> list[str]:
    """Each seat in a sentence: the learner's own, a classmate here or away, a bot, a free seat; then whose turn."""
    lines = []
    for seat, about in table["seats"].items():
        if seat == me:
            text = _("{seat}: you.", seat=name(seat))
        elif about["kind"] == "bot":
            text = _("{seat}: a bot.", seat=name(seat))
        elif not about["taken"]:
            text = _("{seat}: a free seat.", seat=name(seat))
        elif about.get("who"):  # under JupyterHub the service knows the learner's name
            here = about.get("here")
            who = {"seat": name(seat), "name": about["who"]}
            text = _("{seat}: {name}, here.", **who) if here else _("{seat}: {name}, away.", **who)
        elif about.get("here"):
            text = _("{seat}: a classmate, here.", seat=name(seat))
        else:
            text = _("{seat}: a classmate, away.", seat=name(seat))
        lines.append(text)
    if table.get("ended"):
        lines.append(teacher_ended())
    if table.get("stalled") and me is None:  # the projector and the lobby: the room's words, the teacher's
        lines.append(_("A bot at this table could not move: the game stops here."))
    elif table.get("stalled"):
        lines.append(_("A bot at this table could not move: the game stops here. Tell your teacher."))
    elif table["over"]:
        lines.append(_("The game is over."))
    elif table["to_move"] == me:
        lines.append(_("It is your turn."))
    else:
        lines.append(_("Waiting for {player}.", player=name(table["to_move"])))
    return lines


def roles(table: dict[str, Any], me: str | None) -> dict[str, str]:
    """Who plays each seat, as the board names it (widgets/roles.py): from a seat's page, "you", a classmate or a
    bot; on the projector, a learner or a bot."""
    others = "learner" if me is None else "classmate"
    return {
        seat: "you" if seat == me else "bot" if about["kind"] == "bot" else others
        for seat, about in table["seats"].items()
    }


def seats_html(table: dict[str, Any], seat: str | None, seat_name: Callable[[str], Message | str]) -> str:
    """Who is at ``table`` and whose turn it is, as ``seat`` (None: the projector, the lobby) reads it. The list
    carries the table's version, the moves played so far: a script (a browser test) knows which move it shows."""
    items = "".join(f"<li>{escape(line)}</li>" for line in who_is_there(table, seat, seat_name))
    style = "display:flex;flex-wrap:wrap;gap:.2em 1.5em;padding-left:1.2em"  # (em: a projector's type is larger)
    return f"<ul class='cg-seats' data-version='{int(table['version'])}' style='{style}'>{items}</ul>"


def no_service() -> str:
    return _(
        "Tables need a class server: your teacher starts one with make run or make classroom. Here you can play "
        "against the bots, or with a classmate on this screen."
    )


def no_table(code: str) -> str:
    return _("No table has the code {code}.", code=code[:12])


def away() -> str:
    return _("The table cannot be reached just now: trying again. Your moves are kept.")


def offer_player_counts(menu: w.Dropdown, game_id: str) -> None:
    """``menu`` offers the numbers of players ``game_id`` is played by, the fewest chosen."""
    counts = describe(game_id).player_counts
    menu.options = [(_("{n} players", n=n), n) for n in counts]
    menu.value = counts[0]
