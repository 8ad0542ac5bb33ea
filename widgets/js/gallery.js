// The gallery (widgets/gallery.py): its HTML comes from Python; this adds the light/dark toggle, the first
// visit's language and theme, the pictures opened at full size, and in JupyterLab links that open games in Voilà.
//
// In Voilà the page is the gallery: Voilà marks its theme on <body> (data-jp-theme-light), ?theme= in the URL
// chooses it, and the links open the games beside it. In JupyterLab the gallery is one output among others: the
// theme is JupyterLab's (the colours are its variables), nothing reloads the page, and a game opens in Voilà in a
// tab of its own, where its notebook runs (widgets/where.py finds the address).

import { keep } from "./kept.js";
import { inVoila, voilaAddress } from "./where.js";

function themeOf() {
  return new URLSearchParams(location.search).get("theme");
}
// The page's language: its ?lang=, chosen in the switch; on a first visit, the browser's, if the tutor speaks it.
function browserLanguage(offered) {
  for (const tag of navigator.languages || [navigator.language]) {
    const code = String(tag).slice(0, 2).toLowerCase();
    if (offered.includes(code)) return code;
  }
  return null;
}
function goTheme(theme) {
  const url = new URL(location.href);
  url.searchParams.set("theme", theme);
  location.assign(url.href);
}
function inLab(model, el) {
  el.querySelector(".cg-theme").remove();
  el.querySelector(".cg-switch").remove(); // the notebook's kernel speaks one language: GameApp(lang=...)
  for (const link of el.querySelectorAll("a.cg-go")) {
    const target = link.getAttribute("href");
    const url = voilaAddress(model.get("file"), model.get("home"), target);
    if (!url) continue;  // unknown server root: the plain link still opens the notebook's file
    link.target = "_blank";
    link.rel = "noopener";
    const follow = () => {  // JupyterLab's theme at the moment of the click
      if (document.body.dataset.jpThemeLight === "false") url.searchParams.set("theme", "dark");
      else url.searchParams.delete("theme");
      link.href = url.href;
    };
    follow();
    link.addEventListener("mousedown", follow);
    link.addEventListener("keydown", follow);
  }
}
function openPictures(model, el) {
  // a board's picture, shown whole in its card, opens at full size (where its text can be read)
  for (const open of el.querySelectorAll(".cg-picture-open")) {
    open.addEventListener("click", () => {
      const dialog = document.createElement("dialog");
      dialog.className = "cg-picture-dialog";
      dialog.setAttribute("aria-label", open.querySelector("img").alt);
      const close = document.createElement("button");
      close.type = "button";
      close.textContent = model.get("close_label");
      close.addEventListener("click", () => dialog.close());
      const full = open.querySelector("img").cloneNode();
      full.className = "";
      dialog.append(close, full);
      dialog.addEventListener("close", () => { dialog.remove(); open.focus(); });
      el.append(dialog);
      dialog.showModal();
    });
  }
}
// The learner's progress (widgets/gallery.py, progress): in each card and below them, once Python has read the record
// this browser keeps (kept.js); the reset asks first, then Python forgets the record and kept.js the browser's copy.
function showProgress(model, el) {
  const { games = {}, yours = "" } = JSON.parse(model.get("progress"));
  for (const card of el.querySelectorAll(".cg-game")) {
    const slot = card.querySelector(".cg-progress");
    if (slot) slot.innerHTML = games[card.dataset.game] || "";
  }
  const section = el.querySelector(".cg-yours");
  if (!section) return;
  const focused = document.activeElement && section.contains(document.activeElement);
  section.innerHTML = yours;
  const reset = section.querySelector(".cg-reset");
  const ask = section.querySelector(".cg-reset-ask");
  if (!reset || !ask) return;
  reset.addEventListener("click", () => {
    ask.hidden = false;
    reset.hidden = true;
    section.querySelector(".cg-reset-no").focus();
  });
  section.querySelector(".cg-reset-no").addEventListener("click", () => {
    ask.hidden = true;
    reset.hidden = false;
    reset.focus();
  });
  section.querySelector(".cg-reset-yes").addEventListener("click", () => model.send({ do: "reset" }));
  if (focused) reset.focus(); // (after a reset, the focus stays in the section)
}
function render({ model, el }) {
  el.innerHTML = model.get("html");
  openPictures(model, el);
  const progress = () => showProgress(model, el);
  model.on("change:progress", progress);
  if (!inVoila()) {
    inLab(model, el);
    return keep(model);
  }
  const params = new URLSearchParams(location.search);
  const offered = JSON.parse(model.get("languages"));
  const wanted = browserLanguage(offered);
  if (!params.get("lang") && wanted && wanted !== "en" && !sessionStorage.getItem("cg-lang-seen")) {
    sessionStorage.setItem("cg-lang-seen", "1");
    const url = new URL(location.href);
    url.searchParams.set("lang", wanted);
    location.assign(url.href);
    return;
  }
  // First visit, no theme chosen: follow the browser's preference (Voilà's own default is light).
  const chosen = themeOf();
  if (!chosen && matchMedia("(prefers-color-scheme: dark)").matches && !sessionStorage.getItem("cg-theme-seen")) {
    sessionStorage.setItem("cg-theme-seen", "1");
    goTheme("dark");
    return;
  }
  const dark = document.body.dataset.jpThemeLight === "false";
  const toggle = el.querySelector(".cg-theme");
  toggle.textContent = dark ? model.get("light_label") : model.get("dark_label");
  toggle.setAttribute("aria-pressed", String(dark));
  toggle.addEventListener("click", () => goTheme(dark ? "light" : "dark"));
  // The links carry a theme chosen against the browser's preference. One the next page takes by itself (a page with
  // no ?theme follows the preference, share/.../cardgame) is left out: Voilà gives a page that asks for a theme a
  // kernel of its own, never one of a class's preheated pool.
  const preferred = matchMedia("(prefers-color-scheme: dark)").matches ? "dark" : "light";
  if (chosen && chosen !== preferred) {
    for (const link of el.querySelectorAll("a.cg-go, a.cg-lang")) {
      const url = new URL(link.getAttribute("href"), location.href);
      url.searchParams.set("theme", chosen);
      link.href = url.href;
    }
  }
  progress();
  return keep(model);
}
export default { render };
