/**
 * Per-order proof: the Verify view of a settled fast contract or closed position (both layouts),
 * for its owner or anyone holding its share link. The server shows what was agreed and the ticks
 * used; the VerifyPanel island re-derives the outcome in the browser from the public tape.
 * Per-trade proof: the Verify view of one tick of the tape (`/wp/tape/:symbol/:seq`, the recent
 * trades link there), public, checked in the browser by the TapeVerify island.
 */
import { symbolOf } from "../../contract/symbols.ts";
import type { Ctx } from "../../edge/http/context.ts";
import { DomainError } from "../../edge/platform/errors.ts";
import { pickTexts } from "../../edge/platform/locale.ts";
import { Island } from "../../edge/render/island.tsx";
import type { SettlementJson, SettlementTickJson } from "../../contract/settlements.ts";
import {
  formatMoney,
  formatNumber,
  formatPct,
  formatPrice,
  symbolName,
} from "../../locales/format.ts";
import { parseDecimal } from "../../core-wasm/mod.ts";
import { OrderNo } from "../../islands/lib/fields.tsx";
import VerifyPanel, { VERIFY_TEXTS } from "../../islands/VerifyPanel.tsx";
import TapeVerify, { TAPE_VERIFY_TEXTS } from "../../islands/TapeVerify.tsx";
import { desktopPage, mobilePage } from "./frame.tsx";
import { NotFoundBody } from "../../components/blocks.tsx";
import type { PageDef } from "./types.ts";
import type { Session } from "../../edge/customers/service.ts";

/** The Verify page of an order in `layout` (a share link's token: `?share=`). */
export const verifyHref = (layout: "wp" | "pc", orderNo: string) => `/${layout}/verify/${orderNo}`;

/** A tick's moment to the millisecond, in the customer's time zone. */
function tickTime(ms: number, locale: string, timeZone: string) {
  try {
    return new Intl.DateTimeFormat(locale, {
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
      fractionalSecondDigits: 3,
      hourCycle: "h23",
      timeZone,
    }).format(new Date(ms));
  } catch {
    return new Date(ms).toISOString();
  }
}

function Body({ c, s, owner, shared }: {
  c: Ctx;
  s: SettlementJson;
  owner: boolean;
  shared: boolean;
}) {
  const t = c.get("t");
  const loc = c.get("locale");
  const tz = c.get("timeZone");
  const dp = symbolOf(s.symbol)?.priceDecimals ?? 2;
  const px = (v: string) => formatPrice(v, dp, loc);
  const usdt = (v: string, sign = false) => formatMoney(v, "USDT", loc, { sign });
  const pct = (v: string) => formatPct(parseDecimal(v), loc, { sign: false });
  const time = (ms: number | null) => ms === null ? "-" : tickTime(ms, loc, tz);
  const tick = (label: string, k: SettlementTickJson | null) => (
    <>
      <dt>{t(`verify.tick_${label}`)}</dt>
      <dd data-testid={`tick-${label}`} data-seq={k?.seq ?? ""}>
        {k === null ? t("verify.noExit") : k.seq === null
          ? (
            <>
              {t("verify.tickUnrecorded", { time: time(k.time), price: px(k.price) })}{" "}
              <span class="badge warn">{t("verify.notRecorded")}</span>
            </>
          )
          : t("verify.tickLine", {
            seq: k.seq,
            symbol: s.symbol,
            time: time(k.time),
            price: px(k.price),
          })}
      </dd>
    </>
  );
  return (
    <div class="stack verify" data-testid="verify" data-kind={s.kind}>
      <p class="muted">{t(shared ? "verify.sharedIntro" : "verify.intro")}</p>
      <section class="card stack">
        <div class="kv-row">
          <strong>
            {symbolName(s.symbol)} · {t(`verify.kind_${s.kind}`)}
          </strong>
          <span class="muted small">{t("verify.ruleVersion", { n: s.ruleVersion })}</span>
        </div>
        <h2 class="section">{t("verify.terms")}</h2>
        <dl class="dl">
          <dt>{t("fast.orderNo")}</dt>
          <dd>
            <OrderNo id={s.orderNo} />
          </dd>
          {s.kind === "fast"
            ? (
              <>
                <dt>{t("verify.direction")}</dt>
                <dd>{t(`fast.${s.terms.direction}`)}</dd>
                <dt>{t("fast.stake")}</dt>
                <dd class="fig">{usdt(s.terms.stake)}</dd>
                <dt>{t("verify.rate")}</dt>
                <dd class="fig">{pct(s.terms.rate)}</dd>
                <dt>{t("fast.duration")}</dt>
                <dd>{t("fast.seconds", { n: s.terms.duration })}</dd>
                <dt>{t("format.openTime")}</dt>
                <dd>{time(s.terms.openTime)}</dd>
                <dt>{t("verify.expiry")}</dt>
                <dd>{time(s.terms.expiryTime)}</dd>
              </>
            )
            : (
              <>
                <dt>{t("verify.side")}</dt>
                <dd>
                  {t(`contract.${s.terms.side}`)} · {s.terms.leverage}x ·{" "}
                  {t("format.lotCount", { count: s.terms.lots })}
                </dd>
                <dt>{t("verify.qty")}</dt>
                <dd class="fig">
                  {formatNumber(s.terms.qty, symbolOf(s.symbol)?.qtyDecimals ?? 8, loc)}
                </dd>
                <dt>{t("contract.openPrice")}</dt>
                <dd class="fig">{px(s.terms.entry)}</dd>
                <dt>{t("contract.margin")}</dt>
                <dd class="fig">{usdt(s.terms.margin)}</dd>
                <dt>{t("verify.mmr")}</dt>
                <dd class="fig">{pct(s.terms.mmr)}</dd>
                <dt>{t("verify.feeRate")}</dt>
                <dd class="fig">{pct(s.terms.feeRate)}</dd>
                <dt>{t("verify.stopLoss")}</dt>
                <dd class="fig">{s.terms.stopLoss ? px(s.terms.stopLoss) : t("verify.none")}</dd>
                <dt>{t("verify.takeProfit")}</dt>
                <dd class="fig">
                  {s.terms.takeProfit ? px(s.terms.takeProfit) : t("verify.none")}
                </dd>
                <dt>{t("contract.liquidation")}</dt>
                <dd class="fig">{px(s.terms.liquidationPrice)}</dd>
              </>
            )}
        </dl>
        <h2 class="section">{t("verify.outcome")}</h2>
        <dl class="dl" data-testid="verify-outcome">
          {s.kind === "fast"
            ? (
              <>
                <dt>{t("verify.result")}</dt>
                <dd
                  class={s.outcome.result === "win"
                    ? "pos"
                    : s.outcome.result === "lose"
                    ? "neg"
                    : ""}
                >
                  {t(`verify.result_${s.outcome.result}`)}
                </dd>
                <dt>{t("verify.payout")}</dt>
                <dd class="fig">{usdt(s.outcome.payout)}</dd>
                <dt>{t("verify.settledAt")}</dt>
                <dd>{time(s.outcome.settlementTime)}</dd>
              </>
            )
            : (
              <>
                <dt>{t("verify.closeReason")}</dt>
                <dd>{t(`contract.reason_${s.outcome.closeReason}`)}</dd>
                <dt>{t("contract.realized")}</dt>
                <dd class="fig">{usdt(s.outcome.realizedPnl, true)}</dd>
                <dt>{t("contract.fee")}</dt>
                <dd class="fig">{usdt(s.outcome.fees.open)}</dd>
                <dt>{t("format.closeFee")}</dt>
                <dd class="fig">{usdt(s.outcome.fees.close)}</dd>
                <dt>{t("format.holdingFees")}</dt>
                <dd class="fig">{usdt(s.outcome.fees.holding)}</dd>
              </>
            )}
        </dl>
        <h2 class="section">{t("verify.ticks")}</h2>
        <dl class="dl verify-ticks">
          {s.kind === "fast"
            ? (
              <>
                {tick("entry", s.ticks.entry)}
                {tick("exit", s.ticks.exit)}
              </>
            )
            : (
              <>
                {tick("fill", s.ticks.fill)}
                {tick("trigger", s.ticks.trigger)}
              </>
            )}
        </dl>
      </section>
      <Island
        of={VerifyPanel}
        props={{
          settlement: s,
          tx: pickTexts(t, VERIFY_TEXTS),
          priceDecimals: dp,
          owner,
        }}
      />
    </div>
  );
}

function verifyPage(layout: "wp" | "pc"): PageDef {
  return {
    path: `/${layout}/verify/:orderNo`,
    layout,
    // a share link opens without a session
    public: true,
    // the order and the share link read with the session
    prefetch: (c) =>
      c.get("deps").verify.reads(
        c.get("tenant").id,
        c.req.param("orderNo") ?? "",
        c.req.query("share"),
      ).map((r) => r.key),
    render: async (c, session: Session | null) => {
      const t = c.get("t");
      const orderNo = c.req.param("orderNo") ?? "";
      const share = c.req.query("share") ?? null;
      if (!session && !share && layout === "wp") {
        return c.redirect(`/wp/user/login?redirect=${encodeURIComponent(c.req.path)}`, 302);
      }
      let r: { settlement: SettlementJson; owner: boolean };
      try {
        if (!/^[0-9a-z-]{10,40}$/.test(orderNo)) throw new DomainError("NOT_FOUND");
        r = await c.get("deps").verify.read(c.get("tenant").id, orderNo, {
          userId: session?.userId ?? null,
          share,
        });
      } catch (e) {
        if (!(e instanceof DomainError && e.error === "NOT_FOUND")) throw e;
        const home = `/${layout}/home`;
        const title = t("page.notFound");
        const nf = <NotFoundBody t={t} closed={false} home={home} />;
        return layout === "wp"
          ? mobilePage(c, { title, back: home, status: 404 }, nf)
          : desktopPage(c, { title, status: 404 }, nf);
      }
      const { settlement: s, owner } = r;
      const body = <Body c={c} s={s} owner={owner} shared={!owner} />;
      const title = t("verify.title");
      return layout === "wp"
        ? mobilePage(c, { title, back: session ? "/wp/positions" : "/wp/home" }, body)
        : desktopPage(c, { title, active: "user" }, body);
    },
  };
}

/** The Verify view of tick `seq` of a symbol's tape: public data, read by the island. */
function tapePage(layout: "wp" | "pc"): PageDef {
  return {
    path: `/${layout}/tape/:symbol/:seq`,
    layout,
    public: true,
    render: (c) => {
      const t = c.get("t");
      const def = symbolOf(c.req.param("symbol") ?? "");
      const seq = Number(c.req.param("seq"));
      const title = t("tapeVerify.title");
      const home = `/${layout}/home`;
      if (!def || !Number.isSafeInteger(seq) || seq < 1) {
        const nf = <NotFoundBody t={t} closed={false} home={home} />;
        return layout === "wp"
          ? mobilePage(c, { title: t("page.notFound"), back: home, status: 404 }, nf)
          : desktopPage(c, { title: t("page.notFound"), status: 404 }, nf);
      }
      const body = (
        <div class="stack verify" data-testid="tape-page">
          <p class="muted">{t("tapeVerify.intro", { symbol: def.name })}</p>
          <Island
            of={TapeVerify}
            props={{
              symbol: def.code,
              seq,
              priceDecimals: def.priceDecimals,
              qtyDecimals: def.qtyDecimals,
              tx: pickTexts(t, TAPE_VERIFY_TEXTS),
            }}
          />
        </div>
      );
      return layout === "wp"
        ? mobilePage(c, { title, back: `/wp/product/detail/${def.code}` }, body)
        : desktopPage(c, { title, active: "market" }, body);
    },
  };
}

export const verifyPages: PageDef[] = [
  verifyPage("wp"),
  verifyPage("pc"),
  tapePage("wp"),
  tapePage("pc"),
  {
    // the link a customer shares: the visitor's device picks the layout
    path: "/verify/:orderNo",
    layout: "any",
    render: (c) => {
      const orderNo = c.req.param("orderNo") ?? "";
      const q = new URL(c.req.url).search;
      return c.redirect(`${verifyHref(c.get("mobile") ? "wp" : "pc", orderNo)}${q}`, 302);
    },
  },
];
