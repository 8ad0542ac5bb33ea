// A button that opens the browser's file chooser and hands the file to Python (widgets/panels.py, FileButton).

import { button, chooseFile } from "./chooser.js";

function render({ model, el }) {
  const opener = button("file", "upload", model.get("label"), model.get("tip"));
  el.append(opener, chooseFile(opener, model.get("accept"), model.get("max_bytes"), (file) => model.send(file)));
  // its words may come after it is drawn (said again in the page's language): the button follows them
  const relabel = () => {
    opener.lastChild.textContent = model.get("label");
    opener.title = model.get("tip");
  };
  model.on("change:label change:tip", relabel);
  return () => model.off("change:label change:tip", relabel);
}

export default { render };
