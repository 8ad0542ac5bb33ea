"""Save, load and share a game: one file format for all three, and for ``GameApp(..., position=...)``.

A saved game is a small JSON object: which game, which seat the learner plays, and the position as the game's
own ``to_json`` writes it (``game.from_json`` reads it back and refuses anything else with a ``BadState`` that
names the field). A bare position (``state.to_json()``) is read too, so a teacher can hand either to an app.

A share link carries the same file in the page's query string (``?position=...``), compressed with zlib and
written in base64url. Voilà passes the query string to the kernel (``where.page_query``): as the environment
variable ``QUERY_STRING`` when the page starts its kernel, and, for a preheated kernel (``make classroom``), once a
page takes it (``where.when_page``).

Limits: a file of at most ``MAX_FILE_BYTES`` (a long four-player game is under 5 kB) and a link's position of at
most ``MAX_LINK_CHARS`` characters (the largest game position we measured is about 1,500), well under what
browsers, Voilà and JupyterHub's proxy accept in an address.
"""

from __future__ import annotations

import base64
import binascii
import json
import threading
import zlib
from collections.abc import Callable, Mapping
from typing import Any
from urllib.parse import parse_qs

import anywidget
import ipywidgets as w
import traitlets

from cardlib.core import BadState, Game, State
from cardlib.core.i18n import _
from cardlib.core.protocol import excerpt

from .panels import guarded
from .where import WHERE_JS, notebook_file, page_query, when_page

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
    """The saved game, compressed, as the text of a share link's ``position=`` (no padding, safe in a URL)."""
    text = json.dumps(saved_game(state, seat), separators=(",", ":"), ensure_ascii=False)
    return base64.urlsafe_b64encode(zlib.compress(text.encode("utf-8"), 9)).decode("ascii").rstrip("=")


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


_taken = threading.Lock()  # the link's position is for the first app the notebook makes, not for one made later


def when_shared(callback: Callable[[str], None], shows: Callable[[], bool] = lambda: True) -> None:
    """Call ``callback(code)`` with the share link's position the page was opened with, once per kernel (in a
    preheated kernel, once a page has taken it: ``where.when_page``), unless ``shows()`` says by then that the app
    does not show (it was built ahead in a language the page did not ask for). Outside Voilà (JupyterLab, tests)
    there is no link, and nothing happens."""

    def take() -> None:
        if not shows() or not _taken.acquire(blocking=False):
            return
        code = shared_code(page_query())
        if code:
            callback(code)

    when_page(take)


# -- in the page ------------------------------------------------------------------------------------------------

# The buttons are drawn here, not by ipywidgets, because only the browser can open a file chooser (on the click
# itself) and hand a file to the learner; they wear ipywidgets' button classes so they look like the app's others.
_ESM = (
    WHERE_JS
    + """
function button(kind, icon, label, tip) {
  const node = document.createElement("button");
  node.type = "button";
  node.className = `jupyter-widgets jupyter-button widget-button cg-${kind}`;
  node.title = tip;
  const glyph = document.createElement("i");
  glyph.className = `fa fa-${icon}`;
  glyph.setAttribute("aria-hidden", "true");
  node.append(glyph, label);
  return node;
}
function render({ model, el }) {
  const words = model.get("words");
  el.classList.add("cg-saves");
  const row = document.createElement("div");
  row.className = "cg-save-buttons";
  const save = button("save", "download", words.save, words.save_tip);
  const load = button("load", "upload", words.load, words.load_tip);
  const share = button("share", "link", words.share, words.share_tip);
  const chooser = document.createElement("input");
  chooser.type = "file";
  chooser.accept = ".json,application/json";
  chooser.hidden = true;
  row.append(save, load, share, chooser);

  const box = document.createElement("div");
  box.className = "cg-share-box";
  const label = document.createElement("label");
  const field = document.createElement("input");
  field.type = "text";
  field.readOnly = true;
  field.className = "cg-share-link";
  field.addEventListener("focus", () => field.select());
  label.append(words.link, field);
  const copy = document.createElement("button");
  copy.type = "button";
  copy.className = "jupyter-widgets jupyter-button widget-button cg-copy-link";
  copy.addEventListener("click", () => {
    field.select();
    const done = () => { copy.textContent = words.copied; };
    const fallback = () => document.execCommand("copy") && done();  // no clipboard API over plain http
    if (navigator.clipboard) navigator.clipboard.writeText(field.value).then(done, fallback);
    else fallback();
  });
  box.append(label, copy);
  el.append(row, box);

  save.addEventListener("click", () => model.send({ do: "save" }));
  share.addEventListener("click", () => model.send({ do: "share" }));
  load.addEventListener("click", () => chooser.click());
  chooser.addEventListener("change", async () => {
    const file = chooser.files[0];
    chooser.value = "";  // the same file may be chosen again once fixed
    if (!file) return;
    // A file over the limit is not sent at all: Python refuses it by its size.
    const text = file.size > model.get("max_bytes") ? "" : await file.text();
    model.send({ do: "load", name: file.name, size: file.size, text });
  });

  const show = () => {
    const code = model.get("code");
    box.hidden = !code;
    if (!code) return;
    // This notebook in Voilà, with the position, landing on the app; the page itself if its address is unknown.
    // Only the position: the teacher's theme stays theirs, and a page with no other option can take a
    // preheated kernel (make classroom).
    const url = voilaAddress(model.get("file"), model.get("home"), "") || new URL(location.href);
    url.search = "";
    url.searchParams.set("position", code);
    url.hash = "play";
    field.value = url.href;
    copy.textContent = words.copy;
  };
  model.on("change:code", show);
  show();
  model.on("msg:custom", (msg) => {
    if (msg.kind !== "download") return;
    const link = document.createElement("a");
    link.href = URL.createObjectURL(new Blob([msg.text], { type: "application/json" }));
    link.download = msg.filename;
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(link.href), 10000);
  });
}
export default { render };
"""
)

_CSS = """
.cg-save-buttons{display:flex;flex-wrap:wrap;gap:2px}
.cg-share-box{display:flex;gap:.5rem;align-items:center;flex-wrap:wrap;margin:.3rem 0}
.cg-share-box[hidden]{display:none}
.cg-share-box label{display:flex;gap:.5rem;align-items:center;flex:1;flex-wrap:wrap;font-size:1rem;
  color:var(--jp-ui-font-color0,#111)}
.cg-share-link{flex:1;min-width:14rem;font-size:.9rem;padding:.3rem;color:var(--jp-ui-font-color0,#111);
  background:var(--jp-layout-color0,#fff);border:1px solid var(--jp-border-color1,#999)}
"""


class SaveBar(anywidget.AnyWidget):
    """The app's Save, Load and Share. ``current()`` gives the position and the learner's seat to save; ``start``
    puts a loaded one on the board. What happens is said by ``say`` (on the board, beside the prompt, announced to
    screen readers); a refused file or link changes nothing and says which field and why. ``errors`` shows what
    breaks unexpectedly (the app's error panel).

    A share link is made in the browser, since only the page knows its address: in Voilà, the page itself; in
    JupyterLab, the same notebook in Voilà (widgets/where.py)."""

    _esm = _ESM
    _css = _CSS
    code = traitlets.Unicode("").tag(sync=True)  # the position of the link shown, or "" for no link
    max_bytes = traitlets.Int(MAX_FILE_BYTES).tag(sync=True)
    words = traitlets.Dict().tag(sync=True)
    file = traitlets.Unicode("").tag(sync=True)  # widgets/where.py
    home = traitlets.Unicode("").tag(sync=True)

    def __init__(
        self,
        game: Game,
        current: Callable[[], tuple[State, str]],
        start: Callable[[State, str], None],
        say: Callable[[str, str], None],
        errors: w.HTML,
    ):
        words = {
            "save": _("Save"),
            "save_tip": _("Download this game as a JSON file"),
            "load": _("Load"),
            "load_tip": _("Open a saved game (a JSON file of at most 100 kB)"),
            "share": _("Share"),
            "share_tip": _("A link that opens this position in this app"),
            "link": _("Link to this position:"),
            "copy": _("Copy link"),
            "copied": _("Copied"),
        }
        super().__init__(words=words, **notebook_file())
        self.game, self.current, self.start, self.say, self.errors = game, current, start, say, errors
        self.on_msg(self._message)

    def _message(self, _widget: Any, content: dict[str, Any], _buffers: Any) -> None:
        actions = {
            "save": self.save,
            "share": self.share,
            "load": lambda: self.load_file(str(content.get("name")), content.get("text") or "", content.get("size")),
        }
        if content.get("do") in actions:
            guarded(actions[content["do"]], self.errors)

    def save(self) -> None:
        state, seat = self.current()
        self.send({"kind": "download", "text": dumps(state, seat), "filename": f"{self.game.id}-position.json"})
        self.say("success", _("The game is saved as a file: Load opens it again."))

    def share(self) -> None:
        code = link_code(*self.current())
        if len(code) > MAX_LINK_CHARS:
            self.code = ""
            self.say("error", link_too_long(len(code)))
            return
        self.code = code
        self.say("success", _("The link below opens this position in this app: copy it and send it."))

    def load_file(self, name: str, content: bytes | str, size: int | None = None) -> None:
        """A file the learner chose (``size`` as the browser measured it: a file over the limit is not sent)."""
        size = len(content.encode("utf-8") if isinstance(content, str) else content) if size is None else size
        try:
            if size > MAX_FILE_BYTES:
                raise SaveError(too_big(size))
            state, seat = loads(content, self.game, self.current()[1])
        except SaveError as error:
            text = _("{file} cannot be loaded; the game is as it was. {why}", file=name, why=error)
            self.say("error", text)
            return
        self.start(state, seat)
        self.say("success", _("{file} is loaded: the game goes on from there.", file=name))

    def load_link(self, code: str) -> None:
        try:
            state, seat = from_link_code(code, self.game, self.current()[1])
        except SaveError as error:
            text = _("The shared link's position cannot be opened, so a new game starts: {why}", why=error)
            self.say("error", text)
            return
        self.start(state, seat)
        self.say("success", _("This is the position of the link you opened."))
