// bigblind room client: the start page at "/", a room at "/?room=<id>".
// The page never computes a rule: amounts, legal actions, pots and winners come from the server.
import { ActionBar } from "./actions.js";
import { api, Connection } from "./connection.js";
import { chips, el, fill, showBanner } from "./dom.js";
import { Feel, REACTIONS } from "./feel.js";
import { Panels } from "./panels.js";
import { startPage } from "./start.js";
import { renderTable, updateClock, winnersOf } from "./table.js";

if (localStorage.getItem("bigblind:four-colour")) document.body.classList.add("four-colour");

function route() {
  const app = document.getElementById("app");
  const room = new URLSearchParams(location.search).get("room");
  if (!room || !/^[\w-]{1,64}$/.test(room)) {
    startPage(app);
    return;
  }
  // The host link carries the host's token after "#token=": a fragment never reaches the server's logs.
  const token = new URLSearchParams(location.hash.slice(1)).get("token");
  if (token) {
    localStorage.setItem(`bigblind:${room}`, token);
    history.replaceState(null, "", `/?room=${room}`);
  }
  roomPage(app, room);
}

function joinDialog(room, seat, state, onDone) {
  const settings = state.settings ?? {};
  const tournament = settings.game === "tournament";
  const name = el("input", { maxlength: 24, required: true, value: localStorage.getItem("bigblind:name") ?? "", "data-testid": "join-name", autocomplete: "nickname" });
  const buyIn = el("input", { type: "number", min: settings.min_buy_in, max: settings.max_buy_in, value: settings.max_buy_in, "data-testid": "join-buy-in" });
  const wait = el("input", { type: "checkbox" });
  const error = el("div", { class: "error-text", role: "alert", "data-testid": "join-error" });
  const back = el("div", { class: "dialog-back" });
  const close = () => back.remove();
  const form = el(
    "form",
    {
      class: "dialog",
      novalidate: true, // our line below says what is wrong, in words, on every device
      // An answer replaces the last one: no error stays from an earlier try.
      oninput: () => (error.textContent = ""),
      onsubmit: async (event) => {
        event.preventDefault();
        error.textContent = "";
        const chosen = name.value.trim();
        if (!chosen) {
          error.textContent = "Pick a name of 1 to 24 characters.";
          return;
        }
        const amount = tournament ? settings.starting_stack : Number.parseInt(buyIn.value, 10);
        if (!tournament && !(amount >= settings.min_buy_in && amount <= settings.max_buy_in)) {
          error.textContent = `The buy-in is from ${chips(settings.min_buy_in)} to ${chips(settings.max_buy_in)} chips.`;
          return;
        }
        try {
          const answer = await api(`/api/rooms/${room}/seats`, { method: "POST", room, body: { name: chosen, seat, buy_in: amount, wait_for_big_blind: wait.checked } });
          localStorage.setItem(`bigblind:${room}`, answer.token);
          localStorage.setItem("bigblind:name", chosen);
          close();
          onDone(answer);
        } catch (problem) {
          error.textContent = problem.message;
        }
      },
    },
    el("h3", {}, `Sit at seat ${seat + 1}`),
    el("label", {}, "Your name", name),
    tournament ? el("p", { class: "hint" }, `Everyone starts with ${chips(settings.starting_stack)} chips.`) : el("label", {}, `Buy-in (${chips(settings.min_buy_in)} to ${chips(settings.max_buy_in)})`, buyIn),
    tournament ? null : el("label", { class: "check" }, el("span", {}, wait, " Wait for the big blind instead of posting")),
    error,
    el("div", { class: "buttons" }, el("button", { type: "button", onclick: close }, "Cancel"), el("button", { type: "submit", class: "primary", "data-testid": "join-submit" }, settings.open_seating ? "Sit down" : "Ask the host")),
  );
  back.append(form);
  document.body.append(back);
  name.focus();
}

/** A sit-and-go's level, and when the next one starts with which blinds (RULES 8.1). */
function levelText(state, now) {
  const t = state.tournament;
  if (!t) return "";
  if (!t.started) return `Sit-and-go: ${state.seats.filter(Boolean).length}/${state.seats.length} registered`;
  if (t.finished) return "Sit-and-go over";
  const [s, b, a] = t.next_blinds;
  const next = `${chips(s)}/${chips(b)}${a ? ` ante ${chips(a)}` : ""}`;
  if (t.next_level_at == null) return `Level ${t.level} · next ${next} (clock stopped)`;
  const left = Math.round(t.next_level_at - now);
  if (left <= 0) return `Level ${t.level + 1} from the next hand: ${next}`;
  const clock = `${Math.floor(left / 60)}:${String(left % 60).padStart(2, "0")}`;
  return `Level ${t.level} · next ${next} in ${clock}`;
}

function roomPage(app, room) {
  const title = el("span", { class: "title" }, "…");
  const gameTitle = el("span", { class: "game-title", "data-testid": "game-title" });
  const blinds = el("span", { class: "blinds", "data-testid": "blinds" });
  const levelLine = el("span", { class: "level", "data-testid": "level" });
  const dot = el("span", { class: "status-dot off", title: "connection" });
  const note = el("span", { class: "hint", "data-testid": "note" });
  const tableArea = el("div", { class: "table-area", "data-testid": "table" });
  const actions = el("div", { class: "actions", "data-testid": "actions" });
  const side = el("div", { class: "side" });
  // The join link, copyable at the table at any time (never the host's token).
  const joinLink = `${location.origin}/?room=${room}`;
  const copy = el("button", { type: "button", class: "copy-link", title: joinLink, "data-testid": "copy-join", onclick: async () => {
    let copied = false;
    try {
      await navigator.clipboard.writeText(joinLink);
      copied = true;
    } catch {
      copied = false;
    }
    copy.textContent = copied ? "Link copied" : joinLink;
    setTimeout(() => (copy.textContent = "Copy link"), copied ? 1500 : 8000);
  } }, "Copy link");
  const menu = el("button", { type: "button", class: "panels-toggle", "data-testid": "panels-toggle", onclick: () => side.classList.toggle("open") }, "☰ Menu");
  // Reactions float over the table in a layer of their own: the table's redraws never take them.
  const reactionLayer = el("div", { class: "reaction-layer", "aria-live": "polite" });
  const feel = new Feel(reactionLayer);
  const sound = el("button", { type: "button", class: "sound", "data-testid": "mute", "aria-pressed": String(feel.muted), title: "Sounds on your turn, a bet and a win", onclick: () => {
    feel.setMuted(!feel.muted);
    sound.textContent = feel.muted ? "Sound off" : "Sound on";
    sound.setAttribute("aria-pressed", String(feel.muted));
  } }, feel.muted ? "Sound off" : "Sound on");
  const picker = el("div", { class: "reaction-picker", hidden: true, "data-testid": "reaction-picker" }, REACTIONS.map((emoji, i) => el("button", { type: "button", "data-testid": `react-${i}`, "aria-label": `react ${emoji}`, onclick: () => {
    picker.hidden = true;
    connection.send("react", { emoji });
  } }, emoji)));
  const react = el("button", { type: "button", class: "react", "data-testid": "react", title: "A reaction by your seat", hidden: true, onclick: () => (picker.hidden = !picker.hidden) }, "React");
  fill(
    app,
    el(
      "div",
      { class: "room" },
      el("div", { class: "topbar" }, el("a", { href: "/", title: "start page" }, "bigblind"), title, gameTitle, blinds, levelLine, el("span", { class: "spacer" }), note, el("span", { class: "react-wrap" }, react, picker), sound, copy, menu, dot),
      tableArea,
      reactionLayer,
      actions,
      side,
    ),
  );

  let state = null;
  let fresh = null; // what the last state changed, for the table's animations
  let welcome = null;
  // This tab's seat request waiting for the host: one at a time, and told when refused.
  let pending = null;
  const connection = new Connection(room, {
    onWelcome: (message) => {
      welcome = message;
      if (message.request != null) pending = { number: message.request, seen: false };
    },
    onState: (next, serverTime) => {
      state = next;
      fresh = feel.changes(next);
      draw();
      fresh = null; // a redraw for another reason animates nothing again
      feel.reactions(next, serverTime, tableArea);
    },
    onError: (text) => bar.showError(text),
    onStatus: (up) => dot.classList.toggle("off", !up),
  });
  const bar = new ActionBar(actions, connection);
  const panels = new Panels(side, connection, room);

  const onSit = (seat) => {
    if (!state) return;
    joinDialog(room, seat, state, (answer) => {
      note.textContent = answer.seat === null ? "Waiting for the host to approve your seat…" : "";
      pending = answer.seat === null && answer.request != null ? { number: answer.request, seen: false } : null;
      // A new token: reconnect so the server knows this tab as the seat. The same token
      // needs nothing: its views already follow the seat, and the chat box stays connected.
      if (answer.token !== connection.openedWith) connection.socket?.close();
      draw();
    });
  };

  function draw() {
    if (!state) return;
    title.textContent = state.name;
    react.hidden = state.you === null;
    if (react.hidden) picker.hidden = true;
    gameTitle.textContent = state.game?.title ?? "";
    const [small, big, ante] = state.blinds;
    blinds.textContent = `${chips(small)}/${chips(big)}${ante ? ` ante ${chips(ante)}` : ""}`;
    levelLine.textContent = levelText(state, Date.now() / 1000);
    if (state.you !== null) {
      note.textContent = "";
      pending = null;
    } else if (pending) {
      const waiting = state.requests.some((r) => r.request === pending.number);
      if (waiting) {
        pending.seen = true;
        note.textContent = "Waiting for the host to approve your seat…";
      } else if (pending.seen || state.ended) {
        // Gone from the list without a seat: the host said no (or the game ended).
        pending = null;
        note.textContent = state.ended ? "The game ended before the host seated you." : "The host did not seat you this time. You may ask again.";
      }
    }
    renderTable(tableArea, state, { now: Date.now() / 1000, onSit, winners: winnersOf(state), pending: Boolean(pending), fresh });
    bar.render(state);
    // The host's controls follow the host: the state says whether this tab holds them now.
    const host = Boolean(state.host ?? welcome?.host);
    panels.render(state, host);
    menu.textContent = host && state.requests.length ? `☰ Menu (${state.requests.length})` : "☰ Menu";
  }

  // The countdown moves between messages: only the clock is drawn again, so that a button
  // pressed at that moment is not replaced under the pointer.
  setInterval(() => {
    if (state?.hand?.deadline != null) updateClock(tableArea, state, Date.now() / 1000);
    if (state?.tournament) levelLine.textContent = levelText(state, Date.now() / 1000);
  }, 250);
  addEventListener("resize", () => draw());
  addEventListener("pagehide", () => connection.close());
  showBanner("");
}

route();
