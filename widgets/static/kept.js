// Built by make js from widgets/js/ (esbuild): edit those files, not this one.

// widgets/js/kept.js
function read(key) {
  try {
    return localStorage.getItem(key) || "";
  } catch {
    return "";
  }
}
function write(key, text) {
  try {
    if (text) localStorage.setItem(key, text);
    else localStorage.removeItem(key);
  } catch {
  }
}
function keep(model) {
  const key = model.get("key");
  model.set("record", read(key));
  model.set("loaded", true);
  model.save_changes();
  model.on("change:record", () => {
    const text = model.get("record");
    if (text !== read(key)) write(key, text);
  });
  const heard = (event) => {
    if (event.key !== key && event.key !== null) return;
    model.set("record", read(key));
    model.save_changes();
  };
  addEventListener("storage", heard);
  return () => removeEventListener("storage", heard);
}
function render({ model, el }) {
  el.hidden = true;
  return keep(model);
}
var kept_default = { render };
export {
  kept_default as default,
  keep
};
