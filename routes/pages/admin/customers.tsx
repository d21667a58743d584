/**
 * Customers: a search (`?q=`: phone, user id, verified name, document number) and one customer's
 * page (`?id=`): every section read from the capabilities, sensitive fields on request
 * (`&sensitive=true`, roles identity/admin, audited), lock/unlock with a reason and a message
 * (roles support/admin) through small islands; proposing the erasure or the professional-client
 * flag (four-eyes: a second operator approves on the proposals page).
 */
import type { ComponentChildren } from "preact";
import {
  CUSTOMER_WRITERS,
  type Customers,
  SENSITIVE_READERS,
} from "../../../edge/operators/customers.ts";
import { PROPOSAL_ROLES } from "../../../edge/operators/proposal_kinds.ts";
import type { OperatorSession } from "../../../edge/operators/service.ts";
import { CustomerSearchQuery } from "../../../contract/operators.ts";
import { DomainError } from "../../../edge/platform/errors.ts";
import { pickTexts } from "../../../edge/platform/locale.ts";
import { Island } from "../../../edge/render/island.tsx";
import AdminDecision, { DECISION_TEXTS } from "../../../islands/AdminDecision.tsx";
import AdminCustomerMessage, {
  CUSTOMER_MESSAGE_TEXTS,
} from "../../../islands/AdminCustomerMessage.tsx";
import { consoleDocument, sectionPage } from "./frame.tsx";
import { AdminTable, FlashNotice, type Fmt, fmtOf, Item } from "./parts.tsx";

type Row = Record<string, unknown>;
type Col = [label: string, value: (r: Row) => ComponentChildren];

const rowsOf = (x: unknown) => x as Row[];
const str = (v: unknown) => v === null || v === undefined ? "—" : String(v);

/**
 * The customer's words for a record's codes (the screens' own texts), never the raw code: a code
 * without a text shows as it is.
 */
function labelsOf(t: Fmt["t"]) {
  const one = (key: string, raw: unknown) => {
    if (raw === null || raw === undefined) return "—";
    const s = t(key);
    return s === key ? String(raw) : s;
  };
  return {
    level: (v: unknown) => one(v === "none" ? "certify.state.none" : `certify.${v}`, v),
    wallet: (v: unknown) => one(`assets.wallet_${v}`, v),
    side: (v: unknown) => one(v === "long" || v === "short" ? `chart.line_${v}` : `spot.${v}`, v),
    position: (v: unknown) =>
      one(
        v === "holding" ? "contract.holding" : v === "closed" ? "admin.closed" : `spot.status_${v}`,
        v,
      ),
    fast: (status: unknown, outcome: unknown) =>
      outcome
        ? one(`verify.result_${outcome}`, outcome)
        : one(status === "settled" ? "fast.settledList" : `spot.status_${status}`, status),
    spot: (v: unknown) => one(`spot.status_${v}`, v),
    wealth: (v: unknown) => one(`wealth.status_${v}`, v),
    funds: (v: unknown) => one(`funds.status.${v}`, v),
    method: (v: unknown) =>
      one(
        v === "bank"
          ? "methods.bankCard"
          : v === "crypto"
          ? "methods.cryptoAddress"
          : `methods.${v}`,
        v,
      ),
    message: (v: unknown) => one(`messages.${v}.title`, v),
    login: (v: unknown) => one(`twofa.result.${v}`, v),
  };
}
const has = (op: OperatorSession, roles: readonly string[]) =>
  roles.some((r) => op.roles.includes(r as never));

/** One section of the customer's page: a heading and a table (or "nothing"). */
function Part(
  { id, title, rows, cols, f }: { id: string; title: string; rows: Row[]; cols: Col[]; f: Fmt },
) {
  return (
    <section class="admin-part" aria-labelledby={`part-${id}`} data-testid={`part-${id}`}>
      <h3 id={`part-${id}`}>{title} ({rows.length})</h3>
      {rows.length === 0
        ? <p class="muted small">{f.t("admin.none")}</p>
        : (
          <AdminTable head={cols.map(([label]) => label)}>
            {rows.map((r, i) => (
              <tr key={i}>
                {cols.map(([label, v]) => <td key={label} class="small">{v(r)}</td>)}
              </tr>
            ))}
          </AdminTable>
        )}
    </section>
  );
}

export const customersPage = sectionPage("customers", async (c, op) => {
  const f = fmtOf(c);
  const t = f.t;
  const label = labelsOf(t);
  const tenant = c.var.tenant.id;
  const svc = c.var.deps.customers;
  const flash = (["done", "proposed"] as const).find((x) => x === c.req.query("flash")) ?? null;
  const rawQ = c.req.query("q") ?? "";
  const id = c.req.query("id");
  let error = "";

  let results: Awaited<ReturnType<Customers["search"]>>["items"] | null = null;
  if (rawQ) {
    const parsed = CustomerSearchQuery.safeParse({ q: rawQ });
    if (parsed.success) results = (await svc.search(tenant, parsed.data.q)).items;
    else error = t("errors.VALIDATION");
  }

  let detail: Awaited<ReturnType<Customers["detail"]>> | null = null;
  if (id !== undefined) {
    const sensitive = c.req.query("sensitive") === "true" && has(op, SENSITIVE_READERS);
    try {
      if (!/^[0-9A-Za-z-]{1,64}$/.test(id)) throw new DomainError("NOT_FOUND");
      detail = await svc.detail(tenant, id, {
        operator: op.username,
        ip: c.var.ip,
      }, sensitive);
    } catch (e) {
      if (!(e instanceof DomainError) || e.error !== "NOT_FOUND") throw e;
      error = t("errors.NOT_FOUND");
    }
  }

  const search = (
    <form class="admin-filter" method="get" action="/admin/customers" role="search">
      <label for="customer-q" class="sr-only">{t("admin.customerSearch")}</label>
      <input
        id="customer-q"
        name="q"
        type="search"
        maxLength={64}
        value={rawQ}
        placeholder={t("admin.customerSearch")}
        data-testid="customer-q"
      />
      <button type="submit" class="btn btn-primary btn-small">{t("admin.search")}</button>
    </form>
  );

  const list = results && (
    <div class="card admin-list" data-testid="customer-results">
      {results.length === 0
        ? <p class="muted admin-empty">{t("admin.noCustomers")}</p>
        : (
          <AdminTable
            head={[
              t("admin.customer"),
              t("admin.phone"),
              t("admin.verifiedName"),
              t("admin.level"),
              t("admin.status"),
            ]}
          >
            {results.map((h) => (
              <tr key={h.userId} data-user={h.userId}>
                <td class="mono">
                  <a href={`/admin/customers?id=${encodeURIComponent(h.userId)}`}>{h.userId}</a>
                </td>
                <td class="mono">{h.phone}</td>
                <td>{h.verifiedName ?? "—"}</td>
                <td>{label.level(h.certifyLevel)}</td>
                <td>{h.locked ? t("admin.locked") : t("admin.active")}</td>
              </tr>
            ))}
          </AdminTable>
        )}
    </div>
  );

  const d = detail;
  const writer = has(op, CUSTOMER_WRITERS);
  // an erased customer is only the books' pseudonym: nothing to lock, unlock or erase again
  const actions = !d || d.erased ? [] : [
    ...(writer ? [d.locked ? "unlock" : "lock"] : []),
    ...(d.book === "live" && has(op, PROPOSAL_ROLES["customer.professional"].propose)
      ? [d.professional ? "professionalOff" : "professional"]
      : []),
    ...(d.book === "live" && has(op, PROPOSAL_ROLES["customer.erase"].propose) ? ["erase"] : []),
  ];
  const page = d && (
    <article
      class="card admin-detail admin-record"
      aria-labelledby="customer-title"
      data-testid="customer"
    >
      <div class="admin-detail-head">
        <h2 id="customer-title" tabIndex={-1}>
          {t("admin.customer")} <span class="mono">{d.userId}</span>
        </h2>
        <span
          class={`admin-status ${d.locked ? "s-rejected" : "s-authenticated"}`}
          data-testid="customer-status"
        >
          {d.erased ? t("admin.erased") : d.locked ? t("admin.locked") : t("admin.active")}
        </span>
      </div>
      <dl class="admin-dl">
        <Item label={t("admin.phone")}>{d.phone}</Item>
        <Item label={t("funds.time")}>{f.time(d.createdAt)}</Item>
        <Item label={t("admin.level")}>{label.level(d.certifyLevel)}</Item>
        <Item label={t("admin.verifiedName")}>{d.verification.verifiedName ?? "—"}</Item>
        {d.verification.document && (
          <Item label={t("admin.document")} testid="customer-document">
            {`${d.verification.document.docType} ${d.verification.document.docNumber}`}
          </Item>
        )}
        {d.book === "live" && !d.erased && (
          <Item label={t("admin.pkProfessional")} testid="customer-professional">
            {d.professional
              ? t("admin.professionalSince", { at: f.time(d.professional.at) })
              : t("admin.professionalNo")}
          </Item>
        )}
        {d.locked && !d.erased && (
          <Item label={t("admin.lockReason")}>
            {`${d.locked.reason} · ${d.locked.by} · ${f.time(d.locked.at)}`}
          </Item>
        )}
      </dl>
      {has(op, SENSITIVE_READERS) && !d.sensitive && (
        <p>
          <a
            class="btn btn-ghost btn-small"
            href={`/admin/customers?id=${encodeURIComponent(d.userId)}&sensitive=true`}
            data-testid="show-sensitive"
          >
            {t("admin.showSensitive")}
          </a>
        </p>
      )}
      {actions.length > 0 && (
        <Island
          of={AdminDecision}
          props={{
            queue: "customers",
            id: d.userId,
            actions,
            needsReason: ["lock", "unlock", "erase", "professional", "professionalOff"],
            summary: d.userId,
            tx: {
              ...pickTexts(t, [
                ...DECISION_TEXTS,
                "admin.lock",
                "admin.unlock",
                "admin.erase",
                "admin.eraseReason",
                "admin.professional",
                "admin.professionalOff",
                "admin.professionalReason",
              ]),
              "admin.reason": t("admin.lockReason"),
            },
          }}
        />
      )}
      <Part
        id="balances"
        title={t("admin.balances")}
        f={f}
        rows={rowsOf(d.balances)}
        cols={[
          [t("admin.wallet"), (r) => label.wallet(r.wallet)],
          [t("admin.currency"), (r) => str(r.currency)],
          [t("admin.available"), (r) => f.exact(str(r.available))],
          [t("admin.frozen"), (r) => f.exact(str(r.frozen))],
        ]}
      />
      {has(op, PROPOSAL_ROLES["balance.adjust"].propose) && (
        <p>
          <a
            class="btn btn-ghost btn-small"
            href={`/admin/proposals?adjust=${encodeURIComponent(d.userId)}#propose-adjust`}
            data-testid="adjust-balance"
          >
            {t("admin.adjustBalance")}
          </a>
        </p>
      )}
      <Part
        id="positions"
        title={t("admin.positions")}
        f={f}
        rows={rowsOf(d.positions)}
        cols={[
          ["#", (r) => <span class="mono">{str(r.orderNo)}</span>],
          [t("admin.symbol"), (r) => str(r.symbol)],
          [t("admin.side"), (r) => label.side(r.side)],
          [t("admin.amount"), (r) => f.exact(str(r.qty))],
          [t("admin.status"), (r) => label.position(r.status)],
        ]}
      />
      <Part
        id="fast"
        title={t("admin.fastOrders")}
        f={f}
        rows={rowsOf(d.fastOrders)}
        cols={[
          ["#", (r) => <span class="mono">{str(r.orderNo)}</span>],
          [t("admin.symbol"), (r) => str(r.symbol)],
          [t("admin.amount"), (r) => f.exact(str(r.stake))],
          [t("admin.status"), (r) => label.fast(r.status, r.outcome)],
        ]}
      />
      <Part
        id="spot"
        title={t("admin.spotOrders")}
        f={f}
        rows={rowsOf(d.spotOrders)}
        cols={[
          ["#", (r) => <span class="mono">{str(r.orderNo ?? r.id)}</span>],
          [t("admin.symbol"), (r) => str(r.symbol)],
          [t("admin.side"), (r) => label.side(r.side)],
          [t("admin.status"), (r) => label.spot(r.status)],
        ]}
      />
      <Part
        id="wealth"
        title={t("admin.wealthOrders")}
        f={f}
        rows={rowsOf(d.wealthOrders)}
        cols={[
          ["#", (r) => <span class="mono">{str(r.id ?? r.orderNo)}</span>],
          [t("admin.amount"), (r) => f.exact(str(r.amount))],
          [t("admin.status"), (r) => label.wealth(r.status)],
        ]}
      />
      <Part
        id="recharges"
        title={t("admin.recharges")}
        f={f}
        rows={rowsOf(d.recharges)}
        cols={[
          [t("funds.time"), (r) => f.time(r.createdAt as number)],
          [t("admin.amount"), (r) => `${f.exact(str(r.amount))} ${str(r.currency)}`],
          [t("admin.account"), (r) => <span class="mono">{str(r.remitterAccount)}</span>],
          [
            t("admin.status"),
            (r) => (
              <a href={`/admin/recharges?id=${encodeURIComponent(str(r.id))}`}>
                {label.funds(r.status)}
              </a>
            ),
          ],
        ]}
      />
      <Part
        id="withdrawals"
        title={t("admin.withdrawals")}
        f={f}
        rows={rowsOf(d.withdrawals)}
        cols={[
          [t("funds.time"), (r) => f.time(r.createdAt as number)],
          [t("admin.amount"), (r) => `${f.exact(str(r.amount))} ${str(r.currency)}`],
          [
            t("admin.payTo"),
            (r) => str(r.methodLabel ?? (r.method as { label?: string } | undefined)?.label),
          ],
          // the payout's transaction hash or bank reference ("Mark paid")
          [
            t("admin.payoutReference"),
            (r) => (
              <span class="mono wrap" data-testid="withdrawal-reference">{str(r.reference)}</span>
            ),
          ],
          [
            t("admin.status"),
            (r) => (
              <a href={`/admin/withdrawals?id=${encodeURIComponent(str(r.id))}`}>
                {label.funds(r.status)}
              </a>
            ),
          ],
        ]}
      />
      <Part
        id="methods"
        title={t("admin.paymentMethods")}
        f={f}
        rows={rowsOf(d.paymentMethods)}
        cols={[
          [t("admin.kind"), (r) => label.method(r.kind)],
          [t("admin.account"), (r) => {
            const b = r.bank as Row | null;
            const k = r.crypto as Row | null;
            return (
              <span class="mono">
                {b ? `${str(b.bankName)} ${str(b.number)} ${str(b.holder)}` : str(k?.address)}
              </span>
            );
          }],
        ]}
      />
      <Part
        id="messages"
        title={t("admin.messages")}
        f={f}
        rows={rowsOf(d.messages)}
        cols={[
          [t("funds.time"), (r) => f.time(r.at as number)],
          [t("admin.kind"), (r) => label.message(r.kind)],
          [t("admin.read"), (r) => (r.read ? "✓" : "")],
        ]}
      />
      {writer && (
        <section class="admin-part" aria-labelledby="part-send">
          <h3 id="part-send">{t("admin.sendMessage")}</h3>
          <Island
            of={AdminCustomerMessage}
            props={{ userId: d.userId, tx: pickTexts(t, CUSTOMER_MESSAGE_TEXTS) }}
          />
        </section>
      )}
      <Part
        id="sessions"
        title={t("admin.sessions")}
        f={f}
        rows={rowsOf(d.sessions)}
        cols={[
          [t("funds.time"), (r) => f.time(r.createdAt as number)],
          [t("admin.device"), (r) => str(r.device)],
          ["IP", (r) => <span class="mono">{str(r.ip)}</span>],
        ]}
      />
      <Part
        id="logins"
        title={t("admin.logins")}
        f={f}
        rows={rowsOf(d.logins)}
        cols={[
          [t("funds.time"), (r) => f.time(r.at as number)],
          [t("admin.device"), (r) => str(r.device)],
          ["IP", (r) => <span class="mono">{str(r.ip)}</span>],
          [t("admin.status"), (r) => label.login(r.result)],
        ]}
      />
    </article>
  );

  const body = (
    <section class="admin-queue" aria-labelledby="customers-title">
      <div class="admin-bar">
        <h2 id="customers-title">{t("admin.customers")}</h2>
        {search}
      </div>
      <FlashNotice text={flash && t(flash === "proposed" ? "admin.proposed" : "admin.done")} />
      {error && <p class="admin-alert" role="alert">{error}</p>}
      {list}
      {page}
      {!list && !page && !error && <p class="muted">{t("admin.customerHint")}</p>}
    </section>
  );
  return consoleDocument(c, `${t("admin.customers")} · ${t("admin.title")}`, body, {
    session: op,
    section: "customers",
  });
});
