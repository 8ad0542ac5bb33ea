"""The one form the committed notebooks take, so that opening one in JupyterLab (which writes its kernel's
name, ``language_info`` and its own key order) or running it leaves nothing for git to see once normalised.

``python tools/notebooks.py`` (``make format``) rewrites every ``notebooks/*.ipynb`` in that form;
``--check`` only lists the ones that are not (tests/test_notebooks.py fails on them). The form: nbformat 4.5, no
outputs or execution counts, no cell metadata, cell ids ``<notebook>-<n>`` in order, the notebook's metadata
exactly ``CANONICAL_METADATA`` (the kernel as JupyterLab names ipykernel's, so it has nothing to rewrite; Voilà's
template), keys
sorted, one-space indent, a final newline: what nbformat writes.
"""

from __future__ import annotations

import sys
from pathlib import Path

import nbformat

NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"
CANONICAL_METADATA = {
    "kernelspec": {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"},
    "language_info": {"name": "python"},
    # Voilà renders every notebook with our template, which serves Font Awesome itself (share/jupyter/voila/...).
    "voila": {"template": "cardgame"},
}


def canonical(text: str, name: str) -> str:
    """The canonical text of the notebook ``text`` whose file is ``name``.ipynb."""
    notebook = nbformat.reads(text, as_version=4)
    notebook.nbformat_minor = 5
    notebook.metadata = nbformat.from_dict(CANONICAL_METADATA)
    for index, cell in enumerate(notebook.cells):
        cell.id = f"{name}-{index}"
        cell.metadata = nbformat.from_dict({})
        if not cell.get("attachments"):
            cell.pop("attachments", None)
        if cell.cell_type == "code":
            cell.outputs = []
            cell.execution_count = None
    nbformat.validate(notebook)
    return nbformat.writes(notebook, version=4) + "\n"


def main(argv: list[str]) -> int:
    check = "--check" in argv
    stale = []
    for path in sorted(NOTEBOOKS.glob("*.ipynb")):
        text = path.read_text(encoding="utf-8")
        form = canonical(text, path.stem)
        if form != text:
            stale.append(path)
            if not check:
                path.write_text(form, encoding="utf-8")
    for path in stale:
        print(f"{path.relative_to(NOTEBOOKS.parent)}: {'not normalised' if check else 'normalised'}")
    if check and stale:
        print("Run `make format` to normalise them.")
    return 1 if check and stale else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
