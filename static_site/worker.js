// The browser's own Python for a page of the static site (its head starts it): Pyodide, in a Web Worker so that a
// bot thinking long never freezes the page, with the tutor's Python unpacked beside it (python.zip: cardlib,
// widgets, ipywidgets, anywidget and browser_kernel). It runs the page's notebook cells and carries the widgets'
// comm messages both ways (static_site/python/browser_kernel says how). Every file is the site's own: nothing is
// fetched from anywhere else.
import { loadPyodide } from "./pyodide/pyodide.mjs";

const here = new URL(".", import.meta.url);
const SITE_PACKAGES = "/home/pyodide/tutor";
let pyodide;
let kernel;
let loaded; // the promise of load(), made once: when the page asks (its head), or at the latest when it starts

// Pyodide with the tutor's Python unpacked beside it, connected to the page
async function load() {
  postMessage({ kind: "starting", step: "python" });
  const archive = fetch(new URL("python.zip", here)).then((r) => {
    if (!r.ok) throw new Error(`python.zip: ${r.status} ${r.statusText}`);
    return r.arrayBuffer();
  });
  // no echo of each change back to the page: ipywidgets sends one for pages that show a widget twice, which a
  // static page never does, and the page tells an echo from its own newer change only by a kernel's message ids
  const env = { HOME: "/home/pyodide", JUPYTER_WIDGETS_ECHO: "0" };
  pyodide = await loadPyodide({ indexURL: new URL("pyodide/", here).href, env });
  pyodide.unpackArchive(await archive, "zip", { extractDir: SITE_PACKAGES });
  pyodide.runPython(`import sys; sys.path.insert(0, "${SITE_PACKAGES}")`);
  postMessage({ kind: "starting", step: "tutor" });
  kernel = pyodide.pyimport("browser_kernel");
  kernel.connect((text, buffers) => {
    const views = buffers.toJs();
    buffers.destroy();
    postMessage({ kind: "comm", text, buffers: views }, views.map((b) => b.buffer));
  });
}

// The notebook's cells, run in order, each one's widgets shown in its place
function run(query, cells) {
  kernel.open_page(query);
  for (const [cell, source] of cells.entries()) {
    try {
      const ids = kernel.run_cell(source);
      postMessage({ kind: "shown", cell, ids: ids.toJs() });
      ids.destroy();
    } catch (error) {
      postMessage({ kind: "failed", cell, error: lastLine(error) });
    }
  }
  postMessage({ kind: "ready" });
}

// A Python error's last line ("ValueError: ..."), not its traceback: the page says what failed, the console the rest
function lastLine(error) {
  console.error(error);
  const lines = String(error.message || error).trim().split("\n");
  return lines[lines.length - 1];
}

onmessage = async ({ data }) => {
  if (data.kind === "load" || data.kind === "start") {
    try {
      loaded ??= load();
      await loaded;
      if (data.kind === "start") run(data.query, data.cells);
    } catch (error) {
      if (data.kind === "start") postMessage({ kind: "failed", cell: -1, error: lastLine(error) });
    }
  } else if (data.kind === "comm") {
    const buffers = pyodide.toPy(data.buffers);
    try {
      kernel.receive(data.text, buffers);
    } catch (error) {
      // a widget's handler failed: the app itself says so where it can (widgets/panels.py); but a Python that
      // died answers no click again, and the page must say so
      if (error.constructor?.name === "PythonError") console.error(error);
      else postMessage({ kind: "failed", cell: -1, error: lastLine(error) });
    } finally {
      buffers.destroy();
    }
    postMessage({ kind: "idle", id: data.id });
  } else if (data.kind === "evaluate") {
    try {
      postMessage({ kind: "value", id: data.id, json: kernel.evaluate(data.source) });
    } catch (error) {
      postMessage({ kind: "value", id: data.id, error: lastLine(error) });
    }
  }
};
