// A place on the page a link's #fragment jumps to (widgets/panels.py, Landmark): Voilà draws the widgets after
// the browser has looked for it, so the landmark scrolls itself into view, unless the learner has scrolled.
// A landmark drawn in answer to a press (``take_focus``: the review a learner asked for) also takes the focus to the
// first heading drawn after it, so a keyboard or screen reader user is taken there and hears where they are; so
// does one asked to later (its ``focus()``: a lesson's title, when the button the focus was on greys).
// Drawn, it tells the kernel, which sends again what the page missed while it was built (widgets/catch_up.py).

const HEADING = "h1, h2, h3, h4, h5, h6";

// The first heading among the widgets drawn after the landmark, in the same box.
function headingAfter(el) {
  for (let node = el.nextElementSibling; node; node = node.nextElementSibling) {
    const heading = node.matches(HEADING) ? node : node.querySelector(HEADING);
    if (heading) return heading;
  }
  return null;
}

// The focus is taken from nothing the learner chose since the press: it is on nothing, on a button (the one
// pressed), or already in the box the landmark heads.
function free(el) {
  const active = document.activeElement;
  return !active || active === document.body || active.matches("button") || el.parentElement?.contains(active);
}

function takeFocus(el) {
  let tries = 0;
  const attempt = () => {
    const heading = el.isConnected && headingAfter(el);
    if (!heading) {
      if ((tries += 1) < 100) setTimeout(attempt, 50); // its siblings are drawn after it
      return;
    }
    if (!free(el)) return;
    heading.tabIndex = -1;
    heading.focus({ preventScroll: true });
    const box = heading.getBoundingClientRect(); // brought up, with what follows it, unless it is high in sight
    if (box.top < 0 || box.top > innerHeight / 2) heading.scrollIntoView({ block: "start" });
  };
  attempt();
}

function render({ model, el }) {
  model.send({ drawn: true });
  const name = model.get("name");
  if (name) el.id = name;
  if (model.get("take_focus")) takeFocus(el);
  const asked = (message) => { if (message.do === "focus") takeFocus(el); }; // DOMWidget.focus() in Python
  model.on("msg:custom", asked);
  const cleanup = () => model.off("msg:custom", asked);
  if (!name || decodeURIComponent(location.hash.slice(1)) !== name) return cleanup;
  let scrolled = false;
  const mine = () => { scrolled = true; };
  addEventListener("wheel", mine, { once: true });
  addEventListener("keydown", mine, { once: true });
  addEventListener("touchmove", mine, { once: true });
  addEventListener("pointerdown", mine, { once: true });  // a click or tap: the page must not jump under it
  for (const ms of [0, 400, 1200, 2500]) {
    setTimeout(() => { if (!scrolled) el.scrollIntoView({ block: "start" }); }, ms);
  }
  return cleanup;
}
export default { render };
