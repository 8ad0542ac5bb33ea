// A place on the page a link's #fragment jumps to (widgets/panels.py, Landmark): Voilà draws the widgets after
// the browser has looked for it, so the landmark scrolls itself into view, unless the learner has scrolled.

function render({ model, el }) {
  const name = model.get("name");
  el.id = name;
  if (decodeURIComponent(location.hash.slice(1)) !== name) return;
  let scrolled = false;
  const mine = () => { scrolled = true; };
  addEventListener("wheel", mine, { once: true });
  addEventListener("keydown", mine, { once: true });
  addEventListener("touchmove", mine, { once: true });
  addEventListener("pointerdown", mine, { once: true });  // a click or tap: the page must not jump under it
  for (const ms of [0, 400, 1200, 2500]) {
    setTimeout(() => { if (!scrolled) el.scrollIntoView({ block: "start" }); }, ms);
  }
}
export default { render };
