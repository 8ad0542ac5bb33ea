// Built by make js from widgets/js/ (esbuild): edit those files, not this one.

// widgets/js/dom.js
function h(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text != null && text !== "") node.textContent = String(text);
  return node;
}

// widgets/js/faces.js
var RED = "#c62828";
var BLACK = "#1d1d24";
var GOLD = "#e3a50b";
var CARD_W = 64;
var CARD_H = 90;
var SUIT_PATHS = {
  H: "M50 90C22 68 4 51 4 31C4 15 16 5 29 5C39 5 46 11 50 20C54 11 61 5 71 5C84 5 96 15 96 31C96 51 78 68 50 90Z",
  D: "M50 2L86 50L50 98L14 50Z",
  S: "M50 3C62 24 95 40 95 62C95 77 84 85 73 85C64 85 57 81 53 74C54 84 59 91 68 97L32 97C41 91 46 84 47 74C43 81 36 85 27 85C16 85 5 77 5 62C5 40 38 24 50 3Z",
  C: "M30 30A20 20 0 1 1 70 30A20 20 0 1 1 30 30ZM8 60A20 20 0 1 1 48 60A20 20 0 1 1 8 60ZM52 60A20 20 0 1 1 92 60A20 20 0 1 1 52 60ZM40 48A10 10 0 1 1 60 48A10 10 0 1 1 40 48ZM46 58C46 78 42 89 32 97L68 97C58 89 54 78 54 58Z"
};
var L = 22;
var M = 32;
var R = 42;
var Y3 = [19, 45, 71];
var Y4 = [19, 36.33, 53.67, 71];
var PIPS = {
  2: [[M, Y3[0]], [M, Y3[2]]],
  3: [[M, Y3[0]], [M, Y3[1]], [M, Y3[2]]],
  4: [[L, Y3[0]], [R, Y3[0]], [L, Y3[2]], [R, Y3[2]]],
  5: [[L, Y3[0]], [R, Y3[0]], [M, Y3[1]], [L, Y3[2]], [R, Y3[2]]],
  6: [[L, Y3[0]], [R, Y3[0]], [L, Y3[1]], [R, Y3[1]], [L, Y3[2]], [R, Y3[2]]],
  7: [[L, Y3[0]], [R, Y3[0]], [M, 32], [L, Y3[1]], [R, Y3[1]], [L, Y3[2]], [R, Y3[2]]],
  8: [[L, Y3[0]], [R, Y3[0]], [M, 32], [L, Y3[1]], [R, Y3[1]], [M, 58], [L, Y3[2]], [R, Y3[2]]],
  9: [[L, Y4[0]], [R, Y4[0]], [L, Y4[1]], [R, Y4[1]], [M, 45], [L, Y4[2]], [R, Y4[2]], [L, Y4[3]], [R, Y4[3]]],
  10: [
    [L, Y4[0]],
    [R, Y4[0]],
    [M, 27.7],
    [L, Y4[1]],
    [R, Y4[1]],
    [L, Y4[2]],
    [R, Y4[2]],
    [M, 62.3],
    [L, Y4[3]],
    [R, Y4[3]]
  ]
};
function esc(text) {
  return String(text).replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]);
}
function num(x) {
  return Number(x.toFixed(2));
}
function suitShape(suit, cx, cy, size, flip = false) {
  const d = SUIT_PATHS[suit];
  if (!d) return "";
  const turn = flip ? " rotate(180 50 50)" : "";
  return `<path d="${d}" transform="translate(${num(cx - size / 2)} ${num(cy - size / 2)}) scale(${num(size / 100)})${turn}"/>`;
}
function starPath(cx, cy, outer, inner) {
  const points = [];
  for (let i = 0; i < 10; i++) {
    const r = i % 2 ? inner : outer;
    const a = -Math.PI / 2 + i * Math.PI / 5;
    points.push(`${num(cx + r * Math.cos(a))} ${num(cy + r * Math.sin(a))}`);
  }
  return `M${points.join("L")}Z`;
}
var GLYPHS = {
  K: '<path d="M8 54L4 14L28 34L50 4L72 34L96 14L92 54Z"/><circle cx="4" cy="12" r="5"/><circle cx="50" cy="5" r="6"/><circle cx="96" cy="12" r="5"/><rect x="8" y="46" width="84" height="8" fill="rgba(0,0,0,.18)" stroke="none"/>',
  Q: '<path d="M10 54L14 24Q30 42 50 16Q70 42 86 24L90 54Z"/><circle cx="14" cy="21" r="5"/><circle cx="50" cy="12" r="7"/><circle cx="86" cy="21" r="5"/>',
  J: '<path d="M4 30L66 23L66 37Z"/><rect x="66" y="10" width="7" height="40" rx="2"/><rect x="73" y="25" width="16" height="10" rx="2"/><circle cx="93" cy="30" r="6"/>'
};
var BACK_SVG = (() => {
  const [x0, y0, x1, y1] = [5, 5, 59, 85];
  const lines = [];
  const step = 6;
  for (let c = x0 - y1; c <= x1 - y0; c += step) {
    const a = Math.max(x0, y0 + c);
    const b = Math.min(x1, y1 + c);
    if (a < b) lines.push(`M${num(a)} ${num(a - c)}L${num(b)} ${num(b - c)}`);
  }
  for (let c = x0 + y0; c <= x1 + y1; c += step) {
    const a = Math.max(x0, c - y1);
    const b = Math.min(x1, c - y0);
    if (a < b) lines.push(`M${num(a)} ${num(c - a)}L${num(b)} ${num(c - b)}`);
  }
  return `<svg class="cg-face" viewBox="0 0 ${CARD_W} ${CARD_H}" aria-hidden="true" focusable="false"><rect x="0.5" y="0.5" width="63" height="89" rx="5" fill="#fff" stroke="#b9bcc4"/><rect x="${x0}" y="${y0}" width="${x1 - x0}" height="${y1 - y0}" rx="3" fill="#24408f"/><path d="${lines.join("")}" stroke="#5b7bd6" stroke-width="1" fill="none" opacity=".75"/><rect x="${x0 + 3}" y="${y0 + 3}" width="${x1 - x0 - 6}" height="${y1 - y0 - 6}" rx="2" fill="none" stroke="#c9d6ff" stroke-width=".8" opacity=".8"/><ellipse cx="32" cy="45" rx="11" ry="15" fill="#24408f" stroke="#f2c94c" stroke-width="1.6"/><path d="${starPath(32, 45, 7, 3)}" fill="#f2c94c"/></svg>`;
})();
function cornerIndex(card, colour) {
  const rank = String(card.rank);
  const ten = rank.length > 1;
  const text = `<text x="8" y="15" text-anchor="middle" font-size="${ten ? 12 : 13}" font-weight="700" letter-spacing="${ten ? -1.6 : 0}" fill="${colour}" class="cg-index">${esc(rank)}</text>`;
  return `<g>${text}<g fill="${colour}">${suitShape(card.suit, 8, 23.5, 9)}</g></g>`;
}
function faceSvg(card) {
  const rank = String(card.rank ?? "");
  const suit = String(card.suit ?? "");
  const joker = rank === "X";
  const red = joker ? suit === "R" : suit === "H" || suit === "D";
  const colour = red ? RED : BLACK;
  const parts = [
    `<rect x="0.5" y="0.5" width="63" height="89" rx="5" fill="#fff" stroke="#b9bcc4"/>`
  ];
  if (joker) {
    const star = starPath(32, 40, 18, 7.5);
    parts.push(`<rect x="5" y="5" width="54" height="80" rx="3" fill="none" stroke="${colour}" stroke-width=".8" opacity=".5"/>`);
    parts.push(`<path d="${star}" fill="${colour}"/>`);
    if (!red) parts.push(`<path d="${starPath(32, 40, 9, 3.8)}" fill="#fff"/>`);
    parts.push(
      `<text x="32" y="74" text-anchor="middle" font-size="12" font-weight="800" letter-spacing="0.6" fill="${colour}">JOLLY</text>`
    );
    const corner = `<path d="${starPath(8, 10, 5.5, 2.3)}" fill="${colour}"/>`;
    parts.push(corner, `<g transform="rotate(180 32 45)">${corner}</g>`);
  } else if (rank === "J" || rank === "Q" || rank === "K") {
    parts.push(
      `<rect x="14" y="11" width="36" height="68" rx="3" fill="#fcf3d9" stroke="${colour}" stroke-width="1.2"/>`,
      `<rect x="16.5" y="13.5" width="31" height="63" rx="2" fill="none" stroke="${GOLD}" stroke-width=".8"/>`,
      `<g transform="translate(20 17) scale(.24)" fill="${GOLD}" stroke="#7a5300" stroke-width="3" stroke-linejoin="round">${GLYPHS[rank]}</g>`,
      `<text x="32" y="54" text-anchor="middle" font-size="25" font-weight="700" font-family="Georgia, 'DejaVu Serif', serif" fill="${colour}">${rank}</text>`,
      `<g fill="${colour}">${suitShape(suit, 32, 67, 11)}</g>`
    );
    const corner = cornerIndex(card, colour);
    parts.push(corner, `<g transform="rotate(180 32 45)">${corner}</g>`);
  } else {
    const layout = PIPS[rank];
    const body = layout ? layout.map(([x, y]) => suitShape(suit, x, y, 12, y > 46)).join("") : suitShape(suit, 32, 45, rank === "A" ? 32 : 22);
    parts.push(`<g fill="${colour}">${body}</g>`);
    const corner = cornerIndex(card, colour);
    parts.push(corner, `<g transform="rotate(180 32 45)">${corner}</g>`);
  }
  return `<svg class="cg-face" viewBox="0 0 ${CARD_W} ${CARD_H}" aria-hidden="true" focusable="false" font-family="'Helvetica Neue', Arial, 'Liberation Sans', 'DejaVu Sans', sans-serif">${parts.join("")}</svg>`;
}
var FACE_COLOURS = { red: RED, black: BLACK, blue: "#1e5bb8", green: "#1f7a3a" };
function otherFaceSvg(card) {
  const face = card.face;
  const colour = FACE_COLOURS[face.colour] || String(face.colour || BLACK);
  const value = esc(face.value ?? "");
  const corner = `<text x="9" y="16" text-anchor="middle" font-size="13" font-weight="700" fill="${colour}">${value}</text><g fill="${colour}">${suitShape(face.suit, 9, 25, 9)}</g>`;
  return `<svg class="cg-face" viewBox="0 0 ${CARD_W} ${CARD_H}" aria-hidden="true" focusable="false" font-family="'Helvetica Neue', Arial, 'Liberation Sans', 'DejaVu Sans', sans-serif"><rect x="0.5" y="0.5" width="63" height="89" rx="5" fill="#fff" stroke="#b9bcc4"/><rect x="5" y="5" width="54" height="80" rx="3" fill="none" stroke="${colour}" stroke-width="1.4" opacity=".55"/><text x="32" y="52" text-anchor="middle" font-size="30" font-weight="800" fill="${colour}">${value}</text><g fill="${colour}">${suitShape(face.suit, 32, 68, 14)}</g>${corner}<g transform="rotate(180 32 45)">${corner}</g></svg>`;
}
var RICH_COLOURS = {
  red: ["#c62828", "#fff"],
  yellow: ["#f2c230", "#2b2100", "#b98a00"],
  // a yellow symbol on white needs a darker shade
  green: ["#2e7d32", "#fff"],
  blue: ["#1e5bb8", "#fff"],
  black: ["#2b2b2b", "#fff"],
  grey: ["#78808a", "#fff"],
  purple: ["#6a3d9a", "#fff"],
  orange: ["#e07b00", "#fff"],
  brown: ["#7b4a26", "#fff"],
  pink: ["#c2407a", "#fff"],
  teal: ["#00796b", "#fff"],
  gold: ["#b8860b", "#fff"]
};
function richFace(card) {
  const face = card.face;
  const [fill2, ink, mark] = RICH_COLOURS[face.colour] || [String(face.colour || "#78808a"), "#fff"];
  const root = h("div", "cg-rich");
  root.style.setProperty("--cg-c", fill2);
  root.style.setProperty("--cg-c-ink", ink);
  root.style.setProperty("--cg-c-mark", mark || fill2);
  root.setAttribute("aria-hidden", "true");
  const top = h("div", "cg-rich-top");
  if (face.value != null && face.value !== "") top.append(h("span", "cg-rich-value", face.value));
  if (face.symbol) top.append(h("span", "cg-rich-mark", face.symbol));
  root.append(top, h("div", "cg-rich-title", face.title));
  if (face.pennant) root.append(h("div", "cg-rich-pennant", face.pennant));
  if (face.symbol) root.append(h("div", "cg-rich-symbol", face.symbol));
  if (face.text) {
    root.classList.add("cg-has-text");
    root.append(h("div", "cg-rich-text", face.text));
  }
  const tags = Array.isArray(face.tags) ? face.tags.filter((tag) => tag != null && tag !== "") : [];
  if (tags.length || face.corner) {
    const foot = h("div", "cg-rich-foot");
    for (const tag of tags) foot.append(h("span", "cg-rich-tag", tag));
    if (face.corner) foot.append(h("span", "cg-rich-corner", face.corner));
    root.append(foot);
  }
  return root;
}
function cardName(card, words) {
  if (card.label) return String(card.label);
  if (card.back || card.rank == null && !card.face) return words.face_down;
  return String(card.id ?? "");
}

// widgets/js/draw.js
var STACKING_RANKS = /* @__PURE__ */ new Set(["2", "3", "4", "5", "6", "7", "8", "9", "10"]);
function fill(template, fields) {
  return String(template ?? "").replace(/\{(\w+)\}/g, (whole, key) => fields[key] ?? whole);
}
function drawCard(card, zone, words, { inTarget, hiddenFromReader }) {
  const node = h("div", "cg-card");
  const back = Boolean(card.back) || card.rank == null && !card.face;
  const selectable = Boolean(card.selectable);
  const selected = Boolean(card.selected);
  node.dataset.card = back ? "" : String(card.id ?? "");
  node.dataset.zone = String(zone.id);
  if (!back && card.id != null) node.dataset.key = `card:${zone.id}|${card.id}`;
  node.dataset.selectable = String(selectable);
  node.dataset.selected = String(selected);
  if (back) node.classList.add("cg-back");
  else if (card.face) node.dataset.colour = String(card.face.colour ?? "");
  else {
    const joker = card.rank === "X";
    node.classList.add(card.suit === "H" || card.suit === "D" || joker && card.suit === "R" ? "cg-red" : "cg-black");
    if (joker) node.classList.add("cg-joker");
    if (card.rank === "J" || card.rank === "Q" || card.rank === "K") node.classList.add("cg-figure");
  }
  if (selectable) node.classList.add("cg-selectable");
  if (selected) node.classList.add("cg-selected");
  if (card.fresh) node.classList.add("cg-fresh");
  const name = cardName(card, words);
  if (selectable) {
    node.tabIndex = 0;
    node.setAttribute("role", "button");
    node.setAttribute("aria-pressed", String(selected));
    node.append(h("span", "cg-sr-only", name));
  } else {
    node.setAttribute("role", "img");
    node.setAttribute("aria-label", name);
    if (hiddenFromReader) node.setAttribute("aria-hidden", "true");
  }
  if (inTarget) node.classList.add("cg-in-target");
  if (card.turned) node.classList.add("cg-turned");
  const body = h("div", "cg-card-body");
  if (!back && card.face && card.face.title != null) {
    body.append(richFace(card));
    node.title = [name, card.face.text].filter(Boolean).join(" — ");
  } else body.innerHTML = back ? BACK_SVG : card.face ? otherFaceSvg(card) : faceSvg(card);
  if (card.value != null && card.value !== "") {
    const value = h("span", "cg-value", card.value);
    value.setAttribute("aria-hidden", "true");
    body.append(value);
  }
  node.append(body);
  if (card.tag) {
    const tag = h("span", "cg-tag", card.tag);
    tag.setAttribute("aria-hidden", "true");
    node.append(tag);
  }
  return node;
}
function drawCards(zone, holder, words) {
  const cards = Array.isArray(zone.cards) ? zone.cards : [];
  const kind = zone.kind || "row";
  const inTarget = Boolean(zone.target);
  if (kind === "pile" || kind === "deck") {
    const stack = h("div", "cg-pile-stack");
    const n = cards.length;
    const depth = Math.min(n - 1, 4);
    stack.style.setProperty("--cg-depth", String(Math.max(depth, 0)));
    cards.forEach((card, i2) => {
      const below = n - 1 - i2;
      const node = drawCard(card, zone, words, { inTarget, hiddenFromReader: below > 0 });
      node.style.setProperty("--cg-off", String(Math.min(below, 4)));
      if (below > 0) node.classList.add("cg-under");
      stack.append(node);
    });
    if (n === 0) stack.append(h("div", "cg-slot", kind === "deck" ? words.empty : "—"));
    holder.append(stack);
    if (n > 0) {
      const count = h("span", "cg-count", `${n}`);
      const said = zone.count || `${n} ${words.cards}`;
      count.setAttribute("role", "img");
      count.setAttribute("aria-label", said);
      count.title = said;
      holder.append(count);
    }
    return;
  }
  if (kind === "hand") {
    const n = cards.length;
    const tight = n > 0 && cards.every((c) => c.back || c.rank == null && !c.face);
    const overlap = tight ? -0.62 : n <= 12 ? 0.06 : n <= 16 ? -0.25 : -0.42;
    holder.style.setProperty("--cg-overlap", String(overlap));
    holder.classList.toggle("cg-tight", tight);
    const mid = (n - 1) / 2;
    const spread = n > 1 ? Math.min(4, 26 / n) : 0;
    cards.forEach((card, i2) => {
      const node = drawCard(card, zone, words, { inTarget });
      const off = i2 - mid;
      node.style.setProperty("--cg-rot", `${num(off * spread)}deg`);
      node.style.setProperty("--cg-dy", String(num(Math.abs(off) * Math.abs(off) * spread * 0.18)));
      holder.append(node);
    });
    if (n === 0) holder.append(h("div", "cg-empty", words.no_cards));
    return;
  }
  let i = 0;
  while (i < cards.length) {
    const card = cards[i];
    let j = i + 1;
    if (zone.stack && STACKING_RANKS.has(card.rank) && !card.back) {
      while (j < cards.length && cards[j].rank === card.rank && !cards[j].back) j++;
    }
    if (j - i > 1) {
      const group = h("div", "cg-stack");
      group.dataset.count = String(j - i);
      const row = h("div", "cg-stack-cards");
      const tags = new Set(cards.slice(i, j).map((c) => c.tag || ""));
      const shared = tags.size === 1 ? [...tags][0] : "";
      for (let k = i; k < j; k++) {
        const node = drawCard(cards[k], zone, words, { inTarget });
        if (shared) node.classList.add("cg-tag-shared");
        row.append(node);
      }
      group.append(row);
      if (shared) {
        const tag = h("span", "cg-stack-tag", shared);
        tag.setAttribute("aria-hidden", "true");
        group.append(tag);
      }
      holder.append(group);
    } else {
      holder.append(drawCard(card, zone, words, { inTarget }));
    }
    i = j;
  }
}
function drawSpace(zone, node, holder) {
  const space = zone.space || {};
  node.dataset.blocked = String(Boolean(space.blocked));
  node.dataset.rule = String(Boolean(space.rule));
  const tile = h("div", "cg-space-tile", space.symbol ?? "");
  if (space.colour) tile.style.color = FACE_COLOURS[space.colour] || String(space.colour);
  holder.append(tile);
  if (space.blocked) {
    const stone = h("span", "cg-stone", "✖");
    stone.setAttribute("aria-hidden", "true");
    stone.title = space.owner ? `Njet! (${space.owner})` : "Njet!";
    holder.append(stone);
  }
}
function drawZone(zone, words) {
  const kind = ["row", "column", "hand", "pile", "deck", "space"].includes(zone.kind) ? zone.kind : "row";
  const target = Boolean(zone.target);
  const node = h("div", `cg-zone cg-zone-${kind}`);
  node.dataset.zone = String(zone.id);
  node.dataset.key = `zone:${zone.id}`;
  node.dataset.kind = kind;
  node.dataset.target = String(target);
  const drop = target || Boolean(zone.drop);
  node.dataset.drop = String(drop);
  if (zone.own) node.dataset.own = "true";
  const verb = words[zone.verb] || words.place_here;
  const label = kind === "space" && zone.note ? `${zone.label || zone.id}, ${zone.note}` : zone.label || "";
  if (drop) {
    node.classList.add(target ? "cg-target" : "cg-drop");
    node.tabIndex = 0;
    node.setAttribute("role", "button");
  } else {
    node.setAttribute("role", "group");
    if (label) node.setAttribute("aria-label", label);
  }
  const headNode = h("div", "cg-zone-head");
  if (zone.label) headNode.append(h("span", "cg-zone-label", zone.label));
  if (zone.note) headNode.append(h("span", "cg-zone-note", zone.note));
  const cards = h("div", "cg-zone-cards");
  if (kind === "space") {
    drawSpace(zone, node, cards);
    if (target) cards.append(h("span", "cg-sr-only", verb));
  } else drawCards(zone, cards, words);
  if (target && kind !== "space") {
    const place = h("div", "cg-place");
    const arrow = h("span", "cg-place-arrow", { take_here: "⤒", choose_here: "✓" }[zone.verb] || "⤓");
    arrow.setAttribute("aria-hidden", "true");
    place.append(arrow, h("span", "cg-place-text", verb));
    (kind === "hand" ? headNode : cards).append(place);
  }
  node.append(headNode, cards);
  if (zone.total != null && zone.total !== "") {
    const total = h("span", "cg-total", zone.total);
    total.title = words.total;
    total.setAttribute("role", "img");
    total.setAttribute("aria-label", `${words.total} ${zone.total}`);
    node.append(total);
  }
  return node;
}
function drawArea(area, words) {
  const node = h("div", "cg-area");
  node.setAttribute("role", "group");
  node.dataset.area = String(area.id ?? "");
  node.dataset.key = `area:${area.id ?? ""}`;
  if (area.active) node.classList.add("cg-active");
  if (area.winner) node.classList.add("cg-winner");
  if ((Array.isArray(area.zones) ? area.zones : []).some((zone) => zone.own)) node.classList.add("cg-own");
  node.dataset.active = String(Boolean(area.active));
  const headNode = h("div", "cg-area-head");
  const label = h("h3", "cg-area-label", area.label || area.id || "");
  headNode.append(label);
  if (area.active) headNode.append(h("span", "cg-turn", words.to_play));
  if (area.winner) headNode.append(h("span", "cg-turn cg-won", words.winner));
  const info = Array.isArray(area.info) ? area.info.filter((x) => x != null && x !== "") : [];
  if (info.length) {
    const chips = h("ul", "cg-chips");
    for (const fact of info) chips.append(h("li", "cg-chip", fact));
    headNode.append(chips);
  }
  if (area.label) {
    node.setAttribute("aria-label", area.active ? fill(words.area_to_play, { area: area.label }) : area.label);
  }
  const bodyNode = h("div", "cg-area-body");
  const main = h("div", "cg-area-main");
  const side = h("div", "cg-area-side");
  let columns = null;
  let band = null;
  for (const zone of Array.isArray(area.zones) ? area.zones : []) {
    const z = drawZone(zone, words);
    if (zone.kind === "column") {
      if (!columns) main.append(columns = h("div", "cg-columns"));
      columns.append(z);
      continue;
    }
    columns = null;
    if (area.field && (zone.kind || "row") === "row") {
      if (!band) main.append(band = h("div", "cg-field"));
      band.append(z);
      continue;
    }
    band = null;
    (zone.kind === "pile" || zone.kind === "deck" ? side : main).append(z);
  }
  if (area.layout === "row") main.classList.add("cg-area-row");
  if (main.childElementCount) bodyNode.append(main);
  if (side.childElementCount) bodyNode.append(side);
  node.append(headNode, bodyNode);
  return node;
}
function drawFlash(flash, words, wide) {
  if (!flash || !flash.text) return [];
  const node = h("div", "cg-flash");
  node.dataset.kind = ["error", "info", "success"].includes(flash.kind) ? flash.kind : "info";
  if (flash.rule) node.dataset.rule = String(flash.rule);
  const parts = [h("span", "cg-flash-text", flash.text)];
  if (flash.rule) {
    const rule = h("span", "cg-rule", flash.rule);
    rule.title = fill(words.rule, { rule: flash.rule });
    parts.push(rule);
  }
  if (flash.detail) {
    const detail = h("details", "cg-flash-detail");
    detail.append(h("summary", "", words.rule_text), document.createTextNode(flash.detail));
    detail.open = wide;
    parts.push(detail);
  }
  node.append(...parts);
  return [node];
}
function pickedUp(scene, card) {
  const places = scene.picks && scene.picks[card ?? ""];
  if (!places) return null;
  const lit = places.targets || {};
  const drops = new Set(places.drops || []);
  const zone = (z) => ({
    ...z,
    target: z.id in lit,
    verb: lit[z.id] ?? z.verb,
    drop: drops.has(z.id),
    cards: (z.cards || []).map((c) => ({ ...c, selected: card != null && c.id === card }))
  });
  const areas = (scene.areas || []).map((area) => ({ ...area, zones: (area.zones || []).map(zone) }));
  return { ...scene, areas, flash: null };
}

// widgets/js/focus.js
var usable = (n) => n && n.isConnected && n.tabIndex >= 0 && !n.disabled && n.getClientRects().length > 0;
function focusKey(root) {
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
function restoreFocus(root, key) {
  if (!key || root.contains(document.activeElement)) return;
  const focusable = (n) => n && n.isConnected && n.tabIndex >= 0 && !n.disabled;
  const all = (sel) => [...root.querySelectorAll(sel)].filter(focusable);
  let found = null;
  if (key.kind === "button") found = all(".cg-button").find((n) => n.dataset.button === key.id);
  else if (key.kind === "zone") found = all(".cg-zone").find((n) => n.dataset.zone === key.zone);
  else if (key.kind === "card") {
    const cards = all(".cg-card");
    if (key.id) {
      found = cards.find((n) => n.dataset.card === key.id && n.dataset.zone === key.zone) || cards.find((n) => n.dataset.card === key.id);
    } else {
      const peers = cards.filter((n) => n.dataset.zone === key.zone);
      found = peers[Math.min(key.index, peers.length - 1)];
    }
  }
  if (!found && key.kind !== "root") {
    found = all(".cg-zone.cg-target")[0] || all(".cg-card").find((n) => n.dataset.zone === key.zone) || all(".cg-card")[0] || all(".cg-button")[0];
  }
  (found || root).focus({ preventScroll: true });
}
function targets(root) {
  const lit = [...root.querySelectorAll(".cg-zone.cg-target")].filter(usable);
  return lit.length ? lit : [...root.querySelectorAll(".cg-zone.cg-drop")].filter(usable);
}
function selectedCard(root) {
  return [...root.querySelectorAll(".cg-card.cg-selected")].find(usable) || null;
}
function nextToDo(root, buttons) {
  const picked = selectedCard(root);
  if (picked) return targets(root)[0] || root.querySelector(".cg-button[data-button^='choice:']") || picked;
  const cards = [...root.querySelectorAll(".cg-card[data-selectable='true']")].filter(usable);
  const places = [...root.querySelectorAll(".cg-zone.cg-target")].filter(usable);
  return cards[0] || places[0] || [...buttons.querySelectorAll(".cg-button")].filter(usable)[0] || null;
}

// widgets/js/keys.js
function navigation(event, root, buttons) {
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
  const peers = node.classList.contains("cg-card") ? [...root.querySelectorAll(".cg-card[tabindex='0']")].filter((n) => n.dataset.zone === node.dataset.zone) : [...root.querySelectorAll(".cg-zone[tabindex='0']")];
  return { focus: peers[peers.indexOf(node) + step] || null };
}
function activates(event) {
  if (event.key !== "Enter" && event.key !== " " && event.key !== "Spacebar") return false;
  const node = event.target;
  return node instanceof Element && node.tagName !== "BUTTON" && node.matches(".cg-card[role='button'], .cg-zone[role='button']");
}

// widgets/js/morph.js
function morphChildren(old, fresh) {
  const keyOf = (node) => node.nodeType === Node.ELEMENT_NODE && node.getAttribute("data-key") || `${node.nodeType} ${node.nodeName}`;
  const waiting = /* @__PURE__ */ new Map();
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
  let at = old.firstChild;
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
function holding(nodes) {
  const holder = document.createElement("div");
  holder.append(...nodes);
  return holder;
}

// widgets/js/table.js
var NARROW_PX = 600;
var HAND_CARD_TO_PICK = '.cg-zone[data-own="true"] .cg-card[data-selectable="true"]';
var NEEDED = '.cg-zone[data-target="true"], .cg-zone:has(.cg-card[data-selectable="true"])';
var NEEDED_WITHOUT_CARDS = `${NEEDED}, .cg-zone[data-drop="true"]`;
var HELD_SHARE = 0.75;
function reachable(box) {
  if (box.scrollHeight > box.clientHeight + 1) box.tabIndex = 0;
  else box.removeAttribute("tabindex");
}
function render({ model, el }) {
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
  lastLabel.id = `cg-last-${Math.random().toString(36).slice(2)}`;
  last.setAttribute("role", "group");
  last.setAttribute("aria-labelledby", lastLabel.id);
  last.append(lastLabel, lastTold);
  const fitLast = () => {
    lastTold.scrollTop = lastTold.scrollHeight;
    reachable(lastTold);
  };
  const lastResized = new ResizeObserver(fitLast);
  lastResized.observe(lastTold);
  prompt.tabIndex = -1;
  bar.append(prompt, buttons);
  panel.append(bar, flashRegion, last);
  root.append(head, felt, panel, keys);
  root.tabIndex = -1;
  el.append(root);
  let sent = model.get("answered") || 0;
  function send(message) {
    try {
      model.send(message);
    } catch {
      return;
    }
    sent += 1;
    busy();
  }
  function busy() {
    root.setAttribute("aria-busy", String(sent > (model.get("answered") || 0)));
  }
  let pending;
  function pickLocally(card) {
    const local = pickedUp(model.get("scene") || {}, card);
    if (!local) return;
    pending = { card, answered: sent + 1 };
    draw(local);
  }
  function redraw() {
    if (pending !== void 0) {
      const local = model.get("answered") < pending.answered && pickedUp(model.get("scene") || {}, pending.card);
      if (local) return draw(local);
      pending = void 0;
    }
    draw();
  }
  function draw(local) {
    const key = focusKey(root);
    const scene = local || model.get("scene") || {};
    const words = scene.words && typeof scene.words === "object" ? scene.words : {};
    const big = Boolean(model.get("big"));
    root.classList.toggle("cg-big", big);
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
    const round = areas.some((area) => area.place);
    felt.classList.toggle("cg-round", round);
    if (round) {
      const seats = /* @__PURE__ */ new Map();
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
      holdPrompt();
      const prompted = panel.classList.contains("cg-held") ? bar.offsetHeight : 0;
      const over = answer.offsetTop + answer.offsetHeight - (panel.scrollTop + panel.clientHeight);
      if (over > 0) panel.scrollTop = Math.min(answer.offsetTop - prompted, panel.scrollTop + over);
    }
    const told = Array.isArray(scene.last) ? scene.last : [];
    const sentences = told.flatMap((sentence, i) => [...i ? [" "] : [], h("span", "cg-told", sentence)]);
    morphChildren(lastTold, holding(sentences));
    lastLabel.textContent = told.length > 1 ? words.last_moves : words.last_move;
    last.hidden = told.length === 0;
    fitLast();
    const dock = refit();
    placeFocus(key);
    if (answer && flashRegion.textContent !== said) bringIntoSight(answer);
    const held = felt.querySelector(".cg-card.cg-selected");
    const lit = [...felt.querySelectorAll('.cg-zone[data-target="true"]')];
    if (dock && held && lit.length) {
      const above = lit.filter((node) => held.compareDocumentPosition(node) & Node.DOCUMENT_POSITION_PRECEDING);
      const bottom = (node) => node.getBoundingClientRect().bottom;
      const nearest = above.reduce((low, node) => low && bottom(low) >= bottom(node) ? low : node, null);
      if (nearest && !byKeyboard) clearOfPanel(nearest, true);
      else if (!lit.some((node) => clear(node, dock))) clearOfPanel(lit[0]);
    }
  }
  const ANSWER_MS = 8e3;
  let pressedAt = -Infinity;
  const pressed = () => pressedAt = performance.now();
  function bringIntoSight(answer) {
    if (performance.now() - pressedAt > ANSWER_MS) return;
    keepPanelInView();
    const box = answer.getBoundingClientRect();
    if (box.top < 0 || box.bottom > window.innerHeight) {
      const placed = panel.scrollTop;
      answer.scrollIntoView({ block: "nearest" });
      panel.scrollTop = placed;
    }
  }
  function inSight(node, dock, top = dock.top) {
    const box = node.getBoundingClientRect();
    return Math.min(box.bottom, top) - Math.max(box.top, dock.floor) >= Math.min(box.height, 48);
  }
  const clear = (node, dock) => inSight(node, dock, dock.docked);
  function wholly(node, dock) {
    const box = node.getBoundingClientRect();
    const room = dock.docked - dock.floor;
    return box.top >= dock.floor - 1 && (box.bottom <= dock.docked + 1 || box.height > room && clear(node, dock));
  }
  let intent = null;
  let byKeyboard = false;
  function show(node) {
    node.focus({ preventScroll: true });
    const mine = node.closest('.cg-zone[data-own="true"]');
    const hand = felt.querySelector('.cg-zone[data-own="true"]');
    const away = hand && node.matches(".cg-card[data-selectable='true']") && !felt.querySelector(HAND_CARD_TO_PICK);
    if (byKeyboard || node.matches('.cg-zone[data-target="true"]') || mine || away) clearOfPanel(node);
  }
  function clearOfPanel(node, whole = false) {
    const dock = keepPanelInView();
    if (!dock || dock.hand?.contains(node) || (whole ? wholly(node, dock) : clear(node, dock))) return;
    const below = dock.hand && dock.hand.compareDocumentPosition(node) & Node.DOCUMENT_POSITION_FOLLOWING;
    if (below) root.scrollIntoView({ block: "end" });
    else node.scrollIntoView({ block: "nearest" });
  }
  function placeFocus(key) {
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
      show(prompt);
    }
  }
  function activate(target, pressed2 = false) {
    const button = target.closest(".cg-button");
    if (button && root.contains(button)) {
      if (!button.disabled) {
        intent = "move";
        send({ kind: "button", id: button.dataset.button });
      } else if (pressed2) send({ kind: "idle" });
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
      const id = cardNode.dataset.card || null;
      const putBack2 = cardNode.dataset.selected === "true";
      intent = putBack2 ? null : "pick";
      pickLocally(putBack2 ? null : id);
      send({ kind: "card", card: id, zone: cardNode.dataset.zone });
      return;
    }
    if ((zoneNode || cardNode) && felt.contains(zoneNode || cardNode)) send({ kind: "idle" });
  }
  const DRIFT_PX = 10;
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
      y: event.clientY
    };
  }
  const forget = () => press = null;
  function pressedNow(pressed2) {
    if (pressed2.node.isConnected && root.contains(pressed2.node)) return pressed2.node;
    if (pressed2.keyed?.isConnected && root.contains(pressed2.keyed)) return pressed2.keyed;
    if (pressed2.key == null) return null;
    return root.querySelector(`[data-key="${CSS.escape(pressed2.key)}"]`);
  }
  function onRelease(event) {
    const pressed2 = press;
    press = null;
    if (!pressed2 || event.pointerId !== pressed2.id || event.button !== 0) return;
    const now = pressedNow(pressed2);
    const still = Math.hypot(event.clientX - pressed2.x, event.clientY - pressed2.y) <= DRIFT_PX;
    const released = event.target instanceof Element ? event.target : null;
    if (still && now) activate(now, true);
    else if (still && pressed2.thing) send({ kind: "idle" });
    else if (now && released && now.contains(released)) activate(released, true);
  }
  function onClick(event) {
    if (event.button !== 0 || event.detail > 0) return;
    byKeyboard = true;
    const button = event.target.closest(".cg-button");
    activate(button || event.target);
  }
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
  root.addEventListener("pointercancel", forget);
  root.addEventListener("click", onClick);
  root.addEventListener("keydown", onKey);
  model.on("change:scene", redraw);
  model.on("change:answered", () => {
    busy();
    if (pending !== void 0) redraw();
  });
  model.on("change:big", redraw);
  model.on("change:projector", redraw);
  busy();
  model.on("change:name", redraw);
  root.addEventListener("focusin", (event) => {
    const node = event.target;
    const lifted = panel.classList.contains("cg-lifted");
    if (lifted && felt.contains(node) && node.matches(":focus-visible")) clearOfPanel(node);
  });
  let lifting = 0;
  function keepPanelInView() {
    lifting = 0;
    if (!root.isConnected) return null;
    const floor = Math.max(root.getBoundingClientRect().top + head.offsetHeight, 0);
    const lift = Number(panel.dataset.lift || 0);
    const own = panel.getBoundingClientRect();
    const bottom = own.bottom + lift;
    const wanted = Math.max(0, Math.min(bottom - window.innerHeight, bottom - own.height - floor));
    if (Math.abs(wanted - lift) >= 1) {
      panel.dataset.lift = String(wanted);
      panel.style.transform = wanted ? `translateY(${-wanted}px)` : "";
      panel.classList.toggle("cg-lifted", wanted > 0);
    }
    const top = bottom - own.height - Math.round(wanted);
    let docked = top;
    const hand = felt.querySelector('.cg-zone[data-own="true"]');
    let handLift = 0;
    if (hand) {
      const was = Number(root.dataset.handLift || 0);
      const box = hand.getBoundingClientRect();
      const fits = box.height <= window.innerHeight * 0.6;
      handLift = fits ? Math.round(Math.max(0, Math.min(box.bottom + was - top, box.top + was - floor))) : 0;
      if (handLift > 0) {
        const dock = [hand, ...riding(hand)];
        const boxes = dock.map((node) => node.getBoundingClientRect());
        const band = {
          top: Math.min(...boxes.map((b) => b.top + was - handLift)),
          bottom: top,
          left: Math.min(...boxes.map((b) => b.left)),
          right: Math.max(...boxes.map((b) => b.right))
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
    root.style.setProperty("--cg-dock", `${Math.max(0, window.innerHeight - docked)}px`);
    return { floor, top: handLift > 0 ? docked : top, docked, hand: handLift > 0 ? hand : null };
  }
  function riding(hand) {
    const side = hand.closest(".cg-area")?.querySelector(":scope > .cg-area-body > .cg-area-side");
    return side && getComputedStyle(side).transform !== "none" ? [...side.children] : [];
  }
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
  function squeeze(hand) {
    const line = hand.querySelector(".cg-zone-cards");
    const cards = line ? [...line.querySelectorAll(":scope > .cg-card")] : [];
    if (cards.length < 2 || !line.clientWidth) return;
    const n = cards.length;
    const width = cards[0].offsetWidth;
    const was = Number(root.dataset.squeeze) || 0;
    const style = getComputedStyle(line);
    const margin = Number.parseFloat(getComputedStyle(cards[1]).marginLeft) + was;
    const room = line.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight);
    const tilt = Number.parseFloat(style.getPropertyValue("--cg-tilt")) || 1;
    const after = room - width * (1 + 0.2 * tilt);
    const large = root.classList.contains("cg-large") ? root.classList.contains("cg-big") ? 0.2 : 0.12 : 0.4;
    const most = Math.min(width * large, width + margin - width * 0.55);
    const perLine = (step) => 1 + Math.max(0, Math.floor(after / step));
    const lines = Math.ceil(n / perLine(width + margin - Math.max(0, most)));
    const wanted = Math.ceil(n / lines);
    const needed = wanted > 1 ? width + margin - after / (wanted - 1) : 0;
    const now = Math.ceil(Math.min(Math.max(0, most), Math.max(0, needed)));
    if (now === was) return;
    root.dataset.squeeze = String(now);
    root.style.setProperty("--cg-squeeze", `${now}px`);
  }
  const SMALLEST = [
    [1024, 12],
    [1920, 16]
  ];
  const LARGEST_U = 3;
  const FIT_STEP = 0.02;
  let fitted = 0;
  function fitWindow() {
    const [[narrow, small], [wide, large]] = SMALLEST;
    const share = Math.min(1, Math.max(0, (window.innerWidth - narrow) / (wide - narrow)));
    const least = (small + (large - small) * share) / 12;
    let top = 0;
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
  let watchingAbove = false;
  function refit() {
    if (root.classList.contains("cg-projector") && root.isConnected) {
      for (let node = root.parentElement; node && !watchingAbove; node = node.parentElement) resized.observe(node);
      watchingAbove = true;
      fitWindow();
    }
    const hand = felt.querySelector('.cg-zone[data-own="true"]');
    if (hand) squeeze(hand);
    reachable(panel);
    holdPrompt();
    return keepPanelInView();
  }
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
var table_default = { render };
export {
  table_default as default
};
