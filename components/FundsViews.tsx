/** Server-rendered funds lists: recharge and withdrawal records, payment methods, verification. */
import { parseDecimal } from "../core-wasm/mod.ts";
import type { LevelState } from "../edge/identity/certify.ts";
import type { Currency } from "../contract/currencies.ts";
import type {
  CustomerRechargeJson,
  CustomerWithdrawalJson,
  MethodJson,
} from "../contract/funds.ts";
import { formatAmount, formatTime } from "../locales/format.ts";
import type { T } from "../edge/platform/locale.ts";

export interface ListCtx {
  t: T;
  locale: string;
  timeZone: string;
}

const money = (c: ListCtx, amount: string, currency: string) =>
  `${formatAmount(parseDecimal(amount), currency as Currency, c.locale)} ${currency}`;

function Status({ t, status }: { t: T; status: string }) {
  return <span class={`status status-${status}`}>{t(`funds.status.${status}`)}</span>;
}

function NextPage({ t, path, cursor }: { t: T; path: string; cursor: string | null }) {
  return cursor
    ? (
      <a class="btn btn-ghost btn-small" href={`${path}?cursor=${encodeURIComponent(cursor)}`}>
        {t("funds.more")}
      </a>
    )
    : null;
}

/** A recharge as its customer sees it (the fields the list shows). */
export type RechargeItem = Pick<
  CustomerRechargeJson,
  "id" | "currency" | "channelName" | "amount" | "status" | "reason" | "createdAt"
>;

export function RechargeList(
  { c, items, cursor, path }: {
    c: ListCtx;
    items: RechargeItem[];
    cursor: string | null;
    path: string;
  },
) {
  const { t } = c;
  if (items.length === 0) {
    return <p class="card muted center" data-testid="recharge-empty">{t("funds.noRecords")}</p>;
  }
  return (
    <section data-testid="recharge-history">
      <ul class="list records">
        {items.map((r) => (
          <li class="record" data-status={r.status} key={r.id}>
            <div class="grow">
              <strong>{money(c, r.amount, r.currency)}</strong>
              <div class="muted small">
                {r.channelName} · {formatTime(r.createdAt, c.locale, c.timeZone)}
              </div>
              {r.reason && (
                <div class="small">
                  {t("funds.reason")}: {r.reason}
                </div>
              )}
            </div>
            <Status t={t} status={r.status} />
          </li>
        ))}
      </ul>
      <NextPage t={t} path={path} cursor={cursor} />
    </section>
  );
}

/** A withdrawal as its customer sees it (the fields the list shows). */
export type WithdrawItem = Pick<
  CustomerWithdrawalJson,
  | "id"
  | "methodLabel"
  | "currency"
  | "amount"
  | "fee"
  | "net"
  | "status"
  | "reason"
  | "createdAt"
  | "history"
>;

export function WithdrawList(
  { c, items, cursor, path }: {
    c: ListCtx;
    items: WithdrawItem[];
    cursor: string | null;
    path: string;
  },
) {
  const { t } = c;
  if (items.length === 0) {
    return <p class="card muted center" data-testid="withdraw-empty">{t("funds.noRecords")}</p>;
  }
  return (
    <section data-testid="withdraw-history">
      <ul class="list records">
        {items.map((w) => (
          <li class="record" data-status={w.status} key={w.id}>
            <details class="grow">
              <summary>
                <strong>{money(c, w.amount, w.currency)}</strong>{" "}
                <span class="muted small">→ {w.methodLabel}</span>
                <div class="muted small">{formatTime(w.createdAt, c.locale, c.timeZone)}</div>
                {w.reason && <div class="small">{t("funds.reason")}: {w.reason}</div>}
              </summary>
              <dl class="kv small">
                <div class="kv-row">
                  <dt class="muted">{t("funds.fee")}</dt>
                  <dd>{money(c, w.fee, w.currency)}</dd>
                </div>
                <div class="kv-row">
                  <dt class="muted">{t("funds.net")}</dt>
                  <dd>{money(c, w.net, w.currency)}</dd>
                </div>
                {w.history.map((h, i) => (
                  <div class="kv-row" key={i}>
                    <dt class="muted">{t(`funds.step.${h.action}`)}</dt>
                    <dd>{formatTime(h.at, c.locale, c.timeZone)}</dd>
                  </div>
                ))}
              </dl>
            </details>
            <Status t={t} status={w.status} />
          </li>
        ))}
      </ul>
      <NextPage t={t} path={path} cursor={cursor} />
    </section>
  );
}

/** A bound payment method (the fields the list shows). */
export type MethodItem = Pick<MethodJson, "id" | "kind" | "label" | "bank" | "crypto">;

/**
 * The bound methods; `empty` names what is missing on a page that lists one kind (a crypto-address
 * page with a bank card bound has no address yet, not "no payment method").
 */
export function MethodList(
  { t, items, empty = "withdraw.noMethod" }: { t: T; items: MethodItem[]; empty?: string },
) {
  if (items.length === 0) return <p class="muted" data-testid="methods-empty">{t(empty)}</p>;
  return (
    <ul class="list" data-testid="methods">
      {items.map((m) => (
        <li class="record" key={m.id}>
          <div class="grow">
            <strong>{m.bank ? m.bank.bankName : m.crypto!.type}</strong>
            <div class="mono small wrap">{m.bank ? m.bank.number : m.crypto!.address}</div>
            {m.bank && <div class="muted small">{m.bank.holder} · {m.bank.branch}</div>}
          </div>
        </li>
      ))}
    </ul>
  );
}

/** The state of one verification level, with the rejection reason. */
export function CertifyState(
  { t, state, testid }: { t: T; state: LevelState | null; testid: string },
) {
  const status = state?.status ?? "none";
  return (
    <div data-testid={testid} data-status={status}>
      <span class={`status status-${status}`}>{t(`certify.state.${status}`)}</span>
      {state?.status === "rejected" && (
        <p class="notice">
          {t("certify.rejectedReason", { reason: state.reason ?? "" })} · {t("certify.resubmit")}
        </p>
      )}
      {state?.status === "authenticating" && <p class="muted">{t("certify.underReview")}</p>}
    </div>
  );
}
