"""The repository's pages say what the code does: each game's rule book in docs/rules/ is what its rules.py gives."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import rulebooks

import cardlib


def test_every_rule_book_page_is_what_its_rules_py_gives():
    assert rulebooks.stale() == [], "run make rules"


def test_a_rule_book_page_has_every_ruling_and_its_house_ruling():
    for game_id in cardlib.GAMES:
        text = (rulebooks.PAGES / f"{game_id}.md").read_text()
        for rule in cardlib.load(game_id).rules.values():
            assert f"## {rule.id} {rule.title}" in text
            assert rule.house is None or f"> {rule.house}" in text


def test_the_design_page_names_only_files_the_repository_has(repo_root: Path) -> None:
    """docs/design.md says where each kind of code lives: every path it names in backquotes is there."""
    text = (repo_root / "docs" / "design.md").read_text()
    named = [path for path in re.findall(r"`([\w./<>-]+/[\w./<>-]*)`", text) if "<" not in path]
    assert len(named) > 20
    assert [
        path for path in named if not (repo_root / path).exists() and not (repo_root / "widgets" / path).exists()
    ] == []


def test_code_and_docs_cite_the_project_s_own_pages(repo_root: Path) -> None:
    """The plan and the rulings a clone has: docs/design.md and docs/rules/, never pages outside the project."""
    tracked = subprocess.run(
        ["git", "ls-files"], cwd=repo_root, capture_output=True, text=True, check=True
    ).stdout.split()
    citing = [
        name
        for name in tracked
        if name.endswith((".py", ".md", ".js", ".ipynb", "Makefile"))
        and re.search(r"\b(DESIGN|RULINGS)\.md|\.\./shared", (repo_root / name).read_text())
    ]
    assert citing == []
