/**
 * The rates page's tables (`/page/rates`, routes/pages/content.tsx): the service rates as
 * configured now (product terms, fees, funding, withdrawal rules, wealth products) and fast
 * contracts' published outcomes, formatted in the reader's language (values arrive as strings).
 */
import type { Ctx } from "../../edge/http/context.ts";
import type { T } from "../../edge/platform/locale.ts";

type Rates = NonNullable<Awaited<ReturnType<Ctx["var"]["deps"]["content"]["page"]>>["rates"]>;

/** Percent and amount formatting of the reader's language (display only; values are strings). */
function numbers(locale: string) {
  const p = new Intl.NumberFormat(locale, { style: "percent", maximumFractionDigits: 4 });
  const a = new Intl.NumberFormat(locale, { maximumFractionDigits: 8 });
  return {
    pct: (rate: string) => Number.isFinite(Number(rate)) ? p.format(Number(rate)) : rate,
    amt: (v: string) => Number.isFinite(Number(v)) ? a.format(Number(v)) : v,
  };
}

type Fair = Awaited<ReturnType<Ctx["var"]["deps"]["fast"]["fairness"]>>;

/**
 * Fast contracts' outcomes over the last 30 days per symbol and duration (live contracts, from
 * their settlements): the published shares won, lost and tied, and how many were refunded.
 */
export function FairnessTable({ t, f, locale }: { t: T; f: Fair; locale: string }) {
  const { pct } = numbers(locale);
  const n = new Intl.NumberFormat(locale);
  return (
    <section class="card rates" data-testid="rates-fairness" aria-labelledby="fairness-title">
      <h2 id="fairness-title">{t("content.fairnessTitle", { days: f.days })}</h2>
      <p class="muted small">{t("content.fairnessNote")}</p>
      {f.items.length
        ? (
          <div class="scroll-x" tabIndex={0} role="region" aria-labelledby="fairness-title">
            <table class="table">
              <thead>
                <tr>
                  <th scope="col">{t("content.symbol")}</th>
                  <th scope="col" class="num">{t("content.duration")}</th>
                  <th scope="col" class="num">{t("content.fairWon")}</th>
                  <th scope="col" class="num">{t("content.fairLost")}</th>
                  <th scope="col" class="num">{t("content.fairTied")}</th>
                  <th scope="col" class="num">{t("content.fairCount")}</th>
                </tr>
              </thead>
              <tbody>
                {f.items.map((r) => (
                  <tr key={`${r.symbol}-${r.duration}`}>
                    <td>{r.symbol}</td>
                    <td class="num">{t("content.seconds", { n: r.duration })}</td>
                    <td class="num">{pct(r.wonShare)}</td>
                    <td class="num">{pct(r.lostShare)}</td>
                    <td class="num">{pct(r.tiedShare)}</td>
                    <td class="num">{n.format(r.won + r.lost + r.tied)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )
        : <p data-testid="fairness-empty">{t("content.fairnessEmpty")}</p>}
    </section>
  );
}

export function RatesTables({ t, r, locale }: { t: T; r: Rates; locale: string }) {
  const { pct, amt } = numbers(locale);
  const table = (
    id: string,
    title: string,
    head: string[],
    rows: (string | number)[][],
  ) => (
    <section class="card rates" data-testid={`rates-${id}`}>
      <h2>{title}</h2>
      <div class="scroll-x" tabIndex={0} role="region" aria-label={title}>
        <table class="table">
          <thead>
            <tr>
              {head.map((h, j) => <th scope="col" key={h} class={j ? "num" : undefined}>{h}</th>)}
            </tr>
          </thead>
          <tbody>
            {rows.map((row, i) => (
              <tr key={i}>
                {row.map((v, j) => <td key={j} class={j ? "num" : undefined}>{v}</td>)}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
  return (
    <div data-testid="rates">
      {r.fast.length > 0 && table(
        "fast",
        t("content.ratesFast"),
        [t("content.duration"), t("content.payout"), t("content.min"), t("content.max")],
        r.fast.map((f) => [
          t("content.seconds", { n: f.duration }),
          pct(f.rate),
          amt(f.min),
          amt(f.max),
        ]),
      )}
      {r.leveraged.length > 0 && table(
        "leveraged",
        t("content.ratesLeveraged"),
        [t("content.symbol"), t("content.leverages"), t("content.takerFee")],
        r.leveraged.map((l) => [
          l.symbol,
          l.leverages.map((x) => `${x}x`).join(" "),
          pct(l.takerFee),
        ]),
      )}
      {r.leveraged.length > 0 && table(
        "brackets",
        t("content.brackets"),
        [t("content.symbol"), t("content.upTo"), t("content.maxLeverage"), t("content.mmr")],
        r.leveraged.flatMap((l) =>
          l.brackets.map((b, i) => [
            i ? "" : l.symbol,
            b.upTo ? amt(b.upTo) : "∞",
            `${b.maxLeverage}x`,
            pct(b.mmr),
          ])
        ),
      )}
      {table("fees", t("content.ratesFees"), [t("content.fee"), t("content.rate")], [
        ...(r.products.includes("leveraged")
          ? [[t("content.holdingFee"), pct(r.holdingFeeDaily)]]
          : []),
        ...(r.products.includes("spot") ? [[t("content.spotFee"), pct(r.spotFee)]] : []),
        [t("content.exchangeFee"), pct(r.exchangeFee)],
      ])}
      {table(
        "withdraw",
        t("content.ratesWithdraw"),
        [
          t("content.currency"),
          t("content.min"),
          t("content.max"),
          t("content.feeRate"),
          t("content.minFee"),
        ],
        r.withdraw.rules.map((w) => [
          w.currency,
          amt(w.min),
          amt(w.max),
          pct(w.feeRate),
          amt(w.minFee),
        ]),
      )}
      <p class="muted small" data-testid="rates-withdraw-state">
        {r.withdraw.enabled ? t("content.withdrawOpen") : t("content.withdrawClosed")} ·{" "}
        {t("content.turnover", { ratio: r.withdraw.turnoverRatio })}
      </p>
      {table(
        "recharge",
        t("content.ratesRecharge"),
        [t("content.currency"), t("content.channel")],
        r.recharge.channels.length
          ? r.recharge.channels.map((ch) => [ch.currency, ch.name])
          : [[t("content.none"), "—"]],
      )}
      {r.wealth.length > 0 && table(
        "wealth",
        t("content.ratesWealth"),
        [
          t("content.product"),
          t("content.dailyRate"),
          t("content.apr"),
          t("content.period"),
          t("content.min"),
          t("content.max"),
        ],
        r.wealth.map((w) => [
          w.name,
          pct(w.dailyRate),
          pct(w.apr),
          t("content.days", { n: w.periodDays }),
          amt(w.minAmount),
          amt(w.maxAmount),
        ]),
      )}
    </div>
  );
}
