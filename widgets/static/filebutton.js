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

// widgets/js/filebutton.js
function render({ model, el }) {
  const opener = button("file", "upload", model.get("label"), model.get("tip"));
  el.append(opener, chooseFile(opener, model.get("accept"), model.get("max_bytes"), (file) => model.send(file)));
  const relabel = () => {
    opener.lastChild.textContent = model.get("label");
    opener.title = model.get("tip");
  };
  model.on("change:label change:tip", relabel);
  return () => model.off("change:label change:tip", relabel);
}
var filebutton_default = { render };
export {
  filebutton_default as default
};
