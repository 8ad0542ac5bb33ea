// A button that opens the browser's file chooser and hands the file to Python (widgets/panels.py, FileButton).

import { button, chooseFile } from "./chooser.js";

function render({ model, el }) {
  const opener = button("file", "upload", model.get("label"), model.get("tip"));
  el.append(opener, chooseFile(opener, model.get("accept"), model.get("max_bytes"), (file) => model.send(file)));
}

export default { render };
