"""Small pieces of page shared by the tutor and the app: the rule card, the rules panel, the feedback line."""

from __future__ import annotations

from collections.abc import Callable
from html import escape

import ipywidgets as w

from cardlib.core import Game
from cardlib.core.i18n import _

STYLE = "font-size: 1rem; line-height: 1.45; max-width: 60rem;"


def rule_card(game: Game, rule_id: str | None) -> str:
    """One ruling as the learner reads it, with the house note when our reading departs from the seed."""
    if not rule_id or rule_id not in game.rules:
        return ""
    rule = game.rules[rule_id]
    # The rule books hold English (their entries are catalog keys); they are translated here, where shown.
    house = f"<div class='cg-house'><b>{escape(_(rule.house))}</b></div>" if rule.house else ""
    return (
        f"<div class='cg-rule'><span class='cg-rule-id'>{rule.id}</span> <b>{escape(_(rule.title))}.</b> "
        f"{escape(_(rule.text))}{house}</div>"
    )


def rules_panel(game: Game) -> str:
    items = "".join(f"<li>{rule_card(game, rule_id)}</li>" for rule_id in game.rules)
    return f"<details class='cg-rules'><summary>{escape(_('The rules'))}</summary><ul>{items}</ul></details>"


def feedback(kind: str, text: str, game: Game | None = None, rule: str | None = None) -> str:
    """A feedback line (kind: success | error | info), followed by the rule it is about."""
    icon = {"success": "✔", "error": "✘", "info": "ℹ"}.get(kind, "")
    card = rule_card(game, rule) if game else ""
    return f"<div class='cg-feedback cg-{kind}' style='{STYLE}'>{icon} {escape(text)}{card}</div>"


def guarded(action: Callable[[], None], output: w.HTML) -> None:
    """Run a button's action; if it fails, say so in ``output`` instead of losing it in the kernel log."""
    try:
        action()
    except Exception as error:  # the page must stay usable whatever went wrong
        output.value = feedback("error", _("Something went wrong: {error}", error=error))
