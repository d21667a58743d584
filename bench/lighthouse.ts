/**
 * Lighthouse mobile performance of the main page types: starts the app (in-memory KV, seeded
 * demo tenant, simulated feed with its history), signs in the demo customer and runs Lighthouse
 * (npm `lighthouse`, through npx) in Debian's chromium against home, product detail and a ticket
 * (signed in: the session cookie goes along as an extra header). Prints the median score and
 * metrics of several runs per page.
 *
 * Run: `deno task build && deno run -A bench/lighthouse.ts` (LH_RUNS=3, LH_VERSION=13.5.0,
 * CHROME_PATH=/usr/bin/chromium, LH_PAGES=/wp/home,... to choose pages).
 */
import { startServer } from "../tests/server.ts";

const RUNS = Number(Deno.env.get("LH_RUNS") ?? 3);
const VERSION = Deno.env.get("LH_VERSION") ?? "13.5.0";
const CHROME = Deno.env.get("CHROME_PATH") ?? "/usr/bin/chromium";
const PAGES = (Deno.env.get("LH_PAGES") ??
  "/wp/home,/wp/product/detail/BTCUSDT,/wp/product/order?symbol=BTCUSDT").split(",");

const srv = await startServer({ seed: true, feed: true, env: { SIM_HISTORY_DAYS: "365" } });
const login = await srv.call("/api/login", {
  body: { phone: "+12025550123", password: "Demo-2026" },
});
const token = login.headers.get("authorization");
if (!token) throw new Error(`login failed: ${JSON.stringify(login.body)}`);

interface Audit {
  numericValue?: number;
  score?: number | null;
  details?: { overallSavingsMs?: number; overallSavingsBytes?: number };
}
interface Report {
  categories: { performance: { score: number } };
  audits: Record<string, Audit>;
}

/** One Lighthouse run; a run that fails to record (NO_NAVSTART and the like) is tried again. */
async function lighthouse(url: string, attempt = 1): Promise<Report> {
  const out = await new Deno.Command("npx", {
    args: [
      "-y",
      `lighthouse@${VERSION}`,
      url,
      "--only-categories=performance",
      "--output=json",
      "--output-path=stdout",
      "--quiet",
      "--chrome-flags=--headless --no-sandbox --disable-gpu",
      `--extra-headers=${JSON.stringify({ Cookie: `tw_session=${token}` })}`,
    ],
    env: { CHROME_PATH: CHROME },
    stdout: "piped",
    stderr: "piped",
  }).output();
  if (!out.success) {
    if (attempt < 3) return lighthouse(url, attempt + 1);
    throw new Error(new TextDecoder().decode(out.stderr).slice(-2000));
  }
  return JSON.parse(new TextDecoder().decode(out.stdout));
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor((s.length - 1) / 2)]!;
};
const METRICS = [
  ["first-contentful-paint", "FCP ms"],
  ["largest-contentful-paint", "LCP ms"],
  ["total-blocking-time", "TBT ms"],
  ["cumulative-layout-shift", "CLS"],
  ["speed-index", "SI ms"],
] as const;

console.log(
  `| page | score (median of ${RUNS}) | runs | ${METRICS.map((m) => m[1]).join(" | ")} | flagged |`,
);
console.log(`|---|---|---|${METRICS.map(() => "---").join("|")}|---|`);
for (const path of PAGES) {
  const reports: Report[] = [];
  for (let i = 0; i < RUNS; i++) reports.push(await lighthouse(srv.base + path));
  const scores = reports.map((r) => Math.round(r.categories.performance.score * 100));
  const mid = reports[scores.indexOf(median(scores))]!;
  const flagged = Object.entries(mid.audits)
    .filter(([, a]) =>
      a.score !== null && a.score !== undefined && a.score < 0.9 &&
      ((a.details?.overallSavingsMs ?? 0) > 0 || (a.details?.overallSavingsBytes ?? 0) > 0)
    )
    .map(([id, a]) =>
      `${id} (${Math.round(a.details?.overallSavingsMs ?? 0)} ms, ${
        Math.round((a.details?.overallSavingsBytes ?? 0) / 1024)
      } KiB)`
    );
  const metrics = METRICS.map(([id]) => {
    const v = median(reports.map((r) => r.audits[id]?.numericValue ?? NaN));
    return id === "cumulative-layout-shift" ? v.toFixed(3) : Math.round(v);
  });
  console.log(
    `| ${path} | ${median(scores)} | ${scores.join(", ")} | ${metrics.join(" | ")} | ${
      flagged.join("; ") || "-"
    } |`,
  );
}
await srv.close();
