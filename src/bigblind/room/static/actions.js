// The action bar: legal actions only, presets, slider and amount box, pre-actions.
import { cardList, cardName, chips, el, fill } from "./dom.js";

// Key 1-6 always mean the same preset, whichever are on offer now. The names are the
// server's (legal.presets), the pot as "100%"; the test ids are plain words.
export const PRESET_KEYS = ["x2", "x3", "33%", "50%", "100%", "all-in"];
const PRESET_LABELS = { x2: "x2", x3: "x3", "33%": "33%", "50%": "50%", "100%": "Pot", "all-in": "All-in" };
const PRESET_IDS = { x2: "x2", x3: "x3", "33%": "33", "50%": "50", "100%": "pot", "all-in": "all-in" };

export class ActionBar {
  constructor(root, connection) {
    this.root = root;
    this.connection = connection;
    this.pre = { checkFold: false, callAny: false };
    this.legal = null;
    this.message = "";
    this.lastKey = null;
    document.addEventListener("keydown", (event) => this.key(event));
  }

  /** Draw for this state; plays a pre-action when the turn has come. */
  render(state) {
    const hand = state.hand;
    // An action names the hand and decision it answers: a late or repeated one is refused.
    this.turn = hand ? { hand: hand.number, decision: hand.decision } : null;
    const me = state.you;
    const seat = me === null ? null : state.seats[me];
    const legal = hand && hand.actor === me ? hand.legal : null;
    const turnKey = legal ? `${hand.number}:${hand.log.length}` : null;
    if (legal && turnKey !== this.lastKey) {
      this.lastKey = turnKey;
      this.message = "";
      if (this.playPreAction(legal)) return;
    }
    this.legal = legal;
    // Redraw only when something the bar shows has changed: a redraw would wipe a typed amount.
    const view = JSON.stringify([legal, turnKey, me, seat, hand?.runs_offer, hand?.run_votes, state.last_hand?.number, state.last_hand?.shown, state.last_hand?.rabbit_offered, Boolean(hand), hand?.log.length, state.settings?.game, state.straddle, hand?.show_choice, state.tournament?.started, state.ended]);
    if (view === this.lastView) return;
    this.lastView = view;
    const rows = [];
    if (legal) rows.push(...this.actingRows(legal));
    else if (hand && hand.show_choice === me && me !== null) rows.push(this.showChoiceRow());
    else if (hand && seat && seat.in_hand && !seat.folded) rows.push(this.preActionRow());
    // RULES 2.7: the player left of the big blind is asked before the deal.
    if (state.straddle && state.straddle.seat === me) rows.push(this.straddleRow(state.straddle));
    // RULES 10.3: every player still in is asked; one answer each.
    if (hand?.runs_offer?.includes(me) && !(String(me) in (hand.run_votes ?? {}))) rows.push(this.runItTwiceRow());
    // RULES 12.3: anyone, spectators too, may turn up the cards that would have come.
    if (!hand && state.last_hand?.rabbit_offered) rows.push(el("div", { class: "row" }, el("button", { type: "button", "data-testid": "rabbit-hunt", title: "See the board cards that would have come; the result stays as it is", onclick: () => this.send("rabbit_hunt") }, "Rabbit hunt")));
    // While acting, the seat's own controls wait: the bar holds the decision alone.
    if (seat && !legal) rows.push(this.seatRow(state, seat));
    if (rows.length === 0) {
      rows.push(el("div", { class: "waiting" }, state.ended ? "The game is over: the ledger has every buy-in and cash-out." : me === null ? "You are watching. Pick an empty seat to play." : "Waiting for the next hand…"));
    }
    rows.push(el("div", { class: "message", role: "alert", "data-testid": "action-message" }, this.message));
    fill(this.root, rows);
  }

  send(type, fields) {
    this.message = "";
    this.lastView = null;
    this.pre = { checkFold: false, callAny: false };
    if ((type === "act" || type === "preset") && this.turn) fields = { ...this.turn, ...fields };
    return this.connection.send(type, fields);
  }

  playPreAction(legal) {
    if (this.pre.checkFold) {
      this.send("act", { action: legal.check ? "check" : "fold" });
      return true;
    }
    if (this.pre.callAny) {
      this.send("act", { action: legal.check ? "check" : "call" });
      return true;
    }
    return false;
  }

  actingRows(legal) {
    const main = [];
    if (legal.fold) main.push(el("button", { type: "button", class: "danger", "data-testid": "fold", onclick: () => this.send("act", { action: "fold" }) }, "Fold", el("kbd", {}, "F")));
    if (legal.check) main.push(el("button", { type: "button", "data-testid": "check", onclick: () => this.send("act", { action: "check" }) }, "Check", el("kbd", {}, "C")));
    else if (legal.call !== null) main.push(el("button", { type: "button", "data-testid": "call", onclick: () => this.send("act", { action: "call" }) }, `Call ${chips(legal.call)}`, el("kbd", {}, "C")));
    const rows = [el("div", { class: "row main" }, main)];
    if (legal.min_raise_to !== null) {
      const verb = legal.bet ? "Bet" : "Raise to";
      const presets = PRESET_KEYS.map((name, i) =>
        name in (legal.presets ?? {})
          ? el("button", { type: "button", "data-testid": `preset-${PRESET_IDS[name]}`, title: `${verb} ${chips(legal.presets[name])}`, onclick: () => this.send("preset", { preset: name }) }, PRESET_LABELS[name], el("kbd", {}, String(i + 1)))
          : null,
      );
      const fixed = legal.min_raise_to === legal.max_raise_to;
      const amount = el("input", { type: "number", class: "amount", min: legal.min_raise_to, max: legal.max_raise_to, value: legal.min_raise_to, step: 1, inputmode: "numeric", "aria-label": "amount", "data-testid": "amount" });
      const slider = fixed ? null : el("input", { type: "range", min: legal.min_raise_to, max: legal.max_raise_to, value: legal.min_raise_to, step: 1, "aria-label": "amount slider", "data-testid": "slider" });
      slider?.addEventListener("input", () => (amount.value = slider.value));
      amount.addEventListener("input", () => {
        if (slider && /^\d+$/.test(amount.value)) slider.value = amount.value;
      });
      amount.addEventListener("keydown", (event) => {
        if (event.key === "Enter") {
          event.preventDefault();
          this.sendAmount(amount.value);
        }
      });
      const go = el("button", { type: "button", class: "primary", "data-testid": "raise", onclick: () => this.sendAmount(amount.value) }, verb, el("kbd", {}, "R"));
      this.amountInput = amount;
      // One row for the actions and the amount, one for the presets: the bar stays short.
      main.push(slider, amount, go);
      rows[0] = el("div", { class: "row main" }, main);
      rows.push(el("div", { class: "row presets" }, presets));
    } else {
      this.amountInput = null;
    }
    return rows;
  }

  sendAmount(text) {
    const legal = this.legal;
    if (!legal) return;
    const value = /^\s*\d{1,15}\s*$/.test(text) ? Number.parseInt(text, 10) : NaN;
    if (!Number.isInteger(value) || value < legal.min_raise_to || value > legal.max_raise_to) {
      const range = legal.min_raise_to === legal.max_raise_to ? `exactly ${chips(legal.min_raise_to)}` : `from ${chips(legal.min_raise_to)} to ${chips(legal.max_raise_to)}`;
      this.message = `${legal.bet ? "Bet" : "Raise to"} an amount ${range}: "${text}" is not in that range.`;
      const box = this.root.querySelector("[data-testid=action-message]");
      if (box) box.textContent = this.message;
      return;
    }
    this.send("act", { action: legal.bet ? "bet" : "raise", amount: value });
  }

  preActionRow() {
    const box = (key, label, testid) => {
      const input = el("input", { type: "checkbox", checked: this.pre[key], "data-testid": testid });
      input.addEventListener("change", () => {
        this.pre = { checkFold: false, callAny: false, [key]: input.checked };
        this.root.querySelectorAll(".preactions input").forEach((other) => {
          if (other !== input) other.checked = false;
        });
      });
      return el("label", {}, input, label);
    };
    return el("div", { class: "row preactions" }, box("checkFold", "Check/Fold", "pre-check-fold"), box("callAny", "Call any", "pre-call-any"));
  }

  showChoiceRow() {
    return el(
      "div",
      { class: "row" },
      el("strong", {}, "Your hand cannot win: show it?"),
      el("button", { type: "button", "data-testid": "show-hand", onclick: () => this.send("act", { action: "show" }) }, "Show"),
      el("button", { type: "button", class: "primary", "data-testid": "muck-hand", onclick: () => this.send("act", { action: "muck" }) }, "Muck"),
    );
  }

  straddleRow(offer) {
    return el(
      "div",
      { class: "row" },
      el("strong", {}, `Straddle ${chips(offer.amount)} before the deal?`),
      el("span", { class: "hint" }, "No answer in time: no straddle."),
      el("button", { type: "button", class: "primary", "data-testid": "straddle-yes", onclick: () => this.send("straddle", { agree: true }) }, "Straddle"),
      el("button", { type: "button", "data-testid": "straddle-no", onclick: () => this.send("straddle", { agree: false }) }, "No"),
    );
  }

  runItTwiceRow() {
    return el(
      "div",
      { class: "row" },
      el("strong", {}, "All in: run it twice?"),
      el("button", { type: "button", class: "primary", "data-testid": "rit-yes", onclick: () => this.send("run_it_twice", { agree: true }) }, "Run it twice"),
      el("button", { type: "button", "data-testid": "rit-no", onclick: () => this.send("run_it_twice", { agree: false }) }, "Once"),
    );
  }

  seatRow(state, seat) {
    const parts = [];
    const handOver = !state.hand;
    // Leaving during a hand: checked or folded until it ends, then cashed out (nothing to undo).
    if (seat.leaving) return el("div", { class: "row" }, el("span", { class: "waiting", "data-testid": "leaving-note" }, "You leave the table when this hand ends; your chips go to the ledger."));
    if (seat.status === "joining") {
      parts.push(el("span", { class: "waiting", "data-testid": "joining-note" }, "You have a seat: you are dealt in from the next hand."));
    } else if (seat.away || seat.status === "sitting_out") parts.push(el("button", { type: "button", "data-testid": "sit-in", onclick: () => this.send("sit_in") }, "I'm back"));
    else parts.push(el("button", { type: "button", "data-testid": "sit-out", onclick: () => this.send("sit_out") }, "Sit out"));
    if (handOver && state.last_hand && state.settings?.game !== "tournament") {
      // RULES 12.4: one card or all of them, for everyone to see, until the next deal.
      const up = cardList(state.last_hand.shown?.[String(state.you)]);
      const own = cardList(seat.cards);
      const hidden = own.filter((card) => !up.includes(card));
      if (hidden.length) {
        own.forEach((card, i) => {
          if (!up.includes(card)) parts.push(el("button", { type: "button", "data-testid": `show-card-${i}`, title: "Turn this card up for everyone", onclick: () => this.send("show", { card: i }) }, `Show ${cardName(card)}`));
        });
        if (hidden.length > 1) parts.push(el("button", { type: "button", "data-testid": "show", onclick: () => this.send("show") }, own.length === 2 ? "Show both" : "Show all"));
      }
    }
    if (state.settings?.game !== "tournament") {
      const topUp = el("input", { type: "number", min: 1, class: "amount", placeholder: "chips", "aria-label": "top-up chips", "data-testid": "top-up-amount" });
      const topUpNow = () => {
        const value = /^\s*\d{1,13}\s*$/.test(topUp.value) ? Number.parseInt(topUp.value, 10) : 0;
        if (value < 1) this.showError("Type how many chips to add (a whole number), then press Top up.");
        else this.send("top_up", { chips: value });
      };
      parts.push(topUp, el("button", { type: "button", "data-testid": "top-up", onclick: topUpNow }, "Top up"));
    }
    const autoMuck = el("input", { type: "checkbox", checked: seat.auto_muck !== false, "data-testid": "auto-muck" });
    autoMuck.addEventListener("change", () => this.send("auto_muck", { on: autoMuck.checked }));
    parts.push(el("label", { class: "check", title: "Off: you are asked at each showdown whether to show a hand that cannot win" }, autoMuck, " Muck losing hands"));
    // A sit-and-go player plays until out of chips once it has started.
    const locked = state.tournament?.started && !state.ended;
    if (!locked) parts.push(el("button", { type: "button", "data-testid": "leave", onclick: () => this.send("leave") }, "Leave"));
    return el("div", { class: "row" }, parts);
  }

  showError(text) {
    this.message = text;
    const box = this.root.querySelector("[data-testid=action-message]");
    if (box) box.textContent = text;
  }

  key(event) {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const target = event.target;
    if (target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return;
    const legal = this.legal;
    if (!legal) return;
    const key = event.key.toLowerCase();
    if (key === "f" && legal.fold) this.send("act", { action: "fold" });
    else if ((key === "c" || key === " ") && (legal.check || legal.call !== null)) this.send("act", { action: legal.check ? "check" : "call" });
    else if (key === "r" && this.amountInput) {
      this.amountInput.focus();
      this.amountInput.select();
    } else if (/^[1-6]$/.test(key)) {
      const name = PRESET_KEYS[Number(key) - 1];
      if (legal.presets && name in legal.presets) this.send("preset", { preset: name });
    } else return;
    event.preventDefault();
  }
}
