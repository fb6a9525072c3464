// One WebSocket to the room, reconnecting by itself with the tab's token.
import { showBanner } from "./dom.js";

export const VERSION = 1;

export class Connection {
  constructor(room, { onState, onWelcome, onError, onStatus }) {
    this.room = room;
    this.handlers = { onState, onWelcome, onError, onStatus };
    this.socket = null;
    this.attempt = 0;
    this.nextId = 1;
    this.closed = false;
    this.owner = null; // the address of the process that serves the room, when it is not this one
    this.redirects = 0; // in a row, without a welcome: a few, then back off
    this.connect();
  }

  get token() {
    return localStorage.getItem(`bigblind:${this.room}`);
  }

  url() {
    const params = new URLSearchParams();
    this.openedWith = this.token; // the server knows this socket by it
    if (this.token) params.set("token", this.token);
    const path = `/api/rooms/${encodeURIComponent(this.room)}/ws?${params}`;
    if (this.owner) return this.owner.replace(/^http/, "ws") + path;
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    return `${scheme}://${location.host}${path}`;
  }

  connect() {
    const socket = new WebSocket(this.url());
    this.socket = socket;
    socket.addEventListener("open", () => {
      this.attempt = 0;
      showBanner("");
      this.handlers.onStatus?.(true);
    });
    socket.addEventListener("message", (event) => this.receive(event.data));
    socket.addEventListener("close", (event) => {
      this.handlers.onStatus?.(false);
      if (this.closed) return;
      // 4307: another server process owns the room; the reason is its address.
      if (event.code === 4307 && event.reason && this.redirects < 3) {
        this.owner = event.reason;
        this.redirects += 1;
        this.connect();
        return;
      }
      // 4400: the token in the link is not one the server gives out; retrying cannot help.
      if (event.code === 4400) {
        showBanner(event.reason || "This link's token is not valid: open the room's link again.");
        return;
      }
      // 4429: over the server's limit of open tabs or connections; say so, and retry slowly.
      if (event.code === 4429) {
        showBanner(`${event.reason || "Too many open tabs."} Retrying in 10 s…`);
        setTimeout(() => this.connect(), 10000);
        return;
      }
      // Lost: ask this page's server again, which knows the room's owner now.
      this.owner = null;
      // Back off up to 5 s: a restarting server comes back within a few seconds.
      const delay = Math.min(5000, 300 * 2 ** this.attempt);
      this.attempt += 1;
      showBanner(`Connection lost: reconnecting (attempt ${this.attempt})…`);
      setTimeout(() => this.connect(), delay);
    });
  }

  receive(text) {
    let message;
    try {
      message = JSON.parse(text);
    } catch {
      return;
    }
    if (message.type === "welcome") {
      this.redirects = 0;
      if (message.token) {
        localStorage.setItem(`bigblind:${this.room}`, message.token);
        this.openedWith = message.token; // given to this socket by the server
      }
      this.handlers.onWelcome?.(message);
    } else if (message.type === "state") {
      this.handlers.onState?.(message.state, message.server_time);
    } else if (message.type === "error") {
      this.handlers.onError?.(message.error);
    }
  }

  /** Send a request; false when the connection is down (nothing is queued). */
  send(type, fields = {}) {
    if (!this.socket || this.socket.readyState !== WebSocket.OPEN) {
      this.handlers.onError?.("Not connected: wait for the reconnection, then try again.");
      return false;
    }
    this.socket.send(JSON.stringify({ v: VERSION, id: this.nextId++, type, ...fields }));
    return true;
  }

  close() {
    this.closed = true;
    this.socket?.close();
  }
}

/** GET or POST JSON under /api, with the tab's tokens; throws Error(message). */
export async function api(path, { method = "GET", body, room } = {}) {
  const headers = {};
  if (room) {
    const token = localStorage.getItem(`bigblind:${room}`);
    if (token) headers.authorization = `Bearer ${token}`;
  }
  if (body !== undefined) headers["content-type"] = "application/json";
  const response = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await response.text();
  let data = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = text;
  }
  if (!response.ok) throw new Error(data?.error ?? `the server answered ${response.status}`);
  return data;
}
