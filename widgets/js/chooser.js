// Only the browser can open a file chooser (on the click itself) and read the file chosen: a button that does, for
// the save bar's Load (saves.js) and the deck builder's (filebutton.js). They wear ipywidgets' button classes, so
// they look like the app's other buttons.

export function button(kind, icon, label, tip) {
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

// ``opener``'s click opens the chooser; ``send`` gets the file's name, its size and the text of at most its first
// ``maxBytes`` bytes (Python refuses a file too long by what it is sent). Returns the hidden chooser to place.
export function chooseFile(opener, accept, maxBytes, send) {
  const chooser = document.createElement("input");
  chooser.type = "file";
  chooser.accept = accept;
  chooser.hidden = true;
  opener.addEventListener("click", () => chooser.click());
  chooser.addEventListener("change", async () => {
    const file = chooser.files[0];
    chooser.value = "";  // the same file may be chosen again once fixed
    if (!file) return;
    send({ name: file.name, size: file.size, text: await file.slice(0, maxBytes).text() });
  });
  return chooser;
}
