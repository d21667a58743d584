/**
 * A leveraged position in the ticket's list: what it is, its live P&L (or, for a pending limit
 * order, its distance from the market) and its figures. The figures come from the same core
 * functions the server settles with, at the last price.
 */
import { parseDecimal, position } from "../../core-wasm/mod.ts";
import type { PositionJson } from "../../contract/trading.ts";
import { liqPath, ratioAt } from "../../contract/margin_ratio.ts";
import {
  formatMoney,
  formatNumber,
  formatPct,
  formatPrice,
  symbolName,
  uiLocale,
} from "../../locales/format.ts";
import { fill, OrderNo, plural, type Texts } from "./fields.tsx";

/** A holding position's live figures at `price` (null without a price). */
export function livePosition(
  p: PositionJson,
  price: string | null,
  rates: { mmr: string; feeRate: string },
) {
  if (!price) return null;
  try {
    return position({
      side: p.side,
      qty: parseDecimal(p.qty),
      entry: parseDecimal(p.openPrice),
      leverage: p.leverage,
      mmr: parseDecimal(rates.mmr),
      feeRate: parseDecimal(rates.feeRate),
    }, parseDecimal(price));
  } catch {
    return null;
  }
}

/**
 * A position's margin ratio at `price`, as the liquidation warning measures it (the share of the
 * way from the entry to the liquidation price); null without a price, for a hedged leg (its
 * group's ratio involves the other legs) or without a level.
 */
export function marginRatioOf(p: PositionJson, price: string | null): bigint | null {
  if (!price || p.hedged) return null;
  const path = liqPath(
    [{ side: p.side, qty: parseDecimal(p.qty), entry: parseDecimal(p.openPrice) }],
    parseDecimal(p.liquidationPrice),
  );
  return path && ratioAt(path, parseDecimal(price));
}

type LiquidationText =
  | "contract.liquidation"
  | "risk.groupLiquidation"
  | "risk.noLevel"
  | "risk.hedged";

/**
 * A holding leg's liquidation price, term and figure (in the ticket's list and the position
 * records): a hedged leg shows its group's level under the group's name, or "none" when the group
 * has no level ("0": equal lots, whose P&L cancels), and a row of its own saying that the legs are
 * liquidated together.
 */
export function LiquidationTerms(
  { p, px, text }: {
    p: Pick<PositionJson, "hedged" | "liquidationPrice">;
    px: (v: string) => string;
    text: (key: LiquidationText) => string;
  },
) {
  return (
    <>
      <dt>{text(p.hedged ? "risk.groupLiquidation" : "contract.liquidation")}</dt>
      <dd class="fig" data-testid="liquidation">
        {p.liquidationPrice !== "0"
          ? px(p.liquidationPrice)
          : p.hedged
          ? text("risk.noLevel")
          : "-"}
      </dd>
      {p.hedged && (
        <dd class="muted small hedged-note" data-testid="hedged">{text("risk.hedged")}</dd>
      )}
    </>
  );
}

/** What a position's live figures are worked out and shown with (the ticket and the panel pass it on). */
export interface PositionMarket {
  /** the last price, null until the first tick */
  price: string | null;
  priceDecimals: number;
  mmr: string;
  feeRate: string;
  tx: Texts;
}

/** The texts a position's summary shows (the ticket and the panel ship them). */
export const POSITION_TEXTS = [
  "contract.openPrice",
  "contract.lots",
  "contract.margin",
  "contract.marginRatio",
  "contract.roe",
  "contract.pnl",
  "contract.pending",
  "contract.limitPrice",
  "contract.liquidation",
  "format.heldMargin",
  "format.heldFee",
  "format.distance",
  "format.lotCount_one",
  "format.lotCount_few",
  "format.lotCount_many",
  "format.lotCount_other",
] as const;

/** The texts of a closed position's reason (`contract.reason_<closeReason>`). */
export const CLOSE_REASON_TEXTS = [
  "contract.reason_manual",
  "contract.reason_stopLoss",
  "contract.reason_takeProfit",
  "contract.reason_trailingStop",
  "contract.reason_liquidation",
  "contract.reason_hedged",
] as const;

export function PositionSummary(
  { p, price, priceDecimals, mmr, feeRate, tx }: PositionMarket & { p: PositionJson },
) {
  const loc = uiLocale();
  const pending = p.status === "pending";
  // a pending order has no P&L: it is not filled
  const f = pending ? null : livePosition(p, price, { mmr, feeRate });
  const neg = f ? f.pnl < 0n : false;
  const ratio = pending ? null : marginRatioOf(p, price);
  const usdt = (v: bigint | string, sign = false) => formatMoney(v, "USDT", loc, { sign });
  const px = (v: bigint | string | null) => v === null ? "-" : formatPrice(v, priceDecimals, loc);
  /** a pending order's limit against the market: signed price gap and percentage */
  const distance = () => {
    if (!price) return "-";
    const gap = parseDecimal(p.openPrice) - parseDecimal(price);
    const pct = gap * 100_000_000n / parseDecimal(price);
    return `${formatNumber(gap, priceDecimals, loc, { sign: true })} (${formatPct(pct, loc)})`;
  };
  return (
    <>
      <div class="kv-row">
        <strong>
          {symbolName(p.symbol)} · {tx[`contract.${p.side}`]} · {p.leverage}x ·{" "}
          {plural(tx, "format.lotCount", p.lots, loc)}
          {pending && <span class="badge warn">{tx["contract.pending"]}</span>}
        </strong>
        {pending
          ? (
            <span class="fig" data-testid="distance" title={tx["format.distance"]}>
              {distance()}
            </span>
          )
          : (
            <span class={`fig ${neg ? "neg" : "pos"}`} data-testid="pnl">
              {f ? usdt(f.pnl, true) : "-"}
            </span>
          )}
      </div>
      {pending
        ? (
          <dl class="dl pos-dl" data-testid="pending-figures">
            <dt>{tx["contract.limitPrice"]}</dt>
            <dd class="fig">{px(p.openPrice)}</dd>
            <dt>{tx["contract.lots"]}</dt>
            <dd class="fig">{p.lots}</dd>
            <dt>{tx["format.heldMargin"]}</dt>
            <dd class="fig">{usdt(p.margin)}</dd>
            <dt>{tx["format.heldFee"]}</dt>
            <dd class="fig">{usdt(p.openFee)}</dd>
            <dt>{tx["format.distance"]}</dt>
            <dd class="fig">{distance()}</dd>
            <dt>{tx["contract.tpsl"]}</dt>
            <dd class="fig" data-testid="stops">
              {px(p.stopLoss)} / {px(p.takeProfit)}
            </dd>
          </dl>
        )
        : (
          <dl class="dl pos-dl">
            <dt>{tx["contract.openPrice"]}</dt>
            <dd class="fig">{px(p.openPrice)}</dd>
            <dt>{tx["contract.margin"]}</dt>
            <dd class="fig">{usdt(p.margin)}</dd>
            <LiquidationTerms p={p} px={px} text={(k) => tx[k] ?? k} />
            <dt>{tx["contract.roe"]}</dt>
            <dd class="fig">{f ? formatPct(f.roe, loc) : "-"}</dd>
            {ratio !== null && <dt>{tx["contract.marginRatio"]}</dt>}
            {ratio !== null && (
              <dd class="fig" data-testid="margin-ratio">
                {formatPct(ratio < 0n ? 0n : ratio, loc, { sign: false })}
              </dd>
            )}
            <dt>{tx["contract.tpsl"]}</dt>
            <dd class="fig" data-testid="stops">
              {px(p.stopLoss)} / {px(p.takeProfit)}
            </dd>
            {p.trailing && <dt>{tx["contract.trailing"]}</dt>}
            {p.trailing && (
              <dd class="fig" data-testid="trailing">
                {fill(tx["contract.trailingShown"] ?? "", {
                  rate: formatNumber(parseDecimal(p.trailing.callbackRate) * 100n, 2, loc, {
                    trim: true,
                  }),
                  price: px(p.trailing.fromPrice),
                })}
              </dd>
            )}
            {p.oco && <dt>{tx["contract.oco"]}</dt>}
            {p.oco && (
              <dd class="fig" data-testid="oco">
                {fill(tx["contract.ocoShown"] ?? "", {
                  lots: plural(tx, "format.lotCount", p.oco.lots, loc),
                  stopLoss: px(p.oco.stopLoss),
                  takeProfit: px(p.oco.takeProfit),
                })}
              </dd>
            )}
          </dl>
        )}
      <p class="muted small">
        <OrderNo id={p.orderNo} />
      </p>
    </>
  );
}
