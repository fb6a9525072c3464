// Small DOM helpers shared by every view.

/** Build an element: el("div", {class: "x", onclick: f}, child, "text", ...). */
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith("on") && typeof value === "function") {
      node.addEventListener(key.slice(2), value);
    } else if (key === "dataset") {
      Object.assign(node.dataset, value);
    } else if (value === true) {
      node.setAttribute(key, "");
    } else {
      node.setAttribute(key, String(value));
    }
  }
  for (const child of children.flat(Infinity)) {
    if (child === undefined || child === null || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

/** Replace every child of `node`. */
export function fill(node, ...children) {
  node.replaceChildren();
  for (const child of children.flat(Infinity)) {
    if (child !== undefined && child !== null && child !== false) {
      node.append(child instanceof Node ? child : document.createTextNode(String(child)));
    }
  }
  return node;
}

const SUITS = { s: "♠", h: "♥", d: "♦", c: "♣" };
const SUIT_NAMES = { s: "spades", h: "hearts", d: "diamonds", c: "clubs" };

/** A card face ("As"), a back (null) or an empty slot ("slot"). */
export function cardEl(text) {
  if (text === null || text === undefined || text === "??") {
    return el("span", { class: "card back", "aria-label": "hidden card" });
  }
  if (text === "slot") return el("span", { class: "card slot", "aria-hidden": "true" });
  const rank = text[0] === "T" ? "10" : text[0];
  const suit = text[1];
  return el(
    "span",
    { class: `card ${suit}`, "data-card": text, "aria-label": `${rank} of ${SUIT_NAMES[suit]}` },
    el("span", { class: "rank" }, rank),
    el("span", { class: "suit" }, SUITS[suit] ?? "?"),
  );
}

/** A card in a player's words: "K♦", "10♠". */
export function cardName(text) {
  return `${text[0] === "T" ? "10" : text[0]}${SUITS[text[1]] ?? "?"}`;
}

/** Card text "As Kd" as a list, empty for "" or null. */
export function cardList(text) {
  return text ? text.split(/\s+/).filter(Boolean) : [];
}

export function chips(n) {
  return Number(n).toLocaleString("en-US");
}

export function showBanner(text, kind = "") {
  const banner = document.getElementById("banner");
  if (!text) {
    banner.hidden = true;
    return;
  }
  banner.textContent = text;
  banner.className = `banner ${kind}`;
  banner.hidden = false;
}
