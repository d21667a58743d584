/** Start the real app as a separate process for load tests (in-memory KV, simulated feed). */
export async function startAppProcess(port: number, env: Record<string, string> = {}) {
  const proc = new Deno.Command(Deno.execPath(), {
    // APP_DENO_FLAGS: extra flags for the app process (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`)
    args: [
      "run",
      "-A",
      ...(Deno.env.get("APP_DENO_FLAGS")?.split(/\s+/).filter(Boolean) ?? []),
      "main.ts",
    ],
    cwd: new URL("../", import.meta.url).pathname,
    env: { KV_PATH: ":memory:", PORT: String(port), HOST: "127.0.0.1", ...env },
    stdout: "null",
    stderr: "inherit",
  }).spawn();
  for (let i = 0; i < 200; i++) {
    try {
      const r = await fetch(`http://127.0.0.1:${port}/api/market/symbols`);
      const body = await r.json();
      if (body.data?.items?.length) break;
    } catch { /* not up yet */ }
    await new Promise((r) => setTimeout(r, 100));
  }
  const rss = async () => {
    const status = await Deno.readTextFile(`/proc/${proc.pid}/status`);
    return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) * 1024;
  };
  return {
    proc,
    rss,
    async stop() {
      proc.kill("SIGTERM");
      await proc.status;
    },
  };
}
