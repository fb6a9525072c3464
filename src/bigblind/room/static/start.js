// The start page: create a game, or open a join link.
import { el, fill } from "./dom.js";

const BOTS = ["random", "station", "tag", "strong"];

function field(label, input) {
  return el("label", {}, label, input);
}

function number(name, value, min = 0, step = 1) {
  return el("input", { type: "number", name, value, min, step, inputmode: "numeric", required: true });
}

function check(name, label, checked = false) {
  return el("label", { class: "check" }, el("input", { type: "checkbox", name, checked }), label);
}

/** Read the form into the settings the server expects (RoomSettings). */
function settingsFrom(form) {
  const data = new FormData(form);
  const int = (key) => Number.parseInt(String(data.get(key) ?? "0"), 10);
  const num = (key) => Number.parseFloat(String(data.get(key) ?? "0"));
  const bots = [];
  for (const bot of BOTS) {
    for (let i = 0; i < int(`bots_${bot}`); i += 1) bots.push(bot);
  }
  const tournament = data.get("game") === "tournament";
  const settings = {
    name: String(data.get("name") || "Home game"),
    game: tournament ? "tournament" : "cash",
    structure: String(data.get("structure")),
    small_blind: int("small_blind"),
    big_blind: int("big_blind"),
    ante: int("ante"),
    big_blind_ante: data.get("big_blind_ante") === "on",
    straddle: data.get("straddle") === "on",
    seats: int("seats"),
    min_buy_in: int("min_buy_in"),
    max_buy_in: int("max_buy_in"),
    bots,
    decision_seconds: num("decision_seconds"),
    time_bank_seconds: num("time_bank_seconds"),
    time_bank_refill_seconds: num("time_bank_refill_seconds"),
    time_bank_refill_hands: int("time_bank_refill_hands"),
    next_hand_seconds: num("next_hand_seconds"),
    run_it_twice: data.get("run_it_twice") === "on",
    rake_percent: String(data.get("rake_percent") || "0"),
    open_seating: data.get("open_seating") === "on",
  };
  const cap = String(data.get("rake_cap") || "").trim();
  if (cap) settings.rake_cap = Number.parseInt(cap, 10);
  if (tournament) {
    settings.tournament_buy_in = int("tournament_buy_in");
    settings.starting_stack = int("starting_stack");
    settings.level_minutes = num("level_minutes");
    // "50, 30, 20" or blank for the standard table; the server checks they add up to 100.
    const payouts = String(data.get("payouts") || "").split(/[\s,/]+/).filter(Boolean);
    if (payouts.length) settings.payouts = payouts;
    delete settings.min_buy_in;
    delete settings.max_buy_in;
    delete settings.small_blind;
    delete settings.big_blind;
    delete settings.ante;
  }
  return settings;
}

function copyRow(label, url, testid) {
  const input = el("input", { value: url, readonly: true, "data-testid": testid });
  const button = el(
    "button",
    {
      type: "button",
      onclick: async () => {
        input.select();
        try {
          await navigator.clipboard.writeText(url);
        } catch {
          document.execCommand?.("copy");
        }
        button.textContent = "Copied";
        setTimeout(() => (button.textContent = "Copy"), 1500);
      },
    },
    "Copy",
  );
  return el("div", { class: "link-row" }, el("span", { class: "label" }, label), input, button);
}

/** Show the fields of the game type chosen: cash stakes, or a sit-and-go's entry and levels. */
function showGameFields(form) {
  const tournament = form.elements.game.value === "tournament";
  form.querySelectorAll("[data-game]").forEach((node) => {
    const shown = node.dataset.game === (tournament ? "tournament" : "cash");
    node.hidden = !shown;
    node.querySelectorAll("input").forEach((input) => (input.disabled = !shown));
  });
}

export function startPage(root) {
  const error = el("div", { class: "error-text", role: "alert" });
  const created = el("section", { hidden: true });
  const cash = (label, input) => el("label", { "data-game": "cash" }, label, input);
  const sng = (label, input) => el("label", { "data-game": "tournament" }, label, input);
  const form = el(
    "form",
    { class: "create", "data-testid": "create-form" },
    el(
      "div",
      { class: "form-grid" },
      field("Game name", el("input", { name: "name", value: "Home game", maxlength: 60 })),
      field(
        "Game",
        el(
          "select",
          { name: "game", "data-testid": "game-type" },
          el("option", { value: "cash" }, "Cash game"),
          el("option", { value: "tournament" }, "Sit-and-go tournament"),
        ),
      ),
      field(
        "Betting",
        el(
          "select",
          { name: "structure" },
          el("option", { value: "nl" }, "No limit"),
          el("option", { value: "pl" }, "Pot limit"),
          el("option", { value: "fl" }, "Fixed limit"),
        ),
      ),
      cash("Small blind", number("small_blind", 1, 1)),
      cash("Big blind", number("big_blind", 2, 1)),
      field("Seats", number("seats", 6, 2)),
      cash("Minimum buy-in", number("min_buy_in", 40, 1)),
      cash("Maximum buy-in", number("max_buy_in", 200, 1)),
      sng("Buy-in (to the prize pool)", el("input", { type: "number", name: "tournament_buy_in", value: 20, min: 0, step: 1, inputmode: "numeric", "data-testid": "tournament-buy-in" })),
      sng("Starting stack", number("starting_stack", 1500, 1)),
      sng("Level length (minutes)", el("input", { type: "number", name: "level_minutes", value: 10, min: 0.01, step: "any", inputmode: "decimal", "data-testid": "level-minutes" })),
      sng("Payouts % (blank: standard)", el("input", { name: "payouts", placeholder: "e.g. 50, 30, 20", "data-testid": "payouts" })),
    ),
    el("p", { class: "hint", "data-game": "tournament" }, "The blinds start at 10/20 and rise every level (15/30, 25/50, 50/100, then antes from 100/200); the game starts when every seat is taken or when you start it. Standard payouts: winner takes all heads-up, 65/35 for 3 to 6 players, 50/30/20 for 7 to 10."),
    el(
      "details",
      { class: "more" },
      el("summary", {}, "More settings: antes, straddles, clock, bots, run it twice, rake"),
      el(
        "div",
        { class: "form-grid" },
        cash("Ante", number("ante", 0)),
        check("big_blind_ante", "Big-blind ante"),
        el("label", { class: "check", "data-game": "cash" }, el("input", { type: "checkbox", name: "straddle" }), "Straddles allowed"),
        check("run_it_twice", "Run it twice allowed"),
        check("open_seating", "Open seating (no approval)"),
        field("Seconds per decision", number("decision_seconds", 30, 1)),
        field("Time bank (seconds)", number("time_bank_seconds", 60, 0)),
        field("Time bank refill (seconds)", number("time_bank_refill_seconds", 10, 0)),
        cash("Refill every (hands, 0: never)", number("time_bank_refill_hands", 10, 0)),
        field("Pause between hands (seconds)", el("input", { type: "number", name: "next_hand_seconds", value: 3, min: 0, step: "any", inputmode: "decimal" })),
        cash("Rake %", el("input", { name: "rake_percent", value: "0", inputmode: "decimal" })),
        cash("Rake cap", el("input", { name: "rake_cap", inputmode: "numeric", placeholder: "none" })),
        ...BOTS.map((bot) => field(`Bots: ${bot}`, number(`bots_${bot}`, 0, 0))),
      ),
    ),
    el("p", {}, el("button", { class: "primary", type: "submit", "data-testid": "create" }, "Create game")),
    error,
  );
  form.elements.game.addEventListener("change", () => showGameFields(form));
  showGameFields(form);
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    error.textContent = "";
    let answer;
    try {
      const response = await fetch("/api/rooms", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(settingsFrom(form)),
      });
      answer = await response.json();
      if (!response.ok) throw new Error(answer.error ?? `the server answered ${response.status}`);
    } catch (problem) {
      error.textContent = `Could not create the game: ${problem.message}`;
      return;
    }
    localStorage.setItem(`bigblind:${answer.room}`, answer.host_token);
    const joinUrl = new URL(answer.join_url, location.href).href;
    const hostUrl = new URL(answer.host_url, location.href).href;
    fill(
      created,
      el("h2", {}, "Your game is ready"),
      el("p", { class: "hint" }, "Send the join link to your friends. Keep the host link to yourself: it runs the game."),
      el("div", { class: "links" }, copyRow("Join link", joinUrl, "join-url"), copyRow("Host link", hostUrl, "host-url")),
      el("p", {}, el("a", { href: hostUrl, "data-testid": "open-table" }, el("button", { class: "primary", type: "button" }, "Open the table"))),
    );
    created.hidden = false;
    created.scrollIntoView({ behavior: "smooth" });
  });

  const joinInput = el("input", { placeholder: "Paste a join link", "aria-label": "join link" });
  const joinError = el("div", { class: "error-text" });
  const join = el(
    "form",
    {
      class: "link-row",
      onsubmit: (event) => {
        event.preventDefault();
        try {
          const url = new URL(joinInput.value.trim(), location.href);
          if (!url.searchParams.get("room")) throw new Error();
          location.href = `/${url.search}${url.hash}`;
        } catch {
          joinError.textContent = "That is not a join link: it looks like http://host:8000/?room=abc123";
        }
      },
    },
    joinInput,
    el("button", { type: "submit" }, "Open"),
  );

  fill(
    root,
    el(
      "div",
      { class: "start" },
      el("h1", {}, "big", el("span", {}, "blind")),
      el("p", { class: "tagline" }, "Texas Hold'em with friends, everything calculated by the rules."),
      el("section", {}, el("h2", {}, "Create a game"), form),
      created,
      el("section", {}, el("h2", {}, "Join a game"), join, joinError),
    ),
  );
}
