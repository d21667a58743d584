/**
 * The four-eyes proposals: pending first (filter by status), each with what it changes and the
 * decisions the viewer may take (never their own); the forms to propose a wealth reserve funding
 * and a balance adjustment. `?status=&cursor=&id=&adjust=<userId>&flash=` keep the state in the
 * URL (`adjust` fills the adjustment's customer, from the customer page).
 */
import { OneAdminNote } from "./operators.tsx";
import { Id } from "../../../contract/funds.ts";
import { PROPOSAL_STATUSES } from "../../../contract/operators.ts";
import { WALLET_CURRENCIES, WALLETS } from "../../../edge/ledger/accounts.ts";
import { CURRENCY_CHOICES } from "../../../contract/funds_rules.ts";
import { PROPOSAL_ROLES, type ProposalStatus } from "../../../edge/operators/proposal_kinds.ts";
import { pickTexts } from "../../../edge/platform/locale.ts";
import { Island } from "../../../edge/render/island.tsx";
import AdminPropose, { PROPOSE_TEXTS } from "../../../islands/AdminPropose.tsx";
import { consoleDocument, sectionPage } from "./frame.tsx";
import { FlashNotice, fmtOf, Pager } from "./parts.tsx";
import { ProposalCard, type ProposalView } from "./proposal_parts.tsx";
import { proposalKeys } from "../../../edge/operators/proposal_kinds.ts";
import type { Ctx } from "../../../edge/http/context.ts";
import type { PrivateRead } from "../../../edge/platform/kv_round_trips.ts";
import { operatorsRead, proposalsRead } from "../../../edge/operators/console_reads.ts";
import { MAX_OPERATORS } from "../../../edge/operators/staff.ts";

const STATUSES: readonly ProposalStatus[] = PROPOSAL_STATUSES;
const FLASH = ["done", "proposed", "ALREADY_DECIDED", "NOT_FOUND"] as const;
const PAGE = 20;

function href(q: Record<string, string | null | undefined>, hash = "") {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(q)) if (v) p.set(k, v);
  const s = p.toString();
  return `/admin/proposals${s ? `?${s}` : ""}${hash}`;
}

/** The proposal shown (or the page of the list) and the operators, read with the session. */
function proposalsReads(c: Ctx): PrivateRead[] {
  const t = c.var.tenant.id;
  const id = c.req.query("id");
  const cursor = c.req.query("cursor");
  const shown = id && Id.safeParse(id).success
    ? [{ key: proposalKeys.proposal(t, id) }]
    : cursor
    ? []
    : [proposalsRead(t, PAGE)];
  return [...shown, operatorsRead(t, MAX_OPERATORS)];
}

export const proposalsPage = sectionPage("proposals", async (c, op) => {
  const f = fmtOf(c);
  const t = f.t;
  const { proposals } = c.var.deps;
  const tenant = c.var.tenant.id;
  const statusParam = c.req.query("status");
  const status = STATUSES.find((s) => s === statusParam) ?? "pending";
  const cursorParam = c.req.query("cursor");
  const cursor = cursorParam && cursorParam.length <= 200 ? cursorParam : undefined;
  const idParam = c.req.query("id");
  const id = idParam && Id.safeParse(idParam).success ? idParam : null;
  const adjustParam = c.req.query("adjust");
  const adjust = adjustParam && /^\d{1,20}$/.test(adjustParam) ? adjustParam : "";
  // a refused threshold raise (the settings page) fills the four-eyes proposal form
  const raiseParam = c.req.query("raise");
  const raise = CURRENCY_CHOICES.find((x) => x === raiseParam);
  const amountParam = c.req.query("amount") ?? "";
  const raiseAmount = raise && /^\d{1,12}(\.\d{1,8})?$/.test(amountParam) ? amountParam : "";
  const flash = FLASH.find((x) => x === c.req.query("flash"));

  // the proposals and the operators together (with the session: `proposalsReads`)
  const [page, all] = await Promise.all([
    id
      ? proposals.get(tenant, id).then((one) => ({ items: one ? [one] : [], cursor: null }))
      : proposals.list(tenant, status, PAGE, cursor),
    c.var.deps.operatorAccounts.all(tenant),
  ]);
  const items: ProposalView[] = page.items;
  const next = page.cursor;
  const barred = await proposals.barred(tenant, op.username, items);
  const may = (kind: "wealth.reserve" | "balance.adjust" | "withdraw.fourEyes") =>
    PROPOSAL_ROLES[kind].propose.some((r) => op.roles.includes(r));
  const tx = pickTexts(t, PROPOSE_TEXTS);
  const operators = (await c.var.deps.operatorAccounts.list(tenant, op.username, all)).items;

  const body = (
    <section class="admin-queue" aria-labelledby="proposals-title">
      <div class="admin-bar">
        <h2 id="proposals-title">{t("admin.proposals")}</h2>
        <nav class="admin-filter admin-statuses" aria-label={t("admin.status")}>
          {STATUSES.map((s) => (
            <a
              key={s}
              href={href({ status: s })}
              class={!id && s === status ? "admin-chip active" : "admin-chip"}
              aria-current={!id && s === status ? "page" : undefined}
              data-testid={`status-${s}`}
            >
              {t(`admin.ps_${s}`)}
            </a>
          ))}
          <a
            class="btn btn-ghost btn-small"
            href={href({ status: id ? null : status, cursor, id })}
            data-testid="queue-refresh"
          >
            {t("admin.refresh")}
          </a>
        </nav>
      </div>
      <FlashNotice
        text={flash &&
          t(
            flash === "done"
              ? "admin.done"
              : flash === "proposed"
              ? "admin.proposed"
              : `errors.${flash}`,
          )}
        ok={flash === "done" || flash === "proposed"}
      />
      <OneAdminNote f={f} items={operators} />
      <div class="admin-split">
        <div class="admin-proposals" data-testid="proposals">
          {id && (
            <p>
              <a class="btn btn-ghost btn-small" href={href({})}>{t("admin.allProposals")}</a>
            </p>
          )}
          {items.length === 0 && (
            <p class="card admin-empty muted" data-testid="queue-empty">
              {t(id ? "errors.NOT_FOUND" : "admin.noProposals")}
            </p>
          )}
          {items.map((p) => (
            <div class="card admin-pane" key={p.id}>
              <ProposalCard p={p} f={f} op={op} selected={p.id === id} barred={barred[p.id]} />
            </div>
          ))}
          <Pager t={t} at={cursor} next={next} link={(cursor) => href({ status, cursor })} />
        </div>
        <aside class="admin-proposal-forms" aria-label={t("admin.propose")}>
          {[
            {
              id: "propose-reserve",
              title: "admin.proposeReserve",
              props: { kind: "wealth.reserve" as const, tx },
            },
            {
              id: "propose-adjust",
              title: "admin.proposeAdjust",
              props: {
                kind: "balance.adjust" as const,
                tx,
                userId: adjust,
                wallets: Object.fromEntries(WALLETS.map((w) => [w, [...WALLET_CURRENCIES[w]]])),
              },
            },
            {
              id: "propose-four-eyes",
              title: "admin.pkFourEyes",
              props: {
                kind: "withdraw.fourEyes" as const,
                tx,
                currencies: [...CURRENCY_CHOICES],
                currency: raise,
                amount: raiseAmount,
              },
            },
          ].map((pane) => (
            // each form for the roles that may propose its kind; the others see who may
            <div class="card admin-pane" id={pane.id} key={pane.id}>
              <h3 class="admin-h3">{t(pane.title)}</h3>
              {may(pane.props.kind)
                ? <Island of={AdminPropose} props={pane.props} />
                : (
                  <p class="muted small">
                    {t("admin.proposeRoles", {
                      roles: PROPOSAL_ROLES[pane.props.kind].propose.join(", "),
                    })}
                  </p>
                )}
            </div>
          ))}
        </aside>
      </div>
    </section>
  );
  return consoleDocument(c, `${t("admin.proposals")} · ${t("admin.title")}`, body, {
    session: op,
    section: "proposals",
  });
}, proposalsReads);
