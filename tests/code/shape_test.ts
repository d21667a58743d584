/**
 * The shape of the code, read from the source (the layers the README describes, checked so they
 * stay that way): routes take their services from deps and never build one per request; no
 * page reaches into `routes/api`; every money route is the one helper's; ledger results are typed
 * per call (no casts); no function over 80 lines in the capabilities below; no test helper in a
 * production folder.
 */
import { assertEquals } from "../assert.ts";
import { scan } from "../../tools/long_functions.ts";

const ROOT = new URL("../../", import.meta.url);
const root = decodeURIComponent(ROOT.pathname).replace(/\/$/, "");

/** Every .ts/.tsx file under `dir` (relative to the repository), with its text. */
async function sources(dir: string, tests = false): Promise<[string, string][]> {
  const out: [string, string][] = [];
  const walk = async (rel: string) => {
    for await (const e of Deno.readDir(`${root}/${rel}`)) {
      const path = `${rel}/${e.name}`;
      if (e.isDirectory) await walk(path);
      else if (/\.tsx?$/.test(e.name) && (tests || !/_test\.tsx?$/.test(e.name))) {
        out.push([path, await Deno.readTextFile(`${root}/${path}`)]);
      }
    }
  };
  await walk(dir);
  return out.sort(([a], [b]) => a < b ? -1 : 1);
}

/** The files whose text matches `re`, with the first match. */
const matching = (files: [string, string][], re: RegExp) =>
  files.flatMap(([f, s]) => {
    const m = s.match(re);
    return m ? [`${f}: ${m[0]}`] : [];
  });

Deno.test("routes take services from deps, never build one per request", async () => {
  // `new X(c.var.deps)` or `new X(c.var.deps.kv, ...)`: a service built per request
  const built = /new [A-Z]\w*\([^)]*\bdeps(\.(kv|reads))?\s*[,)]/;
  assertEquals(matching(await sources("routes"), built), []);
});

Deno.test("no page imports from routes/api (shared code lives in its capability)", async () => {
  assertEquals(matching(await sources("routes/pages"), /from "(\.\.\/)+api\/[^"]+"/), []);
});

Deno.test("every money route (Idempotency-Key) is registered by the money route helper", async () => {
  const routes = (await sources("routes/api")).filter(([f]) => f !== "routes/api/money.ts");
  assertEquals(matching(routes, /IdempotencyHeaders|"idempotency-key"/), []);
});

Deno.test("ledger results are typed per call: no cast of posted.result", async () => {
  assertEquals(matching(await sources("edge"), /posted\.result as\b/), []);
});

Deno.test("no function over 80 lines in funds, ledger, operators, identity, wealth, trading", async () => {
  const dirs = ["funds", "ledger", "operators", "identity", "wealth", "trading"].map((d) =>
    `${root}/edge/${d}`
  );
  const long = (await scan(dirs, 80)).map((f) =>
    `${f.file.replace(`${root}/`, "")}:${f.line} ${f.name} (${f.lines} lines)`
  );
  assertEquals(long, []);
});

Deno.test("every file in edge/ serves the app: test helpers live under tests/", async () => {
  const app = [
    ...await sources("edge"),
    ...await sources("routes"),
    ...await sources("islands"),
    ...await sources("components"),
    ...await sources("tools"),
    ["main.ts", await Deno.readTextFile(`${root}/main.ts`)] as [string, string],
  ];
  const used = new Set<string>();
  for (const [f, s] of app) {
    // static and dynamic imports, and workers (`new URL("./x.ts", import.meta.url)`)
    for (const m of s.matchAll(/(?:from|import\(|new URL\()\s*"(\.{1,2}\/[^"]+)"/g)) {
      used.add(new URL(m[1]!, new URL(f, ROOT)).href.replace(ROOT.href, ""));
    }
  }
  const unused = (await sources("edge")).map(([f]) => f).filter((f) => !used.has(f));
  assertEquals(unused, []);
});
