/**
 * The products: the terms in force per section (fast, leveraged, spot, exchange) with their
 * version, and the wealth products; each section a form that proposes the whole section with a
 * reason (applied to new orders once another operator approves), and the section's proposals
 * waiting for that approval.
 */
import {
  PROPOSAL_ROLES,
  type ProposalKind,
  wealthProductJson,
} from "../../../edge/operators/proposal_kinds.ts";
import { pickTexts } from "../../../edge/platform/locale.ts";
import { termsKey } from "../../../edge/trading/terms.ts";
import { wealthKeys } from "../../../edge/wealth/store.ts";
import { proposalsRead } from "../../../edge/operators/console_reads.ts";
import { Island } from "../../../edge/render/island.tsx";
import AdminTerms, { TERMS_TEXTS, type TermsSection } from "../../../islands/AdminTerms.tsx";
import { consoleDocument, sectionPage } from "./frame.tsx";
import { FlashNotice, fmtOf } from "./parts.tsx";
import { Hash, KIND_KEYS, type ProposalView } from "./proposal_parts.tsx";

const SECTIONS: readonly TermsSection[] = ["fast", "leveraged", "spot", "exchange", "wealth"];

export const productsPage = sectionPage("products", async (c, op) => {
  const f = fmtOf(c);
  const t = f.t;
  const { terms, wealth, proposals } = c.var.deps;
  const tenant = c.var.tenant.id;
  const [record, products, pending] = await Promise.all([
    terms.record(tenant),
    wealth.products(tenant),
    proposals.list(tenant, "pending", 100),
  ]);
  const flash = c.req.query("flash") === "proposed";
  const tx = pickTexts(t, TERMS_TEXTS);
  const values: Record<TermsSection, unknown> = {
    fast: record.fast,
    leveraged: record.leveraged,
    spot: record.spot,
    exchange: record.exchange,
    wealth: products.map(wealthProductJson),
  };
  const waiting = (s: TermsSection): ProposalView[] =>
    pending.items.filter((p) => p.kind === `products.${s}`);

  const body = (
    <section class="admin-queue" aria-labelledby="products-title">
      <div class="admin-bar">
        <h2 id="products-title">{t("admin.products")}</h2>
        <p class="muted small" data-testid="terms-version">
          {t("admin.termsVersion", {
            n: record.version,
            at: record.updatedAt ? f.time(record.updatedAt) : "—",
          })}
        </p>
        <nav class="admin-filter" aria-label={t("admin.products")}>
          {SECTIONS.map((s) => (
            <a key={s} class="admin-chip" href={`#section-${s}`}>
              {t(KIND_KEYS[`products.${s}`])}
            </a>
          ))}
        </nav>
      </div>
      <FlashNotice text={flash && t("admin.proposed")} />
      {SECTIONS.map((s) => {
        const kind: ProposalKind = `products.${s}`;
        const canPropose = PROPOSAL_ROLES[kind].propose.some((r) => op.roles.includes(r));
        const list = waiting(s);
        return (
          <section
            key={s}
            class="card admin-pane admin-product"
            id={`section-${s}`}
            aria-labelledby={`section-${s}-title`}
            data-testid={`section-${s}`}
          >
            <div class="admin-detail-head">
              <h3 id={`section-${s}-title`} class="admin-h3">{t(KIND_KEYS[kind])}</h3>
              {s !== "wealth" && (
                <span class="muted small">{t("admin.version", { n: record.version })}</span>
              )}
            </div>
            {list.length > 0 && (
              <div class="admin-waiting" data-testid={`pending-${s}`}>
                <p>
                  <strong>{t("admin.proposed")}</strong>
                </p>
                <ul>
                  {list.map((p) => (
                    <li key={p.id}>
                      <a href={`/admin/proposals?id=${encodeURIComponent(p.id)}`}>
                        {`${p.proposer} · ${f.time(p.createdAt)}`}
                      </a>{" "}
                      <Hash hash={p.payloadHash} />
                      {typeof p.payload.reason === "string" && p.payload.reason && (
                        <span class="muted">{` · ${p.payload.reason}`}</span>
                      )}
                    </li>
                  ))}
                </ul>
              </div>
            )}
            <Island
              of={AdminTerms}
              props={{
                section: s,
                initial: values[s],
                tx,
                canPropose,
              }}
            />
          </section>
        );
      })}
    </section>
  );
  return consoleDocument(c, `${t("admin.products")} · ${t("admin.title")}`, body, {
    session: op,
    section: "products",
  });
}, (c) => [
  { key: termsKey(c.var.tenant.id) },
  { key: wealthKeys.products(c.var.tenant.id) },
  proposalsRead(c.var.tenant.id, 100),
]);
