// Built by make js from widgets/js/ (esbuild): edit those files, not this one.

// widgets/js/landmark.js
function render({ model, el }) {
  const name = model.get("name");
  el.id = name;
  if (decodeURIComponent(location.hash.slice(1)) !== name) return;
  let scrolled = false;
  const mine = () => {
    scrolled = true;
  };
  addEventListener("wheel", mine, { once: true });
  addEventListener("keydown", mine, { once: true });
  addEventListener("touchmove", mine, { once: true });
  addEventListener("pointerdown", mine, { once: true });
  for (const ms of [0, 400, 1200, 2500]) {
    setTimeout(() => {
      if (!scrolled) el.scrollIntoView({ block: "start" });
    }, ms);
  }
}
var landmark_default = { render };
export {
  landmark_default as default
};
