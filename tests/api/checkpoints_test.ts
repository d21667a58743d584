/**
 * Signed checkpoints through the product's doors: `GET /api/checkpoints` serves checkpoints that
 * verify with the published key (checked here with WebCrypto over canonical JSON built
 * independently); an operator's request is audited; the hourly job writes one per hour. The
 * forgeries the hash chains alone let through are caught: an audit entry edited with every later
 * hash recomputed and the head moved, the newest entries deleted with the head moved back (by
 * `GET /api/admin/audit/verify` and by the offline tool from an export), the same two on the
 * tape (by the settlement verifier, and by the tool from a saved tape page). Production without
 * the key refuses to start.
 */
import { parseDecimal } from "../../core-wasm/mod.ts";
import { auditHash } from "../../edge/audit/audit.ts";
import type { AuditEntry } from "../../edge/operators/store.ts";
import { tickHash } from "../../contract/chain.ts";
import { verifyStore } from "../../edge/settlements/rederive.ts";
import { assert, assertEquals, assertMatch } from "../assert.ts";
import { operatorToken, operatorWithRoles } from "../operator.ts";
import { runMain, serverTest, startServer, type TestServer, tick } from "../server.ts";

type Point = { seq: number; hash: string };
type Item = {
  id: string;
  kind: string;
  time: number;
  audit: Point;
  tapes: Record<string, Point>;
  liabilities: { epoch: string; root: string } | null;
  payload: string;
  signature: string;
  publicKey: string;
};
type List = { publicKey: string; items: Item[]; cursor: string | null };
type Chain = {
  ok: boolean;
  verifiedTo: number;
  head: number;
  checkpoints: number;
  broken: { seq: number; reason: string; expected: string; found: string; checkpoint?: string };
};

const ROOT = new URL("../../", import.meta.url).pathname;
const U = 100_000_000n;

function ok<T>(r: { body: { code: number; data: T } }, what: string): T {
  assertEquals(r.body.code, 0, `${what}: ${JSON.stringify(r.body)}`);
  return r.body.data;
}

/** Canonical JSON written for the test: keys sorted at every depth, no spaces. */
function sorted(v: unknown): string {
  if (v === null || typeof v !== "object") return JSON.stringify(v);
  if (Array.isArray(v)) return `[${v.map(sorted).join(",")}]`;
  const o = v as Record<string, unknown>;
  return `{${Object.keys(o).sort().map((k) => `${JSON.stringify(k)}:${sorted(o[k])}`).join(",")}}`;
}

const fromHex = (h: string) => new Uint8Array(h.match(/../g)!.map((b) => parseInt(b, 16)));

/** The signature checked independently of the app: WebCrypto Ed25519 with the published key. */
async function signatureValid(publicKey: string, text: string, signature: string) {
  const key = await crypto.subtle.importKey("raw", fromHex(publicKey), "Ed25519", false, [
    "verify",
  ]);
  return await crypto.subtle.verify(
    "Ed25519",
    key,
    fromHex(signature),
    new TextEncoder().encode(text),
  );
}

const checkpointNow = async (srv: TestServer, op: string) =>
  ok(await srv.call<Item>("/api/admin/checkpoints", { token: op, body: {} }), "checkpoint");
const verify = async (srv: TestServer, op: string) =>
  ok(await srv.call<Chain>("/api/admin/audit/verify", { token: op }), "verify");

/** The audit chain verified: broken, for `reason`, at the entry the checkpoint `cp` records. */
async function brokenAt(srv: TestServer, op: string, cp: Item, reason: string) {
  const c = await verify(srv, op);
  assertEquals(c.ok, false);
  assertEquals([c.broken.seq, c.broken.reason, c.broken.checkpoint], [cp.audit.seq, reason, cp.id]);
  return c;
}

/** A few audited operator actions (each sign-in is an entry). */
async function actions(srv: TestServer, n: number) {
  for (let i = 0; i < n; i++) await operatorToken(srv);
}

/** The chained entries, oldest first. */
async function chainEntries(kv: Deno.Kv): Promise<Deno.KvEntry<AuditEntry>[]> {
  const out: Deno.KvEntry<AuditEntry>[] = [];
  for await (const x of kv.list<string>({ prefix: ["demo", "audit", "seq"] })) {
    out.push((await kv.get<AuditEntry>(["demo", "operators", "audit", x.value])) as never);
  }
  return out;
}

/** The forger: edit the entry at `seq`, recompute every later hash, move the head. */
async function rewriteAudit(kv: Deno.Kv, seq: number) {
  let prev: string | null = null;
  let last: AuditEntry | null = null;
  for (const e of await chainEntries(kv)) {
    if (e.value.seq! < seq) continue;
    const v: AuditEntry = { ...e.value };
    if (v.seq === seq) v.operator = "mallory";
    if (prev !== null) v.prevHash = prev;
    v.hash = auditHash(v);
    await kv.set(e.key, v);
    prev = v.hash;
    last = v;
  }
  await kv.set(["demo", "audit", "head"], { seq: last!.seq, hash: last!.hash, id: last!.id });
}

/** The forger: delete the newest `n` entries and move the head back. */
async function truncateAudit(kv: Deno.Kv, n: number) {
  const all = await chainEntries(kv);
  for (const e of all.slice(-n)) {
    await kv.delete(e.key);
    await kv.delete(["demo", "audit", "seq", String(e.value.seq).padStart(12, "0")]);
  }
  const h = all[all.length - n - 1]!.value;
  await kv.set(["demo", "audit", "head"], { seq: h.seq, hash: h.hash, id: h.id });
}

type StoredTick = { price: bigint; qty: bigint; seq: number; hash: string };
/** The stored ticks of a symbol in chain order. */
async function storedTicks(kv: Deno.Kv, symbol: string) {
  const out: Deno.KvEntry<StoredTick>[] = [];
  for await (const e of kv.list<StoredTick>({ prefix: ["market", "tick", symbol] })) out.push(e);
  return out;
}

/** The forger on the tape: one tick's price edited, every later hash recomputed, head moved. */
async function rewriteTape(kv: Deno.Kv, symbol: string, seq: number) {
  const ticks = await storedTicks(kv, symbol);
  let prev = ticks.find((t) => t.value.seq === seq - 1)!.value.hash;
  let head: Record<string, unknown> = {};
  for (const e of ticks.filter((t) => t.value.seq >= seq)) {
    const time = e.key[3] as number;
    const price = e.value.seq === seq ? e.value.price + U : e.value.price;
    const hash = tickHash(prev, e.value.seq, time, price, e.value.qty);
    await kv.set(e.key, { ...e.value, price, hash });
    prev = hash;
    head = { symbol, time, price, qty: e.value.qty, seq: e.value.seq, hash, n: e.key[4] };
  }
  await kv.set(["market", "last", symbol], head);
}

/** The forger on the tape: the newest `n` ticks deleted, the head moved back. */
async function truncateTape(kv: Deno.Kv, symbol: string, n: number) {
  const ticks = await storedTicks(kv, symbol);
  for (const e of ticks.slice(-n)) {
    await kv.delete(e.key);
    await kv.delete(["market", "seq", symbol, e.value.seq]);
  }
  const h = ticks[ticks.length - n - 1]!;
  await kv.set(["market", "last", symbol], {
    symbol,
    time: h.key[3],
    price: h.value.price,
    qty: h.value.qty,
    seq: h.value.seq,
    hash: h.value.hash,
    n: h.key[4],
  });
}

/**
 * `forge` on a copy of every entry of a store in a fresh in-memory store (the forger's
 * playground), closed afterwards.
 */
async function onCopy(kv: Deno.Kv, forge: (copy: Deno.Kv) => Promise<void>) {
  const copy = await Deno.openKv(":memory:");
  try {
    for await (const e of kv.list({ prefix: [] })) await copy.set(e.key, e.value);
    await forge(copy);
  } finally {
    copy.close();
  }
}

/** The offline tool: exit code and output. */
async function tool(args: string[]) {
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", "tools/verify_checkpoints.ts", ...args],
    cwd: ROOT,
    stdout: "piped",
    stderr: "piped",
  }).output();
  const text = new TextDecoder().decode(out.stdout) + new TextDecoder().decode(out.stderr);
  return { code: out.code, text };
}

serverTest(
  "checkpoints: public, newest first, signed over canonical JSON with the published key; requested (audited) and hourly",
  async (srv, t) => {
    const op = await operatorToken(srv);
    await tick(srv, "60000");
    await tick(srv, "60010");
    await tick(srv, "3000", 1000, "ETHUSDT");

    await t.step(
      "an operator's request: the heads of this moment, audited after them",
      async () => {
        const before = ok(
          await srv.call<{ items: AuditEntry[] }>("/api/admin/audit?limit=1", { token: op }),
          "log",
        ).items[0]!;
        const cp = await checkpointNow(srv, op);
        assertEquals(cp.kind, "requested");
        assertEquals(cp.audit, { seq: before.seq, hash: before.hash });
        const head = ok(
          await srv.call<Point>("/api/tape/BTCUSDT/head"),
          "tape head",
        );
        assertEquals(cp.tapes.BTCUSDT, { seq: head.seq, hash: head.hash });
        assertEquals(cp.tapes.ETHUSDT!.seq, 1);
        assertEquals(cp.liabilities, null);
        const after = ok(
          await srv.call<{ items: AuditEntry[] }>("/api/admin/audit?limit=1", { token: op }),
          "log",
        ).items[0]!;
        assertEquals([after.action, after.target], ["checkpoint.create", `checkpoint:${cp.id}`]);
        assertEquals([after.seq, after.prevHash], [before.seq! + 1, before.hash]);
      },
    );

    await t.step("a liabilities epoch is in the next checkpoint", async () => {
      const pol = ok(
        await srv.call<{ epoch: string; root: string }>("/api/admin/liabilities/epoch", {
          token: op,
          body: {},
        }),
        "epoch",
      );
      const cp = await checkpointNow(srv, op);
      assertEquals(cp.liabilities, { epoch: pol.epoch, root: pol.root });
    });

    await t.step("the hourly job writes one per hour", async () => {
      assert(await srv.deps.checkpoints.hourly("demo"), "the hour's checkpoint");
      assertEquals(await srv.deps.checkpoints.hourly("demo"), null, "once per hour");
      srv.advance(3_600_000);
      assert(await srv.deps.checkpoints.hourly("demo"), "the next hour's");
    });

    await t.step("GET /api/checkpoints (no session): newest first, each verifies", async () => {
      const list = ok(await srv.call<List>("/api/checkpoints"), "list");
      assertEquals(list.items.map((i) => i.kind), ["hourly", "hourly", "requested", "requested"]);
      assertEquals(list.items.map((i) => i.time), list.items.map((i) => i.time).sort().reverse());
      assertMatch(list.publicKey, /^[0-9a-f]{64}$/);
      for (const i of list.items) {
        const text = sorted({
          v: 1,
          time: i.time,
          audit: i.audit,
          tapes: i.tapes,
          liabilities: i.liabilities,
        });
        assertEquals(i.payload, text, "the canonical JSON of the fields shown");
        assert(!/\s/.test(text));
        assertEquals(i.publicKey, list.publicKey);
        assert(await signatureValid(list.publicKey, text, i.signature), `signature of ${i.id}`);
        // one character changed: no longer valid
        assert(!await signatureValid(list.publicKey, text.replace('"v":1', '"v":2'), i.signature));
      }
      const page = ok(await srv.call<List>("/api/checkpoints?limit=2"), "page");
      assertEquals(page.items.map((i) => i.id), list.items.slice(0, 2).map((i) => i.id));
      const next = ok(
        await srv.call<List>(`/api/checkpoints?limit=2&cursor=${encodeURIComponent(page.cursor!)}`),
        "next",
      );
      assertEquals(next.items.map((i) => i.id), list.items.slice(2, 4).map((i) => i.id));
    });

    await t.step("a request needs the audit or admin role", async () => {
      assertEquals((await srv.call("/api/admin/checkpoints", { body: {} })).status, 401);
      const funds = await operatorWithRoles(srv, "cpfunds", ["funds"]);
      assertEquals(
        (await srv.call("/api/admin/checkpoints", { token: funds, body: {} })).status,
        403,
      );
    });

    await t.step("the audit chain verifies against every checkpoint", async () => {
      const c = await verify(srv, op);
      assert(c.ok, JSON.stringify(c));
      assertEquals(c.checkpoints, 4);
    });
  },
);

serverTest(
  "checkpoints: an audit entry edited and the rest re-hashed (head moved) is caught",
  async (srv) => {
    const op = await operatorToken(srv);
    await actions(srv, 3);
    const cp = await checkpointNow(srv, op);
    await actions(srv, 2);
    assert((await verify(srv, op)).ok);
    await rewriteAudit(srv.kv, 2);
    // every link still holds: only the checkpoint tells
    const c = await brokenAt(srv, op, cp, "checkpoint");
    assertEquals(c.broken.expected, cp.audit.hash);
    assertEquals(c.verifiedTo, cp.audit.seq - 1);
  },
);

serverTest(
  "checkpoints: the newest audit entries deleted and the head moved back is caught",
  async (srv) => {
    const op = await operatorToken(srv);
    await actions(srv, 3);
    const cp = await checkpointNow(srv, op);
    // the checkpoint's own entry and the two entries before the head it records
    await truncateAudit(srv.kv, 3);
    const c = await brokenAt(srv, op, cp, "truncated");
    assertEquals(c.head, cp.audit.seq - 2);
  },
);

serverTest(
  "checkpoints: the settlement verifier catches a tape edited and re-hashed, and a tape cut back",
  async (srv, t) => {
    const op = await operatorToken(srv);
    for (const p of ["60000", "60010", "60020", "60030", "60040"]) await tick(srv, p);
    const cp = await checkpointNow(srv, op);
    await tick(srv, "60050");
    const tenants = [...srv.deps.tenants.byId.keys()];
    const o = {
      staleMs: srv.deps.market.tape.opts.staleMs,
      checkpoints: { key: srv.deps.checkpoints.key.publicKey },
    };
    const clean = await verifyStore(srv.kv, tenants, o);
    assertEquals(clean.mismatches, []);
    assertEquals(clean.checkpoints, 1);

    await t.step("edited at seq 3, every later hash recomputed", async () => {
      await onCopy(srv.kv, async (copy) => {
        await rewriteTape(copy, "BTCUSDT", 3);
        const r = await verifyStore(copy, tenants, o);
        assertEquals(r.chainBreaks, [], "the links hold");
        assertEquals(r.mismatches.map((m) => [m.kind, m.id, m.what, m.expected]), [[
          "checkpoint",
          "BTCUSDT",
          `tape #5 checkpoint (checkpoint ${cp.id})`,
          cp.tapes.BTCUSDT!.hash,
        ]]);
      });
    });

    await t.step("the newest ticks deleted, the head moved back", async () => {
      await onCopy(srv.kv, async (copy) => {
        await truncateTape(copy, "BTCUSDT", 3);
        const r = await verifyStore(copy, tenants, o);
        assertEquals(r.chainBreaks, []);
        assertEquals(r.mismatches.map((m) => [m.kind, m.id, m.what]), [[
          "checkpoint",
          "BTCUSDT",
          `tape #5 truncated (checkpoint ${cp.id})`,
        ]]);
      });
    });

    await t.step("a checkpoint altered in the store fails its signature", async () => {
      await onCopy(srv.kv, async (copy) => {
        const key = ["demo", "checkpoints", "cp", cp.id];
        const rec = (await copy.get<{ payload: string }>(key)).value!;
        await copy.set(key, { ...rec, payload: rec.payload.replace('"v":1', '"v":1 ') });
        const r = await verifyStore(copy, tenants, o);
        assertEquals(r.mismatches.map((m) => [m.kind, m.id, m.what]), [[
          "checkpoint",
          cp.id,
          "signature",
        ]]);
      });
    });
  },
);

Deno.test("checkpoints: the offline tool holds an audit export and a saved tape against saved checkpoints", async (t) => {
  const srv = await startServer({ seed: true });
  const dir = await Deno.makeTempDir({ prefix: "tradewind-cp-tool-" });
  try {
    const op = await operatorToken(srv);
    for (const p of ["60000", "60010", "60020", "60030"]) await tick(srv, p);
    await actions(srv, 3);
    await checkpointNow(srv, op);
    await actions(srv, 1);
    const cps = `${dir}/checkpoints.json`;
    await Deno.writeTextFile(cps, JSON.stringify((await srv.call("/api/checkpoints")).body));
    const day = new Date(srv.deps.now()).toISOString().slice(0, 10);
    // through tomorrow: entries are filed by their ids' time, which never goes back within a
    // process (`journalId`), and an earlier test of this file moved its server's clock an hour
    // on; in the hour before midnight (UTC) this server's entries are filed under tomorrow
    const next = new Date(srv.deps.now() + 86_400_000).toISOString().slice(0, 10);
    const exported = await (await fetch(
      `${srv.base}/api/admin/audit/export?from=${day}&to=${next}&format=jsonl`,
      { headers: { authorization: op } },
    )).text();
    const lines = exported.trim().split("\n").map((l) => JSON.parse(l) as AuditEntry);
    type TapeTick = { seq: number; time: number; price: string; qty: string; hash: string };
    const tape = (await srv.call<{ items: TapeTick[]; prevHash: string }>(
      "/api/tape/BTCUSDT?from=1",
    )).body;
    const cp = ok(await srv.call<List>("/api/checkpoints"), "list").items[0]!;
    const write = async (name: string, text: string) => {
      await Deno.writeTextFile(`${dir}/${name}`, text);
      return `${dir}/${name}`;
    };
    const jsonl = (es: AuditEntry[]) => es.map((e) => JSON.stringify(e)).join("\n") + "\n";

    await t.step("the genuine export and tape: no mismatch", async () => {
      const r = await tool([
        "--checkpoints",
        cps,
        "--audit",
        await write("audit.jsonl", exported),
        "--tape",
        await write("tape.json", JSON.stringify(tape)),
      ]);
      assertEquals(r.code, 0, r.text);
      assertMatch(r.text, /no mismatch/);
    });

    await t.step("an export rewritten and re-hashed: named at the checkpointed seq", async () => {
      const forged: AuditEntry[] = [];
      let prev: string | null = null;
      for (const e of lines) {
        const v = { ...e };
        if (v.seq === 2) v.operator = "mallory";
        if (prev !== null && v.seq! > 2) v.prevHash = prev;
        if (v.seq! >= 2) v.hash = auditHash(v);
        prev = v.hash!;
        forged.push(v);
      }
      const r = await tool([
        "--checkpoints",
        cps,
        "--audit",
        await write("f.jsonl", jsonl(forged)),
      ]);
      assertEquals(r.code, 1, r.text);
      assertMatch(
        r.text,
        new RegExp(`FIRST MISMATCH: audit seq ${cp.audit.seq}: another hash than checkpointed`),
      );
    });

    await t.step("an export cut before the checkpointed head: named", async () => {
      const cut = lines.filter((e) => e.seq! < cp.audit.seq - 1);
      const r = await tool(["--checkpoints", cps, "--audit", await write("c.jsonl", jsonl(cut))]);
      assertEquals(r.code, 1, r.text);
      assertMatch(
        r.text,
        new RegExp(`FIRST MISMATCH: audit seq ${cp.audit.seq}: ends before a checkpointed seq`),
      );
    });

    await t.step("a saved tape edited and re-hashed: named", async () => {
      const items = tape.data.items.map((x) => ({ ...x }));
      let prev = tape.data.prevHash;
      for (const x of items) {
        if (x.seq === 2) x.price = "61000";
        x.hash = tickHash(prev, x.seq, x.time, parseDecimal(x.price), parseDecimal(x.qty));
        prev = x.hash;
      }
      const forged = { ...tape, data: { ...tape.data, items } };
      const r = await tool([
        "--checkpoints",
        cps,
        "--tape",
        await write("ft.json", JSON.stringify(forged)),
      ]);
      assertEquals(r.code, 1, r.text);
      assertMatch(r.text, /FIRST MISMATCH: tape BTCUSDT seq 4: another hash than checkpointed/);
    });

    await t.step("a checkpoint file altered: its signature fails", async () => {
      const text = (await Deno.readTextFile(cps)).replace('\\"v\\":1', '\\"v\\":1 ');
      const r = await tool(["--checkpoints", await write("bad.json", text)]);
      assertEquals(r.code, 1, r.text);
      assertMatch(r.text, /signature does not verify/);
    });
  } finally {
    await srv.close();
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("production without the checkpoint key refuses to start", async (t) => {
  // as production: the SMS sender is allowed, only the key is missing
  const run = (env: Record<string, string>) =>
    runMain({ APP_ENV: "production", SMS_SENDER: "dev", ALLOW_DEV_SMS: "1", ...env });
  await t.step("none named", async () => {
    const r = await run({});
    assertEquals(r.code, 1);
    assertMatch(r.err, /APP_ENV=production needs CHECKPOINT_KEY_FILE/);
  });
  await t.step("named but missing (never generated in production)", async () => {
    const dir = await Deno.makeTempDir();
    try {
      const r = await run({ CHECKPOINT_KEY_FILE: `${dir}/missing.jwk` });
      assertEquals(r.code, 1);
      assertMatch(r.err, /does not exist: refused with APP_ENV=production/);
      assertEquals([...Deno.readDirSync(dir)], [], "no key written");
    } finally {
      await Deno.remove(dir, { recursive: true });
    }
  });
});
