/**
 * The top self-time functions of a V8 CPU profile (`.cpuprofile`), to see where a request path
 * spends its CPU: run a bench with `APP_DENO_FLAGS="--cpu-prof --cpu-prof-dir=DIR"` (the app
 * process writes its profile on exit, bench/server.ts), then
 * `deno run -A bench/cpu_top.ts DIR/*.cpuprofile [N] [--files] [--inclusive] [--after=NAME]` prints the N
 * heaviest functions (self time, share of the samples, where defined) and, with `--files`, the
 * heaviest source files (`--inclusive`: the functions by their time with callees). `--after=NAME`: only the samples from the first one with a function
 * `NAME` on its stack (a bench's load, not its set-up: `--after=place` skips the sign-ins,
 * whose password hashing would dwarf the orders).
 */
interface Frame {
  functionName: string;
  url: string;
  lineNumber: number;
}
interface ProfileNode {
  id: number;
  callFrame: Frame;
  children?: number[];
  parent?: number;
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** The project's files by their path in it, npm packages by name, the rest as V8 names them. */
const place = (url: string) =>
  url.replace(/^.*\/(node_modules|npm\/registry[^/]*)\//, "npm:")
    .replace(/^file:\/\/.*?\/(edge|routes|contract|core-wasm|locales)\//, "$1/");

/** Self time (µs) per function (name and place) and per file, from the samples. */
export function selfTimes(p: Profile, after?: string) {
  const byId = new Map(p.nodes.map((n) => [n.id, n]));
  for (const n of p.nodes) for (const c of n.children ?? []) byId.get(c)!.parent = n.id;
  const onStack = (id: number | undefined): boolean =>
    id !== undefined && (byId.get(id)!.callFrame.functionName === after ||
      onStack(byId.get(id)!.parent));
  const fns = new Map<string, number>(), files = new Map<string, number>();
  /** time with the function anywhere on the stack (counted once per sample) */
  const inclusive = new Map<string, number>();
  let total = 0, started = after === undefined;
  p.samples.forEach((id, i) => {
    if (!started && !(started = onStack(id))) return;
    const f = byId.get(id)!.callFrame;
    const dt = p.timeDeltas[i] ?? 0;
    total += dt;
    const where = place(f.url);
    const fn = `${f.functionName || "(anonymous)"} ${where}:${f.lineNumber + 1}`;
    fns.set(fn, (fns.get(fn) ?? 0) + dt);
    const file = where || f.functionName;
    files.set(file, (files.get(file) ?? 0) + dt);
    const seen = new Set<string>();
    for (let n: number | undefined = id; n !== undefined; n = byId.get(n)!.parent) {
      const g = byId.get(n)!.callFrame;
      const name = `${g.functionName || "(anonymous)"} ${place(g.url)}:${g.lineNumber + 1}`;
      if (!seen.has(name)) inclusive.set(name, (inclusive.get(name) ?? 0) + dt);
      seen.add(name);
    }
  });
  return { fns, files, inclusive, total };
}

if (import.meta.main) {
  const [path, n = "30", ...rest] = Deno.args;
  if (!path) {
    throw new Error("usage: bench/cpu_top.ts FILE.cpuprofile [N] [--files] [--after=NAME]");
  }
  const after = rest.find((a) => a.startsWith("--after="))?.slice("--after=".length);
  const { fns, files, inclusive, total } = selfTimes(
    JSON.parse(await Deno.readTextFile(path)),
    after,
  );
  const show = (m: Map<string, number>) =>
    [...m].sort((a, b) => b[1] - a[1]).slice(0, Number(n)).forEach(([k, v]) =>
      console.log(
        `${(v / 1000).toFixed(0).padStart(7)} ms ${
          (v / total * 100).toFixed(1).padStart(5)
        }%  ${k}`,
      )
    );
  const idle = fns.get("(idle) :0") ?? 0;
  console.log(`${((total - idle) / 1000).toFixed(0).padStart(7)} ms busy (not idle)`);
  show(fns);
  if (rest.includes("--files")) {
    console.log("--- files");
    show(files);
  }
  if (rest.includes("--inclusive")) {
    console.log("--- inclusive (the function anywhere on the stack)");
    show(inclusive);
  }
}
