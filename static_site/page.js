// A page of the static site (docs/static.md): one of the project's notebooks, its cells run by the browser's own
// Python in a Web Worker (worker.js) instead of a kernel, its widgets drawn here by ipywidgets' own front end
// (@jupyter-widgets/controls) and anywidget's, exactly as Voilà draws them. This module is the widget manager and
// the page's side of the comm bridge; static_site/python/browser_kernel is Python's.
//
// Bundled by esbuild into build/site/page.js (static_site/build.py).

import "./define.js"; // before anywidget: it catches the AMD define() anywidget's file ends in
import "anywidget";
import * as base from "@jupyter-widgets/base";
import * as controls from "@jupyter-widgets/controls";
import { ManagerBase } from "@jupyter-widgets/base-manager";
import { Widget } from "@lumino/widgets";
import "@jupyter-widgets/base/css/index.css";
import "@jupyter-widgets/controls/css/widgets-base.css";

const anywidget = globalThis.__anywidgetFactory(base);
delete globalThis.__anywidgetFactory;

const MODULES = { "@jupyter-widgets/base": base, "@jupyter-widgets/controls": controls, anywidget };

// A widget's comm whose other end is Python in the worker.
class WorkerComm {
  constructor(manager, comm_id, target_name) {
    Object.assign(this, { manager, comm_id, target_name, onMessage: null, onClose: null, early: [], closedEarly: null });
  }
  open() {
    throw new Error("comms are opened by Python only");
  }
  // Once Python has handled a message, the model is told so (the "idle" a kernel sends): until then its
  // throttle holds back every further change.
  send(data, callbacks, metadata, buffers) {
    return this.manager.toPython("comm_msg", this.comm_id, data, metadata, buffers, callbacks);
  }
  close(data, callbacks, metadata, buffers) {
    this.manager.comms.delete(this.comm_id);
    return this.manager.toPython("comm_close", this.comm_id, data, metadata, buffers, callbacks);
  }
  on_msg(callback) {
    this.onMessage = callback;
    for (const msg of this.early.splice(0)) callback(msg);
  }
  on_close(callback) {
    this.onClose = callback;
    if (this.closedEarly) callback(this.closedEarly);
  }
  deliver(msg) {
    if (this.onMessage) this.onMessage(msg);
    else this.early.push(msg); // a model still being made listens once it is made
  }
}

const views = (buffers) =>
  (buffers || []).map((b) => (b instanceof ArrayBuffer ? new Uint8Array(b) : new Uint8Array(b.buffer, b.byteOffset, b.byteLength)));

export class WorkerManager extends ManagerBase {
  constructor(worker) {
    super();
    this.worker = worker;
    this.comms = new Map();
    this.waiting = new Map(); // message id -> the model's callbacks, until Python is done with it
    this.sent = 0;
  }
  toPython(msg_type, comm_id, data, metadata, buffers, callbacks) {
    const id = `page-${++this.sent}`;
    if (callbacks) this.waiting.set(id, callbacks);
    const text = JSON.stringify({ msg_type, comm_id, data, metadata });
    const sent = views(buffers).map((b) => b.slice());
    this.worker.postMessage({ kind: "comm", id, text, buffers: sent }, sent.map((b) => b.buffer));
    return id;
  }
  // Python is done with message `id`
  idle(id) {
    const callbacks = this.waiting.get(id);
    this.waiting.delete(id);
    callbacks?.iopub?.status?.({ content: { execution_state: "idle" }, parent_header: { msg_id: id } });
  }
  // A comm message from Python: the JSON of a kernel's message and its buffers
  fromPython(text, buffers) {
    const m = JSON.parse(text);
    const msg = {
      content: { comm_id: m.comm_id, target_name: m.target_name, data: m.data },
      metadata: m.metadata,
      buffers: (buffers || []).map((b) => new DataView(b.buffer, b.byteOffset, b.byteLength)),
    };
    if (m.msg_type === "comm_open") {
      const comm = new WorkerComm(this, m.comm_id, m.target_name);
      this.comms.set(m.comm_id, comm);
      if (m.target_name === this.comm_target_name) this.handle_comm_open(comm, msg);
    } else if (m.msg_type === "comm_msg") {
      this.comms.get(m.comm_id)?.deliver(msg);
    } else if (m.msg_type === "comm_close") {
      const comm = this.comms.get(m.comm_id);
      this.comms.delete(m.comm_id);
      if (comm?.onClose) comm.onClose(msg);
      else if (comm) comm.closedEarly = msg; // closed before its model was made: closed once it is
    }
  }
  async loadClass(className, moduleName, moduleVersion) {
    const found = MODULES[moduleName]?.[className];
    if (!found) throw new Error(`Class ${className} not found in module ${moduleName}@${moduleVersion}`);
    return found;
  }
  _get_comm_info() {
    return Promise.resolve({});
  }
  _create_comm() {
    return Promise.reject(new Error("the page opens no comms: Python does"));
  }
  // Model `model_id`'s view, drawn at the end of `el`
  async display(model_id, el) {
    const view = await this.create_view(await this.get_model(model_id));
    Widget.attach(view.luminoWidget, el);
    return view;
  }
}

// The page: its notebook's code cells, the words it says while Python starts, in its language
const notebook = JSON.parse(document.getElementById("cg-notebook").textContent);
const lang = new URLSearchParams(location.search).get("lang");
const words = notebook.words[lang] || notebook.words.en;
if (!document.querySelector(".cg-cell h1")) document.title = words.title; // the gallery's, in its language
const status = document.getElementById("cg-loading");
const say = (text) => {
  status.textContent = text;
};

const { worker, early } = window.cgPython; // started by the page's head (page.html)
const manager = new WorkerManager(worker);
const cells = [...document.querySelectorAll(".cg-cell[data-code]")];
let drawn = Promise.resolve();

// A cell that failed (or the start itself, cell -1) says so in its place; the console has the details
function failed(cell, error) {
  const said = document.createElement("p");
  said.className = "cg-cell-failed";
  said.setAttribute("role", "alert");
  said.textContent = words.failed.replace("{error}", error);
  if (cells[cell]) cells[cell].append(said);
  else if (status.isConnected) status.replaceWith(said); // the page could not start: no "Starting…" beside it
  else {
    said.classList.add("cg-dead"); // its Python died while the page was in use: said above all, where it is seen
    document.body.append(said);
  }
  console.error(error);
}

function heard({ data }) {
  if (data.kind === "comm") manager.fromPython(data.text, data.buffers);
  else if (data.kind === "idle") manager.idle(data.id);
  else if (data.kind === "starting") say(words[data.step]);
  else if (data.kind === "failed") failed(data.cell, data.error);
  else if (data.kind === "shown") {
    // each cell's widgets in the cell's place, one after the other as the notebook shows them
    drawn = drawn.then(async () => {
      for (const id of data.ids) await manager.display(id, cells[data.cell]).catch((e) => failed(data.cell, e.message));
    });
  } else if (data.kind === "ready") {
    drawn.then(() => {
      status.remove();
      // for the tests and the benchmark: every cell's widgets in the page (an anywidget may still be drawing itself)
      document.body.dataset.ready = "true";
      // keep the site for visits with no network (offline.js), once this visit no longer needs the network
      navigator.serviceWorker?.register("offline.js").catch((error) => console.warn("not kept offline:", error));
    });
  }
}
worker.onmessage = heard;
for (const event of early.splice(0)) heard(event);
worker.onerror = (event) => failed(-1, event.message || "worker.js");
worker.postMessage({ kind: "start", query: location.search.slice(1), cells: cells.map((cell) => cell.dataset.code) });
