// The felt: seats round an oval, the board, the pots, bets, the button and the clock.
import { cardEl, cardList, chips, el, fill } from "./dom.js";
import { avatarEl } from "./feel.js";

// Seats sit on an ellipse a seat's half-size inside the table area (--rx, --ry in style.css), so
// that no seat ever leaves it, spaced by equal arcs rather than equal angles: on a wide table more
// seats go along the top and bottom, where there is room, and fewer on the narrow ends.
const TRACK = new Map();

function track(count, aspect) {
  const key = `${count}:${aspect.toFixed(2)}`;
  let points = TRACK.get(key);
  if (points) return points;
  const steps = 720;
  const lengths = [0];
  for (let i = 1; i <= steps; i += 1) {
    const a = (i - 1) * (2 * Math.PI / steps);
    const b = i * (2 * Math.PI / steps);
    lengths.push(lengths[i - 1] + Math.hypot(aspect * (Math.sin(b) - Math.sin(a)), Math.cos(b) - Math.cos(a)));
  }
  const total = lengths[steps];
  points = [];
  let i = 0;
  for (let k = 0; k < count; k += 1) {
    const wanted = (k * total) / count;
    while (lengths[i + 1] < wanted) i += 1;
    const t = (i + (wanted - lengths[i]) / Math.max(1e-9, lengths[i + 1] - lengths[i])) * (2 * Math.PI / steps);
    // The viewer at the bottom, the others clockwise (left, then over the top).
    points.push({ x: -Math.sin(t), y: Math.cos(t) });
  }
  TRACK.set(key, points);
  return points;
}

function place(index, count, me, aspect) {
  return track(count, aspect)[(((index - (me ?? 0)) % count) + count) % count];
}

function at(node, point, radius) {
  node.style.left = `calc(50% + ${(point.x * radius).toFixed(4)} * var(--rx))`;
  node.style.top = `calc(50% + ${(point.y * radius).toFixed(4)} * var(--ry))`;
  return node;
}

/** The shape of the seats' ellipse (its width over its height), from the table area's size. */
function aspectOf(root) {
  const style = getComputedStyle(root);
  const probe = (name) => Number.parseFloat(style.getPropertyValue(name)) || 0;
  const rem = Number.parseFloat(getComputedStyle(document.documentElement).fontSize) || 16;
  const rx = root.clientWidth / 2 - probe("--seat-half-width") * rem;
  const ry = root.clientHeight / 2 - probe("--seat-half-height") * rem;
  return rx > 0 && ry > 0 ? Math.min(6, Math.max(0.3, rx / ry)) : 1.6;
}

function clockEl(state, seat, now) {
  const hand = state.hand;
  if (!hand || hand.actor !== seat.seat || hand.deadline == null) return null;
  const left = Math.max(0, hand.deadline - now);
  const decision = state.settings?.decision_seconds ?? 30;
  if (hand.show_choice === seat.seat) {
    // Show or muck: a short time of its own, no time bank (the server's 8 s at most).
    const share = Math.max(0, Math.min(1, left / Math.min(8, decision)));
    return el("div", {}, el("div", { class: "clock" }, el("div", { style: `width:${share * 100}%` })), el("div", { class: "clock-text", "data-testid": "countdown" }, `show or muck ${Math.ceil(left)}s`));
  }
  const bank = seat.time_bank ?? 0;
  const inBank = left <= bank && bank > 0 && left < decision + bank;
  const base = inBank ? bank : decision;
  const shown = inBank ? left : left - bank;
  const share = Math.max(0, Math.min(1, shown / Math.max(1, base)));
  return el(
    "div",
    {},
    el("div", { class: `clock${inBank ? " bank" : ""}` }, el("div", { style: `width:${share * 100}%` })),
    el("div", { class: "clock-text", "data-testid": "countdown" }, inBank ? `time bank ${Math.ceil(left)}s` : `${Math.ceil(Math.max(0, shown))}s`),
  );
}

function seatCards(state, seat) {
  const shown = !state.hand && state.last_hand?.shown?.[String(seat.seat)];
  const own = seat.cards ? cardList(seat.cards) : null;
  if (own) {
    // Between hands, the cards the player has turned up for everyone are marked (RULES 12.4).
    const up = cardList(shown);
    return own.map((card) => {
      const node = cardEl(card);
      if (up.includes(card)) node.classList.add("turned");
      return node;
    });
  }
  if (shown) {
    // One card shown after the hand: the other stays face down (RULES 12.4).
    const faces = cardList(shown);
    const held = Math.max(faces.length, state.game?.hole_cards ?? 2);
    return [...faces.map(cardEl), ...Array.from({ length: held - faces.length }, () => cardEl(null))];
  }
  if (state.hand && seat.in_hand && !seat.folded) return Array.from({ length: state.game?.hole_cards ?? 2 }, () => cardEl(null));
  return [];
}

// Omaha's four to six cards share a seat's width: the class sizes them to fit.
function cardsBox(index, cards) {
  return el("div", { class: `cards n${cards.length}`, "data-testid": `cards-${index}` }, cards);
}

function seatTags(state, seat) {
  const tags = [];
  const hand = state.hand;
  // A bomb pot posts no blinds (RULES 12.1).
  if (hand?.small_blind === seat.seat && !hand.bomb_pot) tags.push(el("span", { class: "blind-tag" }, "SB"));
  if (hand?.big_blind === seat.seat && !hand.bomb_pot) tags.push(el("span", { class: "blind-tag" }, "BB"));
  if (seat.bot) tags.push(`bot: ${seat.bot} `);
  // Leaving (or removed by the host) during a hand is marked away by the server: say which.
  if (seat.leaving) tags.push(el("span", { class: "leaving", "data-testid": `leaving-${seat.seat}` }, "leaves after this hand "));
  else if (seat.status === "joining") tags.push("joins next hand ");
  else if (seat.away) tags.push("away ");
  else if (seat.status === "sitting_out") tags.push("sitting out ");
  else if (seat.status === "waiting") tags.push("waiting for the big blind ");
  return tags;
}

export function renderTable(root, state, { now, onSit, winners, pending = false, fresh = null }) {
  const count = state.seats.length;
  const me = state.you;
  const hand = state.hand;
  const nodes = [el("div", { class: "felt" })];
  const aspect = aspectOf(root);

  state.seats.forEach((seat, index) => {
    const point = place(index, count, me, aspect);
    if (!seat) {
      const canSit = me === null && !state.ended && onSit && !pending;
      nodes.push(
        at(
          el(
            "div",
            { class: "seat empty", "data-seat": index },
            el("div", { class: "box" }, canSit ? el("button", { type: "button", onclick: () => onSit(index), "data-testid": `sit-${index}` }, `Sit here (${index + 1})`) : `Seat ${index + 1}`),
          ),
          point,
          1,
        ),
      );
      return;
    }
    const classes = ["seat", seat.status];
    if (hand?.actor === index) classes.push("acting");
    if (me === index) classes.push("me");
    if (seat.folded) classes.push("folded");
    if (seat.away) classes.push("away");
    if (winners.has(index)) classes.push("winner");
    nodes.push(
      at(
        el(
          "div",
          { class: classes.join(" "), "data-seat": index, "data-testid": `seat-${index}` },
          cardsBox(index, dealt(seatCards(state, seat), fresh?.dealt)),
          el(
            "div",
            { class: "box" },
            el("div", { class: "who" }, avatarEl(seat.name), el("div", { class: "name", title: seat.name }, seat.name)),
            el("div", { class: "stack", "data-testid": `stack-${index}` }, chips(seat.stack)),
            el("div", { class: "tags" }, seatTags(state, seat)),
            seat.last_action ? el("div", { class: "last" }, seat.last_action) : null,
            el("div", { class: "clock-slot", "data-clock": index }, clockEl(state, seat, now)),
          ),
        ),
        point,
        1,
      ),
    );
    if (seat.bet > 0) {
      // Chips to the pot: a bet just made slides in from the seat.
      const moved = fresh?.bets.has(index);
      const chip = el("div", { class: `bet-chip${moved ? " fresh" : ""}`, "data-testid": `bet-${index}` }, chips(seat.bet));
      if (moved) chip.style.setProperty("--from", `${(point.x * 40).toFixed(1)}px, ${(point.y * 40).toFixed(1)}px`);
      nodes.push(at(chip, point, 0.6));
    }
    if (fresh?.potTo.has(index)) {
      // The pot to the winner: a stack of chips flies from the middle to the seat.
      const fly = el("div", { class: "pot-fly", "data-testid": `pot-fly-${index}`, "aria-hidden": "true" });
      nodes.push(at(fly, point, 0.8));
    }
    if (hand?.button === index) {
      // Beside the bet, a little round the table: clear of the seat and of the chips.
      const shifted = { x: point.x * 0.62 - point.y * 0.16, y: point.y * 0.62 + point.x * 0.16 };
      nodes.push(at(el("div", { class: "dealer-btn", title: "dealer button", "data-testid": "dealer" }, "D"), shifted, 1));
    }
  });

  nodes.push(centerEl(state, fresh));
  keep(root, nodes);
}

/** Cards just dealt come in with a short animation (none under reduced motion). */
function dealt(cards, fresh) {
  if (fresh) cards.forEach((card, i) => {
    card.classList.add("dealt");
    card.style.animationDelay = `${i * 60}ms`;
  });
  return cards;
}

/** Put ``nodes`` in ``root``, keeping each old child that is drawn the same: a button the
 * pointer is on stays the same element between mouse down and up, whatever redraws. */
function keep(root, nodes) {
  const old = new Map();
  for (const child of root.children) {
    const list = old.get(child.outerHTML) ?? [];
    list.push(child);
    old.set(child.outerHTML, list);
  }
  const next = nodes.map((node) => old.get(node.outerHTML)?.shift() ?? node);
  if (next.length === root.children.length && next.every((node, i) => node === root.children[i])) return;
  root.replaceChildren(...next);
}

/** Move the actor's clock on: only its bar and seconds change, nothing else is drawn again. */
export function updateClock(root, state, now) {
  const hand = state.hand;
  if (!hand || hand.actor == null) return;
  const slot = root.querySelector(`[data-clock="${hand.actor}"]`);
  const seat = state.seats[hand.actor];
  if (slot && seat) fill(slot, clockEl(state, seat, now));
}

function boardEl(text, testid, rabbit = null, fresh = null) {
  const cards = cardList(text);
  const slots = cards.map((card) => {
    const node = cardEl(card);
    if (fresh?.board.has(card)) node.classList.add("dealt");
    return node;
  });
  // RULES 12.3: the rabbit's cards fill the board faded, never played.
  for (const card of cardList(rabbit)) {
    const node = cardEl(card);
    node.classList.add("rabbit");
    node.title = "Would have come: the rabbit hunt changes nothing";
    slots.push(node);
  }
  while (slots.length < 5) slots.push(cardEl("slot"));
  return el("div", { class: "board", "data-testid": testid }, slots);
}

function centerEl(state, fresh) {
  const hand = state.hand;
  const last = state.last_hand;
  const parts = [];
  const boards = hand?.boards ?? (hand ? [hand.board] : last ? last.boards ?? [last.board] : []);
  if (boards.length === 0) parts.push(boardEl("", "board"));
  boards.forEach((board, i) => {
    if (boards.length > 1) parts.push(el("div", { class: "run-label" }, i === 0 ? "First run" : "Second run"));
    parts.push(boardEl(board, i === 0 ? "board" : "board-2", !hand && boards.length === 1 ? last?.rabbit : null, fresh));
  });
  if (!hand && last?.rabbit) parts.push(el("div", { class: "run-label", "data-testid": "rabbit-note" }, "Rabbit hunt: faded cards would have come"));
  const pots = hand?.pots ?? (hand ? [{ name: "Pot", amount: hand.pot }] : []);
  parts.push(
    el(
      "div",
      { class: "pots", "data-testid": "pots" },
      pots.filter((p) => p.amount > 0).map((p, i) => el("span", { class: "pot", "data-testid": `pot-${i}` }, el("span", { class: "name" }, p.name ?? (i === 0 ? "Main pot" : `Side pot ${i}`)), chips(p.amount))),
    ),
  );
  const t = state.tournament;
  if (hand?.bomb_pot) parts.push(el("div", { class: "bomb-tag", "data-testid": "bomb-pot-tag", title: "Bomb pot: everyone put this in, no blinds, the hand started on the flop" }, `Bomb pot ${chips(hand.bomb_pot)} each`));
  if (!hand && last && !t?.finished) parts.push(outcomeEl(state, last));
  if (!hand && state.bomb_pot_next && !state.ended) parts.push(el("div", { class: "outcome", "data-testid": "bomb-pot-next" }, `Next hand: bomb pot, ${chips(state.bomb_pot_next)} each`));
  if (state.straddle) {
    const who = state.straddle.seat === state.you ? "You are" : `${state.seats[state.straddle.seat]?.name ?? "A player"} is`;
    parts.push(el("div", { class: "outcome", "data-testid": "straddle-note" }, `${who} deciding whether to straddle ${chips(state.straddle.amount)}`));
  }
  if (hand?.show_choice != null && hand.show_choice !== state.you) {
    parts.push(el("div", { class: "outcome" }, `${state.seats[hand.show_choice]?.name ?? "A player"} may show or muck`));
  }
  if (t?.finished) parts.push(resultsEl(t));
  else if (t?.finishes.length) parts.push(placesEl(t.finishes, "Out"));
  if (state.paused && !state.ended) parts.push(el("div", { class: "paused" }, "Paused by the host"));
  if (state.ended && !t?.finished) parts.push(el("div", { class: "paused" }, "The game has ended"));
  if (state.spectators_closed) {
    parts.push(el("div", { class: "outcome", "data-testid": "spectators-closed" }, "The host does not allow spectators. Pick a free seat to ask to play."));
  } else if (!hand && !last && !state.ended) {
    const seated = state.seats.filter(Boolean).length;
    let text = seated < 2 ? "Waiting for players…" : "The next hand starts shortly";
    if (t && !t.started) text = `Sit-and-go: ${seated} of ${state.seats.length} registered. It starts when every seat is taken${seated >= 2 ? " or the host starts it" : ""}.`;
    parts.push(el("div", { class: "outcome", "data-testid": "waiting-note" }, text));
  }
  return el("div", { class: "center" }, parts);
}

/** "1st", "2nd-3rd" for one place or places shared (RULES 8.3). */
export function placeText(places) {
  const ordinal = (n) => {
    const tens = n % 100;
    const suffix = tens >= 11 && tens <= 13 ? "th" : { 1: "st", 2: "nd", 3: "rd" }[n % 10] ?? "th";
    return `${n}${suffix}`;
  };
  return places.length > 1 ? `${ordinal(places[0])}-${ordinal(places[places.length - 1])}` : ordinal(places[0]);
}

function placesEl(finishes, label) {
  const worst = [...finishes].reverse();
  return el("div", { class: "places", "data-testid": "places" }, `${label}: `, worst.map((f, i) => el("span", {}, i ? " · " : "", `${placeText(f.places)} ${f.name}${f.payout ? ` (${chips(f.payout)})` : ""}`)));
}

function resultsEl(t) {
  return el(
    "div",
    { class: "results", "data-testid": "results" },
    el("div", { class: "results-title" }, "Final results"),
    el("table", {}, t.finishes.map((f) => el("tr", { class: f.places[0] === 1 ? "first" : "" }, el("td", {}, placeText(f.places)), el("td", {}, f.name), el("td", {}, f.payout ? chips(f.payout) : "")))),
    el("div", { class: "hint" }, `${t.entrants} players, ${chips(t.buy_in)} each: prize pool ${chips(t.prize_pool)}`),
  );
}

function outcomeEl(state, last) {
  const name = (seat) => state.seats[Number(seat)]?.name ?? `Seat ${Number(seat) + 1}`;
  const lines = (last.pots ?? []).map((pot) =>
    el("div", {}, `${pot.winners.map(name).join(" and ")} ${pot.winners.length > 1 ? "split" : "wins"} ${pot.name ?? "the pot"} (${chips(pot.amount)})${pot.hand ? ` with ${pot.hand}` : ""}`),
  );
  if (lines.length === 0) {
    for (const [seat, amount] of Object.entries(last.winnings ?? {})) {
      if (amount > 0) lines.push(el("div", {}, `${name(seat)} wins ${chips(amount)}`));
    }
  }
  // RULES 12.2: the bounty, after the pots, one line per winner.
  const bounties = new Map();
  for (const paid of last.seven_deuce ?? []) bounties.set(paid.winner, (bounties.get(paid.winner) ?? 0) + paid.chips);
  for (const [seat, amount] of bounties) lines.push(el("div", { class: "bounty", "data-testid": `seven-deuce-${seat}` }, `Seven-deuce! ${name(seat)} collects ${chips(amount)} from the table`));
  return el("div", { class: "outcome", "data-testid": "outcome" }, lines);
}

/** The seats that won something in the last hand. */
export function winnersOf(state) {
  const set = new Set();
  if (state.hand || !state.last_hand) return set;
  for (const [seat, amount] of Object.entries(state.last_hand.winnings ?? {})) {
    if (amount > 0) set.add(Number(seat));
  }
  return set;
}
