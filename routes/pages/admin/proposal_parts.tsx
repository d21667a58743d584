/**
 * How a four-eyes proposal reads in the console: its kind in words, what it acts on, the payload
 * as amounts and names (a product change as the lines that changed, before → after), its hash,
 * and what the viewer may do with it (decide, or why not).
 */
import {
  PROPOSAL_ROLES,
  type proposalJson,
  type ProposalKind,
} from "../../../edge/operators/proposal_kinds.ts";
import type { OperatorSession } from "../../../edge/operators/service.ts";
import { pickTexts } from "../../../edge/platform/locale.ts";
import { Island } from "../../../edge/render/island.tsx";
import AdminDecision, { DECISION_TEXTS } from "../../../islands/AdminDecision.tsx";
import { Decided, type Fmt, Item, roleNames } from "./parts.tsx";

export type ProposalView = ReturnType<typeof proposalJson>;

/** The locale key of a kind's name. */
export const KIND_KEYS: Record<ProposalKind, string> = {
  "wealth.reserve": "admin.pkReserve",
  "balance.adjust": "admin.pkAdjust",
  "products.fast": "admin.pkFast",
  "products.leveraged": "admin.pkLeveraged",
  "products.spot": "admin.pkSpot",
  "products.exchange": "admin.pkExchange",
  "products.wealth": "admin.pkWealth",
  "customer.professional": "admin.pkProfessional",
  "withdrawal.pass": "admin.pkWithdrawal",
  "withdraw.fourEyes": "admin.pkFourEyes",
  "operator.create": "admin.pkOpCreate",
  "operator.roles": "admin.pkOpRoles",
  "operator.enable": "admin.pkOpEnable",
  "operator.resetTotp": "admin.pkOpResetTotp",
  "customer.erase": "admin.pkErase",
};

export const STATUS_CLASS = {
  pending: "s-auditing",
  approved: "s-passed",
  rejected: "s-rejected",
  withdrawn: "s-rejected",
};

/** The labels of the fields of product terms and wealth products (locale keys). */
const FIELD_KEYS: Record<string, string> = {
  rate: "admin.payoutRate",
  min: "admin.min",
  max: "admin.max",
  enabled: "admin.enabled",
  leverage: "admin.leverageOptions",
  takerFee: "admin.takerFee",
  brackets: "admin.brackets",
  upTo: "admin.upTo",
  maxLeverage: "admin.maxLeverage",
  mmr: "admin.mmr",
  holdingFeeDaily: "admin.holdingFeeDaily",
  fee: "admin.feeRate",
  name: "admin.wpName",
  dailyRate: "admin.dailyRate",
  periodDays: "admin.periodDays",
  minAmount: "admin.min",
  maxAmount: "admin.max",
  cap: "admin.cap",
  redeemRatio: "admin.redeemRatio",
  turnoverRatio: "admin.wpTurnover",
  duration: "admin.duration",
};

type J = unknown;
const isObj = (v: J): v is Record<string, J> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

/**
 * The leaves of a section as `label → value`: lists of records keyed by what names them (a
 * symbol's code, a duration, a product's id), other lists by position; lists of numbers joined.
 */
function leaves(f: Fmt, v: J, path: string[], out: Map<string, string>) {
  if (Array.isArray(v)) {
    if (v.every((x) => !isObj(x))) {
      out.set(path.join(" · "), v.map(String).join(", "));
      return;
    }
    v.forEach((x, i) => {
      const r = isObj(x) ? x : {};
      const name = typeof r.code === "string"
        ? r.code
        : typeof r.duration === "number"
        ? f.t("admin.seconds", { n: r.duration })
        : typeof r.id === "string"
        ? r.id
        : `#${i + 1}`;
      const rest = Object.fromEntries(
        Object.entries(r).filter(([k]) => !(k === "code" || k === "duration" || k === "id")),
      );
      leaves(f, rest, [...path, name], out);
    });
    return;
  }
  if (isObj(v)) {
    for (const [k, x] of Object.entries(v)) {
      // the lists' own names add nothing to "BTCUSDT · Enabled"
      const label = k === "symbols" || k === "options" ? null : f.t(FIELD_KEYS[k] ?? k);
      leaves(f, x, label ? [...path, label] : path, out);
    }
    return;
  }
  const text = typeof v === "boolean"
    ? f.t(v ? "admin.on" : "admin.off")
    : v === null
    ? f.t("admin.unbounded")
    : String(v);
  out.set(path.join(" · "), text);
}

/** What changed between two versions of a section: "60 s · Payout rate: 0.85 → 0.8". */
export function changes(f: Fmt, before: J, after: J): string[] {
  const a = new Map<string, string>(), b = new Map<string, string>();
  leaves(f, before, [], a);
  leaves(f, after, [], b);
  const lines: string[] = [];
  for (const k of new Set([...a.keys(), ...b.keys()])) {
    const x = a.get(k) ?? "—", y = b.get(k) ?? "—";
    if (x !== y) lines.push(`${k}: ${x} → ${y}`);
  }
  return lines;
}

const str = (v: J) => (typeof v === "string" ? v : "");

/** The payload in words and amounts. */
/** The customer a proposal is about, linked to their page. */
function CustomerItem({ f, userId, testid }: { f: Fmt; userId: string; testid?: string }) {
  return (
    <Item label={f.t("admin.customer")} testid={testid}>
      <a class="mono" href={`/admin/customers?id=${encodeURIComponent(userId)}`}>{userId}</a>
    </Item>
  );
}

export function Payload({ p, f }: { p: ProposalView; f: Fmt }) {
  const d = p.payload;
  const t = f.t;
  const reason = str(d.reason) && <Item label={t("funds.reason")}>{str(d.reason)}</Item>;
  if (p.kind === "wealth.reserve") {
    return (
      <dl class="admin-dl">
        <Item label={t("admin.amount")} testid="p-amount">
          <strong>{`${f.exact(str(d.amount))} ${str(d.currency) || "USDT"}`}</strong>
        </Item>
        {reason}
      </dl>
    );
  }
  if (p.kind === "balance.adjust") {
    const amount = str(d.amount);
    return (
      <dl class="admin-dl">
        <CustomerItem f={f} userId={str(d.userId)} />
        <Item label={t("admin.wallet")}>{str(d.wallet)}</Item>
        <Item label={t("admin.amount")} testid="p-amount">
          <strong>
            {`${amount.startsWith("-") ? "−" : "+"}${f.exact(amount.replace(/^-/, ""))} ${
              str(d.currency)
            }`}
          </strong>
          <span class="muted small">
            {` · ${t(amount.startsWith("-") ? "admin.debit" : "admin.credit")}`}
          </span>
        </Item>
        {reason}
      </dl>
    );
  }
  if (p.kind === "withdraw.fourEyes") {
    return (
      <dl class="admin-dl">
        <Item label={t("admin.fourEyes")} testid="p-amount">
          <strong>
            {`${f.exact(str(d.from))} → ${f.exact(str(d.to))} ${str(d.currency)}`}
          </strong>
        </Item>
        {reason}
      </dl>
    );
  }
  if (p.kind === "withdrawal.pass") {
    const m = isObj(d.method) ? d.method : {};
    return (
      <dl class="admin-dl">
        <CustomerItem f={f} userId={str(d.userId)} />
        <Item label={t("admin.amount")} testid="p-amount">
          <strong>{`${f.exact(str(d.amount))} ${str(d.currency)}`}</strong>
        </Item>
        <Item label={t("admin.netPayout")}>{`${f.exact(str(d.net))} ${str(d.currency)}`}</Item>
        <Item label={t("admin.payTo")}>
          {`${t(m.kind === "bank" ? "methods.bankCard" : "methods.cryptoAddress")} · ${
            str(m.label)
          }`}
        </Item>
        {reason}
      </dl>
    );
  }
  if (p.kind === "customer.erase" || p.kind === "customer.professional") {
    const erase = p.kind === "customer.erase";
    return (
      <dl class="admin-dl">
        <CustomerItem f={f} userId={str(d.userId)} testid="p-customer" />
        {!erase && (
          <Item label={t("admin.changes")} testid="p-changes">
            <strong>{t(d.professional ? "admin.professional" : "admin.professionalOff")}</strong>
          </Item>
        )}
        {reason}
        <Item label={t("admin.opEffect")}>
          {t(erase ? "admin.pkEraseEffect" : "admin.pkProfessionalEffect")}
        </Item>
      </dl>
    );
  }
  if (p.kind.startsWith("operator.")) {
    const list = (v: J) => roleNames(f, Array.isArray(v) ? v.map(String) : []);
    return (
      <dl class="admin-dl">
        <Item label={t("admin.operator")} testid="p-operator">
          <a class="mono" href={`/admin/operators?id=${encodeURIComponent(str(d.username))}`}>
            {str(d.username)}
          </a>
        </Item>
        {p.kind === "operator.create" && (
          <>
            <Item label={t("admin.opPhone")}>{str(d.phone)}</Item>
            <Item label={t("admin.roles")}>{list(d.roles)}</Item>
          </>
        )}
        {p.kind === "operator.roles" && (
          <Item label={t("admin.roles")} testid="p-changes">
            {`${list(d.before)} → ${list(d.after)}`}
          </Item>
        )}
        <Item label={t("admin.opEffect")}>{t(`${KIND_KEYS[p.kind]}Effect`)}</Item>
      </dl>
    );
  }
  const lines = changes(f, d.before, d.after);
  return (
    <>
      <dl class="admin-dl">{reason}</dl>
      <p class="admin-h3">{t("admin.changes")}</p>
      <ul class="admin-diff" data-testid="p-changes">
        {lines.length ? lines.map((l) => <li key={l}>{l}</li>) : <li>—</li>}
      </ul>
    </>
  );
}

/** What a proposal acts on, linked to its page when it has one (a customer, a withdrawal). */
function Target({ target }: { target: string }) {
  const [what, id = ""] = target.split(":");
  const href = what === "customer"
    ? `/admin/customers?id=${encodeURIComponent(id)}`
    : what === "withdrawal"
    ? `/admin/withdrawals?id=${encodeURIComponent(id)}#detail`
    : what === "products"
    ? `/admin/products#section-${id}`
    : what === "operator"
    ? `/admin/operators?id=${encodeURIComponent(id)}`
    : null;
  return href
    ? <a class="mono" href={href} data-testid="p-target">{target}</a>
    : <span class="mono" data-testid="p-target">{target}</span>;
}

/** The short form of a hash (the whole in its title). */
export const Hash = ({ hash }: { hash: string }) => (
  <span class="mono" title={hash} data-testid="p-hash">{`${hash.slice(0, 12)}…`}</span>
);

/** One proposal: its facts, its payload, and the decisions the viewer may take (or why not). */
export function ProposalCard(
  { p, f, op, selected, barred }: {
    p: ProposalView;
    f: Fmt;
    op: OperatorSession;
    selected?: boolean;
    /** why the viewer may not decide though their roles would (ProposalsService.barred) */
    barred?: "related" | "concerned";
  },
) {
  const t = f.t;
  const decide = PROPOSAL_ROLES[p.kind].decide;
  const mayDecide = decide.some((r) => op.roles.includes(r));
  const own = p.proposer === op.username;
  const pending = p.status === "pending";
  // Approve only to those the server would let approve; the proposer may take theirs back
  const actions = !pending
    ? []
    : own
    ? ["withdraw"]
    : mayDecide && !barred
    ? (p.expired ? ["reject"] : ["approve", "reject"])
    : [];
  const title = t(KIND_KEYS[p.kind]);
  return (
    <article
      class={selected ? "admin-proposal selected" : "admin-proposal"}
      id={`p-${p.id}`}
      aria-labelledby={`p-${p.id}-title`}
      data-testid="proposal"
      data-id={p.id}
      data-kind={p.kind}
    >
      <div class="admin-detail-head">
        <h3 id={`p-${p.id}-title`}>{title}</h3>
        <span class={`admin-status ${STATUS_CLASS[p.status]}`} data-testid="p-status">
          {t(`admin.ps_${p.status}`)}
        </span>
        {p.expired && <span class="admin-status s-rejected">{t("admin.expired")}</span>}
      </div>
      <p class="muted small mono admin-id">
        <a href={`/admin/proposals?id=${encodeURIComponent(p.id)}`}>{p.id}</a>
      </p>
      <dl class="admin-dl">
        <Item label={t("admin.target")}>
          <Target target={p.target} />
        </Item>
        <Item label={t("admin.proposer")} testid="p-proposer">{p.proposer}</Item>
        <Item label={t("admin.created")}>{f.time(p.createdAt)}</Item>
        <Item label={t("admin.expires")}>
          {p.expired
            ? <strong class="admin-warn">{f.time(p.expiresAt)}</strong>
            : f.time(p.expiresAt)}
        </Item>
        <Item label={t("admin.payloadHash")}>
          <Hash hash={p.payloadHash} />
        </Item>
        <Decided f={f} item={{ ...p, reason: p.status === "rejected" ? p.reason : null }} />
      </dl>
      <Payload p={p} f={f} />
      {pending && (own || !mayDecide || barred || p.expired) && (
        <p class="muted small admin-why" data-testid="p-why">
          {own
            ? t("admin.ownProposal")
            : !mayDecide
            ? t("admin.decideRoles", { roles: decide.join(", ") })
            : barred === "concerned"
            ? t("admin.decideConcerned")
            : barred === "related"
            ? t("admin.decideRelated", { proposer: p.proposer })
            : t("admin.expiredNote")}
        </p>
      )}
      {actions.length > 0 && (
        <Island
          of={AdminDecision}
          props={{
            queue: "proposals",
            id: p.id,
            actions,
            needsReason: ["reject", "withdraw"],
            summary: `${title} · ${p.target} · ${p.proposer}`,
            fieldId: `reason-${p.id}`,
            tx: {
              ...pickTexts(t, [...DECISION_TEXTS, "admin.approve", "admin.withdraw"]),
              "admin.reason": t("funds.reason"),
            },
          }}
        />
      )}
    </article>
  );
}
