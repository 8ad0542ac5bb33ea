// Save, Load and Share (widgets/saves.py): buttons drawn here, since only the browser can open a file chooser on
// the click itself and hand a file over; the link is made here, since only the page knows its address.

import { button, chooseFile } from "./chooser.js";
import { voilaAddress } from "./where.js";

function render({ model, el }) {
  const words = model.get("words");
  el.classList.add("cg-saves");
  const row = document.createElement("div");
  row.className = "cg-save-buttons";
  const save = button("save", "download", words.save, words.save_tip);
  const load = button("load", "upload", words.load, words.load_tip);
  const share = button("share", "link", words.share, words.share_tip);
  // A file over the limit is refused by its size: only its first bytes are sent.
  const chooser = chooseFile(load, ".json,application/json", model.get("max_bytes"), (file) =>
    model.send({ do: "load", ...file }),
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
    const done = () => { copy.textContent = words.copied; };
    const fallback = () => document.execCommand("copy") && done();  // no clipboard API over plain http
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
    // This notebook in Voilà, with the position, landing on the app; the page itself if its address is unknown.
    // Only the position: the teacher's theme stays theirs, and a page with no other option can take a
    // preheated kernel (make classroom).
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
    setTimeout(() => URL.revokeObjectURL(link.href), 10000);
  });
}
export default { render };
