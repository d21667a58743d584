import { useEffect, useState } from "preact/hooks";
import { tickHash } from "../contract/chain.ts";
import { parseDecimal } from "../core-wasm/decimal.ts";
import { formatNumber, formatPrice, formatTime, uiLocale } from "../locales/format.ts";
import { apiHref, envelopeOf, visitor } from "./lib/api.ts";
import { fill, type Texts } from "./lib/fields.tsx";

export const TAPE_VERIFY_TEXTS = [
  "tapeVerify.seq",
  "tapeVerify.time",
  "tapeVerify.price",
  "tapeVerify.qty",
  "tapeVerify.hash",
  "tapeVerify.prevHash",
  "tapeVerify.checking",
  "tapeVerify.verified",
  "tapeVerify.broken",
  "tapeVerify.failed",
  "tapeVerify.since",
  "tapeVerify.raw",
  "tapeVerify.checkpoints",
] as const;

interface TapeItem {
  seq: number;
  time: number;
  price: string;
  qty: string;
  hash: string;
}

type State =
  | { kind: "checking" }
  | { kind: "failed" }
  | { kind: "done"; tick: TapeItem; prevHash: string; expected: string; head: number };

/**
 * The Verify view of one trade of the tape: the browser reads the tick and the hash before it
 * from the public tape (`GET /api/tape/{symbol}?from=n&to=n`) and recomputes its hash with the
 * chain's own module (edge/market/chain.ts), so the customer sees that this trade is the one
 * the chain (and the signed checkpoints over it) commits to.
 */
export default function TapeVerify(
  { symbol, seq, priceDecimals, qtyDecimals, tx }: {
    symbol: string;
    seq: number;
    priceDecimals: number;
    qtyDecimals: number;
    tx: Texts;
  },
) {
  const [state, setState] = useState<State>({ kind: "checking" });
  const loc = uiLocale();
  const params = { path: { symbol }, query: { from: seq, to: seq } };
  const raw = apiHref("/tape/{symbol}", params);
  useEffect(() => {
    visitor.GET("/tape/{symbol}", { params }).then((r) => {
      const env = envelopeOf(r);
      const tick = env.code === 0 ? env.data.items[0] : undefined;
      if (!tick || tick.seq !== seq || env.data.prevHash === null) {
        return setState({ kind: "failed" });
      }
      const prevHash = env.data.prevHash;
      const expected = tickHash(
        prevHash,
        tick.seq,
        tick.time,
        parseDecimal(tick.price),
        parseDecimal(tick.qty),
      );
      setState({ kind: "done", tick, prevHash, expected, head: env.data.head.seq });
    }).catch(() => setState({ kind: "failed" }));
  }, []);

  if (state.kind !== "done") {
    return (
      <section class="card" data-testid="tape-verify" data-state={state.kind}>
        <p class={state.kind === "failed" ? "neg" : "muted"} role="status">
          {tx[`tapeVerify.${state.kind}`]}
        </p>
      </section>
    );
  }
  const { tick, prevHash, expected, head } = state;
  const ok = expected === tick.hash;
  return (
    <section class="card stack" data-testid="tape-verify" data-state={ok ? "verified" : "broken"}>
      <p class={ok ? "pos" : "neg"} role="status">
        <strong>{tx[ok ? "tapeVerify.verified" : "tapeVerify.broken"]}</strong>
      </p>
      <dl class="dl">
        <dt>{tx["tapeVerify.seq"]}</dt>
        <dd data-testid="tape-seq">{tick.seq}</dd>
        <dt>{tx["tapeVerify.time"]}</dt>
        <dd>{formatTime(tick.time, loc)}</dd>
        <dt>{tx["tapeVerify.price"]}</dt>
        <dd class="fig">{formatPrice(tick.price, priceDecimals, loc)}</dd>
        <dt>{tx["tapeVerify.qty"]}</dt>
        <dd class="fig">{formatNumber(tick.qty, qtyDecimals, loc)}</dd>
        <dt>{tx["tapeVerify.prevHash"]}</dt>
        <dd class="hash">
          <code>{prevHash}</code>
        </dd>
        <dt>{tx["tapeVerify.hash"]}</dt>
        <dd class="hash">
          <code>{tick.hash}</code>
        </dd>
      </dl>
      <p class="muted small">
        {fill(tx["tapeVerify.since"]!, { n: Math.max(0, head - tick.seq) })}
      </p>
      <p class="links small">
        <a href={raw}>{tx["tapeVerify.raw"]}</a> ·{" "}
        <a href={apiHref("/checkpoints")}>
          {tx["tapeVerify.checkpoints"]}
        </a>
      </p>
    </section>
  );
}
