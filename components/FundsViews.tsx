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
  { c, items, cursor, path, detail }: {
    c: ListCtx;
    items: RechargeItem[];
    cursor: string | null;
    path: string;
    /** the detail view's address; the record's id is appended */
    detail: string;
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
            <a class="grow record-link" href={detail + encodeURIComponent(r.id)}>
              <strong>{money(c, r.amount, r.currency)}</strong>
              <div class="muted small">
                {r.channelName} · {formatTime(r.createdAt, c.locale, c.timeZone)}
              </div>
              {r.reason && (
                <div class="small">
                  {t("funds.reason")}: {r.reason}
                </div>
              )}
            </a>
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
  | "reference"
  | "kind"
  | "createdAt"
  | "history"
>;

/** The name of a paid withdrawal's reference: a transaction hash, or the bank's reference. */
const payoutRefLabel = (t: T, w: { kind: "bank" | "crypto" }) =>
  t(w.kind === "crypto" ? "funds.txHash" : "funds.bankReference");

export function WithdrawList(
  { c, items, cursor, path, detail }: {
    c: ListCtx;
    items: WithdrawItem[];
    cursor: string | null;
    path: string;
    /** the detail view's address; the record's id is appended */
    detail: string;
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
            <a class="grow record-link" href={detail + encodeURIComponent(w.id)}>
              <strong>{money(c, w.amount, w.currency)}</strong>{" "}
              <span class="muted small">→ {w.methodLabel}</span>
              <div class="muted small">{formatTime(w.createdAt, c.locale, c.timeZone)}</div>
              {w.reason && <div class="small">{t("funds.reason")}: {w.reason}</div>}
              {w.reference && (
                <div class="small wrap" data-testid="withdraw-reference">
                  {payoutRefLabel(t, w)}: <span class="mono">{w.reference}</span>
                </div>
              )}
            </a>
            <Status t={t} status={w.status} />
          </li>
        ))}
      </ul>
      <NextPage t={t} path={path} cursor={cursor} />
    </section>
  );
}

/** Label and value rows of a record's detail. */
function Rows({ rows }: { rows: [string, string, string?][] }) {
  return (
    <dl class="kv">
      {rows.map(([k, v, testid]) => (
        <div class="kv-row" key={k}>
          <dt class="muted">{k}</dt>
          <dd class="wrap" data-testid={testid}>{v}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The steps a record went through, oldest first, each with its time. */
function Steps({ c, history }: { c: ListCtx; history: { at: number; action: string }[] }) {
  return (
    <section class="card" data-testid="record-steps">
      <h2>{c.t("funds.statusHistory")}</h2>
      <ol class="steps">
        {history.map((h, i) => (
          <li key={i}>
            <span>{c.t(`funds.step.${h.action}`)}</span>
            <time class="muted small">{formatTime(h.at, c.locale, c.timeZone)}</time>
          </li>
        ))}
      </ol>
    </section>
  );
}

/**
 * One recharge as its owner sees it: amount, fee, status and its history, times, channel and
 * remitter, the rejection reason, and the voucher as a thumbnail (served by /api/image only to
 * its owner and to reviewing operators; this page is the owner's).
 */
export function RechargeDetail({ c, r }: { c: ListCtx; r: CustomerRechargeJson }) {
  const { t } = c;
  return (
    <div class="stack" data-testid="recharge-detail" data-status={r.status}>
      <section class="card">
        <p class="record-amount" data-testid="detail-amount">{money(c, r.amount, r.currency)}</p>
        <Status t={t} status={r.status} />
        <Rows
          rows={[
            [t("funds.fee"), money(c, r.fee, r.currency), "detail-fee"],
            [t("recharge.channel"), r.channelName],
            [t("recharge.remitterName"), r.remitterName],
            [t("recharge.remitterAccount"), r.remitterAccount],
            [t("funds.createdAt"), formatTime(r.createdAt, c.locale, c.timeZone)],
            ...(r.decidedAt !== null
              ? [[t("funds.decidedAt"), formatTime(r.decidedAt, c.locale, c.timeZone)] as [
                string,
                string,
              ]]
              : []),
            ...(r.reason ? [[t("funds.reason"), r.reason] as [string, string]] : []),
            [t("funds.recordNo"), r.id],
          ]}
        />
      </section>
      <Steps c={c} history={r.history} />
      <section class="card">
        <h2>{t("recharge.voucher")}</h2>
        <a
          href={`/api/image/${encodeURIComponent(r.voucherImageId)}`}
          target="_blank"
          rel="noopener"
        >
          <img
            class="voucher-thumb"
            src={`/api/image/${encodeURIComponent(r.voucherImageId)}`}
            alt={t("recharge.voucher")}
            loading="lazy"
            data-testid="voucher-thumb"
          />
        </a>
      </section>
    </div>
  );
}

/** One withdrawal as its owner sees it: amount, fee, net, where to, status history, times. */
export function WithdrawDetail({ c, w }: { c: ListCtx; w: CustomerWithdrawalJson }) {
  const { t } = c;
  return (
    <div class="stack" data-testid="withdraw-detail" data-status={w.status}>
      <section class="card">
        <p class="record-amount" data-testid="detail-amount">{money(c, w.amount, w.currency)}</p>
        <Status t={t} status={w.status} />
        <Rows
          rows={[
            [t("funds.fee"), money(c, w.fee, w.currency), "detail-fee"],
            [t("funds.net"), money(c, w.net, w.currency), "detail-net"],
            [t("withdraw.to"), w.methodLabel],
            [t("funds.createdAt"), formatTime(w.createdAt, c.locale, c.timeZone)],
            [t("funds.updatedAt"), formatTime(w.updatedAt, c.locale, c.timeZone)],
            ...(w.reason ? [[t("funds.reason"), w.reason] as [string, string]] : []),
            // what the payout went under: the customer can look it up on the chain or at the bank
            ...(w.reference
              ? [
                [payoutRefLabel(t, w), w.reference, "detail-reference"] as [string, string, string],
              ]
              : []),
            [t("funds.recordNo"), w.id],
          ]}
        />
      </section>
      <Steps c={c} history={w.history} />
    </div>
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
