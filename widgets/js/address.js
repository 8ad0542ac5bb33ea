// A learner's seat at a shared table in the page's own address (widgets/seat.py, SeatLink): a reload opens the
// same seat, and the link shown beside it opens it on another device. Only in Voilà, where the page is the app:
// in JupyterLab the address is the notebook's, and stays as it is.
import { inVoila, voilaAddress } from "./where.js";

const OURS = ["table", "seat", "key"];

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
export default { render };
