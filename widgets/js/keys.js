// Keys on the table, decided here and carried out by table.js: Escape puts a picked-up card back (or cancels a
// choice); Tab goes round the places the card may go; arrow keys move along the cards of a zone, or along the
// places; Enter or Space on a card or place acts as a click.

import { selectedCard, targets } from "./focus.js";

// What a navigation key does: ``{ escape: true, picked, cancel }`` puts ``picked`` back or presses ``cancel``;
// ``{ focus }`` moves the focus there (nowhere past the end of a row); null: the key is not navigation here.
export function navigation(event, root, buttons) {
  const node = event.target;
  if (!(node instanceof Element)) return null;
  const picked = selectedCard(root);
  if (event.key === "Escape") {
    const cancel = buttons.querySelector(".cg-button[data-button='cancel']");
    return cancel || picked ? { escape: true, picked, cancel } : null;
  }
  if (event.key === "Tab" && picked) {
    const ring = [...targets(root), picked];
    if (ring.length < 2) return null;
    const at = ring.indexOf(node);
    return { focus: ring[(at + (event.shiftKey ? -1 : 1) + ring.length) % ring.length] };
  }
  const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[event.key];
  if (!step || !node.matches(".cg-card[tabindex='0'], .cg-zone[tabindex='0']")) return null;
  const peers = node.classList.contains("cg-card")
    ? [...root.querySelectorAll(".cg-card[tabindex='0']")].filter((n) => n.dataset.zone === node.dataset.zone)
    : [...root.querySelectorAll(".cg-zone[tabindex='0']")];
  return { focus: peers[peers.indexOf(node) + step] || null };
}

// Enter or Space on a card or place drawn as a button (a native button answers its own keys with a click).
export function activates(event) {
  if (event.key !== "Enter" && event.key !== " " && event.key !== "Spacebar") return false;
  const node = event.target;
  return (
    node instanceof Element &&
    node.tagName !== "BUTTON" &&
    node.matches(".cg-card[role='button'], .cg-zone[role='button']")
  );
}
