// The learner's record (cardlib/mastery.py, widgets/mastery.py), kept in this browser's localStorage under one key
// and nowhere else: read when the page draws it and given to Python (`record`), written whenever Python changes
// it, and taken again when another tab of the tutor writes it (the gallery's reset, a lesson done elsewhere).
// A browser that keeps nothing (storage turned off) gives an empty record and keeps none.

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
    // storage full or turned off: the record lives as long as the page
  }
}
// Keep `model`'s trait `record` and the browser's storage alike; the record's key is the trait `key`.
export function keep(model) {
  const key = model.get("key");
  model.set("record", read(key));
  model.set("loaded", true);
  model.save_changes();
  model.on("change:record", () => {
    const text = model.get("record");
    if (text !== read(key)) write(key, text);
  });
  const heard = (event) => {
    if (event.key !== key && event.key !== null) return; // (null: the whole storage was cleared)
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
export default { render };
