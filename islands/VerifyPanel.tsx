import { useEffect, useState } from "preact/hooks";
import {
  type Finding,
  FINDING_KEYS,
  type Report,
  verifySettlement,
} from "../contract/settlement_check.ts";
import type { SettlementJson } from "../contract/settlements.ts";
import type { TapeItem } from "../contract/settlement_check.ts";
import { formatAmount, formatPrice, uiLocale } from "../locales/format.ts";
import { api, customer, envelopeOf, toast } from "./lib/api.ts";
import { fill, type Texts } from "./lib/fields.tsx";
import { CLOSE_REASON_TEXTS } from "./lib/positions.tsx";

export const VERIFY_TEXTS = [
  "verify.checking",
  "verify.verified",
  "verify.mismatch",
  "verify.unrecorded",
  "verify.failed",
  "verify.retry",
  "verify.hashed",
  "verify.share",
  "verify.shareHint",
  "verify.shareCopied",
  "verify.shareFailed",
  "verify.shareLink",
  "verify.findings",
  "verify.tick_entry",
  "verify.tick_exit",
  "verify.tick_fill",
  "verify.tick_trigger",
  "verify.result_win",
  "verify.result_lose",
  "verify.result_tie",
  "verify.result_refund",
  ...CLOSE_REASON_TEXTS,
  "verify.reason_none",
  "verify.field_time",
  "verify.field_price",
  ...FINDING_KEYS,
] as const;

type State =
  | { kind: "checking" }
  | { kind: "failed" }
  | { kind: "done"; report: Report };

/** What the tape serves: `GET /api/tape/{symbol}?from=&to=` (public, no session). */
function tapeReader(symbol: string) {
  return async (from: number, to: number): Promise<TapeItem[]> => {
    const params = { path: { symbol }, query: { from, to, limit: 1000 } };
    const env = envelopeOf(await customer.GET("/tape/{symbol}", { params }));
    if (env.code !== 0) throw new Error(`tape ${env.code}`);
    return env.data.items;
  };
}

/**
 * The browser's own check of a settlement against the public tape (contract/settlement_check.ts): the
 * verdict, what was checked, and (for the owner) the share link.
 */
export default function VerifyPanel(
  { settlement: s, tx, priceDecimals, owner }: {
    settlement: SettlementJson;
    tx: Texts;
    priceDecimals: number;
    /** the owner may share the settlement (a visitor holds the link already) */
    owner: boolean;
  },
) {
  const [state, setState] = useState<State>({ kind: "checking" });
  const [round, setRound] = useState(0);
  const [link, setLink] = useState<string | null>(null);
  const loc = uiLocale();

  useEffect(() => {
    let live = true;
    setState({ kind: "checking" });
    verifySettlement(s, tapeReader(s.symbol))
      .then((report) => live && setState({ kind: "done", report }))
      .catch(() => live && setState({ kind: "failed" }));
    return () => {
      live = false;
    };
  }, [round]);

  /** A finding's parameters for display: prices, amounts, tick labels, outcomes, reasons. */
  const words = (f: Finding): Record<string, string | number> => {
    const p: Record<string, string | number> = { ...f.params };
    for (const k of ["price", "tape"]) {
      if (typeof p[k] === "string") p[k] = formatPrice(p[k] as string, priceDecimals, loc);
    }
    for (const k of ["payout", "storedPayout", "stake", "pnl", "storedPnl", "fee", "storedFee"]) {
      if (typeof p[k] === "string") p[k] = formatAmount(p[k] as string, "USDT", loc);
    }
    if (f.key === "verify.f.tickDiffers" && p.field === "price") {
      p.stored = formatPrice(String(p.stored), priceDecimals, loc);
    }
    if (typeof p.field === "string") p.field = tx[`verify.field_${p.field}`] ?? p.field;
    if (typeof p.label === "string") p.label = tx[`verify.tick_${p.label}`] ?? p.label;
    for (const k of ["result", "storedResult"]) {
      if (typeof p[k] === "string") p[k] = tx[`verify.result_${p[k]}`] ?? p[k];
    }
    for (const k of ["reason", "got"]) {
      if (typeof p[k] === "string") {
        p[k] = p[k] === "none" ? tx["verify.reason_none"]! : tx[`contract.reason_${p[k]}`] ?? p[k];
      }
    }
    return p;
  };

  const share = async () => {
    const path = { orderNo: s.orderNo };
    const env = await api((c) => c.POST("/settlements/{orderNo}/share", { params: { path } }));
    if (env.code !== 0) return toast(tx["verify.shareFailed"]!, "error");
    setLink(env.data.url);
    try {
      await navigator.clipboard.writeText(env.data.url);
      toast(tx["verify.shareCopied"]!);
    } catch {
      // no clipboard (an insecure origin): the link is shown to copy by hand
    }
  };

  const verdict = state.kind === "done" ? state.report.verdict : state.kind;
  const headline = state.kind === "checking"
    ? tx["verify.checking"]
    : state.kind === "failed"
    ? tx["verify.failed"]
    : tx[`verify.${state.report.verdict}`];
  const tone = verdict === "verified" ? "ok" : verdict === "checking" ? "" : "bad";
  return (
    <section class="card stack verify-panel" data-testid="verify-panel">
      <p
        class={`verify-verdict ${tone}`}
        role="status"
        aria-live="polite"
        data-testid="verify-verdict"
        data-verdict={verdict}
      >
        <span aria-hidden="true" class="verify-mark">
          {verdict === "verified" ? "✓" : verdict === "checking" ? "…" : "!"}
        </span>
        {headline}
      </p>
      {state.kind === "done" && (
        <>
          <ul
            class="verify-findings"
            data-testid="verify-findings"
            aria-label={tx["verify.findings"]}
          >
            {state.report.findings.map((f, i) => (
              <li key={i} class={`finding ${f.level}`} data-level={f.level}>
                <span aria-hidden="true" class="verify-mark">
                  {f.level === "ok" ? "✓" : f.level === "bad" ? "✗" : "i"}
                </span>
                <span>{fill(tx[f.key] ?? f.key, words(f))}</span>
              </li>
            ))}
          </ul>
          {state.report.hashed > 0 && (
            <p class="muted small">{fill(tx["verify.hashed"]!, { n: state.report.hashed })}</p>
          )}
        </>
      )}
      {state.kind === "failed" && (
        <button
          type="button"
          class="btn btn-small"
          onClick={() => setRound(round + 1)}
        >
          {tx["verify.retry"]}
        </button>
      )}
      {owner && (
        <div class="stack verify-share">
          <button
            type="button"
            class="btn btn-primary"
            data-testid="verify-share"
            onClick={share}
          >
            {tx["verify.share"]}
          </button>
          <p class="muted small">{tx["verify.shareHint"]}</p>
          {link && (
            <label class="field">
              <span>{tx["verify.shareLink"]}</span>
              <input
                readOnly
                value={link}
                data-testid="share-url"
                onFocus={(e) => (e.currentTarget as HTMLInputElement).select()}
              />
            </label>
          )}
        </div>
      )}
    </section>
  );
}
