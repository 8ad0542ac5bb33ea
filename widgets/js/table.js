// The card table: draws the *scene* Python sends (see widgets/tabletop.py) and reports clicks.
// It holds no game rule: what is selectable, where a card may go, what a button does is all decided in Python.
// A scene is drawn afresh by draw.js (the cards' faces by faces.js) and morphed into what is on screen by
// morph.js; focus.js and keys.js say where the focus and the keys go. This module keeps the table's state (clicks
// sent and answered, a card picked up, a press in progress) and listens to the page.

import { h } from "./dom.js";
import { drawArea, drawFlash, fill, pickedUp } from "./draw.js";
import { focusKey, nextToDo, restoreFocus } from "./focus.js";
import { activates, navigation } from "./keys.js";
import { holding, morphChildren } from "./morph.js";

// Where the table's CSS container queries switch to the phone arrangement (table.css, @container max-width).
const NARROW_PX = 600;
// A card of the learner's own hand that may be picked up now.
const HAND_CARD_TO_PICK = '.cg-zone[data-own="true"] .cg-card[data-selectable="true"]';

// What the learner needs now besides the hand: a place lit up, a zone with a card to pick up in it and, while no
// card can be picked up (Njet!'s blocking: a click on the board is the move), every place a click goes to. Where
// cards can be picked up, a place that takes a click only to say why not (a row while a card is held, a pile
// already drawn from) is not needed.
const NEEDED = '.cg-zone[data-target="true"], .cg-zone:has(.cg-card[data-selectable="true"])';
const NEEDED_WITHOUT_CARDS = `${NEEDED}, .cg-zone[data-drop="true"]`;

// The prompt and its buttons stay at the top of a panel that scrolls while they take at most this share of it.
const HELD_SHARE = 0.75;

// A box that scrolls is one Tab reaches, so the keyboard can scroll it; one that does not is no stop on the way.
function reachable(box) {
  if (box.scrollHeight > box.clientHeight + 1) box.tabIndex = 0;
  else box.removeAttribute("tabindex");
}

function render({ model, el }) {
  // A named region of the page (its name says which board: a lesson's or the game's), so the page's landmarks
  // are told apart; the panel with the prompt and what the board says stays in sight at the bottom of the window.
  const root = h("section", "cg-table");
  const head = h("div", "cg-head");
  const felt = h("div", "cg-felt");
  const panel = h("div", "cg-panel");
  const bar = h("div", "cg-bar");
  const prompt = h("p", "cg-prompt");
  const buttons = h("div", "cg-buttons");
  const flashRegion = h("div", "cg-flash-region");
  const last = h("div", "cg-last");
  const lastLabel = h("span", "cg-last-label");
  const lastTold = h("div", "cg-last-told");
  const keys = h("p", "cg-keys");
  flashRegion.setAttribute("aria-live", "polite");
  flashRegion.setAttribute("role", "status");
  // a group named by its label, which stays in sight while the sentences beside it scroll
  lastLabel.id = `cg-last-${Math.random().toString(36).slice(2)}`;
  last.setAttribute("role", "group");
  last.setAttribute("aria-labelledby", lastLabel.id);
  last.append(lastLabel, lastTold);
  // the newest sentence in sight, and a box that scrolls reachable by the keyboard: again whenever its size changes
  // (the page shows its cells only once they have all run, so the first drawing may measure nothing)
  const fitLast = () => {
    lastTold.scrollTop = lastTold.scrollHeight;
    reachable(lastTold);
  };
  const lastResized = new ResizeObserver(fitLast);
  lastResized.observe(lastTold);
  prompt.tabIndex = -1; // where focus rests when nothing on the board can be used (the bots' turn, the end)
  bar.append(prompt, buttons);
  panel.append(bar, flashRegion, last);
  root.append(head, felt, panel, keys);
  root.tabIndex = -1; // a last resort for keeping focus inside the table across re-renders
  el.append(root);

  // Clicks sent to Python, to compare with its count of those it answered (counted from what it had answered when
  // this view was drawn: another view of the same board, in JupyterLab, may have sent some before).
  let sent = model.get("answered") || 0;
  function send(message) {
    try {
      model.send(message);
    } catch {
      return; // the kernel's connection is gone ("Cannot send"): the page's watchdog says so, beside the board
    }
    sent += 1;
    busy();
  }
  // Busy while Python has not answered every click sent: screen readers wait for the answer before reading the
  // board's news, and the page's tests wait as a learner waits for the board to answer.
  function busy() {
    root.setAttribute("aria-busy", String(sent > (model.get("answered") || 0)));
  }

  // The card the page has drawn picked up (null: put back) before the kernel said so, and the count of answered
  // clicks that includes that one; undefined when none. A scene the kernel sent before it answered that click (the
  // echo of an earlier click, a bot's move) is drawn with the pick applied, so the board does not jump back and
  // forth; the kernel's answer (or a scene that no longer offers the card) ends it.
  let pending;

  function pickLocally(card) {
    const local = pickedUp(model.get("scene") || {}, card);
    if (!local) return;
    pending = { card, answered: sent + 1 }; // the click sent next
    draw(local);
  }

  function redraw() {
    if (pending !== undefined) {
      const local = model.get("answered") < pending.answered && pickedUp(model.get("scene") || {}, pending.card);
      if (local) return draw(local);
      pending = undefined;
    }
    draw();
  }

  function draw(local) {
    const key = focusKey(root);
    const scene = local || model.get("scene") || {};
    // The few words the table itself writes ("Place here", "Rule {rule}", ...) come with every scene, translated
    // in Python like every sentence a learner reads (widgets/board.py, WORDS).
    const words = scene.words && typeof scene.words === "object" ? scene.words : {};
    const big = Boolean(model.get("big"));
    root.classList.toggle("cg-big", big);
    // "large" cards for decks whose faces carry an effect text (scene.card_size); normal otherwise
    root.classList.toggle("cg-large", scene.card_size === "large");
    root.dataset.big = String(big);
    root.classList.toggle("cg-projector", Boolean(model.get("projector")));
    const board = model.get("name") || "";
    const named = words.named && board && scene.title;
    const name = named ? fill(words.named, { board, title: scene.title }) : board || scene.title;
    if (name) root.setAttribute("aria-label", name);
    else root.removeAttribute("aria-label");
    flashRegion.setAttribute("aria-label", words.feedback ?? "");
    keys.textContent = words.keys ?? "";

    const titles = [];
    if (scene.title) titles.push(h("h2", "cg-title", scene.title));
    if (scene.subtitle) titles.push(h("span", "cg-subtitle", scene.subtitle));
    morphChildren(head, holding(titles));
    head.hidden = !scene.title && !scene.subtitle;

    const areas = Array.isArray(scene.areas) ? scene.areas : [];
    // Areas with a place (north, west, east, south; the rest in the centre) sit around a table where the width
    // allows (CSS), one above the other where it does not.
    const round = areas.some((area) => area.place);
    felt.classList.toggle("cg-round", round);
    if (round) {
      const seats = new Map();
      for (const area of areas) {
        const place = ["north", "west", "east", "south"].includes(area.place) ? area.place : "centre";
        if (!seats.has(place)) seats.set(place, h("div", `cg-seat cg-seat-${place}`));
        seats.get(place).dataset.key = `seat:${place}`;
        seats.get(place).append(drawArea(area, words));
      }
      morphChildren(felt, holding(seats.values()));
    } else morphChildren(felt, holding(areas.map((area) => drawArea(area, words))));
    felt.hidden = areas.length === 0;

    prompt.textContent = scene.prompt || "";
    prompt.hidden = !scene.prompt;

    const drawn = (Array.isArray(scene.buttons) ? scene.buttons : []).map((b) => {
      const button = h("button", `cg-button cg-button-${b.kind || "secondary"}`, b.label ?? b.id);
      button.type = "button";
      button.dataset.button = String(b.id);
      button.dataset.key = `button:${b.id}`;
      button.dataset.kind = b.kind || "secondary";
      button.disabled = b.enabled === false;
      return button;
    });
    morphChildren(buttons, holding(drawn));
    buttons.hidden = buttons.childElementCount === 0;
    bar.hidden = prompt.hidden && buttons.hidden;

    const said = flashRegion.textContent;
    morphChildren(flashRegion, holding(drawFlash(scene.flash, words, root.clientWidth > NARROW_PX)));
    const answer = flashRegion.firstElementChild;
    if (answer && flashRegion.textContent !== said) {
      // a new answer in a panel grown past its height (a quarter of the window) is scrolled into the panel's sight,
      // its start just under the prompt where the prompt stays at the panel's top (holdPrompt)
      holdPrompt();
      const prompted = panel.classList.contains("cg-held") ? bar.offsetHeight : 0;
      const over = answer.offsetTop + answer.offsetHeight - (panel.scrollTop + panel.clientHeight);
      if (over > 0) panel.scrollTop = Math.min(answer.offsetTop - prompted, panel.scrollTop + over);
    }

    // the moves since the learner's own, a sentence each, in a box of a few lines that shows the newest and
    // scrolls back to the others (a whole round of five bots). A box that scrolls can be reached by the keyboard,
    // to scroll it.
    const told = Array.isArray(scene.last) ? scene.last : [];
    const sentences = told.flatMap((sentence, i) => [...(i ? [" "] : []), h("span", "cg-told", sentence)]);
    morphChildren(lastTold, holding(sentences));
    lastLabel.textContent = told.length > 1 ? words.last_moves : words.last_move;
    last.hidden = told.length === 0;
    fitLast();

    const dock = refit(); // in the same frame as the drawing: the hand is squeezed and docked before it is seen
    placeFocus(key);
    if (answer && flashRegion.textContent !== said) bringIntoSight(answer);
    // a card picked up keeps a place to go in sight above the docked hand, however the dock grew (a hint's answer in
    // the panel): the learner sees the card held and where it may go. With the pointer, that is the place nearest
    // above the card, whole, so that no place lies between it and the docked hand; with the keyboard, the place
    // the focus went to.
    const held = felt.querySelector(".cg-card.cg-selected");
    const lit = [...felt.querySelectorAll('.cg-zone[data-target="true"]')];
    if (dock && held && lit.length) {
      const above = lit.filter((node) => held.compareDocumentPosition(node) & Node.DOCUMENT_POSITION_PRECEDING);
      const bottom = (node) => node.getBoundingClientRect().bottom;
      const nearest = above.reduce((low, node) => (low && bottom(low) >= bottom(node) ? low : node), null);
      if (nearest && !byKeyboard) clearOfPanel(nearest, true);
      else if (!lit.some((node) => clear(node, dock))) clearOfPanel(lit[0]);
    }
  }

  // An answer to the learner's own press, wherever on the page it was (a Hint or Show me button below the board,
  // scrolled to on a phone), is brought into the window when it is out of it: the least scroll that shows it.
  const ANSWER_MS = 8000;
  let pressedAt = -Infinity;
  const pressed = () => (pressedAt = performance.now());
  function bringIntoSight(answer) {
    if (performance.now() - pressedAt > ANSWER_MS) return; // a classmate's or a bot's news moves nobody's page
    keepPanelInView(); // the panel lifted for where the page is scrolled now (a card just brought into sight)
    const box = answer.getBoundingClientRect();
    if (box.top < 0 || box.bottom > window.innerHeight) {
      // the page scrolled, not the panel: the answer was placed in it as it was drawn, its start under the prompt
      // held at the panel's top (a phone's long answer), where scrolling it into view would put it behind
      const placed = panel.scrollTop;
      answer.scrollIntoView({ block: "nearest" });
      panel.scrollTop = placed;
    }
  }

  // In the window between the board's title and the dock, at least a strip of it a learner can click.
  function inSight(node, dock, top = dock.top) {
    const box = node.getBoundingClientRect();
    return Math.min(box.bottom, top) - Math.max(box.top, dock.floor) >= Math.min(box.height, 48);
  }

  // In sight above the hand docked, whether it is docked now or stands aside for something the learner needs.
  const clear = (node, dock) => inSight(node, dock, dock.docked);

  // All of it above the hand docked (its top, if it is taller than the room there).
  function wholly(node, dock) {
    const box = node.getBoundingClientRect();
    const room = dock.docked - dock.floor;
    return box.top >= dock.floor - 1 && (box.bottom <= dock.docked + 1 || (box.height > room && clear(node, dock)));
  }

  // --- where focus goes after the learner acted: the next thing to do, not nothing ---
  // "pick": a card was picked up, so its first lit place; "move": a move was made, so the learner's next
  // card (once the bots have answered) or, while nothing can be used, the prompt. Set by the learner's own
  // clicks and keys only, so a bot's move never moves the focus.
  let intent = null;
  let byKeyboard = false;

  // Focus where the learner goes next; the keyboard's focus, a place to click (where a picked card may go, the
  // deck to draw from), a card of a hand too tall to dock, or a card to pick up away from the hand while no card
  // of the hand can be used (NesPanini's Cimetière, when an effect takes a card from it) is brought into sight
  // above the dock.
  function show(node) {
    node.focus({ preventScroll: true });
    const mine = node.closest('.cg-zone[data-own="true"]');
    const hand = felt.querySelector('.cg-zone[data-own="true"]'); // none on a board of cards to choose from
    const away = hand && node.matches(".cg-card[data-selectable='true']") && !felt.querySelector(HAND_CARD_TO_PICK);
    if (byKeyboard || node.matches('.cg-zone[data-target="true"]') || mine || away) clearOfPanel(node);
  }

  // Scrolled into the window clear of the dock, which is lifted over the bottom of the felt: the felt's cards and
  // places keep a scroll margin of the dock's height (table.css). The docked hand itself is always in sight.
  function clearOfPanel(node, whole = false) {
    const dock = keepPanelInView();
    if (!dock || dock.hand?.contains(node) || (whole ? wholly(node, dock) : clear(node, dock))) return;
    // a place drawn below the docked hand (NesPanini's deck with Big cards) is in sight only where the board ends
    const below = dock.hand && dock.hand.compareDocumentPosition(node) & Node.DOCUMENT_POSITION_FOLLOWING;
    if (below) root.scrollIntoView({ block: "end" });
    else node.scrollIntoView({ block: "nearest" });
  }

  function placeFocus(key) {
    // the learner has gone elsewhere on the page since (a button below the board, the review): left there
    const active = document.activeElement;
    if (active && active !== document.body && !root.contains(active)) intent = null;
    if (!intent) {
      restoreFocus(root, key);
      return;
    }
    const next = nextToDo(root, buttons);
    if (next) {
      show(next);
      intent = null;
    } else if (!prompt.hidden) {
      show(prompt); // the bots are playing, or the game is over: the prompt says which
    }
  }

  // --- clicks and keys: report, never decide ---
  // ``pressed``: a press of the pointer let go (not a key): one on a button greyed since is still answered
  function activate(target, pressed = false) {
    const button = target.closest(".cg-button");
    if (button && root.contains(button)) {
      if (!button.disabled) {
        intent = "move";
        send({ kind: "button", id: button.dataset.button });
      } else if (pressed) send({ kind: "idle" }); // pressed while it was live, released once greyed: Python says why
      return;
    }
    const zoneNode = target.closest(".cg-zone");
    const cardNode = target.closest(".cg-card");
    if (zoneNode && root.contains(zoneNode) && zoneNode.dataset.drop === "true") {
      intent = "move";
      send({ kind: "zone", zone: zoneNode.dataset.zone });
      return;
    }
    if (cardNode && root.contains(cardNode) && cardNode.dataset.selectable === "true") {
      const id = cardNode.dataset.card || null; // a card face down has no id to send
      const putBack = cardNode.dataset.selected === "true";
      intent = putBack ? null : "pick";
      pickLocally(putBack ? null : id);
      send({ kind: "card", card: id, zone: cardNode.dataset.zone });
      return;
    }
    // a card or place that does nothing in this step: Python says what would
    if ((zoneNode || cardNode) && felt.contains(zoneNode || cardNode)) send({ kind: "idle" });
  }

  // A press of the mouse, a finger or a pen is acted on at its release, from the board's own record of it, not from
  // the click event: a redraw between press and release (the answer to the learner's last click, a bot's move) may
  // move or replace the pressed node, and then Chromium sends no click at all; it may also slide another card under
  // a pointer that did not move. So a press released where it was pressed acts on what was pressed, as it is drawn
  // now (the same node, or the one drawn in its place, found by its key); one dragged away acts only if it is let
  // go on the same thing (dragging off cancels, as with a native button); a touch that turns into a scroll is
  // cancelled by the browser. A pressed card or place that is gone by the release still reaches Python, which says
  // what can be done now: no press on the board passes in silence.
  const DRIFT_PX = 10; // a hand that shakes a little still clicks
  let press = null;

  function onPress(event) {
    byKeyboard = false;
    const node = event.target;
    if (!event.isPrimary || event.button !== 0 || !(node instanceof Element)) {
      press = null;
      return;
    }
    const keyed = node.closest("[data-key]");
    press = {
      node,
      keyed,
      key: keyed?.dataset.key ?? null,
      thing: Boolean(node.closest(".cg-card, .cg-zone, .cg-button")),
      id: event.pointerId,
      x: event.clientX,
      y: event.clientY,
    };
  }

  const forget = () => (press = null);

  // What was pressed, as the board is drawn now: null if it is gone.
  function pressedNow(pressed) {
    if (pressed.node.isConnected && root.contains(pressed.node)) return pressed.node;
    if (pressed.keyed?.isConnected && root.contains(pressed.keyed)) return pressed.keyed;
    if (pressed.key == null) return null;
    return root.querySelector(`[data-key="${CSS.escape(pressed.key)}"]`);
  }

  // Heard on the window, so a release the redraw left outside the board (a board grown shorter, a button bar gone)
  // still acts on what was pressed.
  function onRelease(event) {
    const pressed = press;
    press = null;
    if (!pressed || event.pointerId !== pressed.id || event.button !== 0) return;
    const now = pressedNow(pressed);
    const still = Math.hypot(event.clientX - pressed.x, event.clientY - pressed.y) <= DRIFT_PX;
    const released = event.target instanceof Element ? event.target : null;
    if (still && now) activate(now, true);
    else if (still && pressed.thing) send({ kind: "idle" }); // gone from the board: Python says what now
    else if (now && released && now.contains(released)) activate(released, true);
  }

  // Clicks without a press: Enter or Space on a native button, and a script's element.click(). A click that
  // follows a press (its count, event.detail, is 1 or more) was acted on at the release.
  function onClick(event) {
    if (event.button !== 0 || event.detail > 0) return;
    byKeyboard = true;
    const button = event.target.closest(".cg-button");
    activate(button || event.target);
  }

  // Keys that move the focus or put a card back (keys.js), and Enter or Space on a card or place
  function onKey(event) {
    byKeyboard = true;
    const action = navigation(event, root, buttons);
    if (action) {
      event.preventDefault();
      if (action.escape) putBack(action);
      else if (action.focus) show(action.focus);
      return;
    }
    if (!activates(event)) return;
    event.preventDefault();
    if (event.repeat) return;
    activate(event.target);
  }

  // Escape: the picked-up card goes back (focus stays on it through the redraws), or the choice is cancelled.
  function putBack({ picked, cancel }) {
    intent = null;
    if (picked) show(picked);
    if (cancel) send({ kind: "button", id: "cancel" });
    else {
      pickLocally(null);
      send({ kind: "card", card: picked.dataset.card || null, zone: picked.dataset.zone });
    }
  }

  document.addEventListener("pointerup", pressed, { capture: true, passive: true });
  document.addEventListener("keydown", pressed, { capture: true, passive: true });
  root.addEventListener("pointerdown", onPress);
  window.addEventListener("pointerup", onRelease, { capture: true });
  root.addEventListener("pointercancel", forget); // a touch that became a scroll or a zoom
  root.addEventListener("click", onClick);
  root.addEventListener("keydown", onKey);
  model.on("change:scene", redraw);
  // an answer that left the scene as it was (a refused pick) still ends the page's own pick
  model.on("change:answered", () => {
    busy();
    if (pending !== undefined) redraw();
  });
  model.on("change:big", redraw);
  model.on("change:projector", redraw);
  busy();
  model.on("change:name", redraw);
  // Tab scrolls the focused card into the window, but not out from under the dock
  root.addEventListener("focusin", (event) => {
    const node = event.target;
    const lifted = panel.classList.contains("cg-lifted");
    if (lifted && felt.contains(node) && node.matches(":focus-visible")) clearOfPanel(node);
  });

  // Keep the panel and the learner's hand in the window, the dock: while the bottom of the table is below the
  // window's edge, the panel is lifted to that edge (over the felt), never above the table's title, and the
  // learner's own hand (data-own) rides just above it, unless something the learner needs now (a lit place, a pile
  // to take from) would be under it: then the hand stays where it is, out of the way. Scrolls of any box are heard
  // (capture), since the notebook, not the window, may be what scrolls. The hand is lifted by a variable on the
  // root: a redraw brings a zone's attributes in line with the scene (morph.js) and would drop one set on the zone.
  let lifting = 0;
  function keepPanelInView() {
    lifting = 0;
    if (!root.isConnected) return null;
    const floor = Math.max(root.getBoundingClientRect().top + head.offsetHeight, 0); // the title stays in sight
    const lift = Number(panel.dataset.lift || 0);
    const own = panel.getBoundingClientRect();
    const bottom = own.bottom + lift; // where the panel sits unlifted
    const wanted = Math.max(0, Math.min(bottom - window.innerHeight, bottom - own.height - floor));
    if (Math.abs(wanted - lift) >= 1) {
      panel.dataset.lift = String(wanted);
      panel.style.transform = wanted ? `translateY(${-wanted}px)` : "";
      panel.classList.toggle("cg-lifted", wanted > 0);
    }
    const top = bottom - own.height - Math.round(wanted); // the panel's top
    let docked = top; // the top of the dock with the hand docked, where it would dock
    const hand = felt.querySelector('.cg-zone[data-own="true"]');
    let handLift = 0;
    if (hand) {
      const was = Number(root.dataset.handLift || 0);
      const box = hand.getBoundingClientRect();
      // a hand taller than 0.6 of the window (large faces in lines on a phone) stays where it is
      const fits = box.height <= window.innerHeight * 0.6;
      handLift = fits ? Math.round(Math.max(0, Math.min(box.bottom + was - top, box.top + was - floor))) : 0;
      if (handLift > 0) {
        const dock = [hand, ...riding(hand)];
        const boxes = dock.map((node) => node.getBoundingClientRect());
        const band = {
          top: Math.min(...boxes.map((b) => b.top + was - handLift)),
          bottom: top,
          left: Math.min(...boxes.map((b) => b.left)),
          right: Math.max(...boxes.map((b) => b.right)),
        };
        docked = band.top;
        if (needsUnder(band, dock)) handLift = 0;
      }
      if (handLift !== was) {
        root.dataset.handLift = String(handLift);
        root.style.setProperty("--cg-hand-lift", `${handLift}px`);
        root.classList.toggle("cg-docked", handLift > 0);
      }
    }
    // what is scrolled into view on the felt stops above where the hand docks (table.css, scroll-margin-bottom), so
    // that the hand may dock once it is there
    root.style.setProperty("--cg-dock", `${Math.max(0, window.innerHeight - docked)}px`);
    return { floor, top: handLift > 0 ? docked : top, docked, hand: handLift > 0 ? hand : null };
  }

  // The hand's area's piles and decks that ride beside it where they stand beside it (not on a phone: table.css).
  function riding(hand) {
    const side = hand.closest(".cg-area")?.querySelector(":scope > .cg-area-body > .cg-area-side");
    return side && getComputedStyle(side).transform !== "none" ? [...side.children] : [];
  }

  // Whether something the learner needs now lies in ``band``, where the hand and the piles ``dock`` would dock: a
  // place lit up, or a zone with a card the learner may pick up (a pile to draw from, a card gathered for a patrol).
  function needsUnder(band, dock) {
    const cards = felt.querySelector('.cg-card[data-selectable="true"]');
    for (const zone of felt.querySelectorAll(cards ? NEEDED : NEEDED_WITHOUT_CARDS)) {
      if (dock.some((node) => node.contains(zone))) continue;
      const box = zone.getBoundingClientRect();
      const across = Math.min(box.right, band.right) - Math.max(box.left, band.left) > 1;
      if (across && Math.min(box.bottom, band.bottom) - Math.max(box.top, band.top) > 1) return true;
    }
    return false;
  }

  // The learner's hand in as few lines as it can take: its cards squeezed together, each keeping its corner (an
  // effect text, nearly all its width) in sight, and no more than that fewest number of lines needs. A variable on
  // the root, as the lift.
  function squeeze(hand) {
    const line = hand.querySelector(".cg-zone-cards");
    const cards = line ? [...line.querySelectorAll(":scope > .cg-card")] : [];
    if (cards.length < 2 || !line.clientWidth) return; // not laid out yet (a board drawn before it is on the page)
    const n = cards.length;
    const width = cards[0].offsetWidth;
    const was = Number(root.dataset.squeeze) || 0;
    const style = getComputedStyle(line);
    const margin = Number.parseFloat(getComputedStyle(cards[1]).marginLeft) + was; // between two cards, unsqueezed
    // the line's room for cards after the first, less the fan's tilt at its ends
    const room = line.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight);
    const tilt = Number.parseFloat(style.getPropertyValue("--cg-tilt")) || 1;
    const after = room - width * (1 + 0.2 * tilt);
    // an effect text runs a large face's width: a little of it goes under the next card, a little more with big cards
    const large = root.classList.contains("cg-large") ? (root.classList.contains("cg-big") ? 0.2 : 0.12) : 0.4;
    const most = Math.min(width * large, width + margin - width * 0.55);
    const perLine = (step) => 1 + Math.max(0, Math.floor(after / step));
    const lines = Math.ceil(n / perLine(width + margin - Math.max(0, most)));
    const wanted = Math.ceil(n / lines); // cards on the fullest line
    const needed = wanted > 1 ? width + margin - after / (wanted - 1) : 0;
    const now = Math.ceil(Math.min(Math.max(0, most), Math.max(0, needed)));
    if (now === was) return;
    root.dataset.squeeze = String(now);
    root.style.setProperty("--cg-squeeze", `${now}px`);
  }

  // A projector's board (the room's, widgets/projector.py) is as large as the window holds it whole: the largest
  // size (--cg-u, which every size on the board follows) at which it ends above the window's bottom edge and runs
  // past neither side. Never smaller than the size whose smallest text (12 px × --cg-u) is 12 px in a window 1024
  // px wide and 16 px in one 1920 px wide, read from the back of a class: a board that cannot fit at that size
  // stays at it.
  const SMALLEST = [
    [1024, 12],
    [1920, 16],
  ];
  const LARGEST_U = 3;
  const FIT_STEP = 0.02;
  let fitted = 0; // the size found last: after a move it most often still is the one (two layouts, not nine)
  function fitWindow() {
    const [[narrow, small], [wide, large]] = SMALLEST;
    const share = Math.min(1, Math.max(0, (window.innerWidth - narrow) / (wide - narrow)));
    const least = (small + (large - small) * share) / 12;
    let top = 0; // where the board starts on the page, however the page is scrolled
    for (let node = root; node; node = node.offsetParent) top += node.offsetTop;
    const room = window.innerHeight - top - 4;
    const fits = (u) => {
      root.style.setProperty("--cg-u", String(u));
      return root.offsetHeight <= room && root.scrollWidth <= root.clientWidth + 1;
    };
    const same = fitted >= least && fits(fitted) && (fitted + FIT_STEP > LARGEST_U || !fits(fitted + FIT_STEP));
    if (same) {
      root.style.setProperty("--cg-u", String(fitted));
      return;
    }
    let [low, high] = [least, LARGEST_U];
    if (fits(high)) low = high;
    else if (fits(low)) {
      for (let step = 0; step < 7; step++) {
        const middle = (low + high) / 2;
        if (fits(middle)) low = middle;
        else high = middle;
      }
    }
    fitted = Math.max(least, Math.floor(low * 100) / 100);
    root.style.setProperty("--cg-u", String(fitted));
  }

  // The hand's squeeze depends on the board's width and its cards, not on where the page is scrolled: it is worked
  // out when the board is drawn or resized; the dock follows every scroll.
  let watchingAbove = false;
  function refit() {
    if (root.classList.contains("cg-projector") && root.isConnected) {
      // what stands above the board (the heading, who sits where) moves it down as it grows: fitted again then
      for (let node = root.parentElement; node && !watchingAbove; node = node.parentElement) resized.observe(node);
      watchingAbove = true;
      fitWindow();
    }
    const hand = felt.querySelector('.cg-zone[data-own="true"]');
    if (hand) squeeze(hand);
    reachable(panel); // a long answer with Big cards, or on a phone, outgrows the panel's quarter of the window
    holdPrompt();
    return keepPanelInView();
  }

  // A panel that scrolls (a long answer on a phone) keeps the prompt and its buttons at its top, the rest scrolling
  // under them, unless they would leave too little room to read the rest (table.css, cg-held).
  function holdPrompt() {
    const most = Number.parseFloat(getComputedStyle(panel).maxHeight) || window.innerHeight;
    panel.classList.toggle("cg-held", !bar.hidden && bar.offsetHeight <= most * HELD_SHARE);
  }
  const schedule = () => {
    if (!lifting) lifting = requestAnimationFrame(keepPanelInView);
  };
  const reschedule = () => requestAnimationFrame(refit);
  document.addEventListener("scroll", schedule, { capture: true, passive: true });
  window.addEventListener("resize", reschedule);
  const resized = new ResizeObserver(reschedule);
  resized.observe(root);
  redraw();
  schedule();

  return () => {
    model.off("change:scene", redraw);
    model.off("change:big", redraw);
    model.off("change:projector", redraw);
    model.off("change:name", redraw);
    document.removeEventListener("scroll", schedule, { capture: true });
    document.removeEventListener("pointerup", pressed, { capture: true });
    document.removeEventListener("keydown", pressed, { capture: true });
    window.removeEventListener("resize", reschedule);
    resized.disconnect();
    lastResized.disconnect();
    root.removeEventListener("pointerdown", onPress);
    window.removeEventListener("pointerup", onRelease, { capture: true });
    root.removeEventListener("pointercancel", forget);
    root.removeEventListener("click", onClick);
    root.removeEventListener("keydown", onKey);
    root.remove();
  };
}

export default { render };
