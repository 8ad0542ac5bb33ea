// Keyed redraws for the table (table.js): the page is drawn afresh from each scene, then morphed into what is on
// screen, so a node that is still there stays the same node. Pure DOM functions, no state.

// Make the children of ``old`` those of ``fresh`` (a tree just drawn from the scene), keeping every old node that
// is still there: the same key (data-key: an area, a zone, a card, a button) or, unkeyed, the same kind of node in
// the same place. A kept node keeps its focus and its running animation, so neither needs any bookkeeping; only
// its attributes and text are brought up to date. Equal keys (two copies of a NesPanini card) pair up in order.
function morphChildren(old, fresh) {
  const keyOf = (node) => (node.nodeType === Node.ELEMENT_NODE ? node.getAttribute("data-key") : null);
  const keyed = new Map(); // key -> the old nodes with it, in order
  for (const child of old.childNodes) {
    const key = keyOf(child);
    if (key != null) keyed.set(key, [...(keyed.get(key) || []), child]);
  }
  let at = old.firstChild; // every node before it is placed
  for (const child of [...fresh.childNodes]) {
    const key = keyOf(child);
    const match = key != null ? keyed.get(key)?.shift() : at && keyOf(at) == null ? at : null;
    if (!match || match.nodeType !== child.nodeType || match.nodeName !== child.nodeName) {
      old.insertBefore(child, at);
      continue;
    }
    if (match === at) at = at.nextSibling;
    else old.insertBefore(match, at);
    if (child.nodeType !== Node.ELEMENT_NODE) {
      if (match.nodeValue !== child.nodeValue) match.nodeValue = child.nodeValue;
      continue;
    }
    for (const { name } of [...match.attributes]) if (!child.hasAttribute(name)) match.removeAttribute(name);
    for (const { name, value } of child.attributes) if (match.getAttribute(name) !== value) match.setAttribute(name, value);
    morphChildren(match, child);
  }
  while (at) {
    const next = at.nextSibling;
    at.remove();
    at = next;
  }
}

// A fresh holder for what ``draw`` builds before it is morphed into the page.
function holding(nodes) {
  const holder = document.createElement("div");
  holder.append(...nodes);
  return holder;
}
