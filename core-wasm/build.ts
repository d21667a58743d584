/**
 * Build the pricing core with Debian's rustc (`apt-get install -y rustc libstd-rust-dev-wasm32
 * lld`): `deno task build:wasm` writes core-wasm/core.wasm; `--check` rebuilds into a temporary
 * file and fails if it differs from the committed bytes; `--test` runs the Rust unit tests.
 * Paths are relative to the repository root and remapped, so the bytes do not depend on where
 * the repository is cloned.
 */
const root = new URL("../", import.meta.url).pathname.replace(/\/$/, "");
const RUSTC = Deno.env.get("RUSTC") ?? "/usr/bin/rustc";
const SRC = "core-wasm/src/lib.rs";
const OUT = "core-wasm/core.wasm";

async function rustc(args: string[]) {
  const { code } = await new Deno.Command(RUSTC, {
    args: ["--edition", "2021", `--remap-path-prefix=${root}=.`, ...args],
    cwd: root,
    env: { SOURCE_DATE_EPOCH: "0" },
    stdout: "inherit",
    stderr: "inherit",
  }).output();
  if (code !== 0) Deno.exit(code);
}

const wasmArgs = (out: string) => [
  "--crate-type=cdylib",
  "--crate-name=tradewind_core",
  "--target=wasm32-unknown-unknown",
  "-O",
  "-C",
  "lto",
  "-C",
  "panic=abort",
  "-C",
  "codegen-units=1",
  "-C",
  "strip=symbols",
  "-o",
  out,
  SRC,
];

const mode = Deno.args[0];
if (mode === "--test") {
  const bin = await Deno.makeTempFile();
  await rustc(["--test", "-o", bin, SRC]);
  const { code } = await new Deno.Command(bin, { stdout: "inherit", stderr: "inherit" }).output();
  await Deno.remove(bin);
  Deno.exit(code);
} else if (mode === "--check") {
  const tmp = await Deno.makeTempFile({ suffix: ".wasm" });
  await rustc(wasmArgs(tmp));
  const [built, committed] = await Promise.all([
    Deno.readFile(tmp),
    Deno.readFile(`${root}/${OUT}`),
  ]);
  await Deno.remove(tmp);
  const same = built.length === committed.length && built.every((b, i) => b === committed[i]);
  if (!same) {
    console.error(
      `core-wasm/core.wasm differs from its source (built ${built.length} bytes, committed ${committed.length}): run deno task build:wasm and commit`,
    );
    Deno.exit(1);
  }
  console.log(`core-wasm/core.wasm matches its source (${built.length} bytes)`);
} else {
  await rustc(wasmArgs(OUT));
  console.log(`built ${OUT} (${(await Deno.stat(`${root}/${OUT}`)).size} bytes)`);
}
