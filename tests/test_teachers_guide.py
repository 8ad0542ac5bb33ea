"""docs/teachers.md's examples run as written: its ```python blocks, in order, in one namespace, from the
repository root (the guide's paths are written from there), and each block's comments that show a result
("# Red won battle 1 ...") are what the code prints."""

from __future__ import annotations

import contextlib
import io
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
GUIDE = ROOT / "docs" / "teachers.md"
BLOCKS = re.findall(r"```python\n(.*?)```", GUIDE.read_text(encoding="utf-8"), flags=re.DOTALL)


def test_the_guide_has_examples() -> None:
    assert len(BLOCKS) >= 6


def test_every_example_of_the_guide_runs_and_prints_what_it_says(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    namespace: dict = {}
    for number, block in enumerate(BLOCKS, start=1):
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            exec(compile(block, f"{GUIDE.name} example {number}", "exec"), namespace)
        printed = out.getvalue()
        for line in block.splitlines():
            code, _, said = line.partition("  # ")
            if code.strip().startswith("print(") and said and "..." not in said:
                assert said.strip() in printed, f"example {number}: {code.strip()} did not print {said!r}"
            elif code.strip().startswith("print(") and "..." in said:
                head, _, tail = said.strip().partition("...")
                assert head.strip(' "[') in printed and tail.strip(' "]') in printed, f"example {number}: {said!r}"
