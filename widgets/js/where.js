// Where a page runs (widgets/where.py): in Voilà, or in a Jupyter server's front end, where an app opens through
// Voilà's server extension.

export function inVoila() {
  return document.body.dataset.voila === "voila";
}
// The address in Voilà of `target`, a notebook beside this one ("napoletana.ipynb#play"; "" for this notebook),
// or null if it cannot be known.
export function voilaAddress(file, home, target) {
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
