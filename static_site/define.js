// anywidget's front end (npm anywidget) is built for JupyterLab's AMD loader: its file ends in define([...], f).
// This define keeps the factory, which page.js calls with @jupyter-widgets/base; check it at each upgrade.
globalThis.define = (deps, factory) => {
  globalThis.__anywidgetFactory = factory;
  delete globalThis.define;
};
globalThis.define.amd = true;
