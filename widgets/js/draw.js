// Drawing: a scene (widgets/scene.py) as the table's DOM, fresh each time; table.js morphs it into what is on
// screen. ``words`` are the table's few words, translated in Python (widgets/board.py, WORDS). No state, no events.

import { h } from "./dom.js";
import { BACK_SVG, FACE_COLOURS, cardName, faceSvg, num, otherFaceSvg, richFace } from "./faces.js";

const STACKING_RANKS = new Set(["2", "3", "4", "5", "6", "7", "8", "9", "10"]);

// One of the table's words with its {placeholders} filled in; a missing one stays as it is.
export function fill(template, fields) {
  return String(template ?? "").replace(/\{(\w+)\}/g, (whole, key) => fields[key] ?? whole);
}

function drawCard(card, zone, words, { inTarget, hiddenFromReader }) {
  const node = h("div", "cg-card");
  const back = Boolean(card.back) || (card.rank == null && !card.face);
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
    node.classList.add(card.suit === "H" || card.suit === "D" || (joker && card.suit === "R") ? "cg-red" : "cg-black");
    if (joker) node.classList.add("cg-joker");
    if (card.rank === "J" || card.rank === "Q" || card.rank === "K") node.classList.add("cg-figure");
  }
  if (selectable) node.classList.add("cg-selectable");
  if (selected) node.classList.add("cg-selected");
  if (card.fresh) node.classList.add("cg-fresh"); // animates once: a card kept by the next redraw stays put
  const name = cardName(card, words);
  if (selectable) {
    node.tabIndex = 0;
    node.setAttribute("role", "button");
    node.setAttribute("aria-pressed", String(selected));
    // Named by its content, as a place is: the card's name in words, and its face, hidden from screen readers. An
    // aria-label is weighed against every word the face draws ("6" in two corners, "JOLLY", a badge, an effect
    // text), which no name of the card holds in their order (WCAG 2.5.3, label in name).
    node.append(h("span", "cg-sr-only", name));
  } else {
    node.setAttribute("role", "img");
    node.setAttribute("aria-label", name);
    if (hiddenFromReader) node.setAttribute("aria-hidden", "true");
  }
  if (inTarget) node.classList.add("cg-in-target");
  if (card.turned) node.classList.add("cg-turned"); // laid sideways, as a Pattuglia Captain marks a Complete Patrol

  const body = h("div", "cg-card-body");
  if (!back && card.face && card.face.title != null) {
    body.append(richFace(card));
    // the whole card in words on hover: a long title or effect text may be cut short on the face
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
    cards.forEach((card, i) => {
      const below = n - 1 - i; // 0 for the top card
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
    // only face-down hands are drawn tight; a face-up hand keeps at least half of every card in view and
    // wraps onto more lines where the width runs out
    const tight = n > 0 && cards.every((c) => c.back || (c.rank == null && !c.face));
    const overlap = tight ? -0.62 : n <= 12 ? 0.06 : n <= 16 ? -0.25 : -0.42;
    holder.style.setProperty("--cg-overlap", String(overlap));
    holder.classList.toggle("cg-tight", tight);
    const mid = (n - 1) / 2;
    const spread = n > 1 ? Math.min(4, 26 / n) : 0;
    cards.forEach((card, i) => {
      const node = drawCard(card, zone, words, { inTarget });
      const off = i - mid;
      node.style.setProperty("--cg-rot", `${num(off * spread)}deg`);
      node.style.setProperty("--cg-dy", String(num(Math.abs(off) * Math.abs(off) * spread * 0.18)));
      holder.append(node);
    });
    if (n === 0) holder.append(h("div", "cg-empty", words.no_cards));
    return;
  }
  // rows: consecutive number cards of one rank lie on top of each other when the zone stacks them; an ace, a
  // figure or a joker is a unit of its own (NAP-5)
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

// A board space: zone.space = {symbol, colour, blocked, owner, rule}. A blocked space carries a stone.
function drawSpace(zone, node, holder) {
  const space = zone.space || {};
  node.dataset.blocked = String(Boolean(space.blocked));
  node.dataset.rule = String(Boolean(space.rule));
  const tile = h("div", "cg-space-tile", space.symbol ?? "");
  if (space.colour) tile.style.color = FACE_COLOURS[space.colour] || String(space.colour);
  holder.append(tile);
  if (space.blocked) {
    const stone = h("span", "cg-stone", "✖");
    stone.setAttribute("aria-hidden", "true"); // the space's name says whose Njet! it is
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
  // drop: any row may take a click while a card is picked up, so Python can refuse a wrong one with its rule
  const drop = target || Boolean(zone.drop);
  node.dataset.drop = String(drop);
  if (zone.own) node.dataset.own = "true"; // the learner's hand: docked above the panel (table.js)
  const verb = words[zone.verb] || words.place_here; // Place here, Take or Choose
  // a group's name; a board space's note (blocked by whom, or the rule) is part of it
  const label = kind === "space" && zone.note ? `${zone.label || zone.id}, ${zone.note}` : zone.label || "";
  if (drop) {
    node.classList.add(target ? "cg-target" : "cg-drop");
    node.tabIndex = 0;
    node.setAttribute("role", "button");
    // Named by what it shows (its name and note, its cards, what a click does there, its total), so what a screen
    // reader says is what the eye reads (WCAG 2.5.3, label in name).
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
    if (target) cards.append(h("span", "cg-sr-only", verb)); // the eye sees the lit space; a screen reader hears it
  } else drawCards(zone, cards, words);
  if (target && kind !== "space") {
    const place = h("div", "cg-place");
    const arrow = h("span", "cg-place-arrow", { take_here: "⤒", choose_here: "✓" }[zone.verb] || "⤓"); // in, out, chosen
    arrow.setAttribute("aria-hidden", "true");
    place.append(arrow, h("span", "cg-place-text", verb));
    // a hand chosen as a whole (a partner) says so beside its name: after its cards it ran off a narrow column
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

export function drawArea(area, words) {
  const node = h("div", "cg-area");
  node.setAttribute("role", "group");
  node.dataset.area = String(area.id ?? "");
  node.dataset.key = `area:${area.id ?? ""}`;
  if (area.active) node.classList.add("cg-active");
  if (area.winner) node.classList.add("cg-winner"); // the game is over and this player won
  // the learner's own area: its piles and decks ride with the docked hand (table.css)
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
  let columns = null; // consecutive column zones stand side by side
  let band = null; // consecutive rows of a "field" area: one above the other, side by side with big cards
  for (const zone of Array.isArray(area.zones) ? area.zones : []) {
    const z = drawZone(zone, words);
    if (zone.kind === "column") {
      if (!columns) main.append((columns = h("div", "cg-columns")));
      columns.append(z);
      continue;
    }
    columns = null;
    if (area.field && (zone.kind || "row") === "row") {
      if (!band) main.append((band = h("div", "cg-field")));
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

// ``wide``: the board has room to show the ruling written out.
export function drawFlash(flash, words, wide) {
  if (!flash || !flash.text) return [];
  const node = h("div", "cg-flash");
  node.dataset.kind = ["error", "info", "success"].includes(flash.kind) ? flash.kind : "info";
  if (flash.rule) node.dataset.rule = String(flash.rule);
  const parts = [h("span", "cg-flash-text", flash.text)]; // the icon is CSS, so textContent is the message
  if (flash.rule) {
    const rule = h("span", "cg-rule", flash.rule);
    rule.title = fill(words.rule, { rule: flash.rule });
    parts.push(rule);
  }
  if (flash.detail) {
    // the ruling, written out: open on a wide board; folded on a phone, where the panel must leave the learner's
    // hand in sight (a tap on its summary opens it)
    const detail = h("details", "cg-flash-detail");
    detail.append(h("summary", "", words.rule_text), document.createTextNode(flash.detail));
    detail.open = wide;
    parts.push(detail);
  }
  node.append(...parts);
  return [node];
}

// The scene with ``card`` picked up (null: put back), drawn at once from scene.picks, where Python says where
// each card may go: the places light up without waiting for the kernel, whose answer then draws the same.
export function pickedUp(scene, card) {
  const places = scene.picks && scene.picks[card ?? ""];
  if (!places) return null;
  const lit = places.targets || {};
  const drops = new Set(places.drops || []);
  const zone = (z) => ({
    ...z,
    target: z.id in lit,
    verb: lit[z.id] ?? z.verb,
    drop: drops.has(z.id),
    cards: (z.cards || []).map((c) => ({ ...c, selected: card != null && c.id === card })),
  });
  const areas = (scene.areas || []).map((area) => ({ ...area, zones: (area.zones || []).map(zone) }));
  return { ...scene, areas, flash: null };
}
