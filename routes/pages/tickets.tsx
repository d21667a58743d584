/**
 * The order tickets (fast, contract, spot) as islands with the customer's balances and open
 * orders: shared by the market detail pages and the trading screens.
 */
import { formatDecimal } from "../../core-wasm/mod.ts";
import { LoginPrompt } from "../../components/blocks.tsx";
import type { Session } from "../../edge/customers/service.ts";
import { accountId, type Currency, user } from "../../edge/ledger/accounts.ts";
import { symbolOf } from "../../contract/symbols.ts";
import type { Ctx } from "../../edge/http/context.ts";
import type { PrivateRead } from "../../edge/platform/kv_round_trips.ts";
import { layoutOfPath } from "../../edge/platform/device.ts";
import { pickTexts } from "../../edge/platform/locale.ts";
import { Island } from "../../edge/render/island.tsx";
import { bracketsJson } from "../../edge/trading/contracts.ts";
import FastTicket, { FAST_TEXTS } from "../../islands/FastTicket.tsx";
import ContractTicket, { CONTRACT_TEXTS } from "../../islands/ContractTicket.tsx";
import ContractPanel, { PANEL_TEXTS } from "../../islands/ContractPanel.tsx";
import SpotTicket, { SPOT_TEXTS } from "../../islands/SpotTicket.tsx";
import { NotOffered, offers, presetOf } from "../../components/TradeNav.tsx";
import { restrictedProducts } from "../../edge/trading/jurisdictions.ts";
import { riskGate, TicketLossFigure } from "./risk.tsx";

/** In place of a ticket: closed to the customer's country (jurisdictions), or not offered. */
function notOffered(c: Ctx, product: "fast" | "leveraged") {
  const u = c.get("session")?.user;
  if (u && restrictedProducts(c.get("tenant"), u).includes(product)) {
    return <p class="notice" data-testid="restricted">{c.get("t")("errors.PRODUCT_RESTRICTED")}</p>;
  }
  return <NotOffered t={c.get("t")} />;
}

/**
 * The customer's orders a ticket of `product` lists under it, read with the session (a page's
 * `reads`: one round trip far from the store).
 */
export function ticketReads(product: "fast" | "leveraged" | "spot") {
  return (c: Ctx, userId: string): PrivateRead[] => {
    const { fast, spot, contracts } = c.get("deps");
    const t = c.get("tenant").id;
    if (product === "fast") return [fast.listReads(t, userId)];
    if (product === "spot") return [spot.listReads(t, userId)];
    return [contracts.listReads(t, userId)];
  };
}

export async function FastTicketIsland(
  { c, s, symbol }: { c: Ctx; s: Session | null; symbol: string },
) {
  // the tenant's product terms in force (what the order will be placed at)
  const terms = await c.get("deps").terms.shown(c.get("tenant").id);
  if (!offers(c.get("tenant"), terms.symbol(symbol)!, "fast")) return notOffered(c, "fast");
  if (!s) return <LoginPrompt t={c.get("t")} layout={c.get("mobile") ? "wp" : "pc"} />;
  // before the first trade: the loss figure, acknowledged
  const gate = await riskGate(c, s, "fast");
  if (gate) return gate;
  const { ledger, fast } = c.get("deps");
  const t = c.get("tenant").id;
  // both wallets' USDT were read with the session: the spot one pays a transfer in place
  const [b, spot] = await Promise.all([
    ledger.balance(t, user(s.userId, "contract", "USDT")),
    ledger.balance(t, user(s.userId, "spot", "USDT")),
  ]);
  const open = await fast.list(t, s.userId, { status: "open", limit: 10 });
  return (
    <>
      <Island
        of={FastTicket}
        props={{
          termsVersion: terms.version,
          symbol,
          name: symbolOf(symbol)!.name,
          options: terms.fastOptions,
          tx: pickTexts(c.get("t"), FAST_TEXTS),
          available: formatDecimal(b.available, 2),
          spotAvailable: formatDecimal(spot.available, 2),
          open: open.items,
          direction: presetOf<"up" | "down">((n) => c.req.query(n), "fast"),
          verifyBase: `/${layoutOfPath(c.req.path) ?? (c.get("mobile") ? "wp" : "pc")}/verify/`,
        }}
      />
      {await TicketLossFigure({ c, product: "fast" })}
      {/* the published outcomes of fast contracts (rates page), and how to check one */}
      <p class="muted small fairness-link">
        <a href="/page/rates#fairness-title" data-testid="fairness-link">
          {c.get("t")("content.fairnessLink")}
        </a>
      </p>
    </>
  );
}

export async function ContractTicketIsland(
  { c, s, symbol }: { c: Ctx; s: Session | null; symbol: string },
) {
  return (await contractIslands({ c, s, symbol, panel: false })).ticket;
}

/**
 * The leveraged ticket and, on the desktop (`panel`), the panel of positions, open orders and
 * history that goes under the chart; the customer's records are read in one wave.
 */
export async function contractIslands(
  { c, s, symbol, panel }: { c: Ctx; s: Session | null; symbol: string; panel: boolean },
) {
  const terms = await c.get("deps").terms.shown(c.get("tenant").id);
  const def = terms.symbol(symbol)!;
  if (!offers(c.get("tenant"), def, "leveraged")) {
    return { ticket: notOffered(c, "leveraged"), panel: null };
  }
  if (!s) {
    return {
      ticket: <LoginPrompt t={c.get("t")} layout={c.get("mobile") ? "wp" : "pc"} />,
      panel: null,
    };
  }
  // before the first trade: the loss figure, acknowledged
  const gate = await riskGate(c, s, "leveraged");
  if (gate) return { ticket: gate, panel: null };
  const { ledger, contracts, market } = c.get("deps");
  const t = c.get("tenant").id;
  // read together: one round trip each wave, not one per list
  const [b, spot, lists] = await Promise.all([
    ledger.balance(t, user(s.userId, "contract", "USDT")),
    ledger.balance(t, user(s.userId, "spot", "USDT")),
    contracts.lists(
      t,
      s.userId,
      panel ? ["pending", "holding", "closed"] as const : ["pending", "holding"] as const,
      20,
    ),
  ]);
  const { pending, holding } = lists;
  const closed = "closed" in lists ? lists.closed : [];
  const positions = [...pending, ...holding].filter((p) => p.symbol === symbol);
  const last = market.tape.lastTick(symbol);
  const common = {
    symbol,
    name: def.name,
    priceDecimals: def.priceDecimals,
    mmr: formatDecimal(def.mmr),
    feeRate: formatDecimal(def.takerFee),
    price: last ? formatDecimal(last.price) : null,
    positions,
  };
  return {
    ticket: (
      <>
        <Island
          of={ContractTicket}
          props={{
            ...common,
            termsVersion: terms.version,
            base: def.base,
            lot: formatDecimal(def.lot),
            leverages: def.leverage,
            tx: pickTexts(c.get("t"), CONTRACT_TEXTS),
            available: formatDecimal(b.available, 2),
            spotAvailable: formatDecimal(spot.available, 2),
            side: presetOf<"long" | "short">((n) => c.req.query(n), "leveraged"),
            brackets: bracketsJson(def.brackets),
            list: !panel,
          }}
        />
        {await TicketLossFigure({ c, product: "leveraged" })}
      </>
    ),
    panel: panel
      ? (
        <Island
          of={ContractPanel}
          props={{
            ...common,
            tx: pickTexts(c.get("t"), PANEL_TEXTS),
            history: closed.filter((p) => p.symbol === symbol),
            timeZone: c.get("timeZone"),
          }}
        />
      )
      : null,
  };
}

export async function SpotTicketIsland(
  { c, s, symbol }: { c: Ctx; s: Session | null; symbol: string },
) {
  const terms = await c.get("deps").terms.shown(c.get("tenant").id);
  const def = terms.symbol(symbol)!;
  if (!offers(c.get("tenant"), def, "spot")) return <NotOffered t={c.get("t")} />;
  if (!s) return <LoginPrompt t={c.get("t")} layout={c.get("mobile") ? "wp" : "pc"} />;
  const { spot, market, ledger } = c.get("deps");
  const tid = c.get("tenant").id;
  const base = def.base as Currency;
  const b = await ledger.balances(tid, [
    user(s.userId, "spot", "USDT"),
    user(s.userId, "spot", base),
  ]);
  const avail = (cur: Currency) =>
    formatDecimal(b.get(accountId(user(s.userId, "spot", cur)))!.available);
  const orders = (await spot.list(c.get("tenant").id, s.userId, undefined, 20)).filter((o) =>
    o.symbol === symbol
  );
  const last = market.tape.lastTick(symbol);
  return (
    <Island
      of={SpotTicket}
      props={{
        termsVersion: terms.version,
        symbol,
        base,
        qtyDecimals: def.qtyDecimals,
        priceDecimals: def.priceDecimals,
        available: { USDT: avail("USDT"), base: avail(base) },
        price: last ? formatDecimal(last.price) : null,
        tx: pickTexts(c.get("t"), SPOT_TEXTS),
        orders,
        feeRate: formatDecimal(terms.spotFee),
        side: presetOf<"buy" | "sell">((n) => c.req.query(n), "spot"),
      }}
    />
  );
}
