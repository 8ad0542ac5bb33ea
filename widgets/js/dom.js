// The one DOM helper every drawing module uses.

// An element ``tag`` with its class and text (none for null or "").
export function h(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text != null && text !== "") node.textContent = String(text);
  return node;
}
