// Focus on the table: what had it before a redraw, the same thing after one that did not keep it, and the next
// thing to do after the learner acted. Functions of the table's DOM (``root``); table.js decides when.

// A node the keyboard can reach now: on the page, focusable, enabled and drawn.
export const usable = (n) => n && n.isConnected && n.tabIndex >= 0 && !n.disabled && n.getClientRects().length > 0;

// What has the focus inside ``root``, as something a redraw can find again (null: the focus is elsewhere).
export function focusKey(root) {
  const active = document.activeElement;
  if (!active || !root.contains(active) || active === root) return active === root ? { kind: "root" } : null;
  if (active.classList.contains("cg-button")) return { kind: "button", id: active.dataset.button };
  if (active.classList.contains("cg-card")) {
    const zone = active.dataset.zone;
    const peers = [...root.querySelectorAll(".cg-card[tabindex='0']")].filter((n) => n.dataset.zone === zone);
    return { kind: "card", id: active.dataset.card, zone, index: peers.indexOf(active) };
  }
  if (active.classList.contains("cg-zone")) return { kind: "zone", zone: active.dataset.zone };
  return { kind: "root" };
}

// Only for a focused node the redraw did not keep (a card that moved, a button gone): the same thing, or the
// nearest one to do.
export function restoreFocus(root, key) {
  if (!key || root.contains(document.activeElement)) return;
  const focusable = (n) => n && n.isConnected && n.tabIndex >= 0 && !n.disabled;
  const all = (sel) => [...root.querySelectorAll(sel)].filter(focusable);
  let found = null;
  if (key.kind === "button") found = all(".cg-button").find((n) => n.dataset.button === key.id);
  else if (key.kind === "zone") found = all(".cg-zone").find((n) => n.dataset.zone === key.zone);
  else if (key.kind === "card") {
    const cards = all(".cg-card");
    if (key.id) {
      found =
        cards.find((n) => n.dataset.card === key.id && n.dataset.zone === key.zone) ||
        cards.find((n) => n.dataset.card === key.id);
    } else {
      const peers = cards.filter((n) => n.dataset.zone === key.zone);
      found = peers[Math.min(key.index, peers.length - 1)];
    }
  }
  if (!found && key.kind !== "root") {
    found =
      all(".cg-zone.cg-target")[0] ||
      all(".cg-card").find((n) => n.dataset.zone === key.zone) ||
      all(".cg-card")[0] ||
      all(".cg-button")[0];
  }
  (found || root).focus({ preventScroll: true });
}

// The places a picked-up card may be put: the lit ones or, in a lesson that lights none, every open one.
export function targets(root) {
  const lit = [...root.querySelectorAll(".cg-zone.cg-target")].filter(usable);
  return lit.length ? lit : [...root.querySelectorAll(".cg-zone.cg-drop")].filter(usable);
}

export function selectedCard(root) {
  return [...root.querySelectorAll(".cg-card.cg-selected")].find(usable) || null;
}

// Where the focus goes once the learner's action is drawn: with a card picked up, its first place (or the choice
// of how to play it); after a move, the learner's next card, place or button. Null while nothing can be used (the
// bots are playing, the game is over).
export function nextToDo(root, buttons) {
  const picked = selectedCard(root);
  if (picked) return targets(root)[0] || root.querySelector(".cg-button[data-button^='choice:']") || picked;
  const cards = [...root.querySelectorAll(".cg-card[data-selectable='true']")].filter(usable);
  const places = [...root.querySelectorAll(".cg-zone.cg-target")].filter(usable);
  return cards[0] || places[0] || [...buttons.querySelectorAll(".cg-button")].filter(usable)[0] || null;
}
