// How the table feels: sounds, the tab title and a notification on your turn, avatars,
// reactions by the seats, and what the table's animations are told (cards dealt, chips bet,
// a pot won). Nothing here waits: sounds and animations run beside the game, never before it.
import { el } from "./dom.js";

export const REACTIONS = ["👍", "😂", "😮", "😬", "🔥", "👏", "🤔", "😭"];
const MUTE_KEY = "bigblind:mute";
const REACTION_SECONDS = 4;

// Each sound a few short tones: [frequency in Hz, start, length in seconds].
const TONES = {
  turn: [[660, 0, 0.12], [880, 0.14, 0.16]],
  bet: [[320, 0, 0.07], [260, 0.05, 0.07]],
  win: [[523, 0, 0.12], [659, 0.12, 0.12], [784, 0.24, 0.22]],
};

/** Initials of a name: the first letters of its first two words, or its first letter. */
export function initials(name) {
  // "Ann Lee" → "AL", "tag-2" → "T2", "Bob" → "B".
  const words = String(name).trim().split(/[\s\-_.]+/).filter(Boolean);
  if (words.length === 0) return "?";
  const letters = words.length > 1 ? [words[0], words[1]] : [words[0]];
  return letters.map((word) => Array.from(word)[0].toUpperCase()).join("");
}

/** A colour of its own for each name, the same on every screen. */
export function avatarColour(name) {
  // FNV-1a, then mixed: names a letter apart ("tag-1", "tag-2") get colours far apart.
  let hash = 0x811c9dc5;
  for (const char of String(name)) hash = Math.imul(hash ^ char.codePointAt(0), 0x01000193);
  hash ^= hash >>> 15;
  hash = Math.imul(hash, 0x2c1b3c6d);
  hash ^= hash >>> 12;
  return `hsl(${(hash >>> 0) % 360} 55% 38%)`;
}

export function avatarEl(name) {
  return el("span", { class: "avatar", style: `background:${avatarColour(name)}`, "aria-hidden": "true" }, initials(name));
}

export class Feel {
  constructor(reactionLayer) {
    this.layer = reactionLayer;
    this.muted = localStorage.getItem(MUTE_KEY) === "1";
    this.audio = null;
    this.previous = null;
    this.shown = new Set(); // reactions drawn already, by seat and time
    this.played = []; // the sounds played, newest last (read by the browser tests)
    window.bigblindSounds = this.played;
    this.baseTitle = document.title;
    // Browsers let a page make sound only after a click or a key: the audio starts then.
    const unlock = () => {
      if (!this.audio && window.AudioContext) this.audio = new AudioContext();
      this.audio?.resume?.();
    };
    addEventListener("pointerdown", unlock, { capture: true });
    addEventListener("keydown", unlock, { capture: true });
  }

  setMuted(muted) {
    this.muted = muted;
    localStorage.setItem(MUTE_KEY, muted ? "1" : "");
  }

  play(kind) {
    if (this.muted) return;
    this.played.push(kind);
    if (this.played.length > 50) this.played.splice(0, this.played.length - 50);
    const audio = this.audio;
    if (!audio || audio.state !== "running") return;
    const start = audio.currentTime;
    for (const [frequency, at, length] of TONES[kind] ?? []) {
      const tone = audio.createOscillator();
      const gain = audio.createGain();
      tone.frequency.value = frequency;
      tone.type = kind === "bet" ? "triangle" : "sine";
      gain.gain.setValueAtTime(0.0001, start + at);
      gain.gain.exponentialRampToValueAtTime(0.18, start + at + 0.01);
      gain.gain.exponentialRampToValueAtTime(0.0001, start + at + length);
      tone.connect(gain).connect(audio.destination);
      tone.start(start + at);
      tone.stop(start + at + length + 0.02);
    }
  }

  /** What changed since the last state: which sounds to play and what the table animates. */
  changes(state) {
    const before = this.previous;
    this.previous = state;
    const hand = state.hand;
    const me = state.you;
    const out = { dealt: false, board: new Set(), bets: new Set(), potTo: new Set() };
    const myTurn = Boolean(hand && me !== null && hand.actor === me && hand.legal);
    this.title(state, myTurn);
    if (!before) {
      if (myTurn) this.turnCame(state); // a tab opened, or reloaded, on its turn
      return out;
    }
    const was = before.hand;
    if (hand && (!was || was.number !== hand.number)) out.dealt = true;
    if (hand && was && was.number === hand.number) {
      const old = new Set((was.board || "").split(" ").filter(Boolean));
      for (const card of (hand.board || "").split(" ").filter(Boolean)) if (!old.has(card)) out.board.add(card);
      state.seats.forEach((seat, i) => {
        if (seat && seat.bet > (before.seats[i]?.bet ?? 0)) out.bets.add(i);
      });
    }
    const last = state.last_hand;
    if (last && !hand && (before.last_hand?.number ?? -1) !== last.number) {
      for (const [seat, won] of Object.entries(last.winnings ?? {})) if (won > 0) out.potTo.add(Number(seat));
    }
    const wasMyTurn = Boolean(was && me !== null && was.actor === me && was.legal && was.number === hand?.number && was.decision === hand?.decision);
    if (myTurn && !wasMyTurn) {
      this.turnCame(state);
    } else if (out.potTo.size) {
      this.play("win");
    } else if (out.bets.size) {
      this.play("bet");
    }
    return out;
  }

  turnCame(state) {
    this.play("turn");
    this.notify(state);
  }

  title(state, myTurn) {
    const base = `${state.name} · bigblind`;
    document.title = myTurn ? `● Your turn · ${base}` : base;
  }

  notify(state) {
    // Only when the player is looking elsewhere: the table itself says it otherwise.
    if (!("Notification" in window) || Notification.permission !== "granted") return;
    if (!document.hidden && document.hasFocus()) return;
    try {
      const note = new Notification("Your turn", { body: `${state.name}: it is your turn to act`, tag: `bigblind-${state.room}` });
      note.onclick = () => {
        window.focus();
        note.close();
      };
    } catch {
      // Some browsers allow notifications from a service worker alone: the title says it.
    }
  }

  /** Each new reaction by its seat for a few seconds; the layer lies over the table. */
  reactions(state, serverTime, tableArea) {
    const now = serverTime ?? Date.now() / 1000;
    for (const r of state.reactions ?? []) {
      const key = `${r.seat}:${r.at}`;
      if (this.shown.has(key)) continue;
      this.shown.add(key);
      if (now - r.at > REACTION_SECONDS) continue; // seen on arriving late: long over
      const seat = tableArea.querySelector(`[data-seat="${r.seat}"]`);
      if (!seat) continue;
      const box = seat.getBoundingClientRect();
      const area = this.layer.getBoundingClientRect();
      const bubble = el("div", { class: "reaction", "data-testid": `reaction-${r.seat}`, style: `left:${box.left - area.left + box.width / 2}px;top:${box.top - area.top}px` }, r.emoji);
      this.layer.append(bubble);
      setTimeout(() => bubble.remove(), REACTION_SECONDS * 1000);
    }
    if (this.shown.size > 200) this.shown = new Set([...this.shown].slice(-50));
  }
}
