/**
 * The operators' API: sign-in and out, the review queues (generated from their descriptors in
 * `edge/operators/queues.ts`), evidence images, the funds settings and the audit log. The
 * operator and their role come from `operatorAuth` (`c.var.operator`); a handler validates,
 * calls one service method and replies.
 */
import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import {
  ChannelBody,
  ChannelJson,
  DecisionBody,
  Id,
  ImageId,
  PageQuery,
  WithdrawSettingsBody,
} from "../../contract/funds.ts";
import { DemoAccounts } from "../../contract/demo.ts";
import { evidenceImage } from "../../edge/operators/evidence.ts";
import { auditLogRead } from "../../edge/operators/audit_reads.ts";
import { exportRead } from "../../edge/audit/audit.ts";
import { QUEUES, type ReviewQueue } from "../../edge/operators/queues.ts";
import { bulkPass, exportView, queueReads, queueView } from "../../edge/operators/queue_view.ts";
import { BulkPassBody, BulkPassReply, queueFilterQuery } from "../../contract/queues.ts";
import { dailyCsv, dayStart, MAX_REPORT_DAYS } from "../../edge/operators/reports.ts";
import { parseDecimal } from "../../core-wasm/mod.ts";
import {
  AuditChainStatus,
  AuditPage,
  DailyReport,
  ExposureReport,
  OperatorSignInReply,
  WithdrawSettingsReply,
} from "../../contract/operators.ts";
import type { AppEnv, Ctx } from "../../edge/http/context.ts";
import { ok } from "../../edge/http/envelope.ts";
import { DomainError } from "../../edge/platform/errors.ts";
import {
  clearOperatorCookie,
  type ConsoleReads,
  operatorAuth,
  sessionOpened,
} from "../../edge/http/operator_auth.ts";
import { AUTH_ERRORS, ERRORS, imageReply, jsonBody, okReply } from "./openapi.ts";
import { imageResponse } from "./identity.ts";

const tags = ["admin"];

const OperatorLogin = z.strictObject({
  username: z.string({ error: "required" }).min(1, { error: "required" })
    .max(64, { error: "tooLong" }),
  password: z.string({ error: "passwordRequired" }).min(1, { error: "passwordRequired" })
    .max(128, { error: "tooLong" }),
  /** absent only at the first sign-in of an operator who has not enrolled TOTP yet */
  totp: z.string({ error: "codeRequired" }).regex(/^\d{6}$/, { error: "codeInvalid" }).optional(),
}).openapi("OperatorLoginRequest");

const Day = z.string({ error: "required" }).regex(/^\d{4}-\d{2}-\d{2}$/, { error: "invalid" })
  .refine((d) => dayStart(d) !== null, { error: "invalid" });

/** A range of UTC days, `from` <= `to`, at most `max` days. */
const dayRange = (max: number) => (q: { from: string; to: string }, ctx: z.RefinementCtx) => {
  const f = dayStart(q.from), t = dayStart(q.to);
  if (f !== null && t !== null && (t < f || (t - f) / 86_400_000 + 1 > max)) {
    ctx.addIssue({ code: "custom", path: ["to"], message: "invalid" });
  }
};

const AuditQuery = z.object({
  limit: z.coerce.number({ error: "invalid" }).int({ error: "invalid" })
    .min(1, { error: "invalid" }).max(100, { error: "invalid" }).default(20),
  cursor: z.string().max(200, { error: "tooLong" }).optional(),
  /** one operator's entries */
  operator: z.string().max(64, { error: "tooLong" }).optional(),
  /** an action (`refused`) or a family of them (`withdrawal` for `withdrawal.pass`, ...) */
  action: z.string().regex(/^[\w.-]{1,64}$/, { error: "invalid" }).optional(),
  /** UTC days, inclusive */
  from: Day.optional(),
  to: Day.optional(),
});

const AuditExportQuery = z.object({
  from: Day,
  to: Day,
  format: z.enum(["csv", "jsonl"], { error: "invalid" }).default("csv"),
}).superRefine(dayRange(366));

const DailyQuery = z.object({
  from: Day,
  to: Day,
  format: z.enum(["json", "csv"], { error: "invalid" }).default("json"),
}).superRefine(dayRange(MAX_REPORT_DAYS));

const ExposureQuery = z.object({
  move: z.string().regex(/^\d{1,2}(\.\d{1,2})?$/, { error: "invalid" }).default("5")
    .refine((m) => Number(m) > 0 && Number(m) <= 50, { error: "invalid" }),
});

const textReply = (mime: string, description: string) => ({
  200: { description, content: { [mime]: { schema: z.string() } } },
});

/** A file for download (not enveloped). */
function download(c: Ctx, body: string, mime: string, name: string) {
  c.header("Cache-Control", "no-store");
  return c.body(body, 200, {
    "Content-Type": `${mime}; charset=utf-8`,
    "Content-Disposition": `attachment; filename="${name}"`,
  }) as never;
}

/** The funds settings (channels and withdrawal rules), read with the operator's session. */
const fundsSettingsReads = (c: Ctx) => c.var.deps.fundsSettings.adminReads(c.var.tenant.id);

/** An evidence image (its use, meta record and chunks), read with the operator's session. */
const imageReads = (c: Ctx) =>
  c.var.deps.images.reads(c.var.tenant.id, c.req.param("id") ?? "").map((key) => ({ key }));

/** Who acts, for the audit log. */
const actor = (c: Ctx) => ({ operator: c.var.operator.username, ip: c.var.ip });

export const adminApi = new OpenAPIHono<AppEnv>()
  .openapi(
    createRoute({
      method: "post",
      path: "/admin/login",
      tags,
      summary:
        "Operator sign-in: username, password and TOTP code (each code once); token in `authorization` and in the console's HttpOnly cookie (`status: signedIn`). " +
        "An operator who has not enrolled yet signs in with the temporary password alone and gets `status: enrolmentRequired` (a new TOTP secret shown once, an enrolment token for POST /api/admin/enrol), no session. " +
        "A disabled operator giving every factor right gets 403 OPERATOR_DISABLED; every other failure BAD_CREDENTIALS",
      request: jsonBody(OperatorLogin),
      responses: { ...okReply(OperatorSignInReply), ...ERRORS },
    }),
    async (c) => {
      const { username, password, totp } = c.req.valid("json");
      const r = await c.var.deps.operators.login(
        c.var.tenant.id,
        username,
        password,
        totp,
        c.var.ip,
        `${c.var.tenant.name} console`,
      );
      c.header("Cache-Control", "no-store");
      if (r.status === "enrolmentRequired") return ok(c, r);
      return ok(c, sessionOpened(c, r));
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/admin/logout",
      tags,
      summary: "End the operator session (audited)",
      middleware: [operatorAuth()],
      responses: { ...okReply(z.object({})), ...AUTH_ERRORS },
    }),
    async (c) => {
      await c.var.deps.operators.logout(c.var.tenant.id, c.var.operator, c.var.ip);
      clearOperatorCookie(c);
      return ok(c, {});
    },
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/admin/demo",
      tags,
      summary:
        "Demo accounts (visitors' and customers'), newest first, with their demo-book balances: " +
        "demo activity apart from every queue and report of real money",
      middleware: [operatorAuth("audit", (c) => [c.var.deps.demo.listRead(c.var.tenant.id)])],
      responses: { ...okReply(DemoAccounts), ...AUTH_ERRORS },
    }),
    async (c) => ok(c, await c.var.deps.demo.list(c.var.tenant.id)),
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/admin/audit",
      tags,
      summary:
        "The operator audit log, newest first, paged with ?cursor=&limit=, narrowed by ?operator=&action=&from=&to= (UTC days, inclusive; action `refused`: refused privileged attempts)",
      middleware: [operatorAuth("audit", (c) => {
        const { limit, cursor, ...q } = AuditQuery.parse(c.req.query());
        return cursor ? [] : [auditLogRead(c.var.tenant.id, limit, q)];
      })],
      request: { query: AuditQuery },
      responses: { ...okReply(AuditPage), ...AUTH_ERRORS },
    }),
    async (c) => {
      const { limit, cursor, ...q } = c.req.valid("query");
      return ok(
        c,
        await c.var.deps.operators.auditLog(c.var.tenant.id, limit, cursor, q),
      );
    },
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/admin/audit/verify",
      tags,
      summary:
        "Walk the audit hash chain from seq 1 and hold it against every signed checkpoint: verified up to which seq, and the first break (seq, reason, expected vs found; checkpoint: the entry at a checkpointed seq has another hash, truncated: the chain ends before one, signature: a stored checkpoint's signature fails)",
      middleware: [
        operatorAuth("audit", (c) => c.var.deps.checkpoints.verifyReads(c.var.tenant.id)),
      ],
      responses: { ...okReply(AuditChainStatus), ...AUTH_ERRORS },
    }),
    async (c) => ok(c, await c.var.deps.checkpoints.verifyAudit(c.var.tenant.id)),
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/admin/audit/export",
      tags,
      summary:
        "Audit entries of UTC days from..to (YYYY-MM-DD, at most 366 days, 50,000 entries), oldest first, as CSV or JSON lines, for auditors",
      middleware: [operatorAuth("audit", (c) => {
        const q = AuditExportQuery.parse(c.req.query());
        const [from, to] = [dayStart(q.from)!, dayStart(q.to)! + 86_400_000];
        return [exportRead(c.var.tenant.id, from, to)];
      })],
      request: { query: AuditExportQuery },
      responses: {
        ...textReply("text/csv", "CSV (format=csv) or JSON lines (format=jsonl)"),
        ...AUTH_ERRORS,
      },
    }),
    async (c) => {
      const q = c.req.valid("query");
      const r = await c.var.deps.operators.exportAudit(
        c.var.tenant.id,
        dayStart(q.from)!,
        dayStart(q.to)! + 86_400_000,
        q.format,
      );
      c.header("X-Truncated", String(r.truncated));
      return q.format === "csv"
        ? download(c, r.body, "text/csv", `audit-${q.from}-${q.to}.csv`)
        : download(c, r.body, "application/x-ndjson", `audit-${q.from}-${q.to}.jsonl`);
    },
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/admin/reports/daily",
      tags,
      summary:
        "Per UTC day (from..to, YYYY-MM-DD, at most 92 days) and currency, live book: deposits, withdrawals, fees, customer P&L against the house, insurance used, yield paid, liabilities at day end; the reserve coverage now; ?format=csv",
      middleware: [
        operatorAuth(
          ["audit", "funds"],
          (c) => c.var.deps.reports.reserveKeys(c.var.tenant.id).map((key) => ({ key })),
        ),
      ],
      request: { query: DailyQuery },
      responses: { ...okReply(DailyReport), ...AUTH_ERRORS },
    }),
    async (c) => {
      const q = c.req.valid("query");
      const r = await c.var.deps.reports.daily(
        c.var.tenant.id,
        dayStart(q.from)!,
        dayStart(q.to)!,
      );
      if (q.format === "csv") {
        return download(c, dailyCsv(r.rows), "text/csv", `daily-${q.from}-${q.to}.csv`);
      }
      return ok(c, r);
    },
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/admin/reports/exposure",
      tags,
      summary:
        "Open interest of holding leveraged positions per symbol (long/short lots, qty, notional at the last price) and the house's P&L now and if the market moved +move % / -move % (default 5)",
      middleware: [operatorAuth(["audit", "funds"])],
      request: { query: ExposureQuery },
      responses: { ...okReply(ExposureReport), ...AUTH_ERRORS },
    }),
    async (c) => {
      const { move } = c.req.valid("query");
      return ok(c, await c.var.deps.reports.exposure(c.var.tenant.id, parseDecimal(move)));
    },
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/admin/recharge-channels",
      tags,
      summary: "Recharge channels, enabled or not",
      middleware: [operatorAuth("funds", fundsSettingsReads)],
      responses: { ...okReply(z.object({ items: z.array(ChannelJson) })), ...AUTH_ERRORS },
    }),
    async (c) => ok(c, { items: await c.var.deps.fundsSettings.channels(c.var.tenant.id) }),
  )
  .openapi(
    createRoute({
      method: "put",
      path: "/admin/recharge-channels",
      tags,
      summary: "Create or update a recharge channel (audited)",
      middleware: [operatorAuth("funds")],
      request: jsonBody(ChannelBody),
      responses: { ...okReply(ChannelJson), ...AUTH_ERRORS },
    }),
    async (c) =>
      ok(
        c,
        await c.var.deps.fundsSettings.putChannel(c.var.tenant.id, actor(c), c.req.valid("json")),
      ),
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/admin/withdraw-settings",
      tags,
      summary: "Withdrawal rules: enabled, turnover ratio, min/max/fee per currency",
      middleware: [operatorAuth("funds", fundsSettingsReads)],
      responses: { ...okReply(WithdrawSettingsReply), ...AUTH_ERRORS },
    }),
    async (c) => ok(c, await c.var.deps.fundsSettings.withdraw(c.var.tenant.id)),
  )
  .openapi(
    createRoute({
      method: "put",
      path: "/admin/withdraw-settings",
      tags,
      summary: "Change the withdrawal rules (audited)",
      middleware: [operatorAuth("funds")],
      request: jsonBody(WithdrawSettingsBody),
      responses: { ...okReply(WithdrawSettingsReply), ...AUTH_ERRORS },
    }),
    async (c) =>
      ok(
        c,
        await c.var.deps.fundsSettings.putWithdraw(c.var.tenant.id, actor(c), c.req.valid("json")),
      ),
  );

/** An evidence image of a review record (bytes, not enveloped): operators of its role only. */
adminApi.get("/admin/images/:id", operatorAuth(undefined, imageReads), async (c) => {
  const parsed = ImageId.safeParse(c.req.param("id"));
  if (!parsed.success) throw new DomainError("NOT_FOUND");
  const img = await evidenceImage(c.var.deps.images, c.var.tenant.id, c.var.operator, parsed.data);
  return imageResponse(img);
});
adminApi.openAPIRegistry.registerPath({
  method: "get",
  path: "/admin/images/{id}",
  tags,
  summary: "An evidence image (voucher, identity document): operators of its role only",
  request: { params: z.object({ id: ImageId }) },
  responses: {
    ...imageReply("the evidence image, as stored (re-encoded without metadata)"),
    ...AUTH_ERRORS,
  },
});

/**
 * The endpoints of a review queue: the list by status (oldest first; narrowed and sorted by the
 * view's query, `contract/queues.ts`), the same view as CSV (audited), one record, a decision
 * (`POST .../{id}/{action}`, once, audited; `reason`, and a withdrawal's payout `reference`,
 * required where the queue says so and refused elsewhere) and, on recharges and verifications, the
 * bulk pass. Every record comes with the actions it allows now.
 */
function queueRoutes(q: ReviewQueue) {
  const Status = z.enum(q.statuses, { error: "invalid" }).default(q.statuses[0]);
  const Page = z.object({
    items: z.array(q.schema),
    cursor: z.string().nullable(),
    /** a filtered view looked at the first SCAN records of the status only */
    truncated: z.boolean(),
  });
  const amounts = q.name !== "certifications";
  const auth = [operatorAuth(q.role)];
  const ListQuery = queueFilterQuery(amounts, { ...PageQuery.shape, status: Status });
  const ExportQuery = queueFilterQuery(amounts, { status: Status });
  // a GET's reads of the queue go with the operator's session (`queueReads`)
  const reading = (reads: ConsoleReads) => [operatorAuth(q.role, reads)];
  adminApi.openapi(
    createRoute({
      method: "get",
      path: `/admin/${q.name}`,
      tags,
      summary: `The ${q.name} review queue by status, oldest first; ?${
        amounts ? "currency=&min=&max=&" : ""
      }age=(minutes waited, at least)&customer=(user id or phone)&sort=&dir= narrow and sort it`,
      middleware: reading((c) => {
        const { status, limit, cursor, ...f } = ListQuery.parse(c.req.query());
        return queueReads(q, c.var.tenant.id, status, f, { limit, cursor });
      }),
      request: { query: ListQuery },
      responses: { ...okReply(Page), ...AUTH_ERRORS },
    }),
    async (c) => {
      const { status, limit, cursor, ...f } = c.req.valid("query");
      return ok(c, await queueView(q, c.var.deps, c.var.tenant.id, status, f, limit, cursor));
    },
  );
  adminApi.openapi(
    createRoute({
      method: "get",
      path: `/admin/${q.name}/export`,
      tags,
      summary:
        `The ${q.name} review queue's view (the list's status and filters) as CSV: a header row, amounts as exact decimals, formula cells neutralized; audited (queue.export)`,
      middleware: reading((c) => {
        const { status, ...f } = ExportQuery.parse(c.req.query());
        return queueReads(q, c.var.tenant.id, status, f, { limit: 0, exporting: true });
      }),
      request: { query: ExportQuery },
      responses: { ...textReply("text/csv", "CSV"), ...AUTH_ERRORS },
    }),
    async (c) => {
      const { status, ...f } = c.req.valid("query");
      const r = await exportView(q, c.var.deps, c.var.tenant.id, status, f, actor(c));
      c.header("X-Truncated", String(r.truncated));
      return download(c, r.csv, "text/csv", `${q.name}-${status}.csv`);
    },
  );
  if (q.name !== "withdrawals") {
    adminApi.openapi(
      createRoute({
        method: "post",
        path: `/admin/${q.name}/bulk-pass`,
        tags,
        summary:
          `Pass several of the ${q.name} (at most 50), each decided and audited on its own; only those the tenant's bulk-pass setting allows (else BULK_PASS_OVER for that record, left as it is; 409 BULK_PASS_OFF when the setting is off)`,
        middleware: auth,
        request: jsonBody(BulkPassBody),
        responses: { ...okReply(BulkPassReply), ...AUTH_ERRORS },
      }),
      async (c) =>
        ok(
          c,
          await bulkPass(q, c.var.deps, c.var.tenant, c.req.valid("json").ids, {
            ...actor(c),
            roles: c.var.operator.roles,
          }),
        ),
    );
  }
  adminApi.openapi(
    createRoute({
      method: "get",
      path: `/admin/${q.name}/{id}`,
      tags,
      summary: `One of the ${q.name} with its evidence and the actions it allows`,
      middleware: reading((
        c,
      ) => [{ key: q.recordKey(c.var.tenant.id, Id.parse(c.req.param("id"))) }]),
      request: { params: z.object({ id: Id }) },
      responses: { ...okReply(q.schema), ...AUTH_ERRORS },
    }),
    async (c) => {
      const item = await q.get(c.var.deps, c.var.tenant.id, c.req.valid("param").id);
      if (!item) throw new DomainError("NOT_FOUND");
      return ok(c, item);
    },
  );
  adminApi.openapi(
    createRoute({
      method: "post",
      path: `/admin/${q.name}/{id}/{action}`,
      tags,
      summary: `Decide one of the ${q.name}: ${q.actions.join(", ")} (${
        q.needsReason.join(", ")
      } with {reason}${
        q.needsReference.length
          ? `; ${
            q.needsReference.join(", ")
          } with {reference}: the transaction hash of a crypto payout (0x + 64 hex on ETH and USDT-ERC20, 64 hex on BTC and USDT-TRC20) or the bank reference of a card/bank payout (4-64 printable characters)`
          : ""
      }); once, audited, the customer messaged`,
      middleware: auth,
      request: {
        params: z.object({ id: Id, action: z.enum(q.actions, { error: "invalid" }) }),
        body: {
          content: { "application/json": { schema: DecisionBody } },
          required: false,
        },
      },
      responses: { ...okReply(q.schema), ...AUTH_ERRORS },
    }),
    async (c) => {
      const { id, action } = c.req.valid("param");
      const body = c.req.valid("json") as { reason?: string; reference?: string } | undefined;
      const { reason, reference } = body ?? {};
      if (q.needsReason.includes(action) && !reason) {
        throw new DomainError("VALIDATION", {}, { reason: "reasonRequired" });
      }
      if (!q.needsReason.includes(action) && reason !== undefined) {
        throw new DomainError("VALIDATION", {}, { reason: "unknownField" });
      }
      // the reference's format is the withdrawal's to decide (its method's network)
      if (q.needsReference.includes(action) && !reference?.trim()) {
        throw new DomainError("VALIDATION", {}, { reference: "referenceRequired" });
      }
      if (!q.needsReference.includes(action) && reference !== undefined) {
        throw new DomainError("VALIDATION", {}, { reference: "unknownField" });
      }
      return ok(
        c,
        await q.decide(c.var.deps, c.var.tenant.id, id, action, {
          ...actor(c),
          roles: c.var.operator.roles,
          reason,
          reference,
        }),
      );
    },
  );
}

for (const q of QUEUES) queueRoutes(q);
