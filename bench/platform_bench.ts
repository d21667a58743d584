/**
 * Platform hot paths: session resolution (every signed-in request) and an enveloped API reply
 * through the whole middleware stack. `deno task bench`.
 */
import { buildDeps } from "../edge/http/boot.ts";
import { loadConfig } from "../edge/platform/config.ts";
import { createApp } from "../routes/app.ts";
import { hashPassword } from "../edge/customers/passwords.ts";

const kv = await Deno.openKv(":memory:");
const deps = await buildDeps(
  loadConfig((k) => ({ KV_PATH: ":memory:" } as Record<string, string>)[k]),
  kv,
  {
    log: () => {},
  },
);
// as a server runs: the tenant settings followed in memory (edge/operators/tenant_settings.ts)
await deps.tenantSettings.start();
addEventListener("unload", () => deps.tenantSettings.stop());
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

// demo mode: a second live session switched to the customer's demo account (one more read)
const switched = await deps.accounts.login(
  deps.tenants.defaultTenant,
  "+12025550195",
  "Bench-pass1",
  { ip: "bench", userAgent: "bench" },
);
const switchedSession = (await deps.accounts.session("demo", switched.token))!;
await deps.demo.start(deps.tenants.defaultTenant, switchedSession, { ip: "b", userAgent: "b" });

Deno.bench("session lookup, switched to demo (token -> user -> demo account)", async () => {
  await deps.accounts.session("demo", switched.token);
});

let visitors = 0;
Deno.bench("a visitor's demo account (limit slot, account, opening journal, session)", async () => {
  // one source opens at most 20 an hour: each iteration comes from its own
  await deps.demo.start(deps.tenants.defaultTenant, null, {
    ip: `10.0.${visitors >> 8 & 255}.${visitors++ & 255}`,
    userAgent: "bench",
  });
});
