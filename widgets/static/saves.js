// Built by make js from widgets/js/ (esbuild): edit those files, not this one.

// widgets/js/chooser.js
function button(kind, icon, label, tip) {
  const node = document.createElement("button");
  node.type = "button";
  node.className = `jupyter-widgets jupyter-button widget-button cg-${kind}`;
  node.title = tip;
  const glyph = document.createElement("i");
  glyph.className = `fa fa-${icon}`;
  glyph.setAttribute("aria-hidden", "true");
  node.append(glyph, label);
  return node;
}
function chooseFile(opener, accept, maxBytes, send) {
  const chooser = document.createElement("input");
  chooser.type = "file";
  chooser.accept = accept;
  chooser.hidden = true;
  opener.addEventListener("click", () => chooser.click());
  chooser.addEventListener("change", async () => {
    const file = chooser.files[0];
    chooser.value = "";
    if (!file) return;
    send({ name: file.name, size: file.size, text: await file.slice(0, maxBytes).text() });
  });
  return chooser;
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

// widgets/js/saves.js
function render({ model, el }) {
  const words = model.get("words");
  el.classList.add("cg-saves");
  const row = document.createElement("div");
  row.className = "cg-save-buttons";
  const save = button("save", "download", words.save, words.save_tip);
  const load = button("load", "upload", words.load, words.load_tip);
  const share = button("share", "link", words.share, words.share_tip);
  const chooser = chooseFile(
    load,
    ".json,application/json",
    model.get("max_bytes"),
    (file) => model.send({ do: "load", ...file })
  );
  row.append(save, load, share, chooser);
  const box = document.createElement("div");
  box.className = "cg-share-box";
  const label = document.createElement("label");
  const field = document.createElement("input");
  field.type = "text";
  field.readOnly = true;
  field.className = "cg-share-link";
  field.addEventListener("focus", () => field.select());
  label.append(words.link, field);
  const copy = document.createElement("button");
  copy.type = "button";
  copy.className = "jupyter-widgets jupyter-button widget-button cg-copy-link";
  copy.addEventListener("click", () => {
    field.select();
    const done = () => {
      copy.textContent = words.copied;
    };
    const fallback = () => document.execCommand("copy") && done();
    if (navigator.clipboard) navigator.clipboard.writeText(field.value).then(done, fallback);
    else fallback();
  });
  box.append(label, copy);
  el.append(row, box);
  save.addEventListener("click", () => model.send({ do: "save" }));
  share.addEventListener("click", () => model.send({ do: "share" }));
  const show = () => {
    const code = model.get("code");
    box.hidden = !code;
    if (!code) return;
    const url = voilaAddress(model.get("file"), model.get("home"), "") || new URL(location.href);
    url.search = "";
    url.searchParams.set("position", code);
    url.hash = "play";
    field.value = url.href;
    copy.textContent = words.copy;
  };
  model.on("change:code", show);
  show();
  model.on("msg:custom", (msg) => {
    if (msg.kind !== "download") return;
    const link = document.createElement("a");
    link.href = URL.createObjectURL(new Blob([msg.text], { type: "application/json" }));
    link.download = msg.filename;
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(link.href), 1e4);
  });
}
var saves_default = { render };
export {
  saves_default as default
};
