/**
 * The restore drill: mixed money operations through the API on a real server, `deno task backup`,
 * `deno task restore` into a new store, then the two stores compared key by key (balances,
 * journals, reservations, chains, sessions) and the restored one served: the same balances and
 * fund flow to the same session. A corrupt file and a non-empty store are refused.
 */
import { assert, assertEquals, assertMatch } from "../assert.ts";
import { signIn, startServer, tick } from "../server.ts";
import { operatorToken } from "../operator.ts";
import { securityCode, upload } from "./funds_helpers.ts";

/** Run a task (`deno task NAME args`) on the store at `kvPath`; its exit code and output. */
async function task(name: string, args: string[], env: Record<string, string>) {
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["task", "-q", name, ...args],
    env,
    stdout: "piped",
    stderr: "piped",
  }).output();
  const dec = new TextDecoder();
  return { code: out.code, text: dec.decode(out.stdout) + dec.decode(out.stderr) };
}

async function entries(path: string) {
  const kv = await Deno.openKv(path);
  const all = new Map<string, unknown>();
  for await (const e of kv.list({ prefix: [] })) {
    all.set(JSON.stringify(e.key, (_, v) => typeof v === "bigint" ? `${v}n` : v), e.value);
  }
  kv.close();
  return all;
}

type Rows = { rows: { wallet: string; currency: string; available: string; frozen: string }[] };

Deno.test("backup -> restore into a new store: equal balances, journals, reservations, chains and sessions, every verifier clean", async () => {
  const dir = await Deno.makeTempDir({ prefix: "tradewind-backup-" });
  const src = `${dir}/src.kv`, dst = `${dir}/dst.kv`, file = `${dir}/store.twbak`;
  const srv = await startServer({ seed: true, kvPath: src });
  const env = { KV_PATH: src, CHECKPOINT_KEY_FILE: srv.deps.config.checkpointKeyFile! };
  let token: string, assets: Rows, flow: unknown;
  try {
    token = await signIn(srv);
    const ok = async (path: string, body: unknown) => {
      const r = await srv.call(path, { token, body });
      assertEquals(r.body.code, 0, `${path}: ${JSON.stringify(r.body)}`);
      return r;
    };
    await tick(srv, "60000");
    // mixed money operations: a transfer, spot market and limit orders (one left open: a
    // reservation), fast contracts (one settled, one open: a reservation)
    await ok("/api/account/transfer", {
      from: "spot",
      to: "contract",
      currency: "USDT",
      amount: "250",
    });
    await ok("/api/spot/order", { symbol: "BTCUSDT", side: "buy", type: "market", qty: "0.01" });
    await ok("/api/spot/order", {
      symbol: "BTCUSDT",
      side: "buy",
      type: "limit",
      qty: "0.01",
      price: "50000",
    });
    await ok("/api/fast/order", { symbol: "BTCUSDT", direction: "up", duration: 30, stake: "100" });
    await tick(srv, "60100", 31_000);
    await ok("/api/fast/order", {
      symbol: "BTCUSDT",
      direction: "down",
      duration: 300,
      stake: "40",
    });
    // an image (Uint8Array chunks) and a message (its unread counter is a Deno.KvU64)
    await upload(srv, token);
    await ok("/api/user/anti-phishing", { word: "Otter7", code: await securityCode(srv, token) });
    // the audit chain grows and a signed checkpoint anchors it and the tape
    const op = await operatorToken(srv);
    assertEquals((await srv.call("/api/admin/checkpoints", { token: op, body: {} })).body.code, 0);
    assertEquals((await srv.call("/api/admin/audit/verify", { token: op })).body.code, 0);
    assets = (await srv.call<Rows>("/api/account/assets", { token })).body.data;
    flow = (await srv.call("/api/account/flow?limit=100", { token })).body.data;
    assert(assets.rows.some((r) => r.frozen !== "0"), "an open reservation holds money");
  } finally {
    await srv.close();
  }

  const backup = await task("backup", ["--out", file], env);
  assertEquals(backup.code, 0, backup.text);
  assertMatch(backup.text, /no entry written while the backup ran/);

  const restore = await task("restore", ["--in", file], { ...env, KV_PATH: dst });
  assertEquals(restore.code, 0, restore.text);
  assertMatch(restore.text, /ledger: .*journals/);
  assertMatch(restore.text, /settlements: [1-9]\d* re-derived/);
  assertMatch(restore.text, /audit demo: ok, [1-9]\d*\/[1-9]\d* entries, [1-9]\d* checkpoints/);
  assertMatch(restore.text, /drill: every verifier clean/);

  // every key with an equal value (bigint, bytes, KvU64 counters included)
  const [a, b] = [await entries(src), await entries(dst)];
  assertEquals([...b.keys()], [...a.keys()]);
  for (const [k, v] of a) assertEquals(b.get(k), v, k);
  const values = [...b.values()];
  assert(values.some((v) => v instanceof Deno.KvU64), "a KvU64 counter restored as one");
  assert(values.some((v) => v instanceof Uint8Array), "image bytes restored");
  assert(
    values.some((v) =>
      typeof v === "object" && v !== null &&
      typeof (v as { available?: unknown }).available === "bigint"
    ),
    "bigint balances restored",
  );
  for (
    const part of [
      '"ledger","bal',
      '"ledger","journal',
      '"ledger","res',
      '"audit"',
      '["market","tick"',
      '"accounts","session"',
    ]
  ) assert([...a.keys()].some((k) => k.includes(part)), `the store holds ${part}`);

  // the restored store served: the same session sees the same balances and fund flow
  const again = await startServer({ kvPath: dst });
  try {
    assertEquals((await again.call<Rows>("/api/account/assets", { token })).body.data, assets);
    assertEquals((await again.call("/api/account/flow?limit=100", { token })).body.data, flow);
  } finally {
    await again.close();
  }

  // one tenant without the tape: only its keys; the drill says the settlements went unverified
  const part = `${dir}/demo.twbak`, partKv = `${dir}/demo.kv`;
  assertEquals(
    (await task("backup", ["--out", part, "--tenant", "demo", "--no-tape"], env)).code,
    0,
  );
  const partRestore = await task("restore", ["--in", part], { ...env, KV_PATH: partKv });
  assertEquals(partRestore.code, 0, partRestore.text);
  assertMatch(partRestore.text, /settlements: not verified/);
  const partKeys = [...(await entries(partKv)).keys()];
  assert(partKeys.length > 0 && partKeys.every((k) => /^\["(demo|evlog|evlog-head)"/.test(k)));
  assertEquals(
    partKeys,
    [...a.keys()].filter((k) => k.startsWith('["demo"') || /^\["evlog(-head)?","demo"/.test(k)),
  );

  // into a store that holds data: refused, nothing written
  const twice = await task("restore", ["--in", file], { ...env, KV_PATH: dst });
  assertEquals(twice.code, 3, twice.text);
  assertMatch(twice.text, /not empty/);

  // a file altered inside (one byte of a value, gzip rebuilt so only our checksum can tell)
  const raw = new Uint8Array(
    await new Response(
      (await Deno.open(file)).readable.pipeThrough(new DecompressionStream("gzip")),
    ).arrayBuffer(),
  );
  const at = new TextDecoder("latin1").decode(raw).lastIndexOf("Demo");
  assert(at > 0);
  raw[at] = "X".charCodeAt(0);
  const bad = `${dir}/bad.twbak`;
  await new Response(new Blob([raw]).stream().pipeThrough(new CompressionStream("gzip")))
    .body!.pipeTo((await Deno.open(bad, { write: true, create: true })).writable);
  const fresh = `${dir}/fresh.kv`;
  const corrupt = await task("restore", ["--in", bad], { ...env, KV_PATH: fresh });
  assertEquals(corrupt.code, 4, corrupt.text);
  assertMatch(corrupt.text, /checksum mismatch/);
  assertEquals((await entries(fresh)).size, 0);
  await Deno.remove(dir, { recursive: true });
});
