import { useEffect, useState } from "preact/hooks";
import { envelopeOf, visitor } from "./lib/api.ts";
import type { Texts } from "./lib/fields.tsx";
import { fill } from "./lib/fields.tsx";
import { formatNumber, formatPrice } from "../locales/format.ts";
import { subscribe } from "./lib/socket.ts";
import type { TapeTradeJson } from "../contract/realtime.ts";

export const TRADES_TEXTS = [
  "trades.title",
  "trades.time",
  "trades.price",
  "trades.size",
  "trades.up",
  "trades.down",
  "trades.empty",
  "trades.seq",
  "trades.verify",
] as const;

/** Rows kept: what a phone shows without scrolling far. */
const KEEP = 20;

type Move = "up" | "down" | "flat";

/** The newest `KEEP` trades of `rows` merged into `cur` (by seq, newest first, no repeats). */
function merge(cur: TapeTradeJson[], rows: TapeTradeJson[]): TapeTradeJson[] {
  const bySeq = new Map(cur.map((r) => [r.seq, r]));
  for (const r of rows) bySeq.set(r.seq, r);
  return [...bySeq.values()].sort((a, b) => b.seq - a.seq).slice(0, KEEP);
}

/**
 * Each trade's move against the one before it on the tape (an equal price keeps the previous
 * move, as exchanges colour their trade lists); the oldest shown has nothing to compare.
 */
function moves(rows: TapeTradeJson[]): Move[] {
  const out: Move[] = new Array(rows.length).fill("flat");
  for (let i = rows.length - 2; i >= 0; i--) {
    const d = Number(rows[i]!.price) - Number(rows[i + 1]!.price);
    out[i] = d > 0 ? "up" : d < 0 ? "down" : out[i + 1]!;
  }
  return out;
}

/**
 * Recent trades of a symbol from its public tape (`GET /api/tape/{symbol}`), then live from the
 * `tape:<symbol>` channel: time, price, size and the direction of the move. A tap on a trade
 * shows its sequence number on the hash-chained tape and links to its Verify view, where the
 * browser recomputes its hash from the one before it.
 */
export default function RecentTrades(
  { symbol, priceDecimals, qtyDecimals, locale, tx, verifyBase }: {
    symbol: string;
    /** the Verify view of a trade: its tape number follows */
    verifyBase: string;
    priceDecimals: number;
    qtyDecimals: number;
    locale: string;
    tx: Texts;
  },
) {
  const [rows, setRows] = useState<TapeTradeJson[]>([]);
  const [open, setOpen] = useState<number | null>(null);
  const [ready, setReady] = useState(false);
  useEffect(() => {
    // live from the newest trade read on: those in between are replayed
    let off: (() => void) | undefined, gone = false;
    visitor.GET("/tape/{symbol}", { params: { path: { symbol }, query: { limit: KEEP } } }).then(
      (r) => {
        const env = envelopeOf(r);
        if (env.code !== 0) return undefined;
        setRows((cur) => merge(cur, env.data.items));
        return env.data.items.reduce<number | undefined>(
          (m, x) => Math.max(m ?? 0, x.seq),
          undefined,
        );
      },
    ).catch(() => undefined).then((after) => {
      setReady(true);
      if (!gone) {
        off = subscribe(`tape:${symbol}`, (b) => setRows((cur) => merge(cur, b.ticks)), after);
      }
    });
    return () => {
      gone = true;
      off?.();
    };
  }, [symbol]);

  const time = new Intl.DateTimeFormat(locale, {
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
    hourCycle: "h23",
  });
  const dir = moves(rows);
  return (
    <section class="card trades" data-testid="recent-trades" data-ready={ready ? "yes" : ""}>
      <h2 class="section">{tx["trades.title"]}</h2>
      {rows.length === 0
        ? <p class="muted small">{ready ? tx["trades.empty"] : "…"}</p>
        : (
          <table class="trades-table">
            <thead>
              <tr>
                <th scope="col">{tx["trades.time"]}</th>
                <th scope="col" class="num">{tx["trades.price"]}</th>
                <th scope="col" class="num">{tx["trades.size"]}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r, i) => {
                const move = dir[i]!;
                const shown = open === r.seq;
                return [
                  <tr
                    key={r.seq}
                    class={`trade ${move}`}
                    data-seq={r.seq}
                    data-move={move}
                    tabIndex={0}
                    aria-expanded={shown}
                    onClick={() => setOpen(shown ? null : r.seq)}
                    onKeyDown={(e) => {
                      if (e.key === "Enter" || e.key === " ") {
                        e.preventDefault();
                        setOpen(shown ? null : r.seq);
                      }
                    }}
                  >
                    <td class="muted">{time.format(new Date(r.time))}</td>
                    <td class="num price">
                      {formatPrice(r.price, priceDecimals, locale)}
                      {move !== "flat" && (
                        <span class="move" aria-label={tx[`trades.${move}`]}>
                          {move === "up" ? "▲" : "▼"}
                        </span>
                      )}
                    </td>
                    <td class="num">{formatNumber(r.qty, qtyDecimals, locale)}</td>
                  </tr>,
                  shown && (
                    <tr key={`${r.seq}-seq`} class="trade-seq" data-testid="trade-seq">
                      <td colSpan={3}>
                        {fill(tx["trades.seq"]!, { seq: r.seq })}{" "}
                        <a href={`${verifyBase}${r.seq}`} data-testid="trade-verify">
                          {tx["trades.verify"]}
                        </a>
                      </td>
                    </tr>
                  ),
                ];
              })}
            </tbody>
          </table>
        )}
    </section>
  );
}
