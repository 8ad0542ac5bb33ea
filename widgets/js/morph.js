// Keyed redraws for the table (table.js): the page is drawn afresh from each scene, then morphed into what is on
// screen, so a node that is still there stays the same node. Pure DOM functions, no state.

// Make the children of ``old`` those of ``fresh`` (a tree just drawn from the scene), keeping every old node that
// is still there: the same key (data-key: an area, a zone, a card, a button) or, unkeyed, the next old unkeyed node
// of the same kind (an element's tag, a text). A kept node keeps its focus and its running animation, so neither
// needs any bookkeeping; only its attributes and text are brought up to date. Equal keys (two copies of a NesPanini
// card) pair up in order. The nodes that go are taken out first, so a kept node is moved only where the order of
// kept nodes changed: a card played from a hand moves none of the cards after it, and a card the learner is
// pressing stays the node it was (Chromium sends no click for a press whose node was moved before the release;
// table.js also keeps its own record of a press for the moves that remain).
export function morphChildren(old, fresh) {
  // a keyed node's key, or an unkeyed node's kind ("#text", "DIV", ...): unkeyed nodes pair up in order by kind
  const keyOf = (node) =>
    (node.nodeType === Node.ELEMENT_NODE && node.getAttribute("data-key")) || `${node.nodeType} ${node.nodeName}`;
  const waiting = new Map(); // key or kind -> the old nodes with it, in order
  for (const child of old.childNodes) {
    const key = keyOf(child);
    if (!waiting.has(key)) waiting.set(key, []);
    waiting.get(key).push(child);
  }
  const pairs = [...fresh.childNodes].map((child) => {
    const match = waiting.get(keyOf(child))?.shift();
    const same = match && match.nodeType === child.nodeType && match.nodeName === child.nodeName;
    return [child, same ? match : null];
  });
  const kept = new Set(pairs.map(([, match]) => match));
  for (const node of [...old.childNodes]) if (!kept.has(node)) node.remove();
  let at = old.firstChild; // every node before it is placed
  for (const [child, match] of pairs) {
    if (!match) {
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
}

// A fresh holder for what ``draw`` builds before it is morphed into the page.
export function holding(nodes) {
  const holder = document.createElement("div");
  holder.append(...nodes);
  return holder;
}
