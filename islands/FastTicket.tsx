import { useEffect, useState } from "preact/hooks";
import { mulDiv, parseDecimal, SCALE } from "../core-wasm/mod.ts";
import { symbolOf } from "../edge/market/symbols.ts";
import {
  formatAmount,
  formatNumber,
  formatPct,
  formatPrice,
  toApiDecimal,
  uiLocale,
} from "../locales/format.ts";
import {
  type FastOption,
  type FastOrderJson,
  fastStakeRules,
  fieldErrors,
  RULE_TEXTS,
} from "../edge/platform/rules.ts";
import { api, toast } from "./lib/api.ts";
import { ConfirmBox, Field, fill, type Texts } from "./lib/fields.tsx";
import { useForm } from "./lib/form.ts";
import { useAvailable } from "./lib/live.ts";
import { subscribe } from "./lib/socket.ts";
import { shortfall, TOP_UP_TEXTS, TopUp } from "./lib/top_up.tsx";

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
  "verify.link",
  "app.confirm",
  "app.cancel",
  "validation.amountInvalid",
  "app.networkError",
  "app.timeout",
  ...RULE_TEXTS,
  ...TOP_UP_TEXTS,
] as const;

/** Fast-contract ticket: direction, duration, stake, confirmation, live countdown and result. */
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
  // the contract wallet's USDT, live from the balance events
  const [balance, setBalance] = useAvailable({
    "contract:USDT": available,
    "spot:USDT": spotAvailable,
  });
  const avail = parseDecimal(balance["contract:USDT"]);
  const spot = parseDecimal(balance["spot:USDT"]);
  /** the stake the contract wallet lacks and the spot wallet has (the transfer in place) */
  const [topUp, setTopUp] = useState<bigint | null>(null);
  const { errors, busy, check, send } = useForm(tx);
  const option = options.find((o) => o.duration === duration)!;

  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 500);
    const off = subscribe("user", (m) => {
      if (m.type !== "fast.settled") return;
      setOrders((cur) =>
        cur.map((o) => o.orderNo === m.order.orderNo ? { ...m.order, placedAt: o.placedAt } : o)
      );
    });
    return () => {
      clearInterval(timer);
      off();
    };
  }, []);

  const loc = uiLocale();
  const usdt = (v: bigint | string) => formatAmount(v, "USDT", loc);
  const px = (v: string) => formatPrice(v, symbolOf(symbol)?.priceDecimals ?? 2, loc);
  let expected = "";
  try {
    const s = parseDecimal(toApiDecimal(stake, loc), { maxDecimals: 2 });
    // the same maths as settlement: stake + stake x rate, rounded down (core)
    expected = usdt(s + mulDiv(s, parseDecimal(option.rate), SCALE, "down"));
  } catch { /* not a valid amount yet */ }

  function review(e: Event) {
    e.preventDefault();
    // the server's rules, checked before the confirmation box opens
    const failures = fastStakeRules({
      stake: toApiDecimal(stake, loc),
      min: option.min,
      max: option.max,
      available: avail,
    });
    const short = failures.length === 1 && failures[0]!.error === "INSUFFICIENT_BALANCE"
      ? shortfall(parseDecimal(toApiDecimal(stake, loc)), avail, spot)
      : null;
    // beyond the balance: the message stands, and a shortfall the spot wallet covers is offered
    setTopUp(short);
    if (!check(fieldErrors(failures, tx))) return;
    setKey(crypto.randomUUID());
    setConfirming(true);
  }

  async function place() {
    const env = await send<FastOrderJson>(
      "/api/fast/order",
      { symbol, direction, duration, stake: toApiDecimal(stake, loc), termsVersion },
      { headers: { "Idempotency-Key": key } },
    );
    setConfirming(false);
    if (env) {
      toast(tx["fast.placed"]!);
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
      const env = await api<{ items: FastOrderJson[] }>("/api/fast/orders?limit=20", {
        method: "GET",
      });
      if (env.code !== 0) return;
      const byNo = new Map(env.data.items.map((o) => [o.orderNo, o]));
      setOrders((cur) =>
        cur.map((o) => byNo.has(o.orderNo) ? { ...byNo.get(o.orderNo)!, placedAt: o.placedAt } : o)
      );
    }, 2000);
    return () => clearTimeout(id);
  });

  const result = (o: FastOrderJson) =>
    fill(tx[`fast.result_${o.outcome}`]!, { payout: usdt(o.payout ?? "0"), stake: usdt(o.stake) });

  return (
    <div class="ticket" data-testid="fast-ticket">
      <form class="form" onSubmit={review} noValidate>
        <div class="dir-row" role="group">
          {(["up", "down"] as const).map((d) => (
            <button
              key={d}
              type="button"
              class={`btn dir ${d} ${direction === d ? "on" : ""}`}
              aria-pressed={direction === d}
              onClick={() => {
                setDirection(d);
                setConfirming(false);
              }}
            >
              {tx[`fast.${d}`]}
            </button>
          ))}
        </div>
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
              setTopUp(null);
            }}
          />
        </Field>
        <p class="muted small">
          {fill(tx["fast.buyLimit"]!, { min: usdt(option.min), max: usdt(option.max) })}
        </p>
        <p class="muted small" data-testid="available">
          {fill(tx["fast.available"]!, { amount: usdt(avail) })}
        </p>
        {expected && (
          <p data-testid="fast-expected">{fill(tx["fast.expected"]!, { amount: expected })}</p>
        )}
        {topUp !== null && (
          <TopUp
            tx={tx}
            need={topUp}
            from="spot"
            to="contract"
            fromAvailable={spot}
            onMoved={(a) => {
              setBalance("spot:USDT", a.from);
              setBalance("contract:USDT", a.to);
              setTopUp(null);
              check({});
            }}
          />
        )}
        {confirming
          ? (
            <ConfirmBox
              testid="fast-confirm"
              tx={tx}
              busy={busy}
              text={fill(tx["fast.confirm"]!, {
                direction: tx[`fast.${direction}`]!,
                symbol: name,
                duration,
                stake: usdt(toApiDecimal(stake, loc)),
              })}
              onConfirm={place}
              onCancel={() => setConfirming(false)}
            />
          )
          : (
            <button type="submit" class="btn btn-primary btn-block" disabled={busy}>
              {tx["fast.place"]}
            </button>
          )}
      </form>
      <h3 class="section">{tx["fast.active"]}</h3>
      {orders.length === 0
        ? <p class="muted">{tx["fast.noActive"]}</p>
        : (
          <ul class="list" data-testid="fast-orders">
            {orders.map((o) => {
              const left = Math.max(
                0,
                Math.ceil((o.placedAt + o.duration * 1000 - Date.now()) / 1000),
              );
              return (
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
                    {o.status === "settled"
                      ? (
                        <>
                          <span
                            class={o.outcome === "win" ? "pos" : o.outcome === "lose" ? "neg" : ""}
                          >
                            {result(o)}
                          </span>
                          {verifyBase && (
                            <a
                              class="small verify-link"
                              href={`${verifyBase}${o.orderNo}`}
                              data-testid="verify-link"
                            >
                              {tx["verify.link"]}
                            </a>
                          )}
                        </>
                      )
                      : left > 0
                      ? fill(tx["fast.countdown"]!, { s: left })
                      : tx["fast.settling"]}
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      <p class="muted small">{tx["fast.transferHint"]}</p>
    </div>
  );
}
