// Written by `python -m widgets.watchdog` (widgets/watchdog.py), through cardlib.core.i18n: do not edit.
window.cardgameWatchdogWords = {
  "en": {
    "label": "Your game's connection to the server",
    "slow": "Your game is still starting: the server is busy with many learners at once. Please wait a little.",
    "retrying": "Your game did not start on the server. Starting it once more…",
    "failed": "Your game could not start on the server. Try again; if it fails again, tell your teacher.",
    "stopped": "Your game stopped on the server, so it can no longer answer your moves. Start it again to play a new game.",
    "unreachable": "The server is not answering, so your moves cannot reach your game. Check the network, then try again.",
    "again": "Start the game again",
    "opening": "Setting up the table…",
    "loading": "Setting up the table: step {n} of {total}…"
  },
  "fr": {
    "label": "La connexion de ta partie au serveur",
    "slow": "Ta partie est encore en train de démarrer : le serveur est occupé par beaucoup d'élèves à la fois. Patiente un peu, s'il te plaît.",
    "retrying": "Ta partie n'a pas démarré sur le serveur. On essaie encore une fois…",
    "failed": "Ta partie n'a pas pu démarrer sur le serveur. Réessaie ; si ça échoue encore, préviens ton enseignant.",
    "stopped": "Ta partie s'est arrêtée sur le serveur : elle ne peut plus répondre à tes coups. Relance-la pour jouer une nouvelle partie.",
    "unreachable": "Le serveur ne répond pas : tes coups ne peuvent pas atteindre ta partie. Vérifie le réseau, puis réessaie.",
    "again": "Relance la partie",
    "opening": "Préparation de la table…",
    "loading": "Préparation de la table : étape {n} sur {total}…"
  },
  "it": {
    "label": "Il collegamento della tua partita al server",
    "slow": "La tua partita si sta ancora avviando: il server è occupato con molti studenti contemporaneamente. Aspetta un po', per favore.",
    "retrying": "La tua partita non si è avviata sul server. Provo ad avviarla ancora una volta…",
    "failed": "Non è stato possibile avviare la tua partita sul server. Riprova; se non funziona di nuovo, avvisa il tuo insegnante.",
    "stopped": "La tua partita si è fermata sul server, quindi non può più rispondere alle tue mosse. Riavviala per giocare una nuova partita.",
    "unreachable": "Il server non risponde, quindi le tue mosse non possono arrivare alla tua partita. Controlla la connessione, poi riprova.",
    "again": "Riavvia la partita",
    "opening": "Preparo il tavolo…",
    "loading": "Preparo il tavolo: passo {n} di {total}…"
  },
  "pseudo": {
    "label": "⟦Your game's connection to the server⟧",
    "slow": "⟦Your game is still starting: the server is busy with many learners at once. Please wait a little.⟧",
    "retrying": "⟦Your game did not start on the server. Starting it once more…⟧",
    "failed": "⟦Your game could not start on the server. Try again; if it fails again, tell your teacher.⟧",
    "stopped": "⟦Your game stopped on the server, so it can no longer answer your moves. Start it again to play a new game.⟧",
    "unreachable": "⟦The server is not answering, so your moves cannot reach your game. Check the network, then try again.⟧",
    "again": "⟦Start the game again⟧",
    "opening": "⟦Setting up the table…⟧",
    "loading": "⟦Setting up the table: step {n} of {total}…⟧"
  }
};
