"""What a page says when its kernel dies or never comes up: the words of the page's watchdog.

Every game page watches its own kernel (the Voilà template's ``static/watchdog.js``). While the notebook runs,
and every few seconds once it has, the page asks the server about its kernel. Voilà removes a kernel whose
process has ended (voila.json sets ``KernelRestarter.restart_limit`` to 0: a restarted kernel has lost the
notebook's widgets, so restarting it only hides that the game is gone). A page that finds its kernel gone, or that
has not come up after two minutes, says so in words next to a button that starts the game again. One that never
came up starts again by itself, once.

These words must reach a page whose kernel never came up, so the kernel cannot send them. They are written instead,
through cardlib.core.i18n and in every language that has a catalog, into the template's
``static/watchdog-words.js``, which the page loads before anything else. ``python -m widgets.watchdog`` writes that
file; tests/widgets/test_watchdog.py checks that it matches.
"""

from __future__ import annotations

import json
from pathlib import Path

from cardlib.core.i18n import N_, PSEUDO, _, languages, speaking

WORDS_FILE = Path(__file__).resolve().parent.parent / "share/jupyter/voila/templates/cardgame/static/watchdog-words.js"

WORDS = {
    "label": N_("Your game's connection to the server"),
    "slow": N_("Your game is still starting: the server is busy with many learners at once. Please wait a little."),
    "retrying": N_("Your game did not start on the server. Starting it once more…"),
    "failed": N_("Your game could not start on the server. Try again; if it fails again, tell your teacher."),
    "stopped": N_(
        "Your game stopped on the server, so it can no longer answer your moves. Start it again to play a new game."
    ),
    "unreachable": N_(
        "The server is not answering, so your moves cannot reach your game. Check the network, then try again."
    ),
    "again": N_("Start the game again"),
    # Voilà's own loading line ("Executing 2 of 6", always in English), said in the page's language instead
    "opening": N_("Setting up the table…"),
    "loading": N_("Setting up the table: step {n} of {total}…"),
}


def catalogs(words: dict[str, str] = WORDS) -> dict[str, dict[str, str]]:
    """A page's own ``words`` (by default the watchdog's) in every language the tutor speaks and the tests'
    pseudo-language, by language, then by what they say: for a page that speaks before any kernel can."""
    catalog = {}
    for language in [*languages(), PSEUDO]:
        with speaking(language):
            catalog[language] = {key: _(message) for key, message in words.items()}
    return catalog


def words_script() -> str:
    """The text of ``static/watchdog-words.js``."""
    return (
        "// Written by `python -m widgets.watchdog` (widgets/watchdog.py), through cardlib.core.i18n: do not edit.\n"
        f"window.cardgameWatchdogWords = {json.dumps(catalogs(), ensure_ascii=False, indent=2)};\n"
    )


if __name__ == "__main__":
    WORDS_FILE.write_text(words_script(), encoding="utf-8")
    print(f"wrote {WORDS_FILE}")
