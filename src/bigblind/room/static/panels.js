// The side panels: hand log, chat, ledger, host controls, replayer, options.
import { api } from "./connection.js";
import { chips, el, fill } from "./dom.js";
import { replayFelt } from "./replay.js";

const BOTS = ["random", "station", "tag", "strong"];

export class Panels {
  constructor(root, connection, room) {
    this.root = root;
    this.connection = connection;
    this.room = room;
    this.tab = "log";
    this.state = null;
    this.ledger = null;
    this.replay = null;
    this.tabs = el("div", { class: "tabs", role: "tablist" });
    this.body = el("div", { class: "panel", role: "tabpanel" });
    // On a phone the panels open over the table (app.js's Menu button) and close here.
    const close = el("button", { type: "button", class: "close", "data-testid": "panels-close", onclick: () => root.classList.remove("open") }, "Close ✕");
    fill(root, close, this.tabs, this.body);
  }

  render(state, isHost) {
    this.state = state;
    this.isHost = isHost;
    // The ledger is live: it changes between hands (buy-ins, top-ups, cash-outs, results).
    const ledgerKey = JSON.stringify([state.hands_played, state.hand ? null : state.seats.map((s) => s && [s.name, s.stack]), state.ended]);
    if (this.tab === "ledger" && ledgerKey !== this.ledgerKey) {
      this.ledgerKey = ledgerKey;
      this.loadLedger();
    }
    // The log of every past hand: fetched again when a hand has ended since.
    const logsKey = `${state.hands_played}:${state.last_hand?.log?.length ?? 0}`;
    if (this.tab === "log" && logsKey !== this.logsKey && !state.spectators_closed) {
      this.logsKey = logsKey;
      this.loadLogs();
    }
    // The session's statistics are live too: fetched again when a hand has ended since.
    if (this.tab === "stats" && state.hands_played !== this.statsKey) {
      this.statsKey = state.hands_played;
      this.loadStats();
    }
    const names = [["log", "Hand log"], ["chat", "Chat"], ["ledger", "Ledger"], ["stats", "Stats"], ["replay", "Replayer"]];
    if (isHost) names.push(["host", `Host${state.requests.length ? ` (${state.requests.length})` : ""}`]);
    names.push(["options", "Options"]);
    fill(
      this.tabs,
      names.map(([key, label]) => el("button", { type: "button", class: this.tab === key ? "on" : "", "data-testid": `tab-${key}`, onclick: () => this.show(key) }, label)),
    );
    // Typing in a panel's form must not be wiped by the next state; the chat's lines still
    // come in while its box has the focus.
    // Whether this tab may chat: when the host changes it, the box comes or goes at once.
    const chatMode = state.spectators_closed ? "closed" : state.you === null && !isHost && !state.spectators?.chat ? "off" : "on";
    const chatModeChanged = this.tab === "chat" && chatMode !== this.chatMode;
    this.chatMode = chatMode;
    if (!chatModeChanged && this.body.contains(document.activeElement) && ["INPUT", "SELECT"].includes(document.activeElement.tagName)) {
      const lines = this.body.querySelector(".chat-lines");
      if (this.tab === "chat" && lines) {
        const atEnd = lines.scrollTop + lines.clientHeight >= lines.scrollHeight - 4;
        fill(lines, this.chatLines());
        if (atEnd) lines.scrollTop = lines.scrollHeight;
      }
      return;
    }
    this.draw();
  }

  show(tab) {
    this.tab = tab;
    this.ledgerKey = null;
    this.logsKey = null;
    this.statsKey = null;
    if (tab === "replay") this.loadHands();
    this.render(this.state, this.isHost);
  }

  draw() {
    const draw = { log: this.logPanel, chat: this.chatPanel, ledger: this.ledgerPanel, stats: this.statsPanel, host: this.hostPanel, replay: this.replayPanel, options: this.optionsPanel }[this.tab] ?? this.logPanel;
    fill(this.body, draw.call(this));
    if (this.tab === "chat") {
      const lines = this.body.querySelector(".chat-lines");
      if (lines) lines.scrollTop = lines.scrollHeight;
    }
  }

  logPanel() {
    const state = this.state;
    const current = state.hand?.log ?? [];
    const last = state.last_hand;
    const top = state.hand ? state.hand.number : last?.number;
    // Every earlier hand of the session, newest first, each opened on demand.
    const earlier = (this.logs ?? []).filter((h) => h.number !== top);
    this.openLogs ??= new Set();
    return [
      el("h3", {}, state.hand ? `Hand #${state.hand.number}` : last ? `Hand #${last.number}` : "No hand yet"),
      el("div", { class: "log", "data-testid": "hand-log" }, (state.hand ? current : last?.log ?? []).map((line) => el("div", {}, line))),
      earlier.length ? el("h3", {}, "Earlier hands") : null,
      el(
        "div",
        { class: "past-logs", "data-testid": "past-logs" },
        earlier.map((h) => {
          const open = this.openLogs.has(h.number);
          const details = el("details", { open, "data-testid": `past-log-${h.number}` }, el("summary", {}, `Hand #${h.number}: ${h.log.at(-1) ?? ""}`), el("div", { class: "log" }, h.log.map((line) => el("div", {}, line))));
          details.addEventListener("toggle", () => (details.open ? this.openLogs.add(h.number) : this.openLogs.delete(h.number)));
          return details;
        }),
      ),
    ];
  }

  async loadLogs() {
    try {
      this.logs = await api(`/api/rooms/${this.room}/hands/log`, { room: this.room });
    } catch {
      this.logs = this.logs ?? []; // kept as they were; the next hand tries again
    }
    if (this.tab === "log" && !(this.body.contains(document.activeElement) && document.activeElement.tagName === "SUMMARY")) this.draw();
  }

  chatPanel() {
    // One box for the whole visit: a redraw never takes a line being typed, focused or not.
    if (!this.chatForm) {
      const input = el("input", { maxlength: 300, placeholder: "Say something", "aria-label": "chat", "data-testid": "chat-input" });
      // A spectator chats under a name of their own (the one they last sat down with, if any).
      this.chatName = el("input", { maxlength: 24, placeholder: "Your name", "aria-label": "your name in the chat", value: localStorage.getItem("bigblind:name") ?? "", "data-testid": "chat-name" });
      this.chatForm = el("form", { class: "chat-form", onsubmit: (event) => {
        event.preventDefault();
        const text = input.value.trim();
        if (!text) return;
        const fields = { text };
        if (!this.chatName.hidden) {
          const name = this.chatName.value.trim();
          if (!name) {
            this.connection.handlers.onError?.("Type the name you chat under, then send.");
            return;
          }
          fields.name = name;
        }
        if (this.connection.send("chat", fields)) input.value = "";
      } }, this.chatName, input, el("button", { type: "submit" }, "Send"));
    }
    const state = this.state;
    const watching = state.you === null && !state.host;
    this.chatName.hidden = !watching;
    const lines = el("div", { class: "chat-lines", "data-testid": "chat" }, this.chatLines());
    if (state.spectators_closed) return [el("p", { class: "hint", "data-testid": "chat-closed" }, "The host does not allow spectators: take a seat to see the table and chat.")];
    if (watching && !state.spectators?.chat) return [lines, el("p", { class: "hint", "data-testid": "chat-closed" }, "The host has turned spectators' chat off: take a seat to chat.")];
    return [lines, this.chatForm];
  }

  chatLines() {
    return this.state.chat.map((line) => el("div", { class: line.spectator ? "spectator" : "" }, el("strong", {}, `${line.name}${line.spectator ? " (watching)" : ""}: `), line.text));
  }

  async loadLedger() {
    try {
      this.ledger = await api(`/api/rooms/${this.room}/ledger`, { room: this.room });
    } catch (problem) {
      this.ledger = { error: problem.message };
    }
    if (this.tab === "ledger") this.draw();
  }

  ledgerPanel() {
    const ledger = this.ledger;
    const downloads = el(
      "p",
      {},
      el("a", { href: `/api/rooms/${this.room}/ledger.csv`, download: "ledger.csv" }, "Ledger CSV"),
      " · ",
      el("a", { href: "#", "data-testid": "download-phh", onclick: (event) => this.download(event, "phh") }, "Hands (PHH)"),
      " · ",
      el("a", { href: "#", "data-testid": "download-pokerstars", onclick: (event) => this.download(event, "pokerstars") }, "Hands (PokerStars)"),
    );
    if (!ledger) return [el("p", {}, "Loading…"), downloads];
    if (ledger.error) return [el("p", { class: "error-text" }, ledger.error), downloads];
    // A sit-and-go's ledger is its entries and prizes; its chips are not money.
    const tournament = this.state?.settings?.game === "tournament";
    // The host's changes to stacks count as chips brought: a column of their own when any.
    const adjusted = !tournament && (ledger.players ?? []).some((row) => row.adjustment);
    const rows = (ledger.players ?? []).map((row) =>
      el("tr", { "data-testid": `ledger-${row.name}` }, el("td", {}, row.name), el("td", {}, chips(row.buy_in)), adjusted ? el("td", {}, row.adjustment ? `${row.adjustment > 0 ? "+" : ""}${chips(row.adjustment)}` : "") : null, tournament ? el("td", {}, chips((row.prize ?? 0) + row.cash_out)) : [el("td", {}, chips(row.cash_out)), el("td", {}, chips(row.stack ?? 0))], el("td", { class: row.net < 0 ? "neg" : row.net > 0 ? "pos" : "" }, chips(row.net))),
    );
    const head = tournament ? [el("th", {}, "Buy-in"), el("th", {}, "Prize")] : [el("th", {}, "In"), adjusted ? el("th", { title: "chips the host added (+) or took away (-)" }, "Host") : null, el("th", {}, "Out"), el("th", {}, "Stack")];
    return [
      el("table", { class: "ledger", "data-testid": "ledger" }, el("tr", {}, el("th", {}, "Player"), head, el("th", {}, "Net")), rows),
      el("p", { class: "hint" }, "Kept up to date between hands."),
      downloads,
    ];
  }

  async loadStats() {
    try {
      this.stats = await api(`/api/rooms/${this.room}/stats`, { room: this.room });
    } catch (problem) {
      this.stats = { error: problem.message };
    }
    if (this.tab === "stats") this.draw();
  }

  statsPanel() {
    const stats = this.stats;
    if (!stats) return el("p", {}, "Loading…");
    if (stats.error) return el("p", { class: "error-text" }, stats.error);
    if (!stats.length) return el("p", { class: "hint" }, "No hand finished yet.");
    const percent = (value) => (value == null ? "–" : `${Number(value).toFixed(1)}%`);
    return [
      el(
        "table",
        { class: "ledger stats", "data-testid": "stats" },
        el("tr", {}, el("th", {}, "Player"), el("th", { title: "hands dealt" }, "Hands"), el("th", { title: "voluntarily put chips in before the flop: a call or a raise, not the blinds" }, "VPIP"), el("th", { title: "raised before the flop" }, "PFR"), el("th", { title: "chips won less chips lost in the hands" }, "Won"), el("th", { title: "the biggest pot: the most chips won in one hand" }, "Best")),
        stats.map((row) => el("tr", { "data-testid": `stats-${row.name}` }, el("td", {}, row.name), el("td", {}, row.hands), el("td", {}, percent(row.vpip_percent)), el("td", {}, percent(row.pfr_percent)), el("td", { class: row.won < 0 ? "neg" : row.won > 0 ? "pos" : "" }, chips(row.won)), el("td", {}, chips(row.biggest_pot)))),
      ),
      el("p", { class: "hint" }, "This session's hands at this table, brought up to date after each hand. VPIP: hands where a player called or raised before the flop (blinds do not count); PFR: hands where they raised before the flop; both per hand dealt."),
    ];
  }

  async download(event, kind) {
    event.preventDefault();
    try {
      const text = await api(`/api/rooms/${this.room}/history.${kind === "phh" ? "phh" : "txt"}`, { room: this.room });
      const blob = new Blob([typeof text === "string" ? text : JSON.stringify(text)], { type: "text/plain" });
      const link = el("a", { href: URL.createObjectURL(blob), download: `${this.room}.${kind === "phh" ? "phhs" : "txt"}` });
      link.click();
    } catch (problem) {
      alert(`Could not download the hands: ${problem.message}`);
    }
  }

  hostPanel() {
    const state = this.state;
    if (state.ended) return [el("h3", {}, "The game is over"), el("p", { class: "hint" }, "Every player is cashed out; the ledger and the hands stay here to download.")];
    const send = (type, fields) => this.connection.send(type, fields);
    // The host may seat a player elsewhere than asked: any free seat.
    const free = state.seats.map((seat, i) => (seat ? null : i)).filter((i) => i !== null);
    const requests = state.requests.length
      ? state.requests.map((r) => {
          const where = el("select", { "aria-label": `seat for ${r.name}`, "data-testid": `seat-choice-${r.request}` }, free.map((i) => el("option", { value: i, selected: i === r.seat }, `seat ${i + 1}`)));
          return el("div", { class: "host-row", "data-testid": `request-${r.request}` }, `${r.name} asks for seat ${r.seat + 1} with ${chips(r.chips)}`, where, el("button", { type: "button", class: "primary", "data-testid": `approve-${r.request}`, onclick: () => send("approve", { request: r.request, seat: Number(where.value) }) }, "Approve"), el("button", { type: "button", "data-testid": `refuse-${r.request}`, onclick: () => send("refuse", { request: r.request }) }, "Refuse"));
        })
      : [el("p", { class: "hint" }, "No seat requests.")];
    const bot = el("select", { "aria-label": "bot", "data-testid": "bot-kind" }, BOTS.map((b) => el("option", { value: b }, b)));
    const [small, big, ante] = state.blinds;
    const sb = el("input", { type: "number", min: 0, value: small, "aria-label": "small blind" });
    const bb = el("input", { type: "number", min: 1, value: big, "aria-label": "big blind" });
    const an = el("input", { type: "number", min: 0, value: ante, "aria-label": "ante" });
    const t = state.tournament;
    const locked = t?.started && !state.ended; // a sit-and-go keeps its players and levels
    // A removal during a hand waits for its end: the row says so instead of offering it again.
    const seats = state.seats.map((seat, i) =>
      seat
        ? el(
            "div",
            { class: "host-player", "data-testid": `host-seat-${i}` },
            el("div", { class: "host-row" }, el("strong", {}, seat.name), `${chips(seat.stack)}${seat.status === "joining" ? " (joins next hand)" : ""}${i === state.host_seat ? " · host" : ""}`),
            el(
              "div",
              { class: "host-row" },
              seat.leaving
                ? el("span", { class: "pending", "data-testid": `removing-${i}` }, "Pending: leaves when this hand ends")
                : i === state.you
                  ? null
                  : [
                      el("button", { type: "button", onclick: () => send("set_away", { seat: i }) }, "Set away"),
                      locked ? null : el("button", { type: "button", class: "danger", "data-testid": `remove-${i}`, onclick: () => send("remove", { seat: i }) }, "Remove"),
                      seat.bot || i === state.host_seat ? null : el("button", { type: "button", "data-testid": `make-host-${i}`, title: `${seat.name} gets the host's controls; you no longer have them`, onclick: () => confirm(`Make ${seat.name} the host? You will no longer have the host's controls.`) && send("transfer_host", { seat: i }) }, "Make host"),
                    ],
            ),
            t ? null : this.stackRow(state, seat, i, send),
          )
        : null,
    );
    const start = t && !t.started ? el("div", { class: "host-row" }, el("button", { type: "button", class: "primary", "data-testid": "start-tournament", onclick: () => send("start_tournament") }, "Start the sit-and-go now"), el("span", { class: "hint" }, "or it starts when every seat is taken")) : null;
    return [
      el("h3", {}, "Seat requests"),
      requests,
      el("h3", {}, "Table"),
      start,
      el("div", { class: "host-row" }, locked ? null : [bot, el("button", { type: "button", "data-testid": "add-bot", onclick: () => send("add_bot", { bot: bot.value }) }, "Add bot")], state.paused ? el("button", { type: "button", "data-testid": "resume", onclick: () => send("resume") }, "Resume") : el("button", { type: "button", "data-testid": "pause", onclick: () => send("pause") }, "Pause")),
      t ? null : el("div", { class: "host-row" }, "Blinds", sb, bb, "ante", an, el("button", { type: "button", onclick: () => send("set_blinds", { small: Number(sb.value), big: Number(bb.value), ante: Number(an.value) }) }, "From next hand")),
      t ? null : this.bombRow(state, send),
      el("h3", {}, "Players"),
      seats,
      el("h3", {}, "Spectators"),
      this.spectatorRows(state, send),
      el("p", {}, el("button", { type: "button", class: "danger", "data-testid": "end-game", onclick: () => confirm(t?.started ? "End the sit-and-go for everyone? The players left are placed by their chips." : "End the game for everyone? Every stack is cashed out.") && send("end") }, "End the game")),
    ];
  }

  /** Chips added to a stack or taken away, with a ledger line; during a hand, at its end. */
  stackRow(state, seat, i, send) {
    const amount = el("input", { type: "number", min: 1, step: 1, placeholder: "chips", "aria-label": `chips to add to or take from ${seat.name}`, "data-testid": `adjust-amount-${i}` });
    const change = (sign) => {
      const value = /^\s*\d{1,13}\s*$/.test(amount.value) ? Number.parseInt(amount.value, 10) : 0;
      if (value < 1) {
        alert("Type how many chips to add or take away: a whole number, at least 1.");
        return;
      }
      if (send("adjust_stack", { seat: i, chips: sign * value })) amount.value = "";
    };
    const waiting = (state.adjustments ?? []).filter((a) => a.seat === i).map((a) => el("span", { class: "pending", "data-testid": `adjust-pending-${i}` }, `Pending: ${a.chips > 0 ? "+" : "−"}${chips(Math.abs(a.chips))} after this hand`));
    return el("div", { class: "host-row" }, "Stack", amount, el("button", { type: "button", "data-testid": `adjust-add-${i}`, onclick: () => change(1) }, "Add"), el("button", { type: "button", "data-testid": `adjust-take-${i}`, onclick: () => change(-1) }, "Take away"), waiting);
  }

  /** Whether people without a seat may watch the table, and chat. */
  spectatorRows(state, send) {
    const rule = state.spectators ?? { allowed: true, chat: false };
    const watch = el("input", { type: "checkbox", checked: rule.allowed, "data-testid": "spectators-allowed" });
    const talk = el("input", { type: "checkbox", checked: rule.chat, disabled: !rule.allowed, "data-testid": "spectators-chat" });
    watch.addEventListener("change", () => send("set_spectators", { allowed: watch.checked, chat: watch.checked && talk.checked }));
    talk.addEventListener("change", () => send("set_spectators", { allowed: rule.allowed, chat: talk.checked }));
    return [
      el("label", { class: "host-row" }, watch, " People without a seat may watch"),
      el("label", { class: "host-row" }, talk, " ... and chat"),
    ];
  }

  /** RULES 12.1: the next hand a bomb pot, every player putting in the amount. */
  bombRow(state, send) {
    if (state.bomb_pot_called) {
      return el("div", { class: "host-row" }, el("span", { "data-testid": "bomb-pot-called" }, `Next hand: bomb pot, ${chips(state.bomb_pot_called)} each`), el("button", { type: "button", "data-testid": "bomb-pot-off", onclick: () => send("bomb_pot", { amount: 0 }) }, "Call it off"));
    }
    const amount = el("input", { type: "number", min: 1, value: state.settings?.bomb_pot || 2 * state.blinds[1], "aria-label": "bomb pot: chips from each player", "data-testid": "bomb-pot-amount" });
    const call = () => {
      const value = /^\s*\d{1,13}\s*$/.test(amount.value) ? Number.parseInt(amount.value, 10) : 0;
      if (value < 1) alert("Type how many chips each player puts in the bomb pot (a whole number).");
      else send("bomb_pot", { amount: value });
    };
    return el("div", { class: "host-row" }, "Bomb pot: each puts in", amount, el("button", { type: "button", "data-testid": "bomb-pot", title: "Every player puts this in, no blinds, and the hand starts on the flop", onclick: call }, "Deal it next hand"));
  }

  async loadHands() {
    try {
      this.replay = { hands: await api(`/api/rooms/${this.room}/hands`, { room: this.room }), hand: null, step: 0 };
    } catch (problem) {
      this.replay = { error: problem.message };
    }
    if (this.tab === "replay") this.draw();
  }

  async openHand(number) {
    try {
      const hand = await api(`/api/rooms/${this.room}/hands/${number}/replay`, { room: this.room });
      this.replay = { ...this.replay, hand, step: 0 };
    } catch (problem) {
      this.replay = { ...this.replay, error: problem.message };
    }
    this.draw();
  }

  replayPanel() {
    const replay = this.replay;
    if (!replay) return el("p", {}, "Loading…");
    if (replay.error) return el("p", { class: "error-text" }, replay.error);
    const list = el("select", { "aria-label": "hand", "data-testid": "replay-hand", onchange: (event) => this.openHand(event.target.value) }, el("option", { value: "" }, "Pick a hand"), (replay.hands ?? []).map((h) => el("option", { value: h.number, selected: replay.hand?.number === h.number }, `#${h.number} ${h.summary ?? ""}`)));
    if (!replay.hand) return [list, el("p", { class: "hint" }, "Step through a finished hand with each shown hand's exact equity on every street.")];
    const steps = replay.hand.steps;
    const step = steps[Math.min(replay.step, steps.length - 1)];
    const move = (delta) => {
      this.replay.step = Math.max(0, Math.min(steps.length - 1, this.replay.step + delta));
      this.draw();
    };
    return [
      list,
      el("div", { class: "host-row" }, el("button", { type: "button", "data-testid": "replay-prev", onclick: () => move(-1) }, "◀"), `${replay.step + 1} / ${steps.length}`, el("button", { type: "button", "data-testid": "replay-next", onclick: () => move(1) }, "▶")),
      el("div", { class: "replay-step", "data-testid": "replay-step" }, step.text),
      replayFelt(step),
    ];
  }

  optionsPanel() {
    const fourColour = el("input", { type: "checkbox", checked: document.body.classList.contains("four-colour"), "data-testid": "four-colour" });
    fourColour.addEventListener("change", () => {
      document.body.classList.toggle("four-colour", fourColour.checked);
      localStorage.setItem("bigblind:four-colour", fourColour.checked ? "1" : "");
    });
    const s = this.state.settings ?? {};
    // A notification when it is your turn and you are looking elsewhere, once the browser allows it.
    const asked = "Notification" in window ? Notification.permission : "unsupported";
    const notify = asked === "granted"
      ? el("p", { class: "hint", "data-testid": "notify-on" }, "You are notified when it is your turn and this tab is in the background.")
      : asked === "default"
        ? el("p", {}, el("button", { type: "button", "data-testid": "notify", onclick: () => Notification.requestPermission().then(() => this.draw()) }, "Notify me when it is my turn"))
        : el("p", { class: "hint" }, asked === "denied" ? "Notifications are blocked for this site: the tab's title says when it is your turn." : "This browser has no notifications: the tab's title says when it is your turn.");
    return [
      el("label", {}, fourColour, " Four-colour deck"),
      notify,
      el("h3", {}, "This game"),
      el("div", { class: "hint" }, `${this.state.game?.title ?? ""}, ${s.game === "tournament" ? `sit-and-go: ${s.tournament_buy_in} to enter, ${s.starting_stack} chips, ${s.level_minutes}-minute levels, payouts ${s.payouts?.length ? s.payouts.join("/") + "%" : "standard"}` : "cash game"}; ${s.seats} seats; ${s.decision_seconds}s to act, ${s.time_bank_seconds}s time bank${s.run_it_twice ? "; run it twice allowed" : ""}${s.rabbit_hunting ? "; rabbit hunting allowed" : ""}${s.bomb_pot && s.bomb_pot_every ? `; a bomb pot of ${s.bomb_pot} every ${s.bomb_pot_every} hands` : ""}${s.seven_deuce ? `; seven-deuce: ${s.seven_deuce} from each player` : ""}${s.straddle ? "; straddles allowed" : ""}.`),
      el("h3", {}, "Keys"),
      el("div", { class: "hint" }, "F fold · C or space check/call · R amount, Enter to bet · 1 x2 · 2 x3 · 3 33% · 4 50% · 5 pot · 6 all-in"),
    ];
  }
}
