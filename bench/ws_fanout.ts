/**
 * WebSocket fan-out: the app in its own process with the simulated feed; CLIENTS sockets (2,000)
 * each subscribed to the ticker channel, plus one client that never reads
 * (the server must drop it, not buffer for it). Measures tick-to-client latency (receive time
 * minus the tick's time, one clock) and the server's memory. `deno run -A bench/ws_fanout.ts`.
 */
import { startAppProcess } from "./server.ts";

const PORT = 8766;
const CLIENTS = Number(Deno.env.get("CLIENTS") ?? 2000);
const SECONDS = Number(Deno.env.get("SECONDS") ?? 15);

// SIM_SYMBOLS=BTCUSDT: ~6 ticks/s per client; unset: every symbol (~23 ticks/s per client)
const symbols = Deno.env.get("SIM_SYMBOLS");
const app = await startAppProcess(PORT, symbols ? { SIM_SYMBOLS: symbols } : {});
const rssBefore = await app.rss();
const latencies: number[] = [];
let measuring = false;
const sockets: WebSocket[] = [];
try {
  for (let i = 0; i < CLIENTS; i++) {
    const ws = new WebSocket(`ws://127.0.0.1:${PORT}/ws`);
    ws.onopen = () => ws.send(JSON.stringify({ op: "sub", ch: "ticker" }));
    ws.onmessage = (e) => {
      if (!measuring) return;
      const m = JSON.parse(e.data);
      if (m.ch === "ticker" && Array.isArray(m.data) && m.data.length === 1) {
        latencies.push(Date.now() - m.data[0].time);
      }
    };
    sockets.push(ws);
    if (i % 200 === 199) await new Promise((r) => setTimeout(r, 50));
  }
  // a client that never reads: raw TCP, WebSocket handshake, subscribe, then silence
  const slow = await Deno.connect({ hostname: "127.0.0.1", port: PORT });
  await slow.write(new TextEncoder().encode(
    `GET /ws HTTP/1.1\r\nHost: 127.0.0.1:${PORT}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
      `Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n`,
  ));
  const sub = new TextEncoder().encode(JSON.stringify({ op: "sub", ch: "ticker" }));
  const frame = new Uint8Array([
    0x81,
    0x80 | sub.length,
    1,
    2,
    3,
    4,
    ...sub.map((b, i) => b ^ [1, 2, 3, 4][i % 4]!),
  ]);
  await slow.write(frame);
  await new Promise((r) => setTimeout(r, 3000));
  const open = sockets.filter((s) => s.readyState === WebSocket.OPEN).length;
  measuring = true;
  await new Promise((r) => setTimeout(r, SECONDS * 1000));
  measuring = false;
  const rssAfter = await app.rss();
  latencies.sort((a, b) => a - b);
  const q = (p: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))];
  console.log(
    `clients ${open}/${CLIENTS} connected; ${latencies.length} ticker messages in ${SECONDS} s ` +
      `(${(latencies.length / SECONDS / Math.max(open, 1)).toFixed(1)} ticks/s per client)`,
  );
  console.log(
    `tick-to-client latency: p50 ${q(0.5)} ms, p99 ${q(0.99)} ms, max ${latencies.at(-1)} ms`,
  );
  console.log(
    `server RSS: ${(rssBefore / 2 ** 20).toFixed(0)} MiB idle -> ${
      (rssAfter / 2 ** 20).toFixed(0)
    } MiB with clients`,
  );
  slow.close();
} finally {
  for (const s of sockets) s.close();
  await app.stop();
}
