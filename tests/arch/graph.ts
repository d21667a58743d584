/**
 * The repository's import graph, as Deno itself resolves it: `deno info --json` (deno_graph, the
 * parser `deno run` and `deno check` use) over one temporary root that imports every source file,
 * so `import type`, `export ... from`, JSON imports and dynamic imports with a literal specifier are
 * all edges, bare specifiers go through the import map, and no regular expression guesses at syntax.
 * Used by `imports_test.ts` (the layer rules and the circle check).
 */

export const ROOT = new URL("../../", import.meta.url);
const ROOT_PATH = ROOT.pathname;

/** Folders that are not source: generated bundles, the KV data, Rust build output. */
const SKIP = new Set(["static/build", ".data", "core-wasm/target", "node_modules", ".git"]);

/** Every .ts/.tsx file of the repository, as a path relative to its root. */
export async function sourceFiles(dir = ""): Promise<string[]> {
  const out: string[] = [];
  for await (const entry of Deno.readDir(ROOT_PATH + dir)) {
    const path = dir ? `${dir}/${entry.name}` : entry.name;
    if (SKIP.has(path)) continue;
    if (entry.isDirectory) out.push(...await sourceFiles(path));
    else if (/\.tsx?$/.test(entry.name) && !entry.name.endsWith(".d.ts")) out.push(path);
  }
  return out.sort();
}

export type Edge = { to: string; kind: "code" | "type"; dynamic: boolean };
/** path -> its imports of repository files (paths relative to the root). */
export type Graph = Map<string, Edge[]>;

type InfoDependency = {
  code?: { specifier: string };
  type?: { specifier: string };
  isDynamic?: boolean;
};
type InfoModule = { specifier: string; dependencies?: InfoDependency[] };

const relative = (specifier: string) =>
  specifier.startsWith(ROOT.href) ? specifier.slice(ROOT.href.length) : null;

/** Builds the graph of the given files (default: all of them). */
export async function importGraph(files?: string[]): Promise<Graph> {
  const list = files ?? await sourceFiles();
  const dir = await Deno.makeTempDir({ prefix: "imports-" });
  const root = `${dir}/root.ts`;
  try {
    await Deno.writeTextFile(
      root,
      list.map((f) => `import ${JSON.stringify(new URL(f, ROOT).href)};`).join("\n") + "\n",
    );
    const out = await new Deno.Command(Deno.execPath(), {
      args: ["info", "--json", "--config", ROOT_PATH + "deno.json", root],
      cwd: ROOT_PATH,
      stdout: "piped",
      stderr: "piped",
    }).output();
    if (!out.success) throw new Error(new TextDecoder().decode(out.stderr));
    const info = JSON.parse(new TextDecoder().decode(out.stdout)) as { modules: InfoModule[] };
    const graph: Graph = new Map();
    for (const m of info.modules) {
      const from = relative(m.specifier);
      if (from === null) continue;
      const edges: Edge[] = [];
      for (const d of m.dependencies ?? []) {
        for (const kind of ["code", "type"] as const) {
          const to = d[kind] && relative(d[kind].specifier);
          if (to) edges.push({ to, kind, dynamic: d.isDynamic === true });
        }
      }
      graph.set(from, edges);
    }
    return graph;
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

/** Strongly connected components with more than one file (or a file importing itself). */
export function circles(graph: Graph): string[][] {
  // Tarjan's algorithm, iterative so a deep graph cannot overflow the stack.
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const found: string[][] = [];
  let next = 0;
  const targets = (v: string) => [...new Set((graph.get(v) ?? []).map((e) => e.to))];
  for (const start of graph.keys()) {
    if (index.has(start)) continue;
    const work: { v: string; out: string[]; i: number }[] = [];
    const enter = (v: string) => {
      index.set(v, next);
      low.set(v, next++);
      stack.push(v);
      onStack.add(v);
      work.push({ v, out: targets(v), i: 0 });
    };
    enter(start);
    while (work.length) {
      const top = work[work.length - 1]!;
      if (top.i < top.out.length) {
        const w = top.out[top.i++]!;
        if (!index.has(w)) enter(w);
        else if (onStack.has(w)) low.set(top.v, Math.min(low.get(top.v)!, index.get(w)!));
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low.set(parent.v, Math.min(low.get(parent.v)!, low.get(top.v)!));
      if (low.get(top.v) === index.get(top.v)) {
        const component: string[] = [];
        let w: string;
        do {
          w = stack.pop()!;
          onStack.delete(w);
          component.push(w);
        } while (w !== top.v);
        const selfLoop = targets(top.v).includes(top.v);
        if (component.length > 1 || selfLoop) found.push(component.sort());
      }
    }
  }
  return found;
}

/** One concrete circle inside a component, `a -> b -> ... -> a` (shortest from its first file). */
export function circlePath(graph: Graph, component: string[]): string[] {
  const inside = new Set(component);
  const start = component[0]!;
  const previous = new Map<string, string>();
  const queue = [start];
  while (queue.length) {
    const v = queue.shift()!;
    for (const { to } of graph.get(v) ?? []) {
      if (!inside.has(to)) continue;
      if (to === start) {
        const path = [start];
        for (let at = v; at !== start; at = previous.get(at)!) path.splice(1, 0, at);
        return [...path, start];
      }
      if (!previous.has(to)) {
        previous.set(to, v);
        queue.push(to);
      }
    }
  }
  return [start];
}
