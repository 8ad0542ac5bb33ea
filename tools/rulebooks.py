"""Each game's rule book as a page of the repository, ``docs/rules/<id>.md``, written from its ``rules.py``: the
rules panel's text, so a reader of the repository sees what a learner sees, house rulings included.

``python tools/rulebooks.py`` (``make rules``) writes them; ``--check`` lists the pages that differ from what
``rules.py`` gives (tests/test_docs.py fails on them), so a ruling changed in code cannot leave its page behind.
"""

from __future__ import annotations

import sys
from pathlib import Path

import cardlib

PAGES = Path(__file__).resolve().parents[1] / "docs" / "rules"


def page(game_id: str) -> str:
    """The Markdown of ``game_id``'s rule book."""
    game = cardlib.load(game_id)
    lines = [
        f"# {game.title}: the rules",
        "",
        f"Written by `make rules` from `cardlib/games/{game_id}/rules.py`, which the app's rules panel shows; edit",
        "that file, not this page. Each rule has its ruling id; where the tutor departs from the original rule text,",
        "or fills a gap in it, the house ruling says how.",
    ]
    for rule in game.rules.values():
        lines += ["", f"## {rule.id} {rule.title}", "", rule.text]
        if rule.house:
            lines += ["", f"> {rule.house}"]
    return "\n".join(lines) + "\n"


def stale() -> list[str]:
    """The pages missing or different from what the rule books give."""
    return [
        game_id
        for game_id in cardlib.GAMES
        if not (PAGES / f"{game_id}.md").exists() or (PAGES / f"{game_id}.md").read_text() != page(game_id)
    ]


def main(argv: list[str]) -> int:
    if "--check" in argv:
        behind = stale()
        for game_id in behind:
            print(f"docs/rules/{game_id}.md is not what rules.py gives: run make rules", file=sys.stderr)
        return 1 if behind else 0
    PAGES.mkdir(parents=True, exist_ok=True)
    for game_id in cardlib.GAMES:
        (PAGES / f"{game_id}.md").write_text(page(game_id))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
