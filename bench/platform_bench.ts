/**
 * Platform hot paths: session resolution (every signed-in request) and an enveloped API reply
 * through the whole middleware stack. `deno task bench`.
 */
import { buildDeps } from "../edge/platform/boot.ts";
import { loadConfig } from "../edge/platform/config.ts";
import { createApp } from "../routes/app.ts";
import { hashPassword } from "../edge/accounts/passwords.ts";

const kv = await Deno.openKv(":memory:");
const deps = await buildDeps(
  loadConfig((k) => ({ KV_PATH: ":memory:" } as Record<string, string>)[k]),
  kv,
  {
    log: () => {},
  },
);
const app = createApp(deps);

// a registered user with a live session, made through the API
await deps.accounts.sendCode(deps.tenants.defaultTenant, "+12025550195", "register", "bench");
const out = await deps.kv.list<{ code: string }>({ prefix: ["demo", "accounts", "outbox"] }).next();
const reg = await deps.accounts.register(deps.tenants.defaultTenant, {
  phone: "+12025550195",
  code: out.value!.value.code,
  password: "Bench-pass1",
});

Deno.bench("session lookup (token -> user)", async () => {
  await deps.accounts.session("demo", reg.token);
});

Deno.bench("GET /api/config through the middleware stack", async () => {
  const res = await app.fetch(new Request("http://localhost/api/config?identify=isClose"));
  await res.arrayBuffer();
});

Deno.bench("GET /api/user/info (session + envelope)", async () => {
  const res = await app.fetch(
    new Request("http://localhost/api/user/info", { headers: { authorization: reg.token } }),
  );
  await res.arrayBuffer();
});

Deno.bench("argon2id hash (login cost)", { n: 10 }, async () => {
  await hashPassword("Bench-pass1");
});
