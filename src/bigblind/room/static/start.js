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

/** A field left empty or not a number, named as its label says: sent, it could only be refused. */
class FieldError extends Error {
  constructor(field, message) {
    super(message);
    this.field = field;
  }
}

function labelOf(form, key) {
  const input = form.elements[key];
  const label = input?.closest("label");
  return label ? label.firstChild.textContent.trim() : key;
}

// The games a room deals (RULES 11), as bigblind.evaluation.GAMES names them.
const VARIANTS = [
  ["holdem", "Texas Hold'em"],
  ["omaha", "Omaha (4 cards)"],
  ["omaha5", "5-card Omaha"],
  ["omaha6", "6-card Omaha"],
  ["omaha8", "Omaha hi-lo (8 or better)"],
  ["short-deck", "Short deck (6+)"],
];

// Omaha is played pot limit, hold'em and short deck no limit: the usual betting follows the
// game chosen, and the host may still change it.
function suggestBetting(select) {
  const betting = select.form.elements.namedItem("structure");
  betting.value = select.value.startsWith("omaha") ? "pl" : "nl";
}

/** Read the form into the settings the server expects (RoomSettings). */
function settingsFrom(form) {
  const data = new FormData(form);
  const read = (key, pattern, what) => {
    const text = String(data.get(key) ?? "0").trim();
    if (!pattern.test(text)) throw new FieldError(key, `${labelOf(form, key)}: ${what}.`);
    return Number(text);
  };
  const int = (key) => read(key, /^\d{1,21}$/, "enter a whole number");
  const num = (key) => read(key, /^(\d{1,21}(\.\d*)?|\.\d+)$/, "enter a number");
  const bots = [];
  for (const bot of BOTS) {
    const count = int(`bots_${bot}`);
    if (count > 10) throw new FieldError(`bots_${bot}`, `${labelOf(form, `bots_${bot}`)}: a table has 10 seats at most.`);
    for (let i = 0; i < count; i += 1) bots.push(bot);
  }
  const tournament = data.get("game") === "tournament";
  const settings = {
    name: String(data.get("name") || "Home game"),
    game: tournament ? "tournament" : "cash",
    variant: String(data.get("variant") || "holdem"),
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
    rabbit_hunting: data.get("rabbit_hunting") === "on",
    bomb_pot: int("bomb_pot"),
    bomb_pot_every: int("bomb_pot_every"),
    seven_deuce: int("seven_deuce"),
    rake_percent: String(data.get("rake_percent") || "0"),
    open_seating: data.get("open_seating") === "on",
  };
  const cap = String(data.get("rake_cap") || "").trim();
  if (cap) settings.rake_cap = int("rake_cap");
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
    delete settings.bomb_pot;
    delete settings.bomb_pot_every;
    delete settings.seven_deuce;
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

/** The field a refusal names: the server words each field as its name with spaces. */
function fieldNamed(form, message) {
  const text = message.toLowerCase();
  if (text.startsWith("buy-in range")) return "min_buy_in";
  if (text.startsWith("room name")) return "name";
  let best = null;
  for (const input of form.querySelectorAll("input[name], select[name]")) {
    const words = input.name.replace(/_/g, " ");
    if (text.startsWith(words) && (!best || words.length > best.replace(/_/g, " ").length)) best = input.name;
  }
  return best;
}

function markField(form, key) {
  const input = key ? form.elements[key] : null;
  if (!(input instanceof HTMLElement)) return;
  const more = input.closest("details");
  if (more) more.open = true;
  input.setAttribute("aria-invalid", "true");
  input.focus();
}

function clearMarks(form, error) {
  error.textContent = "";
  form.querySelectorAll("[aria-invalid]").forEach((input) => input.removeAttribute("aria-invalid"));
}

export function startPage(root) {
  const error = el("div", { class: "error-text", role: "alert", "data-testid": "create-error" });
  const created = el("section", { hidden: true });
  const cash = (label, input) => el("label", { "data-game": "cash" }, label, input);
  const sng = (label, input) => el("label", { "data-game": "tournament" }, label, input);
  const form = el(
    "form",
    // The form's own line says what is wrong, in the server's words or ours, not the browser's bubble.
    { class: "create", "data-testid": "create-form", novalidate: true },
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
        "Poker",
        el(
          "select",
          { name: "variant", "data-testid": "variant", onchange: (event) => suggestBetting(event.target) },
          ...VARIANTS.map(([code, name]) => el("option", { value: code }, name)),
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
      el("summary", {}, "More settings: antes, straddles, bomb pots, seven-deuce, clock, bots, run it twice, rabbit hunting, rake"),
      el(
        "div",
        { class: "form-grid" },
        cash("Ante", number("ante", 0)),
        check("big_blind_ante", "Big-blind ante"),
        el("label", { class: "check", "data-game": "cash" }, el("input", { type: "checkbox", name: "straddle" }), "Straddles allowed"),
        check("run_it_twice", "Run it twice allowed"),
        check("rabbit_hunting", "Rabbit hunting allowed"),
        cash("Bomb pot: chips from each player (0: none)", number("bomb_pot", 0, 0)),
        cash("Bomb pot every (hands, 0: when the host calls one)", number("bomb_pot_every", 0, 0)),
        cash("Seven-deuce: chips from each player (0: not played)", number("seven_deuce", 0, 0)),
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
  form.addEventListener("input", () => clearMarks(form, error));
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    clearMarks(form, error);
    let answer;
    try {
      const response = await fetch("/api/rooms", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(settingsFrom(form)),
      });
      answer = await response.json().catch(() => ({}));
      if (!response.ok) throw new Error(answer.error ?? `the server answered ${response.status}`);
    } catch (problem) {
      error.textContent = `Could not create the game: ${problem.message}`;
      markField(form, problem.field ?? fieldNamed(form, problem.message));
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
