/**
 * Several real app processes (`main.ts`) on one KV file, as production runs them: each on its
 * own loopback port, with its log lines kept (time-stamped) so tests can see who took which
 * lease and when. Requests made through `call` are counted by status (a 5xx fails tests).
 */
import type { ServerMessage } from "../../edge/realtime/protocol.ts";
import type { LeaseRecord } from "../../edge/platform/lease.ts";

const ROOT = new URL("../../", import.meta.url).pathname;

export interface Instance {
  name: string;
  base: string;
  proc: Deno.ChildProcess;
  /** log lines with the wall time they were read */
  lines: { at: number; line: string }[];
  alive: boolean;
}

export interface Reply<T = Record<string, unknown>> {
  status: number;
  headers: Headers;
  body: { code: number; message: string; data: T & { error?: string } };
}

function freePort(): number {
  const l = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const port = (l.addr as Deno.NetAddr).port;
  l.close();
  return port;
}

async function pipeLines(
  stream: ReadableStream<Uint8Array<ArrayBuffer>>,
  out: Instance["lines"],
  echo: boolean,
) {
  let buf = "";
  for await (const chunk of stream.pipeThrough(new TextDecoderStream())) {
    buf += chunk;
    let i;
    while ((i = buf.indexOf("\n")) >= 0) {
      const line = buf.slice(0, i);
      buf = buf.slice(i + 1);
      out.push({ at: Date.now(), line });
      if (echo) console.log(line);
    }
  }
}

export class Cluster {
  readonly instances: Instance[] = [];
  /** replies by HTTP status class */
  readonly statuses = new Map<number, number>();
  readonly failures: string[] = [];

  constructor(readonly kvPath: string, private env: Record<string, string> = {}) {}

  static async create(env: Record<string, string> = {}): Promise<Cluster> {
    const dir = await Deno.makeTempDir({ prefix: "tradewind-multi-" });
    return new Cluster(`${dir}/tradewind.kv`, env);
  }

  /** Start one more instance and wait until it serves the market. */
  async start(name: string, env: Record<string, string> = {}): Promise<Instance> {
    const port = freePort();
    const proc = new Deno.Command(Deno.execPath(), {
      args: ["run", "-A", "main.ts"],
      cwd: ROOT,
      env: {
        KV_PATH: this.kvPath,
        PORT: String(port),
        HOST: "127.0.0.1",
        SIM_HISTORY_DAYS: "0",
        ...this.env,
        ...env,
      },
      stdout: "piped",
      stderr: "piped",
    }).spawn();
    const inst: Instance = {
      name,
      base: `http://127.0.0.1:${port}`,
      proc,
      lines: [],
      alive: true,
    };
    const echo = Deno.env.get("MULTI_LOG") === "1";
    void pipeLines(proc.stdout, inst.lines, echo).catch(() => {});
    void pipeLines(proc.stderr, inst.lines, echo).catch(() => {});
    this.instances.push(inst);
    for (let i = 0; i < 600; i++) {
      try {
        const r = await fetch(`${inst.base}/api/market/symbols`);
        const body = await r.json();
        if (body.data?.items?.length) return inst;
      } catch { /* not up yet */ }
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`${name} did not start:\n${inst.lines.map((l) => l.line).join("\n")}`);
  }

  async call<T = Record<string, unknown>>(
    inst: Instance,
    path: string,
    o: { body?: unknown; token?: string; headers?: Record<string, string> } = {},
  ): Promise<Reply<T>> {
    const headers: Record<string, string> = { "accept-language": "en", ...o.headers };
    if (o.token) headers.authorization = o.token;
    if (o.body !== undefined) headers["content-type"] = "application/json";
    const res = await fetch(inst.base + path, {
      method: o.body !== undefined ? "POST" : "GET",
      headers,
      body: o.body !== undefined ? JSON.stringify(o.body) : undefined,
    });
    const text = await res.text();
    this.statuses.set(res.status, (this.statuses.get(res.status) ?? 0) + 1);
    if (res.status >= 500 && res.status !== 503) {
      this.failures.push(`${inst.name} ${path}: ${res.status} ${text.slice(0, 200)}`);
    }
    return { status: res.status, headers: res.headers, body: JSON.parse(text) } as Reply<T>;
  }

  /** The number of replies with a 5xx status (503 included). */
  get serverErrors(): number {
    let n = 0;
    for (const [s, c] of this.statuses) if (s >= 500) n += c;
    return n;
  }

  /** Who holds a lease now, as an instance of this cluster (by process id). */
  async holder(kv: Deno.Kv, name: string): Promise<Instance | null> {
    const rec = (await kv.get<LeaseRecord>(["lease", name])).value;
    if (!rec || rec.expiresAt < Date.now()) return null;
    const pid = Number(rec.owner.split(":")[1]);
    return this.instances.find((i) => i.proc.pid === pid && i.alive) ?? null;
  }

  kill(inst: Instance, signal: Deno.Signal = "SIGKILL") {
    inst.alive = false;
    inst.proc.kill(signal);
    return inst.proc.status;
  }

  async stop() {
    await Promise.all(
      this.instances.filter((i) => i.alive).map((i) => this.kill(i, "SIGTERM")),
    );
  }
}

/** A socket on an instance, signed in with `token`, subscribed to `channels`; keeps messages. */
export async function socket(inst: Instance, token: string | null, channels: string[]) {
  const ws = new WebSocket(
    inst.base.replace("http", "ws") + "/ws",
    {
      headers: { origin: inst.base, ...(token ? { authorization: token } : {}) },
    } as unknown as string[],
  );
  const got: { at: number; msg: ServerMessage }[] = [];
  ws.onmessage = (e) => got.push({ at: Date.now(), msg: JSON.parse(e.data) });
  await new Promise((r, j) => {
    ws.onopen = r;
    ws.onerror = j;
  });
  for (const ch of channels) ws.send(JSON.stringify({ op: "sub", ch }));
  return { ws, got, close: () => ws.close() };
}

/** Wait until `f` returns something truthy (polling), or fail after `ms` with `what`. */
export async function until<T>(
  f: () => Promise<T | null | undefined | false> | T | null | undefined | false,
  ms: number,
  what: string,
): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await f();
    if (v) return v;
    if (Date.now() > deadline) throw new Error(`timed out: ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
