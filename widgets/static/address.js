// Built by make js from widgets/js/ (esbuild): edit those files, not this one.

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

// widgets/js/address.js
var OURS = ["table", "seat", "key"];
function render({ model, el }) {
  el.classList.add("cg-share-box");
  const label = document.createElement("label");
  const words = document.createElement("span");
  const input = document.createElement("input");
  input.className = "cg-share-link";
  input.readOnly = true;
  input.addEventListener("focus", () => input.select());
  label.append(words, input);
  el.append(label);
  const show = () => {
    const params = model.get("params") || {};
    const url = voilaAddress(model.get("file"), model.get("home"), "") || new URL(location.href);
    for (const name of OURS) url.searchParams.delete(name);
    for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
    if (inVoila()) history.replaceState(history.state, "", url.href);
    words.textContent = model.get("label");
    input.value = url.href;
    el.hidden = !params.key;
  };
  model.on("change:params", show);
  model.on("change:label", show);
  show();
}
var address_default = { render };
export {
  address_default as default
};
