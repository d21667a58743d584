/**
 * A real server for tests: the production app on an in-memory Deno KV (or a file shared with
 * other test servers: `kvPath`), opened through the production `openKv` (busy retries, commit
 * measurements), listening on a random loopback port, with an adjustable clock. Tests talk to
 * it over HTTP only.
 */
import { buildDeps } from "../edge/platform/boot.ts";
import { loadConfig, openKv } from "../edge/platform/config.ts";
import type { Deps } from "../edge/platform/context.ts";
import { createApp } from "../routes/app.ts";
import { formatReport, verifyLedger } from "../edge/ledger/verify.ts";
import { formatVerifyReport, verifyStore } from "../edge/verify/rederive.ts";
import { readArchives } from "../edge/market/archive.ts";
import { seedIfEmpty } from "../tools/seed.ts";
import { startServerJobs } from "../edge/jobs/mod.ts";

export const MOBILE_UA =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148";
export const DESKTOP_UA =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36";

export interface Reply<T = Record<string, unknown>> {
  status: number;
  headers: Headers;
  body: {
    code: number;
    message: string;
    data: T & { error?: string; fields?: Record<string, string> };
  };
}

export interface CallOptions {
  method?: string;
  body?: unknown;
  /** Raw body (string) instead of JSON. */
  raw?: BodyInit;
  token?: string;
  headers?: Record<string, string>;
}

export interface TestServer {
  base: string;
  deps: Deps;
  kv: Deno.Kv;
  /** Move the server's clock forward. */
  advance(ms: number): void;
  call<T = Record<string, unknown>>(path: string, opts?: CallOptions): Promise<Reply<T>>;
  page(path: string, opts?: { ua?: string; headers?: Record<string, string> }): Promise<Response>;
  close(): Promise<void>;
}

export async function startServer(
  opts: {
    tenants?: unknown;
    env?: Record<string, string>;
    seed?: boolean;
    feed?: boolean;
    /** Listen address (default loopback; "0.0.0.0" lets a test connect from another address). */
    hostname?: string;
    /** A KV file instead of memory: several servers on one file are several instances. */
    kvPath?: string;
  } = {},
): Promise<TestServer> {
  const kv = await openKv(opts.kvPath ?? ":memory:");
  let tenantsFile: string | undefined;
  if (opts.tenants) {
    tenantsFile = await Deno.makeTempFile({ suffix: ".json" });
    await Deno.writeTextFile(tenantsFile, JSON.stringify(opts.tenants));
  }
  const env: Record<string, string | undefined> = {
    KV_PATH: opts.kvPath ?? ":memory:",
    TENANTS_FILE: tenantsFile,
    ...opts.env,
  };
  let offset = 0;
  const deps = await buildDeps(loadConfig((k) => env[k]), kv, {
    now: () => Date.now() + offset,
    log: () => {},
  });
  // the server's jobs, started as main.ts starts them; the periodic runs are the tests' own
  // (through `deps`, on the adjustable clock)
  const jobs = await startServerJobs(deps, {
    seed: opts.seed ? () => quietly(() => seedIfEmpty(deps)) : undefined,
    periodic: false,
  });
  // Market data: tests feed ticks through the tape themselves unless they ask for the feed.
  await deps.market.tape.load(deps.market.symbols.map((s) => s.code));
  await deps.events.start();
  await deps.tenantSettings.start({ pollMs: deps.config.kvPollMs });
  await deps.engine.start({ events: deps.events });
  if (opts.feed) {
    const { SimulatedFeed } = await import("../edge/market/feeds/simulated.ts");
    // history on first start only when a test asks for it (SIM_HISTORY_DAYS): it takes seconds
    const historyDays = opts.env?.SIM_HISTORY_DAYS ? deps.config.simHistoryDays : 0;
    await deps.market.start(
      new SimulatedFeed(deps.market.symbols, 7, { tickMs: 100, historyDays }),
    );
  }
  const app = createApp(deps);
  // requests in flight, named when a shutdown has to wait for them
  const inFlight = new Map<number, string>();
  let seq = 0;
  const server = Deno.serve(
    { port: 0, hostname: opts.hostname ?? "127.0.0.1", onListen: () => {} },
    async (req, info) => {
      const id = ++seq;
      inFlight.set(id, `${req.method} ${new URL(req.url).pathname}`);
      try {
        return await app.fetch(req, info);
      } finally {
        inFlight.delete(id);
      }
    },
  );
  const base = `http://127.0.0.1:${server.addr.port}`;
  return {
    base,
    deps,
    kv,
    advance: (ms) => offset += ms,
    async call(path, o = {}) {
      const headers: Record<string, string> = { "accept-language": "en", ...o.headers };
      if (o.token) headers.authorization = o.token;
      let body: BodyInit | undefined = o.raw;
      if (o.body !== undefined) {
        body = JSON.stringify(o.body);
        headers["content-type"] ??= "application/json";
      }
      const res = await fetch(base + path, {
        method: o.method ?? (body !== undefined ? "POST" : "GET"),
        headers,
        body,
        redirect: "manual",
      });
      const text = await res.text();
      let parsed: Reply["body"];
      try {
        parsed = JSON.parse(text);
      } catch {
        throw new Error(`${path}: not JSON (${res.status}): ${text.slice(0, 200)}`);
      }
      return { status: res.status, headers: res.headers, body: parsed } as Reply<never>;
    },
    page(path, o = {}) {
      return fetch(base + path, {
        headers: { "user-agent": o.ua ?? MOBILE_UA, "accept-language": "en", ...o.headers },
        redirect: "manual",
      });
    },
    async close() {
      jobs.stop();
      // open sockets (a browser that is still closing) must not hold the shutdown up
      deps.hub.closeAll();
      // A graceful shutdown waits for every connection; one a closing browser left half-open
      // must not hang the suite: after 10 s say what was still open and carry on.
      let timer: ReturnType<typeof setTimeout> | undefined;
      const waited = await Promise.race([
        server.shutdown().then(() => false),
        new Promise<boolean>((r) => timer = setTimeout(() => r(true), 10_000)),
      ]);
      clearTimeout(timer);
      if (waited) {
        console.error(
          `[test server] shutdown still waiting after 10 s; requests in flight: ${
            [...inFlight.values()].join(", ") || "none (an upgraded socket)"
          }`,
        );
      }
      await deps.market.stop();
      await deps.engine.stop();
      deps.events.stop();
      deps.tenantSettings.stop();
      // Every test server's books must balance when it stops, and every settlement it made must
      // re-derive from its tape.
      const report = await verifyLedger(kv);
      const archiveDir = deps.config.tapeArchiveDir;
      const archived = archiveDir !== null &&
        await Deno.stat(archiveDir).then(() => true, () => false);
      const settlements = await verifyStore(kv, [...deps.tenants.byId.keys()], {
        staleMs: deps.market.tape.opts.staleMs,
        archived: archived ? await readArchives(archiveDir) : undefined,
      });
      kv.close();
      if (tenantsFile) await Deno.remove(tenantsFile);
      if (report.breaches.length) throw new Error(formatReport(report));
      // (everything a test server settles is made on the chain: none may lack its ticks)
      if (settlements.mismatches.length || settlements.legacy) {
        throw new Error(formatVerifyReport(settlements));
      }
    },
  };
}

/** Run `f` with console.log silenced (the seed's progress lines). */
async function quietly<T>(f: () => Promise<T>): Promise<T> {
  const log = console.log;
  console.log = () => {};
  try {
    return await f();
  } finally {
    console.log = log;
  }
}

/**
 * The newest dev-outbox message to a phone (through the dev endpoint): its code, or null for a
 * notice or nothing. Messages are sent in the background, so it waits up to a second for one.
 */
export async function lastCode(
  srv: TestServer,
  phone: string,
  purpose: "register" | "reset" | "security" = "register",
  appKey?: string,
) {
  for (let i = 0; i < 20; i++) {
    const res = await srv.call<
      { items: { phone: string; purpose: string; code: string | null }[] }
    >(
      "/dev/outbox?format=json" + (appKey ? `&appKey=${appKey}` : ""),
    );
    const item = res.body.data.items.find((i) => i.phone === phone && i.purpose === purpose);
    if (item) return item.code;
    await new Promise((r) => setTimeout(r, 50));
  }
  return null;
}

/** Register through the API (code from the dev outbox); returns the token and user info. */
export async function registerUser(
  srv: TestServer,
  phone: string,
  password = "Passw0rd!",
  extra: { appKey?: string; inviteCode?: string } = {},
) {
  const headers: Record<string, string> = extra.appKey ? { appKey: extra.appKey } : {};
  const sent = await srv.call("/api/sms/code", { body: { phone, purpose: "register" }, headers });
  if (sent.body.code !== 0) throw new Error(`sms/code: ${JSON.stringify(sent.body)}`);
  const code = await lastCode(srv, phone, "register", extra.appKey);
  const body: Record<string, unknown> = { phone, code, password, agree: true };
  if (extra.inviteCode) body.inviteCode = extra.inviteCode;
  const res = await srv.call<{ userId: string; inviteCode: string }>("/api/register", {
    body,
    headers,
  });
  if (res.body.code !== 0) throw new Error(`register: ${JSON.stringify(res.body)}`);
  return { token: res.headers.get("authorization")!, user: res.body.data };
}

/** Every key and value in the store, for "nothing changed" assertions. */
export async function dumpKv(kv: Deno.Kv, skip: (key: Deno.KvKey) => boolean = () => false) {
  const out: string[] = [];
  for await (const e of kv.list({ prefix: [] })) {
    // leases are renewed every second by whichever instance holds them: not business state
    if (e.key[0] !== "lease" && !skip(e.key)) {
      out.push(
        JSON.stringify(
          [e.key, e.value, e.versionstamp],
          (_, v) => typeof v === "bigint" ? `${v}n` : v,
        ),
      );
    }
  }
  return out;
}

/** Send raw HTTP/1.1 bytes (custom Host header, chunked bodies) and read the whole reply. */
export async function rawHttp(srv: TestServer, request: string | Uint8Array[]): Promise<{
  status: number;
  head: string;
  body: string;
}> {
  const port = Number(new URL(srv.base).port);
  const conn = await Deno.connect({ hostname: "127.0.0.1", port });
  const parts = typeof request === "string" ? [new TextEncoder().encode(request)] : request;
  try {
    for (const p of parts) await conn.write(p).catch(() => 0);
  } catch { /* the server may close early (413) */ }
  const chunks: Uint8Array[] = [];
  const buf = new Uint8Array(65536);
  while (true) {
    const n = await conn.read(buf).catch(() => null);
    if (n === null) break;
    chunks.push(buf.slice(0, n));
    const text = new TextDecoder().decode(concat(chunks));
    const end = text.indexOf("\r\n\r\n");
    if (end >= 0) {
      const head = text.slice(0, end);
      const len = Number(/content-length: (\d+)/i.exec(head)?.[1] ?? NaN);
      if (Number.isFinite(len) && new TextEncoder().encode(text.slice(end + 4)).length >= len) {
        break;
      }
    }
  }
  conn.close();
  const text = new TextDecoder().decode(concat(chunks));
  const end = text.indexOf("\r\n\r\n");
  return {
    status: Number(text.slice(9, 12)),
    head: text.slice(0, end),
    body: text.slice(end + 4),
  };
}

function concat(chunks: Uint8Array[]) {
  const out = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
  let o = 0;
  for (const c of chunks) {
    out.set(c, o);
    o += c.length;
  }
  return out;
}

export interface RawReply {
  status: number;
  headers: Headers;
  body: Uint8Array;
}

/**
 * One HTTP/1.1 request over a fresh connection: the body exactly as sent (de-chunked only), so
 * tests and benches see compressed bytes (fetch would decode them).
 */
export async function rawGet(
  srv: TestServer,
  path: string,
  headers: Record<string, string> = {},
  method = "GET",
): Promise<RawReply> {
  const port = Number(new URL(srv.base).port);
  const conn = await Deno.connect({ hostname: "127.0.0.1", port });
  const lines = [`${method} ${path} HTTP/1.1`, `Host: 127.0.0.1:${port}`, "Connection: close"];
  for (const [k, v] of Object.entries(headers)) lines.push(`${k}: ${v}`);
  await conn.write(new TextEncoder().encode(lines.join("\r\n") + "\r\n\r\n"));
  const chunks: Uint8Array[] = [];
  for await (const c of conn.readable) chunks.push(c);
  const all = concat(chunks);
  let end = 0;
  while (!(all[end] === 13 && all[end + 1] === 10 && all[end + 2] === 13 && all[end + 3] === 10)) {
    end++;
  }
  const head = new TextDecoder().decode(all.subarray(0, end)).split("\r\n");
  const status = Number(head[0]!.split(" ")[1]);
  const h = new Headers();
  for (const line of head.slice(1)) {
    const i = line.indexOf(":");
    h.append(line.slice(0, i).trim(), line.slice(i + 1).trim());
  }
  let body = all.subarray(end + 4);
  if (/chunked/i.test(h.get("transfer-encoding") ?? "")) {
    const parts: Uint8Array[] = [];
    let at = 0;
    while (true) {
      let nl = at;
      while (!(body[nl] === 13 && body[nl + 1] === 10)) nl++;
      const size = parseInt(new TextDecoder().decode(body.subarray(at, nl)), 16);
      if (!size) break;
      parts.push(body.subarray(nl + 2, nl + 2 + size));
      at = nl + 2 + size + 2;
    }
    body = concat(parts);
  }
  return { status, headers: h, body };
}
