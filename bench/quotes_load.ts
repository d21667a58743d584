/**
 * Quotes API under load: the app in its own process (simulated feed running), wrk (Debian
 * package) with 2 threads and 50 connections on GET /api/market/symbols for 10 s.
 * `deno run -A bench/quotes_load.ts` — prints req/s and latency percentiles.
 */
import { startAppProcess } from "./server.ts";

const PORT = 8765;
const app = await startAppProcess(PORT);
try {
  const wrk = await new Deno.Command("wrk", {
    args: ["-t2", "-c50", "-d10s", "--latency", `http://127.0.0.1:${PORT}/api/market/symbols`],
    stdout: "piped",
    stderr: "piped",
  }).output().catch(() => null);
  if (!wrk?.success) {
    console.log("wrk not installed (apt-get install -y wrk): no measurement");
  } else {
    const out = new TextDecoder().decode(wrk.stdout);
    const rps = /Requests\/sec:\s+([\d.]+)/.exec(out)?.[1];
    const p = (q: string) => new RegExp(`\\s${q}%\\s+([\\d.]+\\w+)`).exec(out)?.[1];
    console.log(out);
    console.log(`quotes API: ${rps} req/s, p50 ${p("50")}, p99 ${p("99")} (wrk -t2 -c50, 10 s)`);
  }
} finally {
  await app.stop();
}
