// Written by `python -m widgets.watchdog` (widgets/watchdog.py), through cardlib.core.i18n: do not edit.
window.cardgameWatchdogWords = {
  "en": {
    "label": "Your game's connection to the server",
    "slow": "Your game is still starting: the server is busy with many learners at once. Please wait a little.",
    "retrying": "Your game did not start on the server. Starting it once more…",
    "failed": "Your game could not start on the server. Try again; if it fails again, tell your teacher.",
    "stopped": "Your game stopped on the server, so it can no longer answer your moves. Start it again to play a new game.",
    "unreachable": "The server is not answering, so your moves cannot reach your game. Check the network, then try again.",
    "again": "Start the game again"
  }
};
