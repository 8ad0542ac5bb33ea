"""The committed notebooks are in their one canonical form (tools/notebooks.py, `make format`), and each game's
notebook opens with its lessons, then the game."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import notebooks as tool  # tools/notebooks.py (on pytest's pythonpath): a script with its functions
from cardlib.games import GAMES

ROOT = Path(__file__).resolve().parents[1]

NOTEBOOKS = sorted(tool.NOTEBOOKS.glob("*.ipynb"))


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda path: path.name)
def test_every_committed_notebook_is_normalised(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    assert tool.canonical(text, path.stem) == text, f"{path.name} is not normalised: run `make format`"


def test_what_jupyterlab_writes_is_normalised_away() -> None:
    """Opened, run and saved in JupyterLab: outputs, counts, its kernel metadata, random cell ids, its key order."""
    clean = (tool.NOTEBOOKS / "napoletana.ipynb").read_text(encoding="utf-8")
    notebook = json.loads(clean)
    notebook["metadata"] = {
        "language_info": {"version": "3.11.7", "name": "python", "mimetype": "text/x-python"},
        "kernelspec": {"name": "python3", "display_name": "Python 3 (ipykernel)", "language": "python"},
        "widgets": {"application/vnd.jupyter.widget-state+json": {"state": {}}},
    }
    for index, cell in enumerate(notebook["cells"]):
        cell["id"] = f"3f2a9c{index}"
        cell["metadata"] = {"scrolled": True, "jupyter": {"source_hidden": False}}
        if cell["cell_type"] == "code":
            cell["execution_count"] = 4
            cell["outputs"] = [{"output_type": "stream", "name": "stdout", "text": ["<object at 0x7f00>\n"]}]
    messy = json.dumps(notebook, indent=2)
    assert tool.canonical(messy, "napoletana") == clean


def test_the_check_lists_a_stale_notebook_and_format_fixes_it(tmp_path: Path, monkeypatch, capsys) -> None:
    stale = tmp_path / "napoletana.ipynb"
    stale.write_text((tool.NOTEBOOKS / "napoletana.ipynb").read_text().replace('"Python 3 (ipykernel)"', '"Py"'))
    monkeypatch.setattr(tool, "NOTEBOOKS", tmp_path)
    assert tool.main(["--check"]) == 1 and "not normalised" in capsys.readouterr().out
    assert tool.main([]) == 0 and tool.main(["--check"]) == 0


@pytest.mark.parametrize("game_id", list(GAMES))
def test_a_game_notebook_opens_with_its_lessons_then_the_game(game_id: str) -> None:
    cells = json.loads((tool.NOTEBOOKS / f"{game_id}.ipynb").read_text())["cells"]
    code = ["".join(cell["source"]) for cell in cells if cell["cell_type"] == "code"]
    apps = [source for source in code if any(app in source for app in ("Tutor(", "GameApp(", "DeckBuilder("))]
    assert f'introduction("{game_id}")' in code[0], f"{game_id}.ipynb: its words (widgets/page.py) do not come first"
    assert "Tutor(" in apps[0], f"{game_id}.ipynb: the first app is not the lessons"
    assert "GameApp(" in code[-1]
