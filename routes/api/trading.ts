import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import { IdempotencyHeaders } from "../../edge/ledger/schemas.ts";
import type { AppEnv } from "../../edge/platform/context.ts";
import { ok } from "../../edge/platform/envelope.ts";
import { requireSession } from "../../edge/platform/middleware.ts";
import { AUTH_ERRORS, ERRORS, jsonBody, okReply } from "./openapi.ts";

const tags = ["trading"];
const Symbol = z.string().regex(/^[A-Z0-9]{2,20}$/, { error: "invalid" });
const Tick = z.object({ time: z.number().int(), price: z.string() });

const FastOrder = z.object({
  orderNo: z.string(),
  symbol: z.string(),
  direction: z.enum(["up", "down"]),
  duration: z.number().int(),
  rate: z.string(),
  stake: z.string(),
  entry: Tick,
  exit: Tick.nullable(),
  createTime: z.number().int(),
  openTime: z.number().int(),
  expiryTime: z.number().int(),
  settlementTime: z.number().int().nullable(),
  status: z.enum(["open", "settled"]),
  outcome: z.enum(["win", "lose", "tie", "refund"]).nullable(),
  payout: z.string().nullable(),
  income: z.string().nullable(),
}).openapi("FastOrder");

export const FastOrderBody = z.strictObject({
  symbol: Symbol,
  direction: z.enum(["up", "down"], { error: "invalid" }),
  duration: z.number({ error: "invalid" }).int({ error: "invalid" }).min(1).max(86_400),
  stake: z.string({ error: "amountRequired" }).min(1, { error: "amountRequired" }).max(24, {
    error: "amountInvalid",
  }).openapi({ example: "100" }),
}).openapi("FastOrderRequest");

export const tradingApi = new OpenAPIHono<AppEnv>()
  .openapi(
    createRoute({
      method: "get",
      path: "/fast/options",
      tags,
      summary: "Fast-contract durations with payout rate and stake limits",
      request: { query: z.object({ symbol: Symbol }) },
      responses: {
        ...okReply(z.object({
          symbol: z.string(),
          enabled: z.boolean(),
          stale: z.boolean(),
          durations: z.array(
            z.object({ duration: z.number(), rate: z.string(), min: z.string(), max: z.string() }),
          ),
        })),
        ...ERRORS,
      },
    }),
    (c) => ok(c, c.get("deps").fast.options(c.req.valid("query").symbol)),
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/fast/order",
      tags,
      summary: "Place a fast contract: the stake is frozen until settlement",
      request: { ...jsonBody(FastOrderBody), headers: IdempotencyHeaders },
      responses: { ...okReply(FastOrder), ...AUTH_ERRORS },
    }),
    async (c) => {
      const s = await requireSession(c);
      const order = await c.get("deps").fast.place(
        c.get("tenant"),
        s.userId,
        c.req.valid("json"),
        c.req.valid("header")["idempotency-key"],
      );
      return ok(c, order);
    },
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/fast/orders",
      tags,
      summary: "The customer's fast contracts with entry and exit ticks",
      request: {
        query: z.object({
          status: z.enum(["open", "settled"]).optional(),
          cursor: z.string().max(512).optional(),
          limit: z.coerce.number().int().min(1).max(100).default(20),
        }),
      },
      responses: {
        ...okReply(z.object({ items: z.array(FastOrder), cursor: z.string().nullable() })),
        ...AUTH_ERRORS,
      },
    }),
    async (c) => {
      const s = await requireSession(c);
      return ok(
        c,
        await c.get("deps").fast.list(c.get("tenant").id, s.userId, c.req.valid("query")),
      );
    },
  );
