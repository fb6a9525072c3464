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
  const settings = {
    name: String(data.get("name") || "Home game"),
    game: "cash",
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
    run_it_twice: data.get("run_it_twice") === "on",
    rake_percent: String(data.get("rake_percent") || "0"),
    open_seating: data.get("open_seating") === "on",
  };
  const cap = String(data.get("rake_cap") || "").trim();
  if (cap) settings.rake_cap = Number.parseInt(cap, 10);
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

export function startPage(root) {
  const error = el("div", { class: "error-text", role: "alert" });
  const created = el("section", { hidden: true });
  const form = el(
    "form",
    { class: "create", "data-testid": "create-form" },
    el(
      "div",
      { class: "form-grid" },
      field("Game name", el("input", { name: "name", value: "Home game", maxlength: 60 })),
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
      field("Small blind", number("small_blind", 1, 1)),
      field("Big blind", number("big_blind", 2, 1)),
      field("Seats", number("seats", 6, 2)),
      field("Minimum buy-in", number("min_buy_in", 40, 1)),
      field("Maximum buy-in", number("max_buy_in", 200, 1)),
    ),
    el(
      "details",
      { class: "more" },
      el("summary", {}, "More settings: antes, straddles, clock, bots, run it twice, rake"),
      el(
        "div",
        { class: "form-grid" },
        field("Ante", number("ante", 0)),
        check("big_blind_ante", "Big-blind ante"),
        check("straddle", "Straddles allowed"),
        check("run_it_twice", "Run it twice allowed"),
        check("open_seating", "Open seating (no approval)"),
        field("Seconds per decision", number("decision_seconds", 30, 1)),
        field("Time bank (seconds)", number("time_bank_seconds", 60, 0)),
        field("Rake %", el("input", { name: "rake_percent", value: "0", inputmode: "decimal" })),
        field("Rake cap", el("input", { name: "rake_cap", inputmode: "numeric", placeholder: "none" })),
        ...BOTS.map((bot) => field(`Bots: ${bot}`, number(`bots_${bot}`, 0, 0))),
      ),
    ),
    el("p", {}, el("button", { class: "primary", type: "submit", "data-testid": "create" }, "Create game")),
    error,
  );
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
