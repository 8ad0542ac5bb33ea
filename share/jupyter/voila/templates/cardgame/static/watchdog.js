// The page's watchdog: it tells the learner, in words, when the game's kernel has gone or never came up, and
// offers to start the game again (widgets/watchdog.py says why, and holds the words). The template loads it
// before the notebook's cells, so it is already watching while the server runs them.
(() => {
  "use strict";
  const LOADING_POLL_MS = 2000; // while the notebook runs: a kernel lost now is a page that never comes up
  const PLAYING_POLL_MS = 10000; // once it has come up: a class of 60 asks about 6 times a second
  const SLOW_MS = 15000; // a class arriving together waits about 0.4 s per learner ahead (docs/performance.md)
  const LIMIT_MS = 120000; // a page not up by then is started again
  const RETRY_DELAY_MS = 2000; // time to read that the game is starting again
  // Jupyter notices a kernel's death within 3 s (KernelRestarter.time_to_dead): a kernel that dies as the page
  // comes up still counts as one that never came up, and the page starts again by itself.
  const SETTLE_MS = 5000;
  const MISSED_POLLS = 3; // polls in a row the server leaves unanswered before the learner is told
  const ANSWER_MS = 5000; // a poll not answered by then is missed (a server that hangs never answers at all)
  const AFTER_CLICK_MS = 1500; // after a click or a key the kernel is asked about this soon: a dead game ignores it

  const catalogs = window.cardgameWatchdogWords || {};
  const asked = new URLSearchParams(location.search).get("lang"); // the page's language (widgets/language.py)
  const words = catalogs[asked] || catalogs[document.documentElement.lang] || catalogs.en;
  const region = document.getElementById("cg-watchdog");
  if (!words || !region) return;
  region.setAttribute("aria-label", words.label);

  // Voilà's loading line says "Running <notebook>..." then "Executing 2 of 6", in English whatever the page's
  // language: the learner reads what is happening in its own words instead.
  const loadingText = document.getElementById("loading_text");
  if (loadingText) {
    loadingText.textContent = words.opening;
    loadingText.dataset.spoken = "";
  }
  const voilaProcess = window.voila_process;
  if (typeof voilaProcess === "function") {
    window.voila_process = (index, count) =>
      voilaProcess(index, count, words.loading.replace("{n}", index).replace("{total}", count));
  }

  // Whether this tab has already started this page again by itself, kept across the reload. A browser that keeps
  // nothing counts as having done so: a page never reloads itself in a loop.
  const retriedKey = "cardgame-watchdog-retried:" + location.pathname;
  const retried = {
    already() {
      try {
        return sessionStorage.getItem(retriedKey) !== null;
      } catch {
        return true;
      }
    },
    mark() {
      try {
        sessionStorage.setItem(retriedKey, "1");
      } catch {}
    },
    forget() {
      try {
        sessionStorage.removeItem(retriedKey);
      } catch {}
    },
  };
  const began = Date.now();
  let shownAt = 0; // when a poll first found the cells shown
  let started = false; // the cells are shown, and the kernel still answered SETTLE_MS later
  let missed = 0;
  let over = false; // the learner has been told the game is gone: nothing more to watch
  let watching = false; // a poll is on its way
  let timer = null;
  let nextPoll = 0;

  // One message at a time, in the region above the page (an alert: screen readers read it at once).
  function say(what, { offerAgain }) {
    const text = document.createElement("p");
    text.textContent = words[what];
    region.replaceChildren(text);
    region.dataset.says = what;
    if (offerAgain) {
      const again = document.createElement("button");
      again.type = "button";
      again.textContent = words.again;
      again.addEventListener("click", () => location.reload());
      region.append(again);
      again.focus(); // the game cannot go on: the keyboard is taken to the one thing left to do
    }
  }

  function quiet() {
    region.replaceChildren();
    delete region.dataset.says;
  }

  // The kernel is gone (or never came up): a page that has not started tries once more by itself.
  function gone() {
    over = true;
    if (started) return say("stopped", { offerAgain: true });
    if (retried.already()) {
      retried.forget(); // the learner's own "start again" gets its retry too
      return say("failed", { offerAgain: true });
    }
    retried.mark();
    say("retrying", { offerAgain: false });
    setTimeout(() => location.reload(), RETRY_DELAY_MS);
  }

  // Voilà writes the page's kernel into the page once it has started it; it never changes after that.
  let kernel = null;
  function kernelUrl() {
    const config = kernel ? null : document.getElementById("jupyter-config-data");
    if (config) {
      const { baseUrl, kernelId } = JSON.parse(config.textContent);
      if (kernelId) kernel = new URL(`${baseUrl}api/kernels/${kernelId}`, location.href).href;
    }
    return kernel;
  }

  // The xsrf cookie as a header, as Jupyter's own requests send it: JupyterHub takes a request made with the hub's
  // login cookie only with it (else refused, the poll would not count as the learner's activity and the idle
  // culler would stop the server under an open page).
  function xsrfHeader() {
    const xsrf = document.cookie.match(/(?:^|; )_xsrf=([^;]*)/);
    return xsrf ? { "X-XSRFToken": xsrf[1] } : {};
  }

  const shown = () => !document.getElementById("loading"); // Voilà removes its spinner once the cells are shown

  function watchIn(ms) {
    clearTimeout(timer);
    if (over) return;
    nextPoll = Date.now() + ms;
    timer = setTimeout(watch, ms);
  }

  async function watch() {
    if (watching) return; // the poll on its way sets the next one
    watching = true;
    try {
      await poll();
      watchIn(started ? PLAYING_POLL_MS : LOADING_POLL_MS);
    } finally {
      watching = false;
    }
  }

  // One look at the kernel.
  async function poll() {
    const url = kernelUrl();
    if (url) {
      let status = 0; // no answer at all
      try {
        const asking = {
          cache: "no-store",
          credentials: "same-origin",
          headers: xsrfHeader(),
          signal: AbortSignal.timeout(ANSWER_MS),
        };
        status = (await fetch(url, asking)).status;
      } catch {}
      if (status === 404) return gone(); // Voilà removed the kernel: its process has ended
      if (status === 200) {
        missed = 0;
        if (region.dataset.says === "unreachable") quiet();
        if (!started && shown()) {
          shownAt ||= Date.now();
          if (region.dataset.says === "slow") quiet();
          if (Date.now() - shownAt >= SETTLE_MS) {
            started = true;
            retried.forget();
          }
        }
      } else if (++missed >= MISSED_POLLS && region.dataset.says !== "unreachable") {
        say("unreachable", { offerAgain: true });
      }
    }
    if (!started) {
      const waited = Date.now() - began;
      if (waited > LIMIT_MS) return gone();
      if (waited > SLOW_MS && !region.dataset.says) say("slow", { offerAgain: false });
    }
  }

  // Look at once when Voilà has shown the cells (a kernel lost while they ran leaves them showing its errors),
  // and soon after the learner clicks or presses a key, so a game that died is told when the learner notices.
  const finish = window.voila_finish;
  window.voila_finish = (...args) => {
    finish?.(...args);
    watchIn(0);
  };
  const lookSoon = () => {
    if (started && nextPoll - Date.now() > AFTER_CLICK_MS) watchIn(AFTER_CLICK_MS);
  };
  document.addEventListener("pointerdown", lookSoon, { capture: true, passive: true });
  document.addEventListener("keydown", lookSoon, { capture: true, passive: true });
  watchIn(LOADING_POLL_MS);
})();
