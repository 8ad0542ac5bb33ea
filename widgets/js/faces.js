// The card faces: pure functions from a card (as the scene gives it) to SVG text and to the words a screen reader
// says, and a rich face's small DOM tree. No state (draw.js puts them on the table).

import { h } from "./dom.js";

const RED = "#c62828";
const BLACK = "#1d1d24";
const GOLD = "#e3a50b";
const CARD_W = 64;
const CARD_H = 90;

// Suit shapes in a 100 x 100 box, drawn in code so every browser shows the same cards.
const SUIT_PATHS = {
  H: "M50 90C22 68 4 51 4 31C4 15 16 5 29 5C39 5 46 11 50 20C54 11 61 5 71 5C84 5 96 15 96 31C96 51 78 68 50 90Z",
  D: "M50 2L86 50L50 98L14 50Z",
  S:
    "M50 3C62 24 95 40 95 62C95 77 84 85 73 85C64 85 57 81 53 74C54 84 59 91 68 97L32 97C41 91 46 84 47 74" +
    "C43 81 36 85 27 85C16 85 5 77 5 62C5 40 38 24 50 3Z",
  C:
    "M30 30A20 20 0 1 1 70 30A20 20 0 1 1 30 30Z" +
    "M8 60A20 20 0 1 1 48 60A20 20 0 1 1 8 60Z" +
    "M52 60A20 20 0 1 1 92 60A20 20 0 1 1 52 60Z" +
    "M40 48A10 10 0 1 1 60 48A10 10 0 1 1 40 48Z" +
    "M46 58C46 78 42 89 32 97L68 97C58 89 54 78 54 58Z",
};

// Pip centres on the 64 x 90 card for A..10 (columns L C R; pips below the middle are drawn upside down).
const L = 22;
const M = 32;
const R = 42;
const Y3 = [19, 45, 71];
const Y4 = [19, 36.33, 53.67, 71];
const PIPS = {
  2: [[M, Y3[0]], [M, Y3[2]]],
  3: [[M, Y3[0]], [M, Y3[1]], [M, Y3[2]]],
  4: [[L, Y3[0]], [R, Y3[0]], [L, Y3[2]], [R, Y3[2]]],
  5: [[L, Y3[0]], [R, Y3[0]], [M, Y3[1]], [L, Y3[2]], [R, Y3[2]]],
  6: [[L, Y3[0]], [R, Y3[0]], [L, Y3[1]], [R, Y3[1]], [L, Y3[2]], [R, Y3[2]]],
  7: [[L, Y3[0]], [R, Y3[0]], [M, 32], [L, Y3[1]], [R, Y3[1]], [L, Y3[2]], [R, Y3[2]]],
  8: [[L, Y3[0]], [R, Y3[0]], [M, 32], [L, Y3[1]], [R, Y3[1]], [M, 58], [L, Y3[2]], [R, Y3[2]]],
  9: [[L, Y4[0]], [R, Y4[0]], [L, Y4[1]], [R, Y4[1]], [M, 45], [L, Y4[2]], [R, Y4[2]], [L, Y4[3]], [R, Y4[3]]],
  10: [
    [L, Y4[0]], [R, Y4[0]], [M, 27.7], [L, Y4[1]], [R, Y4[1]],
    [L, Y4[2]], [R, Y4[2]], [M, 62.3], [L, Y4[3]], [R, Y4[3]],
  ],
};


function esc(text) {
  return String(text).replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]);
}

export function num(x) {
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
    const a = -Math.PI / 2 + (i * Math.PI) / 5;
    points.push(`${num(cx + r * Math.cos(a))} ${num(cy + r * Math.sin(a))}`);
  }
  return `M${points.join("L")}Z`;
}

// The figure glyphs, in a 100 x 60 box: a crown for the King, a tiara for the Queen, a sword for the Jack.
const GLYPHS = {
  K:
    '<path d="M8 54L4 14L28 34L50 4L72 34L96 14L92 54Z"/>' +
    '<circle cx="4" cy="12" r="5"/><circle cx="50" cy="5" r="6"/><circle cx="96" cy="12" r="5"/>' +
    '<rect x="8" y="46" width="84" height="8" fill="rgba(0,0,0,.18)" stroke="none"/>',
  Q:
    '<path d="M10 54L14 24Q30 42 50 16Q70 42 86 24L90 54Z"/>' +
    '<circle cx="14" cy="21" r="5"/><circle cx="50" cy="12" r="7"/><circle cx="86" cy="21" r="5"/>',
  J:
    '<path d="M4 30L66 23L66 37Z"/><rect x="66" y="10" width="7" height="40" rx="2"/>' +
    '<rect x="73" y="25" width="16" height="10" rx="2"/><circle cx="93" cy="30" r="6"/>',
};

// The back: a navy lattice in a white border, computed once.
export const BACK_SVG = (() => {
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
  return (
    `<svg class="cg-face" viewBox="0 0 ${CARD_W} ${CARD_H}" aria-hidden="true" focusable="false">` +
    `<rect x="0.5" y="0.5" width="63" height="89" rx="5" fill="#fff" stroke="#b9bcc4"/>` +
    `<rect x="${x0}" y="${y0}" width="${x1 - x0}" height="${y1 - y0}" rx="3" fill="#24408f"/>` +
    `<path d="${lines.join("")}" stroke="#5b7bd6" stroke-width="1" fill="none" opacity=".75"/>` +
    `<rect x="${x0 + 3}" y="${y0 + 3}" width="${x1 - x0 - 6}" height="${y1 - y0 - 6}" rx="2" fill="none" stroke="#c9d6ff" stroke-width=".8" opacity=".8"/>` +
    `<ellipse cx="32" cy="45" rx="11" ry="15" fill="#24408f" stroke="#f2c94c" stroke-width="1.6"/>` +
    `<path d="${starPath(32, 45, 7, 3)}" fill="#f2c94c"/>` +
    `</svg>`
  );
})();

function cornerIndex(card, colour) {
  const rank = String(card.rank);
  const ten = rank.length > 1;
  const text =
    `<text x="8" y="15" text-anchor="middle" font-size="${ten ? 12 : 13}" font-weight="700" ` +
    `letter-spacing="${ten ? -1.6 : 0}" fill="${colour}" class="cg-index">${esc(rank)}</text>`;
  return `<g>${text}<g fill="${colour}">${suitShape(card.suit, 8, 23.5, 9)}</g></g>`;
}

export function faceSvg(card) {
  const rank = String(card.rank ?? "");
  const suit = String(card.suit ?? "");
  const joker = rank === "X";
  const red = joker ? suit === "R" : suit === "H" || suit === "D";
  const colour = red ? RED : BLACK;
  const parts = [
    `<rect x="0.5" y="0.5" width="63" height="89" rx="5" fill="#fff" stroke="#b9bcc4"/>`,
  ];
  if (joker) {
    const star = starPath(32, 40, 18, 7.5);
    parts.push(`<rect x="5" y="5" width="54" height="80" rx="3" fill="none" stroke="${colour}" stroke-width=".8" opacity=".5"/>`);
    parts.push(`<path d="${star}" fill="${colour}"/>`);
    if (!red) parts.push(`<path d="${starPath(32, 40, 9, 3.8)}" fill="#fff"/>`); // black Jolly: a hollow-centred star
    parts.push(
      `<text x="32" y="74" text-anchor="middle" font-size="12" font-weight="800" letter-spacing="0.6" fill="${colour}">JOLLY</text>`,
    );
    const corner = `<path d="${starPath(8, 10, 5.5, 2.3)}" fill="${colour}"/>`;
    parts.push(corner, `<g transform="rotate(180 32 45)">${corner}</g>`);
  } else if (rank === "J" || rank === "Q" || rank === "K") {
    parts.push(
      `<rect x="14" y="11" width="36" height="68" rx="3" fill="#fcf3d9" stroke="${colour}" stroke-width="1.2"/>`,
      `<rect x="16.5" y="13.5" width="31" height="63" rx="2" fill="none" stroke="${GOLD}" stroke-width=".8"/>`,
      `<g transform="translate(20 17) scale(.24)" fill="${GOLD}" stroke="#7a5300" stroke-width="3" stroke-linejoin="round">${GLYPHS[rank]}</g>`,
      `<text x="32" y="54" text-anchor="middle" font-size="25" font-weight="700" font-family="Georgia, 'DejaVu Serif', serif" fill="${colour}">${rank}</text>`,
      `<g fill="${colour}">${suitShape(suit, 32, 67, 11)}</g>`,
    );
    const corner = cornerIndex(card, colour);
    parts.push(corner, `<g transform="rotate(180 32 45)">${corner}</g>`);
  } else {
    const layout = PIPS[rank];
    const body = layout
      ? layout.map(([x, y]) => suitShape(suit, x, y, 12, y > 46)).join("")
      : suitShape(suit, 32, 45, rank === "A" ? 32 : 22);
    parts.push(`<g fill="${colour}">${body}</g>`);
    const corner = cornerIndex(card, colour);
    parts.push(corner, `<g transform="rotate(180 32 45)">${corner}</g>`);
  }
  return (
    `<svg class="cg-face" viewBox="0 0 ${CARD_W} ${CARD_H}" aria-hidden="true" focusable="false" ` +
    `font-family="'Helvetica Neue', Arial, 'Liberation Sans', 'DejaVu Sans', sans-serif">${parts.join("")}</svg>`
  );
}

// Cards of other decks (Njet!): card.face = {value, colour, suit}; the colour is a word, the suit letter picks the
// symbol drawn beside the value, so colour is never the only cue.
export const FACE_COLOURS = { red: RED, black: BLACK, blue: "#1e5bb8", green: "#1f7a3a" };

export function otherFaceSvg(card) {
  const face = card.face;
  const colour = FACE_COLOURS[face.colour] || String(face.colour || BLACK);
  const value = esc(face.value ?? "");
  const corner =
    `<text x="9" y="16" text-anchor="middle" font-size="13" font-weight="700" fill="${colour}">${value}</text>` +
    `<g fill="${colour}">${suitShape(face.suit, 9, 25, 9)}</g>`;
  return (
    `<svg class="cg-face" viewBox="0 0 ${CARD_W} ${CARD_H}" aria-hidden="true" focusable="false" ` +
    `font-family="'Helvetica Neue', Arial, 'Liberation Sans', 'DejaVu Sans', sans-serif">` +
    `<rect x="0.5" y="0.5" width="63" height="89" rx="5" fill="#fff" stroke="#b9bcc4"/>` +
    `<rect x="5" y="5" width="54" height="80" rx="3" fill="none" stroke="${colour}" stroke-width="1.4" opacity=".55"/>` +
    `<text x="32" y="52" text-anchor="middle" font-size="30" font-weight="800" fill="${colour}">${value}</text>` +
    `<g fill="${colour}">${suitShape(face.suit, 32, 68, 14)}</g>` +
    `${corner}<g transform="rotate(180 32 45)">${corner}</g></svg>`
  );
}

// Cards of a game's own deck (Pattuglia, NesPanini): card.face = {title, value, colour, symbol, text, tags, pennant,
// corner}. Drawn as HTML, not SVG, so that an effect text wraps. The symbol is the cue that is not colour.
const RICH_COLOURS = {
  red: ["#c62828", "#fff"],
  yellow: ["#f2c230", "#2b2100", "#b98a00"], // a yellow symbol on white needs a darker shade
  green: ["#2e7d32", "#fff"],
  blue: ["#1e5bb8", "#fff"],
  black: ["#2b2b2b", "#fff"],
  grey: ["#78808a", "#fff"],
  purple: ["#6a3d9a", "#fff"],
  orange: ["#e07b00", "#fff"],
  brown: ["#7b4a26", "#fff"],
  pink: ["#c2407a", "#fff"],
  teal: ["#00796b", "#fff"],
  gold: ["#b8860b", "#fff"],
};

export function richFace(card) {
  const face = card.face;
  const [fill, ink, mark] = RICH_COLOURS[face.colour] || [String(face.colour || "#78808a"), "#fff"];
  const root = h("div", "cg-rich");
  root.style.setProperty("--cg-c", fill);
  root.style.setProperty("--cg-c-ink", ink);
  root.style.setProperty("--cg-c-mark", mark || fill);
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

export function cardName(card, words) {
  if (card.label) return String(card.label);
  if (card.back || (card.rank == null && !card.face)) return words.face_down;
  return String(card.id ?? ""); // every face up card comes with its name, in the learner's language (Python)
}
