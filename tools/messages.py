"""The sentences to translate: ``python tools/messages.py`` (``make messages``) extracts every call of ``_``,
``N_``, ``NP_``, ``ngettext`` and ``pgettext`` in ``cardlib/`` and ``widgets/`` into ``cardlib/locale/cardlib.pot``,
brings each language's catalog up to date with it (a new sentence waits for its translation, a changed one is
marked fuzzy) and writes the page's own words for a kernel gone (``widgets/watchdog.py``) in every language.

Each message's place is its file, not its line, so moving code leaves the catalogs alone. Babel does not read inside
an f-string: a sentence to translate is a call of its own, outside one.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
LOCALE = ROOT / "cardlib" / "locale"
TEMPLATE = LOCALE / "cardlib.pot"
KEYWORDS = (
    "N_",
    "NP_:1c,2",
    "ngettext:1,2",
    "pgettext:1c,2",
    "lazy_gettext",
    "lazy_ngettext:1,2",
    "lazy_pgettext:1c,2",
)
# (besides Babel's own _ and gettext; the engines import the lazy ones as _ and ngettext)


def pybabel(*args: str) -> None:
    subprocess.run([sys.executable, "-m", "babel.messages.frontend", *args], cwd=ROOT, check=True, capture_output=True)


def extract(out: Path = TEMPLATE) -> None:
    """Write the template of every sentence the code has now to ``out``."""
    keywords = [arg for keyword in KEYWORDS for arg in ("-k", keyword)]
    options = ["--add-location=file", "--sort-by-file", "--omit-header"]
    pybabel("extract", "-F", str(LOCALE / "babel.cfg"), *keywords, *options, "-o", str(out), ".")


def main() -> int:
    extract()
    for catalog in sorted(LOCALE.glob("*/LC_MESSAGES/cardlib.po")):
        language = catalog.parent.parent.name
        pybabel("update", "-i", str(TEMPLATE), "-o", str(catalog), "-l", language, "--no-wrap", "--ignore-obsolete")
        print(f"updated {catalog.relative_to(ROOT)}", file=sys.stderr)
    subprocess.run([sys.executable, "-m", "widgets.watchdog"], cwd=ROOT, check=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
