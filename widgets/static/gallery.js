// Built by make js from widgets/js/ (esbuild): edit those files, not this one.

// widgets/js/kept.js
function read(key) {
  try {
    return localStorage.getItem(key) || "";
  } catch {
    return "";
  }
}
function write(key, text) {
  try {
    if (text) localStorage.setItem(key, text);
    else localStorage.removeItem(key);
  } catch {
  }
}
function keep(model) {
  const key = model.get("key");
  model.set("record", read(key));
  model.set("loaded", true);
  model.save_changes();
  model.on("change:record", () => {
    const text = model.get("record");
    if (text !== read(key)) write(key, text);
  });
  const heard = (event) => {
    if (event.key !== key && event.key !== null) return;
    model.set("record", read(key));
    model.save_changes();
  };
  addEventListener("storage", heard);
  return () => removeEventListener("storage", heard);
}

// widgets/js/where.js
function inVoila() {
  return document.body.dataset.voila === "voila";
}
function voilaAddress(file, home, target) {
  const [name, hash] = target.split("#");
  if (inVoila()) return new URL(target, location.href);
  const node = document.getElementById("jupyter-config-data");
  const config = node ? JSON.parse(node.textContent) : {};
  const root = (config.serverRoot || "").replace(/^~/, home).replace(/\/+$/, "");
  if (!file || !root || !file.startsWith(root + "/")) return null;
  const parts = file.slice(root.length + 1).split("/");
  if (name) parts[parts.length - 1] = name;
  const path = parts.map(encodeURIComponent).join("/");
  const url = new URL((config.baseUrl || "/") + "voila/render/" + path, location.href);
  if (hash) url.hash = hash;
  return url;
}

// widgets/js/gallery.js
function themeOf() {
  return new URLSearchParams(location.search).get("theme");
}
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
  el.querySelector(".cg-switch").remove();
  for (const link of el.querySelectorAll("a.cg-go")) {
    const target = link.getAttribute("href");
    const url = voilaAddress(model.get("file"), model.get("home"), target);
    if (!url) continue;
    link.target = "_blank";
    link.rel = "noopener";
    const follow = () => {
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
      dialog.addEventListener("close", () => {
        dialog.remove();
        open.focus();
      });
      el.append(dialog);
      dialog.showModal();
    });
  }
}
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
  if (focused) reset.focus();
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
var gallery_default = { render };
export {
  gallery_default as default
};
