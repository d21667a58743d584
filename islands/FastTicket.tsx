import { useEffect, useState } from "preact/hooks";
import { mulDiv, parseDecimal, SCALE } from "../core-wasm/mod.ts";
import { symbolOf } from "../contract/symbols.ts";
import {
  formatAmount,
  formatNumber,
  formatPct,
  formatPrice,
  toApiDecimal,
  uiLocale,
} from "../locales/format.ts";
import { fastStakeRules, fieldErrors, RULE_TEXTS } from "../contract/rules.ts";
import type { FastOption, FastOrderJson } from "../contract/trading.ts";
import { api, toast } from "./lib/api.ts";
import { ConfirmBox, Field, fill, SideChoice, type Texts } from "./lib/fields.tsx";
import { useForm } from "./lib/form.ts";
import { useAvailable } from "./lib/live.ts";
import { subscribe } from "./lib/socket.ts";
import { TOP_UP_TEXTS, useTopUp } from "./lib/top_up.tsx";
import { publishLines } from "./lib/chart_lines.ts";

export const FAST_TEXTS = [
  "fast.up",
  "fast.down",
  "fast.duration",
  "fast.durationPayout",
  "fast.seconds",
  "fast.payoutRate",
  "fast.stake",
  "fast.buyLimit",
  "fast.available",
  "fast.expected",
  "fast.place",
  "fast.confirm",
  "fast.placed",
  "fast.active",
  "fast.noActive",
  "fast.countdown",
  "fast.settling",
  "fast.result_win",
  "fast.result_lose",
  "fast.result_tie",
  "fast.result_refund",
  "fast.entry",
  "fast.exit",
  "fast.transferHint",
  "fast.presets",
  "fast.repeat",
  "fast.repeatWhat",
  "fast.payoutSum",
  "fast.resultTitle_win",
  "fast.resultTitle_lose",
  "fast.resultTitle_tie",
  "fast.resultTitle_refund",
  "fast.payout",
  "fast.entryTick",
  "fast.exitTick",
  "fast.tickSeq",
  "fast.noExit",
  "fast.dismiss",
  "fast.settledList",
  "verify.link",
  "app.confirm",
  "app.cancel",
  "validation.amountInvalid",
  "app.networkError",
  "app.timeout",
  ...RULE_TEXTS,
  ...TOP_UP_TEXTS,
] as const;

/** Stakes offered as one-tap presets (those within the duration's buy limit). */
const PRESETS = ["10", "50", "100", "200", "500", "1000"];

/** What "repeat last trade" places again, remembered per symbol on this device. */
interface LastTrade {
  direction: "up" | "down";
  duration: number;
  stake: string;
}
const lastKey = (symbol: string) => `tw-fast-last:${symbol}`;
function loadLast(symbol: string): LastTrade | null {
  try {
    const v = JSON.parse(localStorage.getItem(lastKey(symbol)) ?? "null");
    return v && (v.direction === "up" || v.direction === "down") &&
        typeof v.duration === "number" && typeof v.stake === "string"
      ? v
      : null;
  } catch {
    return null;
  }
}

/**
 * Fast-contract ticket: direction, duration, stake (typed or a preset), "repeat last trade",
 * a confirmation that shows the payout at this rate (stake + stake x rate, rounded down as the
 * core settles), open orders with a live countdown (each also drawn on the chart as its entry
 * line, counting down to expiry), and at expiry a result card (won / lost / tie, payout, entry
 * and exit tick with their tape sequence numbers, Verify); settled orders leave the open list
 * for the settled one.
 */
export default function FastTicket(
  {
    symbol,
    name,
    options,
    tx,
    available,
    spotAvailable = "0",
    open: initialOpen,
    direction: preset,
    verifyBase,
    termsVersion,
  }: {
    /** the product terms' version these options come from (sent with the order) */
    termsVersion?: number;
    symbol: string;
    name: string;
    options: FastOption[];
    tx: Texts;
    available: string;
    /** the spot wallet's USDT: a stake the contract wallet cannot cover is moved from it */
    spotAvailable?: string;
    open: FastOrderJson[];
    /** Preselected from the product page (`?direction=`). */
    direction?: "up" | "down";
    /** where a settled order's Verify view is (the order number follows) */
    verifyBase?: string;
  },
) {
  const [direction, setDirection] = useState<"up" | "down">(preset ?? "up");
  const [duration, setDuration] = useState(options[0]!.duration);
  const [stake, setStake] = useState(options[0]!.min);
  const [confirming, setConfirming] = useState(false);
  const [key, setKey] = useState("");
  const [orders, setOrders] = useState<(FastOrderJson & { placedAt: number })[]>(
    initialOpen.map((o) => ({ ...o, placedAt: o.createTime })),
  );
  const [, setNow] = useState(Date.now());
  /** the order whose result card is shown (the latest settled of this visit) */
  const [result, setResult] = useState<string | null>(null);
  const [last, setLast] = useState<LastTrade | null>(null);
  useEffect(() => setLast(loadLast(symbol)), [symbol]);
  // the contract wallet's USDT, live from the balance events
  const [balance, setBalance] = useAvailable({
    "contract:USDT": available,
    "spot:USDT": spotAvailable,
  });
  const avail = parseDecimal(balance["contract:USDT"]);
  const { errors, busy, check, send } = useForm(tx);
  /** the stake the contract wallet lacks and the spot wallet has (the transfer in place) */
  const topUp = useTopUp(tx, "contract", [balance, setBalance], () => check({}));
  const option = options.find((o) => o.duration === duration)!;

  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 500);
    const off = subscribe("user", (m) => {
      if (m.type !== "fast.settled") return;
      setOrders((cur) => {
        if (!cur.some((o) => o.orderNo === m.order.orderNo)) return cur;
        setResult(m.order.orderNo);
        return cur.map((o) =>
          o.orderNo === m.order.orderNo ? { ...m.order, placedAt: o.placedAt } : o
        );
      });
    });
    return () => {
      clearInterval(timer);
      off();
    };
  }, []);

  const loc = uiLocale();
  const usdt = (v: bigint | string) => formatAmount(v, "USDT", loc);
  const px = (v: string) => formatPrice(v, symbolOf(symbol)?.priceDecimals ?? 2, loc);
  let expected = "", payoutSum = "";
  try {
    const s = parseDecimal(toApiDecimal(stake, loc), { maxDecimals: 2 });
    // the same maths as settlement: stake + stake x rate, rounded down (core)
    const profit = mulDiv(s, parseDecimal(option.rate), SCALE, "down");
    expected = usdt(s + profit);
    payoutSum = fill(tx["fast.payoutSum"]!, {
      stake: usdt(s),
      profit: usdt(profit),
      rate: formatPct(option.rate, loc, { sign: false, trim: true }),
      payout: expected,
    });
  } catch { /* not a valid amount yet */ }

  function review(e: Event) {
    e.preventDefault();
    // the server's rules, checked before the confirmation box opens
    open(stake, option);
  }

  /** Check the stake against the option's limits and the balance; then confirm. */
  function open(stake: string, option: FastOption) {
    const failures = fastStakeRules({
      stake: toApiDecimal(stake, loc),
      min: option.min,
      max: option.max,
      available: avail,
    });
    // beyond the balance: the message stands, and a shortfall the spot wallet covers is offered
    topUp.offer(
      failures.length === 1 && failures[0]!.error === "INSUFFICIENT_BALANCE"
        ? parseDecimal(toApiDecimal(stake, loc))
        : null,
    );
    if (!check(fieldErrors(failures, tx))) return;
    setKey(crypto.randomUUID());
    setConfirming(true);
  }

  async function place() {
    const body = { symbol, direction, duration, stake: toApiDecimal(stake, loc), termsVersion };
    const header = { "idempotency-key": key };
    const env = await send((c) => c.POST("/fast/order", { body, params: { header } }));
    setConfirming(false);
    if (env) {
      toast(tx["fast.placed"]!);
      const trade = { direction, duration, stake };
      setLast(trade);
      try {
        localStorage.setItem(lastKey(symbol), JSON.stringify(trade));
      } catch { /* private mode: remembered for this page only */ }
      // on a phone the chart is above the ticket: bring it into view with the entry line
      if (matchMedia("(max-width: 900px)").matches) {
        document.querySelector('[data-testid="chart-card"]')?.scrollIntoView({ block: "start" });
      }
      setOrders((cur) => [{ ...env.data, placedAt: Date.now() }, ...cur].slice(0, 10));
    }
  }

  // If the socket missed a settlement, ask the server once an order is overdue.
  useEffect(() => {
    const overdue = orders.some((o) =>
      o.status === "open" && Date.now() > o.placedAt + o.duration * 1000 + 3000
    );
    if (!overdue) return;
    const id = setTimeout(async () => {
      const env = await api((c) => c.GET("/fast/orders", { params: { query: { limit: 20 } } }));
      if (env.code !== 0) return;
      const byNo = new Map(env.data.items.map((o) => [o.orderNo, o]));
      const settled = orders.find((o) =>
        o.status === "open" && byNo.get(o.orderNo)?.status === "settled"
      );
      if (settled) setResult(settled.orderNo);
      setOrders((cur) =>
        cur.map((o) => byNo.has(o.orderNo) ? { ...byNo.get(o.orderNo)!, placedAt: o.placedAt } : o)
      );
    }, 2000);
    return () => clearTimeout(id);
  });

  // the open contracts on this symbol: entry lines on the chart, counting down to expiry
  useEffect(() =>
    publishLines(
      "fast",
      symbol,
      orders.filter((o) => o.status === "open" && o.symbol === symbol).map((o) => ({
        id: o.orderNo,
        kind: "fast",
        price: o.entry.price,
        label: `${tx[`fast.${o.direction}`]} ${usdt(o.stake)}`,
        expiresAt: o.placedAt + o.duration * 1000,
      })),
    ), [orders]);

  const outcomeText = (o: FastOrderJson) =>
    fill(tx[`fast.result_${o.outcome}`]!, { payout: usdt(o.payout ?? "0"), stake: usdt(o.stake) });
  const outcomeClass = (o: FastOrderJson) =>
    o.outcome === "win" ? "pos" : o.outcome === "lose" ? "neg" : "";
  const tickLine = (k: { price: string; seq?: number } | null) =>
    k === null
      ? tx["fast.noExit"]
      : k.seq === undefined
      ? px(k.price)
      : fill(tx["fast.tickSeq"]!, { price: px(k.price), seq: k.seq });
  const verify = (o: FastOrderJson) =>
    verifyBase && (
      <a class="small verify-link" href={`${verifyBase}${o.orderNo}`} data-testid="verify-link">
        {tx["verify.link"]}
      </a>
    );
  const repeat = () => {
    if (!last) return;
    const opt = options.find((o) => o.duration === last.duration);
    if (!opt) return;
    setDirection(last.direction);
    setDuration(last.duration);
    setStake(last.stake);
    open(last.stake, opt);
  };
  // the result card comes into view when it appears
  useEffect(() => {
    if (result) {
      document.querySelector('[data-testid="fast-result"]')?.scrollIntoView({ block: "nearest" });
    }
  }, [result]);
  const open_ = orders.filter((o) => o.status === "open");
  const settled = orders.filter((o) => o.status === "settled");
  const card = orders.find((o) => o.orderNo === result && o.status === "settled");

  return (
    <div class="ticket" data-testid="fast-ticket">
      {card && (
        <section
          class={`card result-card ${card.outcome}`}
          data-testid="fast-result"
          data-outcome={card.outcome ?? ""}
          role="status"
        >
          <h2 class={outcomeClass(card)}>{tx[`fast.resultTitle_${card.outcome}`]}</h2>
          <dl class="dl">
            <dt>{tx["fast.payout"]}</dt>
            <dd class="fig" data-testid="result-payout">{usdt(card.payout ?? "0")} USDT</dd>
            <dt>{tx["fast.entryTick"]}</dt>
            <dd data-testid="result-entry" data-seq={card.entry.seq ?? ""}>
              {tickLine(card.entry)}
            </dd>
            <dt>{tx["fast.exitTick"]}</dt>
            <dd data-testid="result-exit" data-seq={card.exit?.seq ?? ""}>
              {tickLine(card.exit)}
            </dd>
          </dl>
          <div class="row">
            {verify(card)}
            <button type="button" class="btn btn-ghost btn-small" onClick={() => setResult(null)}>
              {tx["fast.dismiss"]}
            </button>
          </div>
        </section>
      )}
      <form class="form" onSubmit={review} noValidate>
        <SideChoice
          options={["up", "down"] as const}
          value={direction}
          label={(d) => tx[`fast.${d}`]!}
          onChange={(d) => {
            setDirection(d);
            setConfirming(false);
          }}
        />
        <p class="muted small">{tx["fast.durationPayout"]}</p>
        <div class="chips" role="group" aria-label={tx["fast.duration"]}>
          {options.map((o) => (
            <button
              key={o.duration}
              type="button"
              class={o.duration === duration ? "chip-btn on" : "chip-btn"}
              aria-pressed={o.duration === duration}
              onClick={() => {
                setDuration(o.duration);
                setConfirming(false);
              }}
            >
              {/* each on one line: the caption above names the payout, the tile shows its rate */}
              <strong class="nowrap">{fill(tx["fast.seconds"]!, { n: o.duration })}</strong>
              <span
                class="nowrap"
                title={fill(tx["fast.payoutRate"]!, {
                  rate: formatNumber(parseDecimal(o.rate) * 100n, 0, loc),
                })}
              >
                {formatPct(o.rate, loc, { sign: false, trim: true })}
              </span>
            </button>
          ))}
        </div>
        <Field id="stake" label={tx["fast.stake"]!} error={errors.stake}>
          <input
            id="stake"
            inputMode="decimal"
            value={stake}
            maxLength={16}
            aria-invalid={errors.stake ? true : undefined}
            aria-describedby={errors.stake ? "stake-error" : undefined}
            onInput={(e) => {
              setStake(e.currentTarget.value);
              setConfirming(false);
              topUp.offer(null);
            }}
          />
        </Field>
        <div class="presets" role="group" aria-label={tx["fast.presets"]} data-testid="presets">
          {PRESETS.filter((p) =>
            parseDecimal(p) >= parseDecimal(option.min) &&
            parseDecimal(p) <= parseDecimal(option.max)
          ).map((p) => (
            <button
              key={p}
              type="button"
              class={toApiDecimal(stake, loc) === p ? "ind-chip on" : "ind-chip"}
              aria-pressed={toApiDecimal(stake, loc) === p}
              onClick={() => {
                setStake(formatNumber(p, 0, loc));
                setConfirming(false);
              }}
            >
              {formatNumber(p, 0, loc)}
            </button>
          ))}
        </div>
        <p class="muted small">
          {fill(tx["fast.buyLimit"]!, { min: usdt(option.min), max: usdt(option.max) })}
        </p>
        <p class="muted small" data-testid="available">
          {fill(tx["fast.available"]!, { amount: usdt(avail) })}
        </p>
        {expected && (
          <p data-testid="fast-expected">{fill(tx["fast.expected"]!, { amount: expected })}</p>
        )}
        {topUp.view}
        <div class="row">
          <button type="submit" class="btn btn-primary grow" disabled={busy}>
            {tx["fast.place"]}
          </button>
          {last && (
            <button
              type="button"
              class="btn btn-ghost"
              data-testid="fast-repeat"
              title={fill(tx["fast.repeatWhat"]!, {
                direction: tx[`fast.${last.direction}`]!,
                duration: last.duration,
                stake: last.stake,
              })}
              onClick={repeat}
            >
              {tx["fast.repeat"]}
            </button>
          )}
        </div>
        {/* the confirmation opens over the ticket; focus comes back to what opened it */}
        {confirming && (
          <ConfirmBox
            testid="fast-confirm"
            tx={tx}
            busy={busy}
            text={`${
              fill(tx["fast.confirm"]!, {
                direction: tx[`fast.${direction}`]!,
                symbol: name,
                duration,
                stake: usdt(toApiDecimal(stake, loc)),
              })
            } ${payoutSum}`}
            onConfirm={place}
            onCancel={() => setConfirming(false)}
          />
        )}
      </form>
      <h2 class="section">{tx["fast.active"]}</h2>
      {open_.length === 0
        ? <p class="muted">{tx["fast.noActive"]}</p>
        : (
          <ul class="list" data-testid="fast-orders">
            {open_.map((o) => {
              const left = Math.max(
                0,
                Math.ceil((o.placedAt + o.duration * 1000 - Date.now()) / 1000),
              );
              return (
                <li key={o.orderNo} class="flow-row" data-status={o.status}>
                  <div class="grow">
                    <strong>{tx[`fast.${o.direction}`]}</strong> {usdt(o.stake)} USDT
                    <div class="muted small">
                      {fill(tx["fast.entry"]!, { price: px(o.entry.price) })}
                    </div>
                  </div>
                  <div class="num">
                    {left > 0 ? fill(tx["fast.countdown"]!, { s: left }) : tx["fast.settling"]}
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      {settled.length > 0 && (
        <>
          <h2 class="section">{tx["fast.settledList"]}</h2>
          <ul class="list" data-testid="fast-settled">
            {settled.map((o) => (
              <li
                key={o.orderNo}
                class="flow-row"
                data-status={o.status}
                data-outcome={o.outcome ?? ""}
              >
                <div class="grow">
                  <strong>{tx[`fast.${o.direction}`]}</strong> {usdt(o.stake)} USDT
                  <div class="muted small">
                    {fill(tx["fast.entry"]!, { price: px(o.entry.price) })}
                    {o.exit && <>· {fill(tx["fast.exit"]!, { price: px(o.exit.price) })}</>}
                  </div>
                </div>
                <div class="num">
                  <span class={outcomeClass(o)}>{outcomeText(o)}</span>
                  {verify(o)}
                </div>
              </li>
            ))}
          </ul>
        </>
      )}
      <p class="muted small">{tx["fast.transferHint"]}</p>
    </div>
  );
}
