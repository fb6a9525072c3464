// bigblind room client: the start page at "/", a room at "/?room=<id>".
// The page never computes a rule: amounts, legal actions, pots and winners come from the server.
import { ActionBar } from "./actions.js";
import { api, Connection } from "./connection.js";
import { chips, el, fill, showBanner } from "./dom.js";
import { Panels } from "./panels.js";
import { startPage } from "./start.js";
import { renderTable, winnersOf } from "./table.js";

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
      onsubmit: async (event) => {
        event.preventDefault();
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
  const blinds = el("span", { class: "blinds", "data-testid": "blinds" });
  const levelLine = el("span", { class: "level", "data-testid": "level" });
  const dot = el("span", { class: "status-dot off", title: "connection" });
  const note = el("span", { class: "hint", "data-testid": "note" });
  const tableArea = el("div", { class: "table-area", "data-testid": "table" });
  const actions = el("div", { class: "actions", "data-testid": "actions" });
  const side = el("div", { class: "side" });
  fill(
    app,
    el(
      "div",
      { class: "room" },
      el("div", { class: "topbar" }, el("a", { href: "/", title: "start page" }, "bigblind"), title, blinds, levelLine, el("span", { class: "spacer" }), note, dot),
      tableArea,
      actions,
      side,
    ),
  );

  let state = null;
  let welcome = null;
  const connection = new Connection(room, {
    onWelcome: (message) => {
      welcome = message;
    },
    onState: (next) => {
      state = next;
      draw();
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
      // A new token: reconnect so the server knows this tab as the seat.
      connection.socket?.close();
    });
  };

  function draw() {
    if (!state) return;
    document.title = `${state.name} · bigblind`;
    title.textContent = state.name;
    const [small, big, ante] = state.blinds;
    blinds.textContent = `${chips(small)}/${chips(big)}${ante ? ` ante ${chips(ante)}` : ""}`;
    levelLine.textContent = levelText(state, Date.now() / 1000);
    if (state.you !== null) note.textContent = "";
    else if (welcome?.request != null) note.textContent = "Waiting for the host to approve your seat…";
    renderTable(tableArea, state, { now: Date.now() / 1000, onSit, winners: winnersOf(state) });
    bar.render(state);
    panels.render(state, Boolean(welcome?.host));
  }

  // The countdown moves between messages.
  setInterval(() => {
    if (state?.hand?.deadline != null) renderTable(tableArea, state, { now: Date.now() / 1000, onSit, winners: winnersOf(state) });
    if (state?.tournament) levelLine.textContent = levelText(state, Date.now() / 1000);
  }, 250);
  addEventListener("pagehide", () => connection.close());
  showBanner("");
}

route();
