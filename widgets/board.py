"""One seat at one table, drawn: a thin view of the seat's session (``cardlib.session``).

The session owns what the seat sees and may do; the board draws its frame and hands it the clicks. A game brings a
*layout* (``widgets/layouts/<id>.py``) that draws a player's view as a scene and names the zones moves go to. Click a
card to pick it up (the rows it may go to light up), then click a row; any row may be clicked, so a wrong one is
refused with the rule it breaks.
"""

from __future__ import annotations

from typing import Any, Protocol

from cardlib.core import Move, State, Verdict
from cardlib.core.i18n import N_, _, ngettext
from cardlib.session import Answer, Place, Session
from cardlib.session import Layout as SessionLayout

from .roles import played_by
from .scene import Flash, LayoutScene, Scene
from .tabletop import Click, Tabletop

# The few words the table draws itself, translated here like every other sentence; their one list: every scene
# brings them to table.js.
WORDS = {
    "to_play": N_("▶ to play"),
    "winner": N_("★ winner"),
    "area_to_play": N_("{area} (to play)"),  # what a screen reader says of the area whose turn it is
    "place_here": N_("Place here"),
    "take_here": N_("Take"),
    "choose_here": N_("Choose"),
    "last_move": N_("Last move"),
    "last_moves": N_("Last moves"),
    "no_cards": N_("no cards"),
    "empty": N_("empty"),
    "total": N_("total"),
    "cards": N_("cards"),
    "face_down": N_("face-down card"),
    "rule": N_("Rule {rule}"),
    "rule_text": N_("The rule in full"),
    "keys": N_(
        "Keys: Tab to a card, Enter to pick it up; Tab goes through the places it may go, Enter puts it there; "
        "Escape puts it back; arrow keys move along a row or a hand."
    ),
    "feedback": N_("What the board says"),
    "named": N_("{board}: {title}"),  # a screen reader's name for the board: "Lesson board: Spies"
}


class Layout(SessionLayout, Protocol):
    """A game's layout as the board draws it: the session's questions, the scene, and the teacher's view."""

    def scene(self, view: dict[str, Any], seat: str | None) -> LayoutScene: ...  # None: the room's scene
    def reveal(self, view: dict[str, Any], views: dict[str, dict[str, Any]]) -> dict[str, Any]: ...


def count_words(n: int) -> str:
    """A pile's size in words (the badge shows the number alone)."""
    return ngettext("{n} card", "{n} cards", n)


def flash(answer: Answer | None) -> Flash | None:
    """What the board says beside the prompt, said now, as table.js draws it."""
    if answer is None:
        return None
    return {"kind": answer.kind, "text": str(answer.text), "rule": answer.rule, "detail": str(answer.detail)}


class Board:
    def __init__(self, layout: Layout, session: Session, name: str = ""):
        """``session``: the seat drawn, and what its clicks go to. ``name``: what the board is on its page ("Lesson
        board", "Game board"), so two boards on one page are told apart by a screen reader's list of landmarks."""
        self.layout, self.session = layout, session
        self.table = Tabletop(name=name)
        self.table.on_click(self._clicked)
        self.reveal = False  # the teacher's view: every hand face up
        self.roles: dict[str, str] | None = None  # who plays each seat (widgets/roles.py); None: against bots
        self.redraw()

    @classmethod
    def showing(cls, layout: Layout, state: State, seat: str, name: str = "") -> Board:
        """A board with a session of its own: ``seat`` in ``state``, the moves played on the board alone."""
        return cls(layout, Session(layout, state, seat), name)

    def _clicked(self, click: Click) -> None:
        self.session.click(click["kind"], click.get("card"), click.get("zone"), click.get("id"))
        self.redraw()

    def try_move(self, move: Move) -> Verdict:
        """Play ``move`` as the seat's clicks would (checked once, refused with its rule), and draw the answer."""
        verdict = self.session.try_move(move)
        self.redraw()
        return verdict

    def redraw(self) -> None:
        """Draw the session's frame, every sentence said in the language spoken now."""
        frame = self.session.frame()
        state, seat = frame.state, frame.seat
        view = frame.view
        if self.reveal:  # the teacher's view: every hand face up, as each player sees its own
            view = self.layout.reveal(view, {who: state.view(who) for who in state.players})
        with played_by(self.roles):
            drawn = self.layout.scene(view, seat)
        zones = [zone for area in drawn["areas"] for zone in area["zones"]]
        # the table's words, and a layout's own (the options a place decides: Napoletana's "as:order")
        words = {key: _(text) for key, text in WORDS.items()} | drawn.get("words", {})
        reach = frame.reach([Place(zone["id"], zone.get("kind", ""), zone.get("drop", False)) for zone in zones], words)
        for zone in zones:
            zone["target"] = zone["id"] in reach.lit
            if zone["target"]:
                zone["verb"] = reach.lit[zone["id"]]
            zone["drop"] = zone["id"] in reach.drops
            zone["own"] = zone["id"] == f"{seat}.hand"
            if zone.get("kind") in ("pile", "deck"):
                zone["count"] = count_words(len(zone["cards"]))
            # Cards in rows and columns have been played: these are places to click, not cards to pick up
            # (unless the layout says so: Pattuglia's New patrol space).
            picks_here = zone.get("kind") not in ("row", "column") or zone.get("pick", False)
            for card in zone["cards"]:
                card["selectable"] = card.get("id") in frame.pickable and picks_here
                card["selected"] = frame.selected is not None and card.get("id") == frame.selected
                card["fresh"] = card.get("id") in frame.fresh
        scene: Scene = {
            **drawn,
            "words": words,
            "prompt": str(frame.prompt),
            "buttons": [
                {
                    "id": button.id,
                    "label": str(button.label),
                    "enabled": True,
                    "kind": "primary" if button.primary else "",
                }
                for button in frame.buttons
            ],
            "flash": flash(frame.answer),
            # every move since the seat's own, however many bots answered: the panel scrolls to the newest
            "last": [str(line) for line in frame.last],
            # where each card may go once picked up ("" for none picked up), so the page lights its places at once
            # and only the move waits for the kernel (table.js)
            "picks": {
                card: {"targets": dict(places.lit), "drops": list(places.drops)} for card, places in reach.picks.items()
            },
        }
        self.table.scene = dict(scene)  # the widget's trait holds plain JSON: a dict, which a TypedDict is not
