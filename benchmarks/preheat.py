"""What a pooled kernel's page costs before and when its learner comes: each notebook run as ``make classroom``
preheats it, then a page taking it in another language.

For each notebook, in a fresh Python set up as Voilà's preheated kernels are (``VOILA_PREHEAT``): ``import_cpu_s``,
the CPU seconds of importing the widgets the notebooks use; ``build_cpu_s``, of running its cells (the page built
before any page asks); ``arrive_cpu_s``, of a page taking the kernel with ``?lang=`` another language (what its
learner waits for); ``rss_mib``, the process's peak resident memory; ``widgets``, the widgets open once the page has
come. The kernel's own start and Voilà's messages are not in it (``benchmarks/classroom.py`` measures a whole pool).

Prints one JSON object. ``python benchmarks/preheat.py [--lang it] [--repeat 3] [notebook ...]``; the tree measured is
the one ``PYTHONPATH`` names first (a worktree of another commit, to compare), else this one.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = ("index", "napoletana", "njet", "senza_nome", "pattuglia", "nespanini")

# Run in the fresh Python: the notebook's code cells, as a preheated kernel runs them, then its page's arrival.
KERNEL = """
import json, resource, sys, time
def cpu():
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime
cells, lang = json.loads(sys.argv[1]), sys.argv[2]
start = cpu()
import ipywidgets
from widgets import app, gallery, page, preheated, tutor  # what the notebooks import
preheated._listen = lambda: None  # no Voila to listen to: the page's arrival is called below
imported = cpu()
scope = {}
for cell in cells:
    exec(compile(cell, "<cell>", "exec"), scope)
built = cpu()
import os
os.environ["QUERY_STRING"] = f"lang={lang}"
preheated._page_arrived()
arrived = cpu()
from ipywidgets.widgets.widget import _instances
print(json.dumps({
    "import_cpu_s": imported - start,
    "build_cpu_s": built - imported,
    "arrive_cpu_s": arrived - built,
    "rss_mib": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
    "widgets": sum(1 for widget in _instances.values() if widget.comm is not None),
}))
"""


def cells(notebook: str) -> list[str]:
    """The notebook's code cells, each as it is written."""
    data = json.loads((ROOT / "notebooks" / f"{notebook}.ipynb").read_text())
    return ["".join(cell["source"]) for cell in data["cells"] if cell["cell_type"] == "code"]


def measure(notebook: str, lang: str, tree: Path) -> dict[str, float]:
    env = os.environ | {
        "VOILA_PREHEAT": "True",
        "VOILA_KERNEL_ID": "benchmark",
        "PYTHONPATH": str(tree),
        "TUTOR_LANG": "en",
    }
    env.pop("QUERY_STRING", None)
    done = subprocess.run(
        [sys.executable, "-c", KERNEL, json.dumps(cells(notebook)), lang],
        env=env,
        cwd=tree / "notebooks",
        capture_output=True,
        text=True,
        check=True,
    )
    return json.loads(done.stdout.strip().splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("notebooks", nargs="*", default=NOTEBOOKS)
    parser.add_argument("--lang", default="it", help="the language the page asks for (default it)")
    parser.add_argument("--repeat", type=int, default=3, help="runs of each notebook; the medians are printed")
    args = parser.parse_args()
    tree = Path(os.environ.get("PYTHONPATH", "").split(os.pathsep)[0] or ROOT).resolve()
    commit = subprocess.run(["git", "-C", str(tree), "rev-parse", "--short", "HEAD"], capture_output=True, text=True)
    found = {}
    for notebook in args.notebooks:
        runs = [measure(notebook, args.lang, tree) for _ in range(args.repeat)]
        found[notebook] = {key: round(statistics.median(run[key] for run in runs), 3) for key in runs[0]}
    print(
        json.dumps(
            {
                "commit": commit.stdout.strip(),
                "lang": args.lang,
                "repeat": args.repeat,
                "machine": f"{platform.machine()}, {os.cpu_count()} cores",
                "notebooks": found,
            }
        )
    )


if __name__ == "__main__":
    main()
