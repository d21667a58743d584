import { useState } from "preact/hooks";
import { customer, envelopeOf } from "./lib/api.ts";
import { fill, type Texts } from "./lib/fields.tsx";
import { parseDecimal } from "../core-wasm/mod.ts";
import { currencyDecimals, formatNumber, uiLocale } from "../locales/format.ts";
import type { LiabilitiesProof } from "../contract/liabilities.ts";
import { checkProof, MOVE_SLACK_MS, ownSums, ownVerdict } from "../contract/liabilities_check.ts";
import {
  POL_CURRENCIES,
  type PolCurrency,
  sha256Hex,
  type Sums,
} from "../contract/liabilities_tree.ts";

export const LIABILITY_CHECK_TEXTS = [
  "liabilities.check",
  "liabilities.checking",
  "liabilities.yes",
  "liabilities.no",
  "liabilities.notMine",
  "liabilities.moved",
  "liabilities.yourBalances",
  "liabilities.balancesNow",
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
  | {
    kind: "yes" | "notMine" | "moved";
    proof: LiabilitiesProof;
    own: Sums;
    ms: number;
    leaves: string[];
  }
  | { kind: "no" }
  | { kind: "error"; message: string };

/**
 * "Check my balance": fetch the customer's proof and check it here in the browser
 * (contract/liabilities_check.ts, on the server's own tree code): every share's leaf rebuilt from
 * the signed-in customer's OWN id (`userId`, from the page's session, never from the reply),
 * each path up to the root and totals on the page, the shares summing to the balances claimed.
 * Then the claimed balances are set against the customer's own (the assets' totals, both
 * wallets): equal, "these are not your balances" when they differ although the account's
 * history shows no movement since the balances were read (`balancesAt`), or a plain note that
 * money moved since then.
 */
export default function LiabilityCheck(
  { tx, mode, userId, epoch, root, totals, balancesAt, balancesAtText, login }: {
    tx: Texts;
    mode: "signedOut" | "demo" | "live";
    /** the signed-in customer's id (the session's) */
    userId: string;
    epoch: string;
    root: string;
    totals: Record<PolCurrency, string>;
    /** when the epoch read the balances (ms), and that time as the page shows it */
    balancesAt: number;
    balancesAtText: string;
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

  const failed = (message: string): Result => ({
    kind: "error",
    message: message === "network" || message === "timeout" ? tx["app.networkError"]! : message,
  });

  async function check() {
    setBusy(true);
    setResult(null);
    try {
      const env = envelopeOf(await customer.GET("/liabilities/proof"));
      if (env.code !== 0) return setResult(failed(env.message));
      const proof = env.data;
      if (proof.epoch !== epoch) {
        return setResult({ kind: "error", message: tx["liabilities.newerEpoch"]! });
      }
      const t0 = performance.now();
      const v = await checkProof(sha256Hex, userId, proof, { epoch, root, totals });
      const ms = performance.now() - t0;
      if (!v.ok) return setResult({ kind: "no" });
      // the customer's own figures: what the assets page shows, and the newest movement
      const [assets, flow] = await Promise.all([
        customer.GET("/account/assets").then(envelopeOf),
        customer.GET("/account/flow", { params: { query: { limit: 1 } } }).then(envelopeOf),
      ]);
      if (assets.code !== 0) return setResult(failed(assets.message));
      if (flow.code !== 0) return setResult(failed(flow.message));
      const own = ownSums(
        assets.data.rows.map((r) => ({ currency: r.currency, units: parseDecimal(r.total) })),
      );
      const newest = flow.data.items[0]?.at ?? 0;
      const verdict = ownVerdict(v.balances, own, newest >= balancesAt - MOVE_SLACK_MS);
      setResult({
        kind: verdict === "mine" ? "yes" : verdict,
        proof,
        own,
        ms,
        leaves: v.leaves,
      });
    } catch {
      setResult({ kind: "no" });
    } finally {
      setBusy(false);
    }
  }

  const amounts = (testid: string, get: (c: PolCurrency) => bigint) => (
    <ul class="pol-amounts">
      {POL_CURRENCIES.map((c) => (
        <li key={c} class="row-between">
          <span>{c}</span>
          <span class="num" data-testid={`${testid}-${c}`}>{exactAmount(get(c), c, loc)}</span>
        </li>
      ))}
    </ul>
  );

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
      {result?.kind === "no" && (
        <div class="card stack pol-no" role="alert" data-testid="pol-result" data-result="no">
          <strong class="pol-verdict">{tx["liabilities.no"]}</strong>
        </div>
      )}
      {result && result.kind !== "error" && result.kind !== "no" && (
        <div
          class={`card stack ${result.kind === "notMine" ? "pol-no" : "pol-yes"}`}
          role={result.kind === "notMine" ? "alert" : "status"}
          data-testid="pol-result"
          data-result={result.kind}
        >
          <strong class="pol-verdict">
            {result.kind === "yes"
              ? tx["liabilities.yes"]
              : result.kind === "notMine"
              ? tx["liabilities.notMine"]
              : fill(tx["liabilities.moved"]!, { time: balancesAtText })}
          </strong>
          <span class="muted small">{tx["liabilities.yourBalances"]}</span>
          {amounts("pol-bal", (c) => BigInt(result.proof.balances[c]))}
          {result.kind !== "yes" && (
            <>
              <span class="muted small">{tx["liabilities.balancesNow"]}</span>
              {amounts("pol-own", (c) => result.own[c])}
            </>
          )}
          <span class="muted small" data-testid="pol-steps">
            {fill(tx["liabilities.steps"]!, {
              shares: String(result.proof.shares.length),
              steps: String(result.proof.shares[0]?.path.length ?? 0),
              ms: result.ms.toFixed(1),
            })}
          </span>
          <span class="muted small">{tx["liabilities.leaf"]}</span>
          <ul class="pol-leaves" data-testid="pol-leaves-own">
            {result.leaves.map((l) => (
              <li key={l}>
                <code class="pol-hash">{l}</code>
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
