import { startServer } from "./tests/server.ts";
import { measure, world } from "./tests/api/round_trips_test.ts";
const srv = await startServer({ seed: true, env: { KV_SIM_RTT_MS: "25", KV_SIM_EVENTUAL_MS: "2" } });
const w = await world(srv);
for (const arg of Deno.args) {
  const [who, mobile, path] = arg.split(",");
  await measure(srv, path!, mobile === "m", who as "customer", w);
  console.log(`===== ${arg}`);
  await srv.page(path!, {ua: mobile === "m" ? "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148" : "Mozilla/5.0 (X11; Linux x86_64) Chrome/156.0", headers: who === "customer" ? {cookie: `tw_session=${w.customer}`, ...(path!.startsWith("/api") ? {authorization: w.customer} : {})} : who === "operator" ? {cookie: `tw_op=${w.operator}`, ...(path!.startsWith("/api") ? {authorization: w.operator} : {})} : {}}).then(r => r.body?.cancel());
}
await srv.close();
