// Built by make js from widgets/js/ (esbuild): edit those files, not this one.

// widgets/js/landmark.js
var HEADING = "h1, h2, h3, h4, h5, h6";
function headingAfter(el) {
  for (let node = el.nextElementSibling; node; node = node.nextElementSibling) {
    const heading = node.matches(HEADING) ? node : node.querySelector(HEADING);
    if (heading) return heading;
  }
  return null;
}
function free(el) {
  const active = document.activeElement;
  return !active || active === document.body || active.matches("button") || el.parentElement?.contains(active);
}
function takeFocus(el) {
  let tries = 0;
  const attempt = () => {
    const heading = el.isConnected && headingAfter(el);
    if (!heading) {
      if ((tries += 1) < 100) setTimeout(attempt, 50);
      return;
    }
    if (!free(el)) return;
    heading.tabIndex = -1;
    heading.focus({ preventScroll: true });
    const box = heading.getBoundingClientRect();
    if (box.top < 0 || box.top > innerHeight / 2) heading.scrollIntoView({ block: "start" });
  };
  attempt();
}
function render({ model, el }) {
  model.send({ drawn: true });
  const name = model.get("name");
  if (name) el.id = name;
  if (model.get("take_focus")) takeFocus(el);
  const asked = (message) => {
    if (message.do === "focus") takeFocus(el);
  };
  model.on("msg:custom", asked);
  const cleanup = () => model.off("msg:custom", asked);
  if (!name || decodeURIComponent(location.hash.slice(1)) !== name) return cleanup;
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
  return cleanup;
}
var landmark_default = { render };
export {
  landmark_default as default
};
