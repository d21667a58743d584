import { useState } from "preact/hooks";
import { send } from "./lib/api.ts";
import { fill, type Texts } from "./lib/fields.tsx";
import { currencyDecimals, formatNumber, uiLocale } from "../locales/format.ts";
import type { LiabilitiesProof } from "../edge/liabilities/schemas.ts";
import {
  POL_CURRENCIES,
  type PolCurrency,
  rootOfPath,
  sha256Hex,
  sumsEqual,
  sumsFromWire,
} from "../edge/liabilities/tree.ts";

export const LIABILITY_CHECK_TEXTS = [
  "liabilities.check",
  "liabilities.checking",
  "liabilities.yes",
  "liabilities.no",
  "liabilities.yourBalances",
  "liabilities.steps",
  "liabilities.newerEpoch",
  "liabilities.signInToCheck",
  "liabilities.demoCannotCheck",
  "liabilities.leaf",
  "app.networkError",
] as const;

/**
 * An amount in units of 10^-8, exactly (a proof shows every digit): the currency's usual
 * decimals, more when the amount has them.
 */
export function exactAmount(units: bigint, currency: string, locale: string): string {
  let frac = units % 100_000_000n, digits = 8;
  if (frac < 0n) frac = -frac;
  while (digits > 0 && frac % 10n === 0n) {
    frac /= 10n;
    digits--;
  }
  return formatNumber(units, Math.max(digits, currencyDecimals(currency)), locale);
}

type Result =
  | { kind: "yes" | "no"; proof: LiabilitiesProof; ms: number; leaf: string }
  | { kind: "error"; message: string };

/**
 * "Check my balance": fetch the customer's proof, recompute their leaf and every node up to the
 * root here in the browser (the server's own tree code, edge/liabilities/tree.ts) and compare
 * with the root and totals on the page.
 */
export default function LiabilityCheck(
  { tx, mode, epoch, root, totals, login }: {
    tx: Texts;
    mode: "signedOut" | "demo" | "live";
    epoch: string;
    root: string;
    totals: Record<PolCurrency, string>;
    login: string;
  },
) {
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<Result | null>(null);
  const loc = uiLocale();

  if (mode === "signedOut") {
    return (
      <p class="notice" data-testid="pol-sign-in">
        <a href={login}>{tx["liabilities.signInToCheck"]}</a>
      </p>
    );
  }
  if (mode === "demo") {
    return <p class="notice" data-testid="pol-demo">{tx["liabilities.demoCannotCheck"]}</p>;
  }

  async function check() {
    setBusy(true);
    setResult(null);
    try {
      const { env } = await send<LiabilitiesProof>("/api/liabilities/proof", {
        method: "GET",
        token: localStorage.getItem("Authorization"),
      });
      if (env.code !== 0) {
        setResult({
          kind: "error",
          message: env.message === "network" || env.message === "timeout"
            ? tx["app.networkError"]!
            : env.message,
        });
        return;
      }
      const proof = env.data;
      if (proof.epoch !== epoch) {
        setResult({ kind: "error", message: tx["liabilities.newerEpoch"]! });
        return;
      }
      const t0 = performance.now();
      const out = await rootOfPath(sha256Hex, {
        epoch: proof.epoch,
        userId: proof.userId,
        salt: proof.salt,
        balances: sumsFromWire(proof.balances),
        path: proof.path.map((p) => ({
          side: p.side,
          hash: p.hash,
          sums: sumsFromWire(p),
        })),
      });
      const ok = out.root.hash === root && sumsEqual(out.root.sums, sumsFromWire(totals));
      setResult({ kind: ok ? "yes" : "no", proof, ms: performance.now() - t0, leaf: out.leaf });
    } catch {
      setResult({ kind: "error", message: tx["liabilities.no"]! });
    } finally {
      setBusy(false);
    }
  }

  return (
    <div class="stack" data-testid="pol-check">
      <button
        class="btn btn-primary"
        type="button"
        disabled={busy}
        onClick={check}
        data-testid="pol-check-btn"
      >
        {busy ? tx["liabilities.checking"] : tx["liabilities.check"]}
      </button>
      {result?.kind === "error" && (
        <p class="notice warn" role="alert" data-testid="pol-error">{result.message}</p>
      )}
      {result && result.kind !== "error" && (
        <div
          class={result.kind === "yes" ? "card stack pol-yes" : "card stack pol-no"}
          role="status"
          data-testid="pol-result"
          data-result={result.kind}
        >
          <strong class="pol-verdict">
            {result.kind === "yes" ? tx["liabilities.yes"] : tx["liabilities.no"]}
          </strong>
          <span class="muted small">{tx["liabilities.yourBalances"]}</span>
          <ul class="pol-amounts">
            {POL_CURRENCIES.map((c) => (
              <li key={c} class="row-between">
                <span>{c}</span>
                <span class="num" data-testid={`pol-bal-${c}`}>
                  {exactAmount(BigInt(result.proof.balances[c]), c, loc)}
                </span>
              </li>
            ))}
          </ul>
          <span class="muted small" data-testid="pol-steps">
            {fill(tx["liabilities.steps"]!, {
              steps: String(result.proof.path.length),
              ms: result.ms.toFixed(1),
            })}
          </span>
          <span class="muted small">
            {tx["liabilities.leaf"]} <code class="pol-hash">{result.leaf}</code>
          </span>
        </div>
      )}
    </div>
  );
}
