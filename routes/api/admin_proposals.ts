/**
 * The four-eyes queue and the product configuration: proposals (list, read, propose a reserve
 * funding or a balance adjustment, approve by another operator, reject), and the products
 * (fast, leveraged, spot, exchange terms and the wealth products), whose changes are proposals
 * that apply to new orders once approved. Which role may propose and decide each kind is the
 * proposals module's (`PROPOSAL_ROLES`); these routes let in the roles that read the queue.
 */
import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import { Id, PageQuery, ReasonBody } from "../../contract/funds.ts";
import {
  PROPOSAL_STATUSES,
  ProposalBody,
  type ProposalJson,
  ProposalPage,
  ProposalReply,
  TermsChangeBody,
  TermsSectionJson,
  WealthProductJson,
} from "../../contract/operators.ts";
import { PROPOSAL_READERS } from "../../edge/operators/proposal_kinds.ts";
import { TERM_SECTIONS } from "../../edge/trading/terms.ts";
import { WealthProductEdit } from "../../contract/wealth.ts";
import { productJson, productTerms } from "../../edge/wealth/figures.ts";
import type { AppEnv, Ctx } from "../../edge/http/context.ts";
import { ok } from "../../edge/http/envelope.ts";
import { DomainError } from "../../edge/platform/errors.ts";
import { type ConsoleReads, operatorAuth } from "../../edge/http/operator_auth.ts";
import { AUTH_ERRORS, jsonBody, okReply } from "./openapi.ts";
import { proposalKeys } from "../../edge/operators/proposal_kinds.ts";
import { termsKey } from "../../edge/trading/terms.ts";
import { wealthKeys } from "../../edge/wealth/store.ts";
import { proposalsRead } from "../../edge/operators/console_reads.ts";

const tags = ["operators"];
const readers = [operatorAuth(PROPOSAL_READERS)];

/** A reader's route whose reads of the tenant go with the operator's session (`ConsoleReads`). */
const reading = (reads: ConsoleReads) => [operatorAuth(PROPOSAL_READERS, reads)];

const ListQuery = PageQuery.extend({ status: z.enum(PROPOSAL_STATUSES).optional() });
const actor = (c: Ctx) => ({
  operator: c.var.operator.username,
  ip: c.var.ip,
  roles: c.var.operator.roles,
});
const IdParam = z.object({ id: Id });
/** The service's record, typed as the reply schema describes it (the payload by kind). */
const sent = (p: { payload: unknown }) => p as unknown as ProposalJson;
const sentPage = (p: { items: { payload: unknown }[]; cursor: string | null }) => ({
  items: p.items.map(sent),
  cursor: p.cursor,
});
const SectionParam = z.object({ section: z.enum(TERM_SECTIONS, { error: "invalid" }) });

const WealthChange = z.strictObject({
  items: z.array(WealthProductEdit).min(1).max(20),
  reason: z.string().trim().max(200, { error: "tooLong" }).default("Wealth products update"),
}).meta({ id: "WealthProductsChange" });

const TermsReply = z.object({
  section: z.enum(TERM_SECTIONS),
  version: z.number().int(),
  terms: TermsSectionJson,
  /** the proposals waiting for this section */
  pending: z.array(ProposalReply),
});

export const proposalsApi = new OpenAPIHono<AppEnv>()
  .openapi(
    createRoute({
      method: "get",
      path: "/admin/proposals",
      tags,
      summary: "Proposals, newest first, by status",
      middleware: reading((c) => {
        const q = ListQuery.parse(c.req.query());
        return q.cursor ? [] : [proposalsRead(c.var.tenant.id, q.limit)];
      }),
      request: { query: ListQuery },
      responses: { ...okReply(ProposalPage), ...AUTH_ERRORS },
    }),
    async (c) => {
      const q = c.req.valid("query");
      return ok(
        c,
        sentPage(await c.var.deps.proposals.list(c.var.tenant.id, q.status, q.limit, q.cursor)),
      );
    },
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/admin/proposals/{id}",
      tags,
      summary: "One proposal with its exact payload and hash",
      middleware: reading((c) => [{
        key: proposalKeys.proposal(c.var.tenant.id, c.req.param("id") ?? ""),
      }]),
      request: { params: IdParam },
      responses: { ...okReply(ProposalReply), ...AUTH_ERRORS },
    }),
    async (c) => {
      const p = await c.var.deps.proposals.get(c.var.tenant.id, c.req.valid("param").id);
      if (!p) throw new DomainError("NOT_FOUND");
      return ok(c, sent(p));
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/admin/proposals",
      tags,
      summary:
        "Propose funding the wealth reserve or adjusting a customer's balance (against the adjustments account); audited",
      middleware: readers,
      request: jsonBody(ProposalBody),
      responses: { ...okReply(ProposalReply), ...AUTH_ERRORS },
    }),
    async (c) => {
      const b = c.req.valid("json");
      const { proposals } = c.var.deps;
      const t = c.var.tenant.id;
      return ok(
        c,
        sent(
          b.kind === "wealth.reserve"
            ? await proposals.proposeReserve(t, actor(c), b.amount, b.reason)
            : b.kind === "withdraw.fourEyes"
            ? await proposals.proposeFourEyes(t, actor(c), b.currency, b.amount, b.reason)
            : b.kind === "customer.professional"
            ? await proposals.proposeProfessional(t, actor(c), b)
            : await proposals.proposeAdjustment(t, actor(c), b),
        ),
      );
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/admin/proposals/{id}/approve",
      tags,
      summary: "Approve another operator's proposal: the change is made in the same commit, once",
      middleware: readers,
      request: { params: IdParam },
      responses: { ...okReply(ProposalReply), ...AUTH_ERRORS },
    }),
    async (c) =>
      ok(
        c,
        sent(
          await c.var.deps.proposals.approve(c.var.tenant.id, actor(c), c.req.valid("param").id),
        ),
      ),
  );

/** Reject (another operator's) or withdraw (one's own) pending proposal, with a reason; audited. */
for (const action of ["reject", "withdraw"] as const) {
  proposalsApi.openapi(
    createRoute({
      method: "post",
      path: `/admin/proposals/{id}/${action}`,
      tags,
      summary: action === "reject"
        ? "Reject another operator's proposal with a reason; audited"
        : "The proposer takes their own pending proposal back, with a reason (403 PROPOSAL_NOT_OWN for anyone else); audited",
      middleware: readers,
      request: { params: IdParam, ...jsonBody(ReasonBody) },
      responses: { ...okReply(ProposalReply), ...AUTH_ERRORS },
    }),
    async (c) =>
      ok(
        c,
        sent(
          await c.var.deps.proposals[action](
            c.var.tenant.id,
            actor(c),
            c.req.valid("param").id,
            c.req.valid("json").reason,
          ),
        ),
      ),
  );
}

proposalsApi
  .openapi(
    createRoute({
      method: "get",
      path: "/admin/products/wealth",
      tags,
      summary: "The wealth products as configured",
      middleware: reading((c) => [{ key: wealthKeys.products(c.var.tenant.id) }]),
      responses: { ...okReply(z.object({ items: z.array(WealthProductJson) })), ...AUTH_ERRORS },
    }),
    async (c) => {
      const items = await c.var.deps.wealth.products(c.var.tenant.id);
      return ok(c, { items: items.map(config) });
    },
  )
  .openapi(
    createRoute({
      method: "put",
      path: "/admin/products/wealth",
      tags,
      summary:
        "Propose new wealth products (a second operator approves; orders keep the terms they were placed at)",
      middleware: readers,
      request: jsonBody(WealthChange),
      responses: { ...okReply(ProposalReply), ...AUTH_ERRORS },
    }),
    async (c) => {
      const b = c.req.valid("json");
      return ok(
        c,
        sent(
          await c.var.deps.proposals.proposeWealthProducts(
            c.var.tenant.id,
            actor(c),
            b.items,
            b.reason,
          ),
        ),
      );
    },
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/admin/products/{section}",
      tags,
      summary:
        "Product terms in force (fast, leveraged, spot or exchange), their version and the proposals waiting",
      middleware: reading((c) => [
        { key: termsKey(c.var.tenant.id) },
        proposalsRead(c.var.tenant.id, 100),
      ]),
      request: { params: SectionParam },
      responses: { ...okReply(TermsReply), ...AUTH_ERRORS },
    }),
    async (c) => {
      const { section } = c.req.valid("param");
      const t = c.var.tenant.id;
      const [record, pending] = await Promise.all([
        c.var.deps.terms.record(t),
        c.var.deps.proposals.list(t, "pending", 100),
      ]);
      return ok(c, {
        section,
        version: record.version,
        terms: record[section],
        pending: pending.items.filter((p) => p.kind === `products.${section}`).map(sent),
      });
    },
  )
  .openapi(
    createRoute({
      method: "put",
      path: "/admin/products/{section}",
      tags,
      summary:
        "Propose new product terms for a section (the whole section); applied to new orders once another operator approves",
      middleware: readers,
      request: { params: SectionParam, ...jsonBody(TermsChangeBody) },
      responses: { ...okReply(ProposalReply), ...AUTH_ERRORS },
    }),
    async (c) => {
      const b = c.req.valid("json");
      return ok(
        c,
        sent(
          await c.var.deps.proposals.proposeTerms(
            c.var.tenant.id,
            actor(c),
            c.req.valid("param").section,
            b.terms,
            b.reason,
          ),
        ),
      );
    },
  );

function config(p: Parameters<typeof productJson>[0]) {
  const j = productJson(p, 0n, null);
  return { ...productTerms(j), cap: j.cap, turnoverRatio: j.turnoverRatio, enabled: p.enabled };
}
