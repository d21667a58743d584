/**
 * A customer's leveraged positions and pending orders with their actions, shared by the mobile
 * ticket (under the form) and the desktop panel (under the chart). Every confirmation says what
 * will happen in figures before it happens: a close, a close-and-reverse and "close all" show
 * the last price and the estimated P&L, fee and what comes back, computed by the core's
 * `closeLeg` (the function the settlement uses), so they add up (margin + P&L - fee = receive);
 * after a close the realized P&L is the server's. A position's own orders are edited here too:
 * stop-loss / take-profit, the trailing stop and the one-cancels-other pair.
 */
import type { ComponentChildren } from "preact";
import { useEffect, useState } from "preact/hooks";
import { closeLeg, formatDecimal, parseDecimal } from "../../core-wasm/mod.ts";
import {
  formatMoney,
  formatNumber,
  formatPrice,
  toApiDecimal,
  uiLocale,
} from "../../locales/format.ts";
import type { PositionActionReplyJson, PositionJson } from "../../contract/trading.ts";
import {
  fieldErrors,
  ocoRules,
  positiveAmount,
  stopRules,
  trailingRules,
} from "../../contract/rules.ts";
import { allowedActions, type PositionAction } from "../../contract/actions.ts";
import { api, type Call, type CallResult, toast } from "./api.ts";
import { ConfirmBox, Field, fill, PercentSlider, plural, type Texts } from "./fields.tsx";
import { useForm } from "./form.ts";
import { type PositionMarket, PositionSummary } from "./positions.tsx";
import { subscribe } from "./socket.ts";

export const POSITION_LIST_TEXTS = [
  "contract.close",
  "contract.closeAll",
  "contract.confirmCloseAll",
  "contract.closeLots",
  "contract.estPrice",
  "contract.estPnl",
  "contract.closeFee",
  "contract.marginBack",
  "contract.receive",
  "contract.reverseThen",
  "contract.closedPnl",
  "contract.reverse",
  "contract.hedge",
  "contract.cancelOrder",
  "contract.chase",
  "contract.confirmAction",
  "contract.done",
  "contract.notReversed",
  "contract.tpsl",
  "contract.confirmStops",
  "contract.stopsSaved",
  "contract.clearHint",
  "contract.stopsDropped",
  "contract.stopLoss",
  "contract.takeProfit",
  "contract.trailing",
  "contract.callbackRate",
  "contract.trailingHint",
  "contract.trailingShown",
  "contract.confirmTrailing",
  "contract.trailingSaved",
  "contract.oco",
  "contract.ocoHint",
  "contract.ocoLots",
  "contract.ocoShown",
  "contract.confirmOco",
  "contract.ocoSaved",
  "contract.long",
  "contract.short",
  "contract.percentOf",
] as const;

/** Records changed by one island of the page, for the others (the ticket and the panel). */
const CHANGED = "tw:positions";

/**
 * The customer's open (pending and holding) positions of `symbol`, newest first, kept current
 * from the socket's position events and from the other islands of the page; `apply` merges
 * records the server sent back (closed and cancelled ones leave; `onDone` hears of them).
 */
export function usePositions(
  initial: PositionJson[],
  symbol: string,
  onDone?: (p: PositionJson) => void,
) {
  const [positions, setPositions] = useState(initial);
  const merge = (changed: (PositionJson | null | undefined)[]) =>
    setPositions((cur) => {
      let next = cur;
      for (const u of changed) {
        if (!u?.orderNo || u.symbol !== symbol) continue;
        next = next.filter((p) => p.orderNo !== u.orderNo);
        if (u.status === "holding" || u.status === "pending") next = [u, ...next];
        else onDone?.(u);
      }
      return next;
    });
  useEffect(() => {
    const off = subscribe("user", (m) => {
      if (m.type === "position") merge([m.position]);
    });
    const heard = (e: Event) => merge((e as CustomEvent<PositionJson[]>).detail);
    addEventListener(CHANGED, heard);
    return () => {
      off();
      removeEventListener(CHANGED, heard);
    };
  }, []);
  /** records this island got back: merged here and told to the page's other islands */
  const apply = (changed: (PositionJson | null | undefined)[]) => {
    const list = changed.filter((p): p is PositionJson => !!p);
    merge(list);
    dispatchEvent(new CustomEvent(CHANGED, { detail: list }));
  };
  return [positions, apply] as const;
}

type Editor = "tpsl" | "trailing" | "oco";
type Dialog =
  | { kind: "close"; id: string; pct: number }
  | { kind: "reverse" | "hedge" | "cancel" | "chase"; id: string }
  | { kind: "closeAll" }
  | { kind: "edit"; id: string; editor: Editor };

const ACTION_LABEL: Record<PositionAction | Editor, string> = {
  close: "contract.close",
  reverse: "contract.reverse",
  hedge: "contract.hedge",
  cancel: "contract.cancelOrder",
  chase: "contract.chase",
  tpsl: "contract.tpsl",
  trailing: "contract.trailing",
  oco: "contract.oco",
};

/** Lots for a share (25/50/75/100 %) of `lots`: rounded down, at least 1. */
export function lotsFor(pct: number, lots: number): number {
  return Math.max(1, Math.floor(lots * pct / 100));
}

/** What closing `lots` of `p` at `price` would do, by the core (null without a price). */
export function closeEstimate(p: PositionJson, lots: number, price: string | null) {
  if (!price) return null;
  try {
    return closeLeg(
      {
        side: p.side,
        qty: parseDecimal(p.qty),
        margin: parseDecimal(p.margin),
        entry: parseDecimal(p.openPrice),
        feeRate: parseDecimal(p.feeRate),
        lots: p.lots,
      },
      lots,
      parseDecimal(price),
    );
  } catch {
    return null;
  }
}

type Estimate = NonNullable<ReturnType<typeof closeEstimate>>;

/** The estimate's figures: price, P&L, fee, margin back, receive (they add up). */
function EstimateFigures(
  { e, price, priceDecimals, tx }: {
    e: Pick<Estimate, "pnl" | "closeFee" | "margin" | "payout">;
    price: string;
    priceDecimals: number;
    tx: Texts;
  },
) {
  const loc = uiLocale();
  const usdt = (v: bigint, sign = false) => formatMoney(v, "USDT", loc, { sign });
  return (
    <dl class="dl" data-testid="close-estimate">
      <dt>{tx["contract.estPrice"]}</dt>
      <dd class="fig" data-testid="est-price">≈ {formatPrice(price, priceDecimals, loc)}</dd>
      <dt>{tx["contract.estPnl"]}</dt>
      <dd class={`fig ${e.pnl < 0n ? "neg" : "pos"}`} data-testid="est-pnl">
        {usdt(e.pnl, true)}
      </dd>
      <dt>{tx["contract.closeFee"]}</dt>
      <dd class="fig" data-testid="est-fee">{usdt(-e.closeFee, true)}</dd>
      <dt>{tx["contract.marginBack"]}</dt>
      <dd class="fig" data-testid="est-margin">{usdt(e.margin)}</dd>
      <dt>{tx["contract.receive"]}</dt>
      <dd class="fig" data-testid="est-receive">
        <strong>{usdt(e.payout > 0n ? e.payout : 0n)}</strong>
      </dd>
    </dl>
  );
}

export function PositionList(
  { positions, price, priceDecimals, mmr, feeRate, name, tx, onChange, testid = "positions" }:
    & PositionMarket
    & {
      positions: PositionJson[];
      /** the symbol's name (the close-all confirmation) */
      name: string;
      /** records the server sent back (each replaces its older copy; closed ones leave) */
      onChange: (changed: (PositionJson | null | undefined)[]) => void;
      testid?: string;
    },
) {
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [key, setKey] = useState("");
  const [busy, setBusy] = useState(false);
  /** the values being edited: stops, trailing rate (percent), pair */
  const [edit, setEdit] = useState({
    stopLoss: "",
    takeProfit: "",
    rate: "",
    lots: "",
  });
  const form = useForm(tx);
  const loc = uiLocale();
  const dec = (v: string) => toApiDecimal(v, loc);
  const px = (v: bigint | string | null) => v === null ? "-" : formatPrice(v, priceDecimals, loc);
  const usdt = (v: bigint | string, sign = false) => formatMoney(v, "USDT", loc, { sign });
  const holding = positions.filter((p) => p.status === "holding");

  function open(d: Dialog, p?: PositionJson) {
    setKey(crypto.randomUUID());
    form.check({});
    if (p) {
      // in the customer's own number format, as they would type it; the pair's levels, or the
      // position's stops
      const pair = d.kind === "edit" && d.editor === "oco";
      const sl = pair ? p.oco?.stopLoss : p.stopLoss, tp = pair ? p.oco?.takeProfit : p.takeProfit;
      setEdit({
        stopLoss: sl ? px(sl) : "",
        takeProfit: tp ? px(tp) : "",
        rate: p.trailing
          ? formatNumber(parseDecimal(p.trailing.callbackRate) * 100n, 2, loc, { trim: true })
          : "",
        lots: String(p.oco?.lots ?? p.lots),
      });
    }
    setDialog(d);
  }

  /** the realized P&L of what a reply closed (the server's figure, less what was realized before) */
  function realized(before: PositionJson | undefined, after: PositionJson | null | undefined) {
    if (!before || !after) return 0n;
    return parseDecimal(after.realizedPnl) - parseDecimal(before.realizedPnl);
  }

  async function act(p: PositionJson, what: PositionAction, lots?: number) {
    const params = { path: { id: p.orderNo }, header: { "idempotency-key": key } };
    setBusy(true);
    const part = what === "close" && lots !== undefined && lots < p.lots ? { lots } : {};
    const env = await api((c) =>
      what === "cancel" || what === "chase"
        ? c.POST(`/contract/orders/{id}/${what}`, { params, body: {} })
        : what === "close"
        ? c.POST("/contract/positions/{id}/close", { params, body: part })
        : c.POST(`/contract/positions/{id}/${what}`, { params, body: {} })
    );
    setBusy(false);
    setDialog(null);
    if (env.code !== 0) return toast(env.message, "error");
    // a position (close, cancel, chase) or what reverse and hedge did (closed, opened)
    const data = env.data as PositionJson & Partial<PositionActionReplyJson>;
    const closedNow = what === "close" ? data : what === "reverse" ? data.closed : null;
    if (what === "reverse" && data.reversed === false) {
      toast(tx["contract.notReversed"]!, "error");
    } else if (
      what === "chase" &&
      ((p.stopLoss && !data.stopLoss) || (p.takeProfit && !data.takeProfit))
    ) {
      // filled at the market: a level now on the wrong side of the fill price was removed
      toast(tx["contract.stopsDropped"]!, "error");
    } else if (closedNow) {
      toast(fill(tx["contract.closedPnl"]!, { pnl: usdt(realized(p, closedNow), true) }));
    } else toast(tx["contract.done"]!);
    onChange(what === "reverse" || what === "hedge" ? [data.closed, data.opened] : [data]);
  }

  /** Close every holding position shown, one request each (each its own idempotency key). */
  async function closeAll() {
    setBusy(true);
    let pnl = 0n;
    const changed: PositionJson[] = [];
    for (const p of holding) {
      const params = {
        path: { id: p.orderNo },
        header: { "idempotency-key": `${key}:${p.orderNo}` },
      };
      const env = await api((c) => c.POST("/contract/positions/{id}/close", { params, body: {} }));
      if (env.code !== 0) {
        toast(env.message, "error");
        continue;
      }
      pnl += realized(p, env.data);
      changed.push(env.data);
    }
    setBusy(false);
    setDialog(null);
    if (changed.length) toast(fill(tx["contract.closedPnl"]!, { pnl: usdt(pnl, true) }));
    onChange(changed);
  }

  /** Save the editor's orders: stops, trailing stop or pair (empty: removed). */
  async function save(p: PositionJson, editor: Editor) {
    const level = (v: string) => v.trim() ? positiveAmount(dec(v), priceDecimals) : null;
    const market = price ? parseDecimal(price) : null;
    const params = { path: { id: p.orderNo } };
    let call: Call<CallResult & { data?: { data: PositionJson } }>;
    let saved = "contract.stopsSaved";
    // an empty pair is removed: no form to answer, only a toast when it fails
    const remove = editor === "oco" && !edit.stopLoss.trim() && !edit.takeProfit.trim();
    if (editor === "tpsl") {
      const body = {
        stopLoss: edit.stopLoss.trim() ? dec(edit.stopLoss) : null,
        takeProfit: edit.takeProfit.trim() ? dec(edit.takeProfit) : null,
      };
      const failures = market === null ? [] : stopRules(p.side, market, {
        stopLoss: level(edit.stopLoss),
        takeProfit: level(edit.takeProfit),
      }, priceDecimals);
      if (!form.check(fieldErrors(failures, tx))) return;
      call = (c) => c.POST("/contract/positions/{id}/tpsl", { params, body });
    } else if (editor === "trailing") {
      saved = "contract.trailingSaved";
      // typed in percent, sent as a fraction
      const pct = edit.rate.trim() ? positiveAmount(dec(edit.rate), 2) : null;
      const rate = pct === null ? (edit.rate.trim() ? "-" : null) : formatDecimal(pct / 100n);
      const errs = rate === null ? {} : fieldErrors(trailingRules(rate), tx);
      if (!form.check(errs)) return;
      const body = { callbackRate: rate };
      call = (c) => c.POST("/contract/positions/{id}/trailing", { params, body });
    } else {
      saved = "contract.ocoSaved";
      if (remove) {
        call = (c) => c.DELETE("/contract/positions/{id}/oco", { params });
      } else {
        const lots = Number(edit.lots);
        const failures = ocoRules({
          side: p.side,
          lots,
          held: p.lots,
          stopLoss: level(edit.stopLoss),
          takeProfit: level(edit.takeProfit),
          market,
          priceDecimals,
        });
        if (!form.check(fieldErrors(failures, tx))) return;
        const body = { lots, stopLoss: dec(edit.stopLoss), takeProfit: dec(edit.takeProfit) };
        call = (c) => c.POST("/contract/positions/{id}/oco", { params, body });
      }
    }
    const env = remove ? await api(call) : await form.send(call);
    if (!env || env.code !== 0) {
      if (env) toast(env.message, "error");
      return; // the field errors and the toast are shown; the editor stays open
    }
    setDialog(null);
    toast(tx[saved]!);
    onChange([env.data]);
  }

  const editorOf = (p: PositionJson, editor: Editor) => {
    const input = (k: "stopLoss" | "takeProfit" | "rate" | "lots", label: string) => (
      <Field
        key={k}
        id={`${k}-${p.orderNo}`}
        label={label}
        error={form.errors[k === "rate" ? "callbackRate" : k]}
      >
        <input
          id={`${k}-${p.orderNo}`}
          name={k}
          inputMode={k === "lots" ? "numeric" : "decimal"}
          value={edit[k]}
          maxLength={20}
          onInput={(e) => {
            setEdit({ ...edit, [k]: e.currentTarget.value });
            form.edited(k === "rate" ? "callbackRate" : k);
          }}
        />
      </Field>
    );
    const text = editor === "tpsl"
      ? fill(tx["contract.confirmStops"]!, {
        stopLoss: edit.stopLoss.trim() ? px(dec(edit.stopLoss)) : "-",
        takeProfit: edit.takeProfit.trim() ? px(dec(edit.takeProfit)) : "-",
      })
      : editor === "trailing"
      ? fill(tx["contract.confirmTrailing"]!, { rate: edit.rate.trim() || "-" })
      : fill(tx["contract.confirmOco"]!, {
        lots: plural(tx, "format.lotCount", Number(edit.lots) || 0, loc),
        stopLoss: edit.stopLoss.trim() ? px(dec(edit.stopLoss)) : "-",
        takeProfit: edit.takeProfit.trim() ? px(dec(edit.takeProfit)) : "-",
      });
    return (
      <div class="form" data-testid={editor === "tpsl" ? "stops-editor" : `${editor}-editor`}>
        <p class="muted small">
          {editor === "trailing"
            ? tx["contract.trailingHint"]
            : editor === "oco"
            ? tx["contract.ocoHint"]
            : tx["contract.clearHint"]}
        </p>
        {editor === "trailing"
          ? input("rate", tx["contract.callbackRate"]!)
          : (
            <div class={editor === "oco" ? "three" : "two"}>
              {editor === "oco" && input("lots", tx["contract.ocoLots"]!)}
              {input("stopLoss", tx["contract.stopLoss"]!)}
              {input("takeProfit", tx["contract.takeProfit"]!)}
            </div>
          )}
        <ConfirmBox
          testid={editor === "tpsl" ? "stops-confirm" : `${editor}-confirm`}
          tx={tx}
          busy={form.busy}
          text={text}
          onConfirm={() => save(p, editor)}
          onCancel={() => setDialog(null)}
          inline
        />
      </div>
    );
  };

  /** "Close this position?" and the like: the confirmation of one action on a position */
  const actionBox = (
    kind: keyof typeof ACTION_LABEL,
    onConfirm: () => void,
    children?: ComponentChildren,
  ) => (
    <ConfirmBox
      testid="action-confirm"
      tx={tx}
      busy={busy}
      text={fill(tx["contract.confirmAction"]!, { action: tx[ACTION_LABEL[kind]]! })}
      onConfirm={onConfirm}
      onCancel={() => setDialog(null)}
    >
      {children}
    </ConfirmBox>
  );

  const dialogOf = (p: PositionJson) => {
    const d = dialog;
    if (!d || d.kind === "closeAll" || d.id !== p.orderNo) return null;
    if (d.kind === "edit") return editorOf(p, d.editor);
    if (d.kind === "close" || d.kind === "reverse") {
      const lots = d.kind === "close" ? lotsFor(d.pct, p.lots) : p.lots;
      const e = closeEstimate(p, lots, price);
      return actionBox(
        d.kind,
        () => act(p, d.kind, lots),
        <>
          {d.kind === "close" && p.lots > 1 && (
            <PercentSlider
              id={`close-pct-${p.orderNo}`}
              label={fill(tx["contract.closeLots"]!, {
                lots: plural(tx, "format.lotCount", lots, loc),
              })}
              value={d.pct}
              tx={tx}
              onChange={(pct) => setDialog({ ...d, pct })}
            />
          )}
          {e && price && (
            <EstimateFigures e={e} price={price} priceDecimals={priceDecimals} tx={tx} />
          )}
          {d.kind === "reverse" && (
            <p class="muted small">
              {fill(tx["contract.reverseThen"]!, {
                lots: plural(tx, "format.lotCount", p.lots, loc),
                side: tx[`contract.${p.side === "long" ? "short" : "long"}`]!,
              })}
            </p>
          )}
        </>,
      );
    }
    return actionBox(d.kind, () => act(p, d.kind));
  };

  // close all: the sum of every holding position's estimate
  const all = dialog?.kind === "closeAll"
    ? holding.map((p) => closeEstimate(p, p.lots, price)).reduce<Estimate | null>(
      (sum, e) =>
        sum && e
          ? {
            ...sum,
            pnl: sum.pnl + e.pnl,
            closeFee: sum.closeFee + e.closeFee,
            margin: sum.margin + e.margin,
            payout: sum.payout + (e.payout > 0n ? e.payout : 0n),
          }
          : null,
      { qty: 0n, pnl: 0n, closeFee: 0n, margin: 0n, payout: 0n },
    )
    : null;

  return (
    <>
      {holding.length > 1 && (
        <div class="row list-tools">
          <button
            type="button"
            class="btn btn-small btn-ghost"
            onClick={() => open({ kind: "closeAll" })}
          >
            {tx["contract.closeAll"]}
          </button>
        </div>
      )}
      {holding.length > 1 && dialog?.kind === "closeAll" && (
        <ConfirmBox
          testid="close-all-confirm"
          tx={tx}
          busy={busy}
          text={fill(tx["contract.confirmCloseAll"]!, { symbol: name })}
          onConfirm={closeAll}
          onCancel={() => setDialog(null)}
        >
          {all && price && (
            <EstimateFigures e={all} price={price} priceDecimals={priceDecimals} tx={tx} />
          )}
        </ConfirmBox>
      )}
      <ul class="list" data-testid={testid}>
        {positions.map((p) => (
          <li key={p.orderNo} class="record" data-side={p.side} data-status={p.status}>
            <PositionSummary
              p={p}
              price={price}
              priceDecimals={priceDecimals}
              mmr={mmr}
              feeRate={feeRate}
              tx={tx}
            />
            {/* an editor takes the actions' place; a confirmation opens over them */}
            {!(dialog?.kind === "edit" && dialog.id === p.orderNo) && (
              <div class="row actions">
                {allowedActions("position", p).map((a) => (
                  <button
                    key={a}
                    type="button"
                    class="btn btn-small btn-ghost"
                    onClick={() =>
                      open(
                        a === "tpsl" || a === "trailing" || a === "oco"
                          ? { kind: "edit", id: p.orderNo, editor: a }
                          : a === "close"
                          ? { kind: "close", id: p.orderNo, pct: 100 }
                          : { kind: a, id: p.orderNo },
                        p,
                      )}
                  >
                    {tx[ACTION_LABEL[a]]}
                  </button>
                ))}
              </div>
            )}
            {dialogOf(p)}
          </li>
        ))}
      </ul>
    </>
  );
}
