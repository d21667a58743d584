/**
 * One realtime connection per page: subscribe to channels, get messages; reconnects with
 * backoff when the socket closes or the server's heartbeat stops. Messages are typed in
 * `contract/realtime.ts`. When the server closes the private channel (the session ended
 * elsewhere: logout, password change), the page treats the customer as signed out.
 *
 * A reconnect resumes where the last socket left off (the server instance may have been evicted
 * meanwhile): the page remembers the last tape sequence number of each `tape:` channel and what it
 * saw of the private channel (the log position it started at, the latest entry time and the
 * recent entries), and subscribes again with them, so the server replays exactly what was missed.
 * When the private channel cannot be replayed whole (away longer than the log keeps), the page is
 * reloaded: its figures are read again.
 */
import {
  type Channel,
  type ChannelData,
  type ClientMessage,
  decodeServerMessage,
  ResumePoints,
  type ServerMessage,
} from "../../contract/realtime.ts";
import { clearSession, loginPath } from "./api.ts";

/** A subscriber, handed the whole message of its channel (`subscribe` gives it the data). */
type Handler = (m: ServerMessage) => void;

const handlers = new Map<Channel, Set<Handler>>();
let ws: WebSocket | null = null;
let backoff = 500;
let lastMessage = 0;
let watchdog: ReturnType<typeof setInterval> | undefined;
const statusListeners = new Set<(up: boolean) => void>();

/** Where each channel left off, across this page's sockets. */
const points = new ResumePoints();
// a signed-in page: the private channel starts where the event log stood when it was rendered
{
  const d = globalThis.document?.documentElement.dataset;
  if (d?.evBase !== undefined && d.evAt) points.startUser(d.evBase, Number(d.evAt));
}

function url() {
  const u = new URL("/ws", location.href);
  u.protocol = location.protocol === "https:" ? "wss:" : "ws:";
  const socuid = localStorage.getItem("socuid");
  if (socuid) u.searchParams.set("userId", socuid);
  const appKey = document.documentElement.dataset.appKey;
  if (appKey) u.searchParams.set("appKey", appKey);
  // the console's pages: the `support` channel is the operators' inbox
  if (location.pathname.startsWith("/admin")) u.searchParams.set("console", "1");
  return u.toString();
}

/**
 * Messages are handed to the islands in batches, twice a second: a busy feed sends
 * dozens of ticks a second, and one render per batch (Preact batches the state updates of one
 * task) keeps the main thread free; every message is still delivered, in order.
 */
const FLUSH_MS = 500;
let inbox: ServerMessage[] = [];
let flushTimer: ReturnType<typeof setTimeout> | undefined;

function flush() {
  flushTimer = undefined;
  const batch = inbox;
  inbox = [];
  for (const m of batch) {
    // heartbeat, pong, error and resumed are the connection's own; the rest go to subscribers
    if (m.ch !== "heartbeat" && m.ch !== "pong" && m.ch !== "error" && m.ch !== "resumed") {
      handlers.get(m.ch)?.forEach((h) => h(m));
    }
    if (m.ch === "user" && m.data.type === "signedOut") return signedOut();
  }
}

function send(m: ClientMessage) {
  if (ws?.readyState === WebSocket.OPEN) ws.send(JSON.stringify(m));
}

function connect() {
  ws = new WebSocket(url());
  ws.onopen = () => {
    backoff = 500;
    lastMessage = Date.now();
    for (const ch of handlers.keys()) send(points.subscription(ch));
    statusListeners.forEach((f) => f(true));
  };
  ws.onmessage = (e) => {
    lastMessage = Date.now();
    const m = decodeServerMessage(e.data);
    if (!m) return;
    // not replayed whole (away longer than the log keeps): the page reads its figures again
    if (!points.track(m)) return location.reload();
    inbox.push(m);
    flushTimer ??= setTimeout(flush, FLUSH_MS);
  };
  ws.onclose = () => {
    statusListeners.forEach((f) => f(false));
    ws = null;
    setTimeout(connect, backoff);
    backoff = Math.min(backoff * 2, 15_000);
  };
  watchdog ??= setInterval(() => {
    // the server sends a heartbeat every 20 s
    if (ws && ws.readyState === WebSocket.OPEN && Date.now() - lastMessage > 45_000) ws.close();
  }, 5_000);
}

function signedOut() {
  handlers.delete("user");
  clearSession();
  location.href = `${loginPath()}?redirect=${encodeURIComponent(location.pathname)}`;
}

/**
 * Receive the data of channel `ch` until the returned function is called. `after`: a `tape:`
 * channel starts after this sequence number (the last trade the island read), so that the
 * trades between that read and the subscription are replayed.
 */
export function subscribe<C extends Channel>(
  ch: C,
  h: (data: ChannelData<C>) => void,
  after?: number,
): () => void {
  let set = handlers.get(ch);
  if (!set) {
    set = new Set();
    handlers.set(ch, set);
    if (after !== undefined) points.startTape(ch, after);
    send(points.subscription(ch));
  }
  // the message came in on channel `ch`: its data is that channel's (contract/realtime.ts)
  const handler: Handler = (m) => h(m.data as ChannelData<C>);
  set.add(handler);
  if (!ws) connect();
  return () => {
    set!.delete(handler);
    if (set!.size === 0) {
      handlers.delete(ch);
      points.forget(ch);
      send({ op: "unsub", ch });
    }
  };
}

export function onStatus(f: (up: boolean) => void) {
  statusListeners.add(f);
  return () => statusListeners.delete(f);
}
