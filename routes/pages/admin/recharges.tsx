/** The recharge review queue: who sent what through which channel, and the voucher. */
import { rechargesQueue } from "../../../edge/operators/queues.ts";
import type { RechargeReview } from "../../../contract/operators.ts";
import { queuePage } from "./queue.tsx";
import { Decided, Evidence, Item } from "./parts.tsx";

export const rechargesPage = queuePage<RechargeReview>({
  queue: rechargesQueue,
  statusKey: (s) => `funds.status.${s}`,
  columns: [
    { key: "funds.amount", num: true, sort: "amount" },
    { key: "recharge.channel" },
    { key: "recharge.remitterName" },
  ],
  cells: (r, f) => (
    <>
      <td class="num nowrap">{`${f.exact(r.amount)} ${r.currency}`}</td>
      <td>{r.channelName}</td>
      <td>{r.remitterName}</td>
    </>
  ),
  summary: (r, f) =>
    `${f.exact(r.amount)} ${r.currency} · ${r.remitterName} · ${f.t("admin.customer")} ${r.userId}`,
  detail: (r, f) => (
    <>
      <dl class="admin-dl">
        <Item label={f.t("funds.amount")} testid="amount">
          <strong>{`${f.exact(r.amount)} ${r.currency}`}</strong>
        </Item>
        <Item label={f.t("admin.customer")}>
          <span class="mono">{r.userId}</span>
        </Item>
        <Item label={f.t("recharge.channel")}>{r.channelName}</Item>
        <Item label={f.t("recharge.remitterName")}>{r.remitterName}</Item>
        <Item label={f.t("recharge.remitterAccount")}>
          <span class="mono">{r.remitterAccount}</span>
        </Item>
        <Item label={f.t("funds.time")}>{f.time(r.createdAt)}</Item>
        <Decided f={f} item={r} />
      </dl>
      <h3 class="admin-h3">{f.t("admin.evidence")}</h3>
      <div class="admin-evidence">
        <Evidence f={f} id={r.voucherImageId} label={f.t("recharge.voucher")} />
      </div>
    </>
  ),
});
