/**
 * The house's layers, checked on every import Deno resolves (`import type`, `export ... from`,
 * dynamic imports and JSON included; see `graph.ts`):
 * - islands import only from `islands/`, `contract/`, `core-wasm/` and `locales/` (and npm
 *   packages), so nothing of the server can enter a bundle, not even a type;
 * - `contract/` (what islands and services share) imports only itself, the core, `locales/` and
 *   the kernel's failure vocabulary (`edge/platform/errors.ts`: the error ids a rule names);
 * - the kernel (`edge/platform/`) imports no capability and not the contract: only itself, the
 *   core and `locales/`;
 * - capabilities (`edge/*`) never reach up into the HTTP layer (`edge/http/`: boot, context,
 *   middleware, envelope, operator auth), routes, pages, components or islands;
 * - no import circle anywhere, type imports included (the failure names one circle's path).
 * Test files are leaves and exempt from the layer rules, not from the circle check.
 * docs/layers.md draws the layers.
 */
import { assertEquals } from "../assert.ts";
import { circlePath, circles, type Graph, importGraph } from "./graph.ts";

const graph = await importGraph();

const isTest = (path: string) => /(_test\.tsx?|^tests\/.*)$/.test(path);

/** The imports of files under `from` that leave `allowed`, as "file -> target" lines. */
function outside(g: Graph, from: string, allowed: readonly string[]): string[] {
  const bad: string[] = [];
  for (const [file, edges] of g) {
    if (!file.startsWith(from) || isTest(file)) continue;
    for (const { to } of edges) {
      if (!allowed.some((prefix) => to.startsWith(prefix))) bad.push(`${file} -> ${to}`);
    }
  }
  return [...new Set(bad)].sort();
}

Deno.test("imports: the graph covers the source tree", () => {
  // a parser that silently found nothing would make every rule below pass
  for (const file of ["main.ts", "routes/app.ts", "islands/_boot.ts", "contract/rules.ts"]) {
    assertEquals(graph.has(file), true, `${file} missing from the import graph`);
  }
  assertEquals((graph.get("main.ts") ?? []).length > 0, true);
});

Deno.test("imports: islands import only islands/, contract/, core-wasm/ and locales/", () => {
  assertEquals(outside(graph, "islands/", ["islands/", "contract/", "core-wasm/", "locales/"]), []);
});

Deno.test("imports: contract/ imports only itself, the core, locales/ and the error ids", () => {
  const allowed = ["contract/", "core-wasm/", "locales/", "edge/platform/errors.ts"];
  assertEquals(outside(graph, "contract/", allowed), []);
});

Deno.test("imports: the kernel (edge/platform) imports no capability", () => {
  // the contract's vocabulary of currencies is below everything, like the core
  const allowed = ["edge/platform/", "core-wasm/", "locales/", "contract/currencies.ts"];
  assertEquals(outside(graph, "edge/platform/", allowed), []);
});

Deno.test("imports: the core and locales/ import nothing above them", () => {
  assertEquals(outside(graph, "core-wasm/", ["core-wasm/"]), []);
  // the formats read each currency's decimals from the contract's vocabulary
  assertEquals(
    outside(graph, "locales/", ["locales/", "core-wasm/", "contract/currencies.ts"]),
    [],
  );
});

Deno.test("imports: capabilities never import the HTTP layer, routes, pages or islands", () => {
  const up = ["edge/http/", "routes/", "components/", "islands/"];
  // the jobs (started with the server's Deps) and the HTML document sit above the capabilities
  const above = ["edge/http/", "edge/jobs/", "edge/render/"];
  const bad = outside(graph, "edge/", ["contract/", "core-wasm/", "locales/"])
    .filter((line) => up.some((prefix) => line.split(" -> ")[1]!.startsWith(prefix)))
    .filter((line) => !above.some((prefix) => line.startsWith(prefix)));
  assertEquals(bad, []);
});

Deno.test("imports: the ledger writes events and knows nothing of realtime", () => {
  // the ledger stages event-log entries (edge/ledger/events.ts); realtime reads them and turns
  // them into customer events; its protocol (contract/realtime.ts) imports no capability
  const bad = outside(graph, "edge/ledger/", ["edge/", "contract/", "core-wasm/", "locales/"])
    .concat(
      [...graph].filter(([f]) => f.startsWith("edge/ledger/") && !isTest(f)).flatMap(([f, es]) =>
        es.filter((e) => e.to.startsWith("edge/realtime/")).map((e) => `${f} -> ${e.to}`)
      ),
      outside(graph, "contract/realtime.ts", ["contract/", "core-wasm/", "locales/"]),
    );
  assertEquals(bad, []);
});

Deno.test("imports: capabilities import only those below them (no circle of edge/ folders)", () => {
  // one node per folder of edge/: a capability that imports another sits above it, so the
  // folders must form no circle either (the lowest of a capability's files decide nothing)
  const folders: Graph = new Map();
  const folderOf = (f: string) => f.split("/").slice(0, 2).join("/");
  for (const [file, edges] of graph) {
    if (!file.startsWith("edge/") || isTest(file)) continue;
    const from = folderOf(file);
    const out = folders.get(from) ?? [];
    for (const e of edges) {
      if (e.to.startsWith("edge/") && folderOf(e.to) !== from) {
        out.push({ ...e, to: folderOf(e.to) });
      }
    }
    folders.set(from, out);
  }
  const found = circles(folders).map((c) => circlePath(folders, c).join(" -> "));
  assertEquals(found, []);
});

Deno.test("imports: no import circle anywhere, type imports included", () => {
  const found = circles(graph).map((c) =>
    `${c.length} files: ${circlePath(graph, c).join(" -> ")}`
  );
  assertEquals(found, []);
});
