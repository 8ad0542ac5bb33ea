"""The saved game: one format for a file, a share link and a position handed to an app, pure Python.

A saved game is a small JSON object: which game, which seat the learner plays, and the position as the game's
own ``to_json`` writes it (``game.from_json`` reads it back and refuses anything else with a ``BadState`` that
names the field). A bare position (``state.to_json()``) is read too, so a teacher can hand either to an app.

A share link carries the same file in the page's query string (``?position=...``), compressed with zlib and
written in base64url.

Limits: a file of at most ``MAX_FILE_BYTES`` (a long four-player game is under 5 kB) and a link's position of at
most ``MAX_LINK_CHARS`` characters (the largest game position we measured is about 1,500), well under what
browsers, Voilà and JupyterHub's proxy accept in an address.
"""

from __future__ import annotations

import base64
import binascii
import json
import zlib
from collections.abc import Mapping
from typing import Any
from urllib.parse import parse_qs

from .core import BadState, Game, State
from .core.i18n import _
from .core.protocol import excerpt

FORMAT = 1
SAVED = "card-game rules tutor: saved game"  # the first field of a file: says what it is to whoever opens it
MAX_FILE_BYTES = 100_000
MAX_LINK_CHARS = 4_000
LINK_FIELD = "position"  # the query-string field of a share link


class SaveError(ValueError):
    """A file or link that is not a saved game of this app; the message says which field and why."""


# -- the file ---------------------------------------------------------------------------------------------------


def saved_game(state: State, seat: str) -> dict[str, Any]:
    return {"saved": SAVED, "format": FORMAT, "game": state.game.id, "seat": seat, "position": state.to_json()}


def dumps(state: State, seat: str) -> str:
    return json.dumps(saved_game(state, seat), ensure_ascii=False, indent=1)


def shown(value: Any) -> str:
    """What a refusal quotes of a value from a file: short text as it is, anything else cut short (a number of
    4,000 digits, a megabyte of text)."""
    return value if isinstance(value, str) and len(value) <= 40 else excerpt(value)


def read(data: Any, game: Game, seat: str | None = None) -> tuple[State, str]:
    """The position and the learner's seat in ``data``: a saved game, or a bare position (then the learner keeps
    ``seat`` if the position has it, else plays its first player). Refuses with a SaveError naming the field."""
    if not isinstance(data, Mapping):
        raise SaveError(_("The file must hold a JSON object, not {kind}.", kind=type(data).__name__))
    if "position" in data:
        if data.get("format") != FORMAT:
            raise SaveError(
                _(
                    "format: this version reads saved games of format {n}, not {value}.",
                    n=FORMAT,
                    value=shown(data.get("format")),
                )
            )
        if data.get("game") != game.id:
            raise SaveError(
                _("game: this is a saved game of {found}, not of {game}.", found=shown(data.get("game")), game=game.id)
            )
        position, seat = data["position"], data.get("seat")
    else:
        position = data
    try:
        state = game.from_json(position)
    except BadState as error:
        raise SaveError(_("position: {error}", error=error)) from None
    if "position" in data and seat not in state.players:
        raise SaveError(
            _(
                "seat: {seat} is not a player of this position ({players}).",
                seat=shown(seat),
                players=", ".join(state.players),
            )
        )
    return state, seat if seat in state.players else state.players[0]


def loads(content: bytes | str, game: Game, seat: str | None = None) -> tuple[State, str]:
    """``read`` of a file's content, refused if it is too big or not JSON."""
    raw = content.encode("utf-8") if isinstance(content, str) else bytes(content)
    if len(raw) > MAX_FILE_BYTES:
        raise SaveError(too_big(len(raw)))
    try:
        data = json.loads(raw.decode("utf-8-sig"))  # -sig: a byte order mark, as some editors write, is skipped
    except UnicodeDecodeError:
        raise SaveError(_("The file is not text: a saved game is a JSON file.")) from None
    except json.JSONDecodeError as error:
        raise SaveError(
            _(
                "The file is not JSON: {error} (line {line}, column {column}).",
                error=error.msg,
                line=error.lineno,
                column=error.colno,
            )
        ) from None
    # JSON, but more than Python reads: a saved game is never nested deep, and its numbers are short
    except RecursionError:
        raise SaveError(_("The file is not a saved game: its JSON is nested too deeply.")) from None
    except ValueError:
        raise SaveError(_("The file is not a saved game: it holds a number too long to read.")) from None
    return read(data, game, seat)


def too_big(size: int) -> str:
    return _(
        "The file has {size:,} bytes; a saved game holds at most {limit:,} bytes (100 kB).",
        size=size,
        limit=MAX_FILE_BYTES,
    )


# -- the link ---------------------------------------------------------------------------------------------------


def link_code(state: State, seat: str) -> str:
    """The saved game, compressed, as the text of a share link's ``position=`` (no padding, safe in a URL); a
    SaveError if it would be longer than a link may be (no link is made that cannot be opened)."""
    text = json.dumps(saved_game(state, seat), separators=(",", ":"), ensure_ascii=False)
    code = base64.urlsafe_b64encode(zlib.compress(text.encode("utf-8"), 9)).decode("ascii").rstrip("=")
    if len(code) > MAX_LINK_CHARS:
        raise SaveError(link_too_long(len(code)))
    return code


def from_link_code(code: str, game: Game, seat: str | None = None) -> tuple[State, str]:
    if len(code) > MAX_LINK_CHARS:
        raise SaveError(
            _(
                "The link's position has {length:,} characters; a share link holds at most {limit:,}.",
                length=len(code),
                limit=MAX_LINK_CHARS,
            )
        )
    try:
        packed = base64.urlsafe_b64decode(code + "=" * (-len(code) % 4))
        unpacker = zlib.decompressobj()
        content = unpacker.decompress(packed, MAX_FILE_BYTES + 1)  # a link cannot unpack into more than a file
    except (binascii.Error, ValueError, zlib.error):
        raise SaveError(_("The link's position is damaged: was it copied whole?")) from None
    return loads(content, game, seat)


def link_too_long(length: int) -> str:
    return _(
        "The position would make a link of {length:,} characters; a share link holds at most {limit:,}. "
        "Use Save and send the file instead.",
        length=length,
        limit=MAX_LINK_CHARS,
    )


def shared_code(query: str | None) -> str | None:
    """The ``position=`` of a page's query string, if any."""
    values = parse_qs(query or "").get(LINK_FIELD)
    return values[0] if values else None
