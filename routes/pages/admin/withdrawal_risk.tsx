/**
 * The risk panel of a withdrawal under review (edge/operators/withdrawal_risk.ts reads it): the
 * verified name against the payee, balances, deposits and turnover, the 24 h total against the
 * four-eyes threshold, whether the payment method is new, recent sign-ins, and links to the
 * customer's record (its deposits, payment methods and sign-ins). A warning says so in words and
 * colour (`risk-bad`), a fine figure in words too: colour is never the only signal.
 */
import type { ComponentChildren } from "preact";
import { parseDecimal } from "../../../core-wasm/mod.ts";
import type { WithdrawalReview } from "../../../contract/operators.ts";
import { type WithdrawalRisk, withdrawalRisk } from "../../../edge/operators/withdrawal_risk.ts";
import type { Ctx } from "../../../edge/http/context.ts";
import { type Fmt, Item } from "./parts.tsx";

/** Where the customer's record shows each part (the headings of routes/pages/admin/customers.tsx). */
export const customerHref = (userId: string, part = "") =>
  `/admin/customers?id=${encodeURIComponent(userId)}${part ? `#part-${part}` : ""}`;

/** A verdict in words, marked good, bad or neutral for the eye. */
function Flag({ level, children, testid }: {
  level: "ok" | "bad" | "info";
  children: ComponentChildren;
  testid: string;
}) {
  return (
    <span class={`admin-flag risk-${level}`} data-testid={testid} data-level={level}>
      {level === "bad" ? "⚠ " : level === "ok" ? "✓ " : ""}
      {children}
    </span>
  );
}

function NameRow({ r, f }: { r: WithdrawalRisk; f: Fmt }) {
  const { check, verified, payee } = r.name;
  const level = check === "match" ? "ok" : check === "noName" ? "info" : "bad";
  return (
    <Item label={f.t("admin.riskName")}>
      <Flag level={level} testid="risk-name">{f.t(`admin.name_${check}`)}</Flag>
      <div class="small">
        <span class="muted">{f.t("admin.verifiedName")}:</span> {verified ?? "—"}
        {payee !== null && (
          <>
            {" · "}
            <span class="muted">{f.t("admin.payee")}:</span> {payee}
          </>
        )}
      </div>
    </Item>
  );
}

function MoneyTable({ r, f }: { r: WithdrawalRisk; f: Fmt }) {
  const t = f.t;
  return (
    <div class="table-wrap">
      <table class="table admin-table admin-risk-money" data-testid="risk-money">
        <caption class="sr-only">{t("admin.balances")}</caption>
        <thead>
          <tr>
            <th scope="col">{t("admin.currency")}</th>
            <th scope="col" class="num">{t("admin.riskSpot")}</th>
            <th scope="col" class="num">{t("admin.frozen")}</th>
            <th scope="col" class="num">{t("admin.riskContract")}</th>
            <th scope="col" class="num">{t("admin.riskDeposited")}</th>
            <th scope="col" class="num">{t("admin.riskPaidOut")}</th>
          </tr>
        </thead>
        <tbody>
          {r.money.map((m) => (
            <tr key={m.currency} data-currency={m.currency}>
              <th scope="row">{m.currency}</th>
              <td
                class="num lbl"
                data-label={t("admin.riskSpot")}
                data-testid={`risk-spot-${m.currency}`}
              >
                {f.exact(m.spot)}
              </td>
              <td class="num lbl" data-label={t("admin.frozen")}>{f.exact(m.frozen)}</td>
              <td class="num lbl" data-label={t("admin.riskContract")}>
                {m.contract === null ? "—" : f.exact(m.contract)}
              </td>
              <td
                class="num lbl"
                data-label={t("admin.riskDeposited")}
                data-testid={`risk-deposited-${m.currency}`}
              >
                {f.exact(m.deposited)}
                {(m.deposits > 0 || m.pendingDeposits > 0) && (
                  <div class="muted small">
                    {[
                      m.deposits > 0 && t("admin.riskDeposits", { n: m.deposits }),
                      m.pendingDeposits > 0 && t("admin.riskPending", { n: m.pendingDeposits }),
                    ].filter(Boolean).join(" · ")}
                  </div>
                )}
              </td>
              <td
                class="num lbl"
                data-label={t("admin.riskPaidOut")}
                data-testid={`risk-paid-${m.currency}`}
              >
                {f.exact(m.paidOut)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The panel: figures first, then the links into the customer's record. */
export function RiskPanel({ r, f }: { r: WithdrawalRisk; f: Fmt }) {
  const t = f.t;
  const over = parseDecimal(r.turnover.remaining) > 0n;
  const m = r.method;
  return (
    <section class="admin-risk" aria-labelledby="risk-title" data-testid="risk">
      <h3 class="admin-h3" id="risk-title">{t("admin.risk")}</h3>
      <dl class="admin-dl">
        <Item label={t("admin.customer")}>
          <a href={customerHref(r.userId)} class="mono" data-testid="risk-customer">
            {r.userId}
          </a>
          {r.customer.locked && (
            <>
              {" "}
              <Flag level="bad" testid="risk-locked">{t("admin.locked")}</Flag>
            </>
          )}
          <div class="muted small">
            {t("admin.riskSince", { time: f.time(r.customer.createdAt) })}
          </div>
        </Item>
        <NameRow r={r} f={f} />
        <Item label={t("admin.riskDay")}>
          <Flag level={r.day.reached ? "bad" : "ok"} testid="risk-day">
            {t(r.day.reached ? "admin.riskDayReached" : "admin.riskDayUnder")}
          </Flag>
          <div class="small" data-testid="risk-day-figures">
            {t("admin.riskDayOf", {
              total: `${f.exact(r.day.total)} ${r.day.currency}`,
              threshold: `${f.exact(r.day.threshold)} ${r.day.currency}`,
            })}
          </div>
        </Item>
        <Item label={t("admin.riskMethod")}>
          <Flag level={m.firstUse ? "bad" : "ok"} testid="risk-first-use">
            {m.firstUse ? t("admin.riskFirstUse") : t("admin.riskPaidBefore", { n: m.paidBefore })}
          </Flag>{" "}
          {m.recent && <Flag level="bad" testid="risk-recent">{t("admin.riskRecent")}</Flag>}
          <div class="muted small">{t("admin.riskBound", { time: f.time(m.boundAt) })}</div>
        </Item>
        <Item label={t("admin.riskTurnover")}>
          <Flag level={over ? "bad" : "ok"} testid="risk-turnover">
            {parseDecimal(r.turnover.required) === 0n
              ? t("admin.riskTurnoverNone")
              : t("admin.riskTurnoverOf", {
                traded: f.exact(r.turnover.traded),
                required: f.exact(r.turnover.required),
              })}
          </Flag>
          {over && (
            <div class="small">
              {t("admin.riskTurnoverLeft", { remaining: f.exact(r.turnover.remaining) })}
            </div>
          )}
        </Item>
      </dl>
      <MoneyTable r={r} f={f} />
      <h4 class="admin-h4">{t("admin.riskSignIns")}</h4>
      {r.failedSignIns24h > 0 && (
        <p class="small">
          <Flag level="bad" testid="risk-failed">
            {t("admin.riskFailed", { n: r.failedSignIns24h })}
          </Flag>
        </p>
      )}
      {r.signIns.length === 0
        ? <p class="muted small">{t("admin.none")}</p>
        : (
          <ul class="admin-risk-logins" data-testid="risk-sign-ins">
            {r.signIns.map((l, i) => (
              <li key={i}>
                <span class="nowrap muted">{f.time(l.at)}</span>{" "}
                <span>{t(`twofa.result.${l.result}`)}</span> <span class="mono small">{l.ip}</span>
                {" "}
                {l.device && <span class="muted small">{l.device}</span>}
              </li>
            ))}
          </ul>
        )}
      <nav class="admin-risk-links" aria-label={t("admin.riskLinks")}>
        <a href={customerHref(r.userId)} data-testid="risk-link-customer">
          {t("admin.riskOpenCustomer")}
        </a>
        <a href={customerHref(r.userId, "recharges")} data-testid="risk-link-deposits">
          {t("admin.riskDepositsLink")}
        </a>
        <a href={customerHref(r.userId, "methods")} data-testid="risk-link-methods">
          {t("admin.paymentMethods")}
        </a>
        <a href={customerHref(r.userId, "logins")} data-testid="risk-link-sign-ins">
          {t("admin.logins")}
        </a>
      </nav>
    </section>
  );
}

/** The panel of the chosen withdrawal, read beside the queue's list. */
export async function riskContext(c: Ctx, w: WithdrawalReview, f: Fmt) {
  const r = await withdrawalRisk(c.var.deps, c.var.tenant.id, {
    ...w,
    amount: parseDecimal(w.amount),
    method: w.method as typeof w.method & { details: Record<string, string | null> },
  });
  return <RiskPanel r={r} f={f} />;
}
