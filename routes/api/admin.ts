import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import { rechargeJson } from "../../edge/funds/recharge.ts";
import {
  ChannelBody,
  ChannelJson,
  Id,
  PageQuery,
  ReasonBody,
  WithdrawSettingsBody,
} from "../../edge/funds/schemas.ts";
import {
  DEFAULT_WITHDRAW_SETTINGS,
  listChannels,
  type WithdrawSettings,
} from "../../edge/funds/settings.ts";
import { formatDecimal, parseDecimal } from "../../core-wasm/mod.ts";
import { withdrawalJson } from "../../edge/funds/withdraw.ts";
import { submissionJson } from "../../edge/identity/certify.ts";
import { auditInto, listAudit } from "../../edge/operators/audit.ts";
import type { Json, OperatorRole } from "../../edge/operators/store.ts";
import type { OperatorSession } from "../../edge/operators/service.ts";
import type { AppEnv, Ctx } from "../../edge/platform/context.ts";
import { ok } from "../../edge/platform/envelope.ts";
import { DomainError } from "../../edge/platform/errors.ts";
import { commitAttempts, storeBusy } from "../../edge/platform/kvstore.ts";
import { AUTH_ERRORS, ERRORS, jsonBody, okReply } from "./openapi.ts";
import { settingsKeys } from "../../edge/funds/store.ts";

const tags = ["admin"];

/**
 * The operator session of the request (`Authorization` header only: operator tokens never ride
 * in the customers' cookie), or -99 / 401. With a role, an operator without it gets 403.
 */
export async function requireOperator(c: Ctx, role?: OperatorRole): Promise<OperatorSession> {
  const token = c.req.header("authorization")?.replace(/^Bearer\s+/i, "").trim();
  const s = await c.get("deps").operators.session(c.get("tenant").id, token);
  if (!s) throw new DomainError("UNAUTHORIZED");
  if (role && !s.roles.includes(role)) throw new DomainError("FORBIDDEN");
  return s;
}

const OperatorLogin = z.strictObject({
  username: z.string({ error: "required" }).min(1, { error: "required" })
    .max(64, { error: "tooLong" }),
  password: z.string({ error: "passwordRequired" }).min(1, { error: "passwordRequired" })
    .max(128, { error: "tooLong" }),
  totp: z.string({ error: "codeRequired" }).regex(/^\d{6}$/, { error: "codeInvalid" }),
}).openapi("OperatorLoginRequest");

const AuditItem = z.object({
  id: z.string(),
  at: z.number().int(),
  operator: z.string(),
  action: z.string(),
  target: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  ip: z.string().nullable(),
});

const IdParam = z.object({ id: Id });
const RechargeStatus = z.enum(["auditing", "passed", "rejected"], { error: "invalid" })
  .default("auditing");
const WithdrawStatus = z.enum(["auditing", "withdrawing", "passed", "rejected", "frozen"], {
  error: "invalid",
}).default("auditing");
const CertStatus = z.enum(["authenticating", "authenticated", "rejected"], { error: "invalid" })
  .default("authenticating");

export const adminApi = new OpenAPIHono<AppEnv>()
  .openapi(
    createRoute({
      method: "post",
      path: "/admin/login",
      tags,
      summary:
        "Operator sign-in: username, password and TOTP code (each code once); token in `authorization`",
      request: jsonBody(OperatorLogin),
      responses: {
        ...okReply(z.object({ expiresAt: z.number().int(), roles: z.array(z.string()) })),
        ...ERRORS,
      },
    }),
    async (c) => {
      const { username, password, totp } = c.req.valid("json");
      const r = await c.get("deps").operators.login(
        c.get("tenant").id,
        username,
        password,
        totp,
        c.get("ip"),
      );
      c.header("authorization", r.token);
      c.header("Cache-Control", "no-store");
      return ok(c, { expiresAt: r.expiresAt, roles: r.roles });
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/admin/logout",
      tags,
      summary: "End the operator session (audited)",
      responses: { ...okReply(z.object({})), ...AUTH_ERRORS },
    }),
    async (c) => {
      const s = await requireOperator(c);
      await c.get("deps").operators.logout(c.get("tenant").id, s, c.get("ip"));
      return ok(c, {});
    },
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/admin/audit",
      tags,
      summary: "The operator audit log, newest first, paged with ?cursor=&limit=",
      request: {
        query: z.object({
          limit: z.coerce.number({ error: "invalid" }).int({ error: "invalid" })
            .min(1, { error: "invalid" }).max(100, { error: "invalid" }).default(20),
          cursor: z.string().max(200, { error: "tooLong" }).optional(),
        }),
      },
      responses: {
        ...okReply(z.object({ items: z.array(AuditItem), cursor: z.string().nullable() })),
        ...AUTH_ERRORS,
      },
    }),
    async (c) => {
      await requireOperator(c, "audit");
      const { limit, cursor } = c.req.valid("query");
      return ok(c, await listAudit(c.get("deps").kv, c.get("tenant").id, limit, cursor));
    },
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/admin/recharges",
      tags,
      summary: "Recharge review queue by status (oldest first)",
      request: { query: PageQuery.extend({ status: RechargeStatus }) },
      responses: {
        ...okReply(z.object({ items: z.array(z.unknown()), cursor: z.string().nullable() })),
        ...AUTH_ERRORS,
      },
    }),
    async (c) => {
      await requireOperator(c, "funds");
      const q = c.req.valid("query");
      const p = await c.get("deps").recharges.queue(
        c.get("tenant").id,
        q.status,
        q.limit,
        q.cursor,
      );
      return ok(c, { items: p.items.map(rechargeJson), cursor: p.cursor });
    },
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/admin/recharges/{id}",
      tags,
      summary: "One recharge with its evidence (voucher image id)",
      request: { params: IdParam },
      responses: { ...okReply(z.unknown()), ...AUTH_ERRORS },
    }),
    async (c) => {
      await requireOperator(c, "funds");
      const r = await c.get("deps").recharges.get(c.get("tenant").id, c.req.valid("param").id);
      if (!r) throw new DomainError("NOT_FOUND");
      return ok(c, rechargeJson(r));
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/admin/recharges/{id}/pass",
      tags,
      summary: "Pass a recharge: credit the spot wallet once (audited, customer messaged)",
      request: { params: IdParam },
      responses: { ...okReply(z.unknown()), ...AUTH_ERRORS },
    }),
    async (c) => {
      const o = await requireOperator(c, "funds");
      const r = await c.get("deps").recharges.pass(c.get("tenant").id, c.req.valid("param").id, {
        operator: o.username,
        ip: c.get("ip"),
      });
      return ok(c, r);
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/admin/recharges/{id}/reject",
      tags,
      summary: "Reject a recharge with a reason (audited, customer messaged)",
      request: { params: IdParam, ...jsonBody(ReasonBody) },
      responses: { ...okReply(z.unknown()), ...AUTH_ERRORS },
    }),
    async (c) => {
      const o = await requireOperator(c, "funds");
      const r = await c.get("deps").recharges.reject(c.get("tenant").id, c.req.valid("param").id, {
        operator: o.username,
        ip: c.get("ip"),
        reason: c.req.valid("json").reason,
      });
      return ok(c, r);
    },
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/admin/withdrawals",
      tags,
      summary: "Withdrawal review queue by status (oldest first)",
      request: { query: PageQuery.extend({ status: WithdrawStatus }) },
      responses: {
        ...okReply(z.object({ items: z.array(z.unknown()), cursor: z.string().nullable() })),
        ...AUTH_ERRORS,
      },
    }),
    async (c) => {
      await requireOperator(c, "funds");
      const q = c.req.valid("query");
      const p = await c.get("deps").withdrawals.queue(
        c.get("tenant").id,
        q.status,
        q.limit,
        q.cursor,
      );
      return ok(c, { items: p.items.map(withdrawalJson), cursor: p.cursor });
    },
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/admin/withdrawals/{id}",
      tags,
      summary: "One withdrawal with the payment details to pay out to",
      request: { params: IdParam },
      responses: { ...okReply(z.unknown()), ...AUTH_ERRORS },
    }),
    async (c) => {
      await requireOperator(c, "funds");
      const w = await c.get("deps").withdrawals.get(c.get("tenant").id, c.req.valid("param").id);
      if (!w) throw new DomainError("NOT_FOUND");
      return ok(c, withdrawalJson(w));
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/admin/withdrawals/{id}/{action}",
      tags,
      summary:
        "pass (auditing -> withdrawing), complete (-> passed, paid out), reject {reason} (refund), freeze, thaw; once, audited",
      request: {
        params: z.object({
          id: Id,
          action: z.enum(["pass", "complete", "reject", "freeze", "thaw"], { error: "invalid" }),
        }),
        body: {
          content: { "application/json": { schema: ReasonBody.partial() } },
          required: false,
        },
      },
      responses: { ...okReply(z.unknown()), ...AUTH_ERRORS },
    }),
    async (c) => {
      const o = await requireOperator(c, "funds");
      const { id, action } = c.req.valid("param");
      const reason = (c.req.valid("json") as { reason?: string } | undefined)?.reason;
      const by = { operator: o.username, ip: c.get("ip") };
      const { withdrawals } = c.get("deps");
      const t = c.get("tenant").id;
      if (action === "reject") {
        if (!reason) throw new DomainError("VALIDATION", {}, { reason: "reasonRequired" });
        return ok(c, await withdrawals.settle(t, id, "reject", { ...by, reason }));
      }
      if (reason !== undefined) {
        throw new DomainError("VALIDATION", {}, { reason: "unknownField" });
      }
      if (action === "complete") return ok(c, await withdrawals.settle(t, id, "complete", by));
      return ok(c, await withdrawals.step(t, id, action, by));
    },
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/admin/certifications",
      tags,
      summary: "Verification review queue by status (oldest first)",
      request: { query: PageQuery.extend({ status: CertStatus }) },
      responses: {
        ...okReply(z.object({ items: z.array(z.unknown()), cursor: z.string().nullable() })),
        ...AUTH_ERRORS,
      },
    }),
    async (c) => {
      await requireOperator(c, "identity");
      const q = c.req.valid("query");
      const p = await c.get("deps").identity.queue(c.get("tenant").id, q.status, q.limit, q.cursor);
      return ok(c, { items: p.items.map(submissionJson), cursor: p.cursor });
    },
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/admin/certifications/{id}",
      tags,
      summary: "One verification submission with its evidence (image ids)",
      request: { params: IdParam },
      responses: { ...okReply(z.unknown()), ...AUTH_ERRORS },
    }),
    async (c) => {
      await requireOperator(c, "identity");
      const r = await c.get("deps").identity.submission(
        c.get("tenant").id,
        c.req.valid("param").id,
      );
      if (!r) throw new DomainError("NOT_FOUND");
      return ok(c, submissionJson(r));
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/admin/certifications/{id}/pass",
      tags,
      summary: "Pass a verification (raises the customer's certifyLevel; audited, messaged)",
      request: { params: IdParam },
      responses: { ...okReply(z.unknown()), ...AUTH_ERRORS },
    }),
    async (c) => {
      const o = await requireOperator(c, "identity");
      const r = await c.get("deps").identity.decide(c.get("tenant").id, c.req.valid("param").id, {
        operator: o.username,
        ip: c.get("ip"),
        pass: true,
      });
      return ok(c, submissionJson(r));
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/admin/certifications/{id}/reject",
      tags,
      summary: "Reject a verification with a reason (the customer may resubmit)",
      request: { params: IdParam, ...jsonBody(ReasonBody) },
      responses: { ...okReply(z.unknown()), ...AUTH_ERRORS },
    }),
    async (c) => {
      const o = await requireOperator(c, "identity");
      const r = await c.get("deps").identity.decide(c.get("tenant").id, c.req.valid("param").id, {
        operator: o.username,
        ip: c.get("ip"),
        pass: false,
        reason: c.req.valid("json").reason,
      });
      return ok(c, submissionJson(r));
    },
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/admin/recharge-channels",
      tags,
      summary: "Recharge channels, enabled or not",
      responses: { ...okReply(z.object({ items: z.array(ChannelJson) })), ...AUTH_ERRORS },
    }),
    async (c) => {
      await requireOperator(c, "funds");
      const items = await listChannels(c.get("deps").kv, c.get("tenant").id);
      return ok(c, { items: items.map(({ updatedAt: _u, ...ch }) => ch) });
    },
  )
  .openapi(
    createRoute({
      method: "put",
      path: "/admin/recharge-channels",
      tags,
      summary: "Create or update a recharge channel (audited)",
      request: jsonBody(ChannelBody),
      responses: { ...okReply(ChannelJson), ...AUTH_ERRORS },
    }),
    async (c) => {
      const o = await requireOperator(c, "funds");
      const b = c.req.valid("json");
      const { kv, now } = c.get("deps");
      const t = c.get("tenant").id;
      const at = now();
      for await (const _attempt of commitAttempts()) {
        const entry = await kv.get(settingsKeys.channel(t, b.id));
        const op = kv.atomic().check(entry).set(entry.key, { ...b, updatedAt: at });
        auditInto(op, t, {
          at,
          operator: o.username,
          action: entry.value ? "channel.update" : "channel.create",
          target: `channel:${b.id}`,
          before: (entry.value ?? null) as Json,
          after: b as Json,
          ip: c.get("ip"),
        });
        if ((await op.commit()).ok) return ok(c, b);
      }
      throw storeBusy();
    },
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/admin/withdraw-settings",
      tags,
      summary: "Withdrawal rules: enabled, turnover ratio, min/max/fee per currency",
      responses: { ...okReply(z.unknown()), ...AUTH_ERRORS },
    }),
    async (c) => {
      await requireOperator(c, "funds");
      const { kv } = c.get("deps");
      const s = (await kv.get<WithdrawSettings>(settingsKeys.withdraw(c.get("tenant").id))).value ??
        DEFAULT_WITHDRAW_SETTINGS;
      return ok(c, settingsJson(s));
    },
  )
  .openapi(
    createRoute({
      method: "put",
      path: "/admin/withdraw-settings",
      tags,
      summary: "Change the withdrawal rules (audited)",
      request: jsonBody(WithdrawSettingsBody),
      responses: { ...okReply(z.unknown()), ...AUTH_ERRORS },
    }),
    async (c) => {
      const o = await requireOperator(c, "funds");
      const b = c.req.valid("json");
      const { kv, now } = c.get("deps");
      const t = c.get("tenant").id;
      const rule = (r: typeof b.rules.USDT) => ({
        min: parseDecimal(r.min),
        max: parseDecimal(r.max),
        feeRate: parseDecimal(r.feeRate),
        minFee: parseDecimal(r.minFee),
      });
      const next: WithdrawSettings = {
        enabled: b.enabled,
        turnoverRatio: parseDecimal(b.turnoverRatio),
        rules: { USDT: rule(b.rules.USDT), BTC: rule(b.rules.BTC), ETH: rule(b.rules.ETH) },
        updatedAt: now(),
      };
      for await (const _attempt of commitAttempts()) {
        const entry = await kv.get<WithdrawSettings>(settingsKeys.withdraw(t));
        const op = kv.atomic().check(entry).set(entry.key, next);
        auditInto(op, t, {
          at: next.updatedAt,
          operator: o.username,
          action: "withdrawSettings.update",
          target: "withdrawSettings",
          before: settingsJson(entry.value ?? DEFAULT_WITHDRAW_SETTINGS) as Json,
          after: settingsJson(next) as Json,
          ip: c.get("ip"),
        });
        if ((await op.commit()).ok) return ok(c, settingsJson(next));
      }
      throw storeBusy();
    },
  );

function settingsJson(s: WithdrawSettings) {
  const rule = (r: WithdrawSettings["rules"]["USDT"]) => ({
    min: formatDecimal(r.min),
    max: formatDecimal(r.max),
    feeRate: formatDecimal(r.feeRate),
    minFee: formatDecimal(r.minFee),
  });
  return {
    enabled: s.enabled,
    turnoverRatio: formatDecimal(s.turnoverRatio),
    rules: { USDT: rule(s.rules.USDT), BTC: rule(s.rules.BTC), ETH: rule(s.rules.ETH) },
  };
}
