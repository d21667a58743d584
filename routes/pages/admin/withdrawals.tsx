/**
 * The withdrawal review queue: the risk panel (withdrawal_risk.tsx), amounts, the payout details
 * to pay to, the payout reference once paid, the history. "Mark paid" asks for the reference.
 */
import { passWaits } from "../../../edge/funds/review_actions.ts";
import { withdrawalsQueue } from "../../../edge/operators/queues.ts";
import { riskReads } from "../../../edge/operators/withdrawal_risk.ts";
import type { WithdrawalReview } from "../../../contract/operators.ts";
import { Island } from "../../../edge/render/island.tsx";
import AdminCopy from "../../../islands/AdminCopy.tsx";
import { queuePage } from "./queue.tsx";
import { type Fmt, Item } from "./parts.tsx";
import { customerHref, riskContext } from "./withdrawal_risk.tsx";

const DETAIL_LABELS: Record<string, string> = {
  holder: "methods.holder",
  number: "methods.number",
  bankName: "methods.bankName",
  bankAddress: "methods.bankAddress",
  branch: "methods.branch",
  swift: "methods.swift",
  type: "methods.type",
  address: "methods.address",
};
/** The details an operator copies into the payout (account numbers and addresses). */
const COPYABLE = new Set(["number", "address", "swift", "holder"]);

function PayTo({ w, f }: { w: WithdrawalReview; f: Fmt }) {
  const { region, ...rest } = w.method.details;
  const details = Object.entries(rest).filter(([, v]) => v !== null && v !== "");
  const copy = { copy: f.t("funds.copy"), copied: f.t("funds.copied") };
  return (
    <div class="admin-payto" data-testid="pay-to">
      <p class="admin-payto-kind">
        <span class="muted">
          {f.t(w.method.kind === "bank" ? "methods.bankCard" : "methods.cryptoAddress")}
        </span>{" "}
        <strong>{w.method.label}</strong>
        {region && <span class="muted">{` · ${f.t(`methods.${region}`)}`}</span>}
      </p>
      <dl class="admin-dl">
        {details.map(([k, v]) => (
          <div key={k} class="admin-dl-row">
            <dt>{DETAIL_LABELS[k] ? f.t(DETAIL_LABELS[k]) : k}</dt>
            <dd>
              <span class={COPYABLE.has(k) ? "mono" : undefined} data-testid={`payout-${k}`}>
                {v}
              </span>
              {COPYABLE.has(k) && (
                <Island
                  of={AdminCopy}
                  props={{ text: v!, label: f.t(DETAIL_LABELS[k]!), tx: copy }}
                />
              )}
            </dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

type Pending = { proposal: string; by: string; expiresAt: number } | null | undefined;
/** The second approval a large withdrawal's pass waits for (still live). */
const waiting = (w: WithdrawalReview, now = Date.now()) => {
  const r = w as WithdrawalReview & { pendingPass?: Pending };
  return w.status === "auditing" && passWaits(r, now) ? r.pendingPass! : null;
};

/** "Waiting for second approval (proposed by X)", with a link to the proposal. */
function SecondApproval({ w, f }: { w: WithdrawalReview; f: Fmt }) {
  const p = waiting(w);
  if (!p) return null;
  return (
    <p class="admin-waiting" data-testid="pending-pass">
      {f.t("admin.waitingSecond", { by: p.by })}{" "}
      <a
        href={`/admin/proposals?id=${encodeURIComponent(p.proposal)}`}
        data-testid="pending-pass-link"
      >
        {f.t("admin.openProposal")}
      </a>
    </p>
  );
}

export const withdrawalsPage = queuePage<WithdrawalReview>({
  queue: withdrawalsQueue,
  statusKey: (s) => `funds.status.${s}`,
  columns: [
    { key: "funds.amount", num: true, sort: "amount" },
    { key: "admin.netPayout", num: true },
    { key: "admin.payTo" },
  ],
  cells: (w, f) => (
    <>
      <td class="num nowrap">{`${f.exact(w.amount)} ${w.currency}`}</td>
      <td class="num nowrap">{`${f.exact(w.net)} ${w.currency}`}</td>
      <td>
        {w.method.label}
        {waiting(w) && <div class="muted small">{f.t("admin.secondApproval")}</div>}
      </td>
    </>
  ),
  summary: (w, f) =>
    `${f.exact(w.amount)} ${w.currency} → ${w.method.label} · ${f.t("admin.customer")} ${w.userId}`,
  context: riskContext,
  contextReads: (c, id) => riskReads(c.var.deps.kv, c.var.tenant.id, id),
  // "Mark paid" records the transaction hash or bank reference, checked for where it went
  decision: (w) => ({
    reference: {
      action: "complete",
      to: { kind: w.method.kind, type: w.method.details.type ?? null },
    },
  }),
  detail: (w, f) => (
    <>
      <SecondApproval w={w} f={f} />
      <dl class="admin-dl">
        <Item label={f.t("funds.amount")} testid="amount">
          <strong>{`${f.exact(w.amount)} ${w.currency}`}</strong>
        </Item>
        <Item label={f.t("funds.fee")}>{`${f.exact(w.fee)} ${w.currency}`}</Item>
        <Item label={f.t("admin.netPayout")} testid="net">
          <strong>{`${f.exact(w.net)} ${w.currency}`}</strong>
        </Item>
        <Item label={f.t("admin.customer")}>
          <a class="mono" href={customerHref(w.userId)} data-testid="customer-link">{w.userId}</a>
        </Item>
        {w.reference && (
          <Item
            label={f.t(w.method.kind === "crypto" ? "admin.txHash" : "admin.bankReference")}
            testid="payout-reference"
          >
            <span class="mono">{w.reference}</span>
          </Item>
        )}
        <Item label={f.t("funds.time")}>{f.time(w.createdAt)}</Item>
        {w.frozenFrom && (
          <Item label={f.t("funds.status.frozen")}>
            {`← ${f.t(`funds.status.${w.frozenFrom}`)}`}
          </Item>
        )}
        {w.reason && <Item label={f.t("funds.reason")}>{w.reason}</Item>}
      </dl>
      <h3 class="admin-h3">{f.t("admin.payTo")}</h3>
      <PayTo w={w} f={f} />
      <h3 class="admin-h3">{f.t("admin.history")}</h3>
      <ol class="admin-history" data-testid="history">
        {w.history.map((h, i) => (
          <li key={i}>
            <span class="nowrap muted">{f.time(h.at)}</span>
            <strong>{f.t(`funds.step.${h.action}`)}</strong>
            {h.by && <span class="muted">{h.by}</span>}
          </li>
        ))}
      </ol>
    </>
  ),
});
