// The card table: draws the *scene* Python sends (see widgets/table.py) and reports clicks.
// It holds no game rule: what is selectable, where a card may go, what a button does is all decided in Python.
// The card faces (faceSvg, otherFaceSvg, richFace, cardName, BACK_SVG) are drawn by faces.js, and a redraw keeps what
// did not change through morph.js (morphChildren, holding): widgets/table.py puts both before this file.

// Where the table's CSS container queries switch to the phone arrangement (table.css, @container max-width).
const NARROW_PX = 600;

function h(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text != null && text !== "") node.textContent = String(text);
  return node;
}

// One of the table's words (widgets/board.py, WORDS) with its {placeholders} filled in; a missing one stays as it is.
function fill(template, fields) {
  return String(template ?? "").replace(/\{(\w+)\}/g, (whole, key) => fields[key] ?? whole);
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
  const last = h("p", "cg-last");
  const keys = h("p", "cg-keys");
  flashRegion.setAttribute("aria-live", "polite");
  flashRegion.setAttribute("role", "status");
  prompt.tabIndex = -1; // where focus rests when nothing on the board can be used (the bots' turn, the end)
  bar.append(prompt, buttons);
  panel.append(bar, flashRegion, last);
  root.append(head, felt, panel, keys);
  root.tabIndex = -1; // a last resort for keeping focus inside the table across re-renders
  el.append(root);

  // The few words the table itself writes ("Place here", "Rule {rule}", ...) come with every scene, translated in
  // Python like every sentence a learner reads (widgets/board.py, WORDS); before the first scene there are none.
  let words = {};

  // Clicks sent to Python, to compare with its count of those it answered (counted from what it had answered when
  // this view was drawn: another view of the same board, in JupyterLab, may have sent some before).
  let sent = model.get("answered") || 0;
  function send(message) {
    sent += 1;
    model.send(message);
    busy();
  }
  // Busy while Python has not answered every click sent: screen readers wait for the answer before reading the
  // board's news, and the page's tests wait as a learner waits for the board to answer.
  function busy() {
    root.setAttribute("aria-busy", String(sent > (model.get("answered") || 0)));
  }

  function drawCard(card, zone, { inTarget, hiddenFromReader }) {
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
      node.setAttribute("aria-label", name);
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

  function drawCards(zone, holder) {
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
        const node = drawCard(card, zone, { inTarget, hiddenFromReader: below > 0 });
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
        const node = drawCard(card, zone, { inTarget });
        const off = i - mid;
        node.style.setProperty("--cg-rot", `${num(off * spread)}deg`);
        node.style.setProperty("--cg-dy", String(num(Math.abs(off) * Math.abs(off) * spread * 0.18)));
        holder.append(node);
      });
      if (n === 0) holder.append(h("div", "cg-empty", words.no_cards));
      return;
    }
    // rows: equal consecutive ranks overlap when the zone stacks them
    let i = 0;
    while (i < cards.length) {
      const card = cards[i];
      let j = i + 1;
      if (zone.stack && card.rank != null && !card.back) {
        while (j < cards.length && cards[j].rank === card.rank && !cards[j].back) j++;
      }
      if (j - i > 1) {
        const group = h("div", "cg-stack");
        group.dataset.count = String(j - i);
        const row = h("div", "cg-stack-cards");
        const tags = new Set(cards.slice(i, j).map((c) => c.tag || ""));
        const shared = tags.size === 1 ? [...tags][0] : "";
        for (let k = i; k < j; k++) {
          const node = drawCard(cards[k], zone, { inTarget });
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
        holder.append(drawCard(card, zone, { inTarget }));
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

  function drawZone(zone) {
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
    // a board space's note (blocked by whom, or the rule) is part of what a screen reader announces
    const label = kind === "space" && zone.note ? `${zone.label || zone.id}, ${zone.note}` : zone.label || "";
    const verb = words[zone.verb] || words.place_here; // Place here, Take or Choose
    if (drop) {
      node.classList.add(target ? "cg-target" : "cg-drop");
      node.tabIndex = 0;
      node.setAttribute("role", "button");
      node.setAttribute("aria-label", target ? `${label || zone.id} (${verb})` : label || zone.id);
    } else {
      node.setAttribute("role", "group");
      if (label) node.setAttribute("aria-label", label);
    }
    const headNode = h("div", "cg-zone-head");
    if (zone.label) headNode.append(h("span", "cg-zone-label", zone.label));
    if (zone.note) headNode.append(h("span", "cg-zone-note", zone.note));
    const cards = h("div", "cg-zone-cards");
    if (kind === "space") drawSpace(zone, node, cards);
    else drawCards(zone, cards);
    if (target && kind !== "space") {
      const place = h("div", "cg-place");
      place.setAttribute("aria-hidden", "true");
      const arrow = { take_here: "⤒", choose_here: "✓" }[zone.verb] || "⤓"; // in, out, or chosen
      place.append(h("span", "cg-place-arrow", arrow), h("span", "cg-place-text", verb));
      cards.append(place);
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

  function drawArea(area) {
    const node = h("div", "cg-area");
    node.setAttribute("role", "group");
    node.dataset.area = String(area.id ?? "");
    node.dataset.key = `area:${area.id ?? ""}`;
    if (area.active) node.classList.add("cg-active");
    node.dataset.active = String(Boolean(area.active));
    const headNode = h("div", "cg-area-head");
    const label = h("h3", "cg-area-label", area.label || area.id || "");
    headNode.append(label);
    if (area.active) headNode.append(h("span", "cg-turn", words.to_play));
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
      const z = drawZone(zone);
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

  function drawFlash(flash) {
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
      detail.open = root.clientWidth > NARROW_PX;
      parts.push(detail);
    }
    node.append(...parts);
    return [node];
  }

  // --- focus: remember what had it, find the same thing if the redraw did not keep it ---
  function focusKey() {
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
  function restoreFocus(key) {
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

  // The scene with ``card`` picked up (null: put back), drawn at once from scene.picks, where Python says where
  // each card may go: the places light up without waiting for the kernel, whose answer then draws the same.
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
      cards: (z.cards || []).map((c) => ({ ...c, selected: card != null && c.id === card })),
    });
    const areas = (scene.areas || []).map((area) => ({ ...area, zones: (area.zones || []).map(zone) }));
    return { ...scene, areas, flash: null };
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
    const key = focusKey();
    const scene = local || model.get("scene") || {};
    words = scene.words && typeof scene.words === "object" ? scene.words : {};
    const big = Boolean(model.get("big"));
    root.classList.toggle("cg-big", big);
    // "large" cards for decks whose faces carry an effect text (scene.card_size); normal otherwise
    root.classList.toggle("cg-large", scene.card_size === "large");
    root.dataset.big = String(big);
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
        seats.get(place).append(drawArea(area));
      }
      morphChildren(felt, holding(seats.values()));
    } else morphChildren(felt, holding(areas.map(drawArea)));
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

    morphChildren(flashRegion, holding(drawFlash(scene.flash)));

    // the moves since the learner's own, a sentence each (a phone shows the latest ones only); the "Last move"
    // label is drawn by CSS from data-label
    const told = Array.isArray(scene.last) ? scene.last : [];
    const sentences = told.flatMap((sentence, i) => [...(i ? [" "] : []), h("span", "cg-told", sentence)]);
    morphChildren(last, holding(sentences));
    last.dataset.label = told.length > 1 ? words.last_moves : words.last_move;
    last.hidden = told.length === 0;

    placeFocus(key);
  }

  // --- where focus goes after the learner acted: the next thing to do, not nothing ---
  // "pick": a card was picked up, so its first lit place; "move": a move was made, so the learner's next
  // card (once the bots have answered) or, while nothing can be used, the prompt. Set by the learner's own
  // clicks and keys only, so a bot's move never moves the focus.
  let intent = null;
  let byKeyboard = false;
  const usable = (n) => n && n.isConnected && n.tabIndex >= 0 && !n.disabled && n.getClientRects().length > 0;
  // the places a picked-up card may be put: the lit ones or, in a lesson that lights none, every open one
  const targets = () => {
    const lit = [...root.querySelectorAll(".cg-zone.cg-target")].filter(usable);
    return lit.length ? lit : [...root.querySelectorAll(".cg-zone.cg-drop")].filter(usable);
  };
  const selectedCard = () => [...root.querySelectorAll(".cg-card.cg-selected")].find(usable) || null;

  function show(node) {
    node.focus({ preventScroll: true });
    if (byKeyboard) clearOfPanel(node);
  }

  // Scrolled into the window clear of the panel, which is lifted over the bottom of the felt: the felt's cards and
  // places keep a scroll margin of the panel's height (table.css), so a focused card is never hidden under it.
  function clearOfPanel(node) {
    root.style.setProperty("--cg-panel-h", `${panel.offsetHeight}px`);
    node.scrollIntoView({ block: "nearest" });
  }

  function placeFocus(key) {
    if (!intent) {
      restoreFocus(key);
      return;
    }
    const picked = selectedCard();
    if (picked) {
      const first = targets()[0] || root.querySelector(".cg-button[data-button^='choice:']");
      show(first || picked);
      intent = null;
      return;
    }
    const buttonsNow = [...buttons.querySelectorAll(".cg-button")].filter(usable);
    const cards = [...root.querySelectorAll(".cg-card[data-selectable='true']")].filter(usable);
    const places = [...root.querySelectorAll(".cg-zone.cg-target")].filter(usable);
    const next = cards[0] || places[0] || buttonsNow[0];
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

  // Escape puts a picked-up card back (or cancels a choice); Tab goes round the places the card may go;
  // arrow keys move along the cards of a zone, or along the lit places.
  function onNavigate(event) {
    const node = event.target;
    if (!(node instanceof Element)) return false;
    const picked = selectedCard();
    if (event.key === "Escape") {
      const cancel = buttons.querySelector(".cg-button[data-button='cancel']");
      if (!cancel && !picked) return false;
      byKeyboard = true;
      intent = null;
      if (picked) show(picked); // focus goes back to the card, and stays on it through the redraws
      if (cancel) send({ kind: "button", id: "cancel" });
      else {
        pickLocally(null);
        send({ kind: "card", card: picked.dataset.card || null, zone: picked.dataset.zone });
      }
      return true;
    }
    if (event.key === "Tab" && picked) {
      const ring = [...targets(), picked];
      if (ring.length < 2) return false;
      const at = ring.indexOf(node);
      show(ring[(at + (event.shiftKey ? -1 : 1) + ring.length) % ring.length]);
      return true;
    }
    const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[event.key];
    if (!step || !node.matches(".cg-card[tabindex='0'], .cg-zone[tabindex='0']")) return false;
    const peers = node.classList.contains("cg-card")
      ? [...root.querySelectorAll(".cg-card[tabindex='0']")].filter((n) => n.dataset.zone === node.dataset.zone)
      : [...root.querySelectorAll(".cg-zone[tabindex='0']")];
    const next = peers[peers.indexOf(node) + step];
    if (next) show(next);
    return true;
  }

  function onKey(event) {
    byKeyboard = true;
    if (onNavigate(event)) {
      event.preventDefault();
      return;
    }
    if (event.key !== "Enter" && event.key !== " " && event.key !== "Spacebar") return;
    const node = event.target;
    if (!(node instanceof Element) || node.tagName === "BUTTON") return;
    if (!node.matches(".cg-card[role='button'], .cg-zone[role='button']")) return;
    event.preventDefault();
    if (event.repeat) return;
    activate(node);
  }

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
  busy();
  model.on("change:name", redraw);
  // Tab scrolls the focused card into the window, but not out from under the panel
  root.addEventListener("focusin", (event) => {
    const node = event.target;
    if (!felt.contains(node) || !node.matches(":focus-visible") || !panel.classList.contains("cg-lifted")) return;
    if (node.getBoundingClientRect().bottom > panel.getBoundingClientRect().top) clearOfPanel(node);
  });

  // Keep the panel in the window: while the bottom of the table is below the window's edge, the panel is lifted
  // to that edge (over the felt), never above the table's title. Scrolls of any box are heard (capture), since
  // the notebook, not the window, may be what scrolls.
  let lifting = 0;
  function keepPanelInView() {
    lifting = 0;
    if (!root.isConnected) return;
    const lift = Number(panel.dataset.lift || 0);
    const box = root.getBoundingClientRect();
    const own = panel.getBoundingClientRect();
    const bottom = own.bottom + lift; // where the panel sits unlifted
    const floor = Math.max(box.top + head.offsetHeight, 0); // not above the title, nor the top of the window
    const wanted = Math.max(0, Math.min(bottom - window.innerHeight, bottom - own.height - floor));
    if (Math.abs(wanted - lift) < 1) return;
    panel.dataset.lift = String(wanted);
    panel.style.transform = wanted ? `translateY(${-wanted}px)` : "";
    panel.classList.toggle("cg-lifted", wanted > 0);
  }
  const schedule = () => {
    if (!lifting) lifting = requestAnimationFrame(keepPanelInView);
  };
  document.addEventListener("scroll", schedule, { capture: true, passive: true });
  window.addEventListener("resize", schedule);
  const resized = new ResizeObserver(schedule);
  resized.observe(root);
  model.on("change:scene", schedule);
  redraw();
  schedule();

  return () => {
    model.off("change:scene", redraw);
    model.off("change:big", redraw);
    model.off("change:name", redraw);
    document.removeEventListener("scroll", schedule, { capture: true });
    window.removeEventListener("resize", schedule);
    resized.disconnect();
    root.removeEventListener("pointerdown", onPress);
    window.removeEventListener("pointerup", onRelease, { capture: true });
    root.removeEventListener("pointercancel", forget);
    root.removeEventListener("click", onClick);
    root.removeEventListener("keydown", onKey);
    root.remove();
  };
}

export default { render };
