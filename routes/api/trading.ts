import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import { IdempotencyHeaders } from "../../edge/ledger/schemas.ts";
import type { AppEnv } from "../../edge/platform/context.ts";
import { ok } from "../../edge/platform/envelope.ts";
import { DomainError } from "../../edge/platform/errors.ts";
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

// ---- leveraged contracts ----------------------------------------------------------------

const Price = z.string().max(24).regex(/^\d+(\.\d+)?$/, { error: "invalid" });
const PositionSchema = z.object({
  orderNo: z.string(),
  symbol: z.string(),
  side: z.enum(["long", "short"]),
  lots: z.number().int(),
  leverage: z.number().int(),
  qty: z.string(),
  openPrice: z.string(),
  openTime: z.number().int(),
  createTime: z.number().int(),
  margin: z.string(),
  openFee: z.string(),
  stopLoss: z.string().nullable(),
  takeProfit: z.string().nullable(),
  liquidationPrice: z.string(),
  /** margined together with the customer's opposite side of the symbol */
  hedged: z.boolean(),
  status: z.enum(["pending", "holding", "closed", "cancelled"]),
  markPrice: z.string().nullable(),
  unrealizedPnl: z.string().nullable(),
  roe: z.string().nullable(),
  realizedPnl: z.string(),
  closePrice: z.string().nullable(),
  closeTime: z.number().int().nullable(),
  closeReason: z.enum(["manual", "stopLoss", "takeProfit", "liquidation", "hedged"]).nullable(),
}).openapi("Position");

const ContractOptions = z.object({
  symbol: z.string(),
  enabled: z.boolean(),
  stale: z.boolean(),
  lot: z.string(),
  leverages: z.array(z.number().int()),
  takerFee: z.string(),
  brackets: z.array(z.object({
    /** position value up to (USDT, inclusive); null: above the previous tier */
    upTo: z.string().nullable(),
    maxLeverage: z.number().int(),
    mmr: z.string(),
  })),
}).openapi("ContractOptions");

const PosParam = z.object({
  id: z.string().regex(/^[0-9a-z-]{10,40}$/, { error: "invalid" }).openapi({
    param: { name: "id", in: "path" },
  }),
});

/** A limit order needs its price; a market order must not send one. */
function limitPriceRule(b: { type: string; price?: string }, ctx: z.RefinementCtx) {
  if ((b.type === "limit") !== (b.price !== undefined)) {
    ctx.addIssue({
      code: "custom",
      path: ["price"],
      message: b.type === "limit" ? "required" : "unknownField",
    });
  }
}

export const ContractOrderBody = z.strictObject({
  symbol: Symbol,
  side: z.enum(["long", "short"], { error: "invalid" }),
  lots: z.number({ error: "invalid" }).int({ error: "invalid" }).min(1, { error: "invalid" }).max(
    10_000,
    {
      error: "invalid",
    },
  ),
  leverage: z.number({ error: "invalid" }).int({ error: "invalid" }).min(1).max(100),
  type: z.enum(["market", "limit"], { error: "invalid" }),
  /** the limit price (type limit only) */
  price: Price.optional(),
  stopLoss: Price.optional(),
  takeProfit: Price.optional(),
}).superRefine(limitPriceRule).openapi("ContractOrderRequest");

tradingApi
  .openapi(
    createRoute({
      method: "get",
      path: "/contract/options",
      tags,
      summary:
        "Leveraged-contract terms of a symbol: lot, leverage options, taker fee and the leverage brackets (max leverage and MMR by position value)",
      request: { query: z.object({ symbol: Symbol }) },
      responses: { ...okReply(ContractOptions), ...ERRORS },
    }),
    (c) => ok(c, c.get("deps").contracts.options(c.get("tenant"), c.req.valid("query").symbol)),
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/contract/order",
      tags,
      summary: "Open a leveraged position at the current tick (margin frozen, open fee charged)",
      request: { ...jsonBody(ContractOrderBody), headers: IdempotencyHeaders },
      responses: { ...okReply(PositionSchema), ...AUTH_ERRORS },
    }),
    async (c) => {
      const s = await requireSession(c);
      const { type: _type, price, ...req } = c.req.valid("json");
      const p = await c.get("deps").contracts.open(
        c.get("tenant"),
        s.userId,
        { ...req, limitPrice: price },
        c.req.valid("header")["idempotency-key"],
      );
      return ok(c, p);
    },
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/contract/positions",
      tags,
      summary: "The customer's positions with live P&L",
      request: {
        query: z.object({
          status: z.enum(["pending", "holding", "closed", "cancelled"]).default("holding"),
        }),
      },
      responses: { ...okReply(z.object({ items: z.array(PositionSchema) })), ...AUTH_ERRORS },
    }),
    async (c) => {
      const s = await requireSession(c);
      const items = await c.get("deps").contracts.list(
        c.get("tenant").id,
        s.userId,
        c.req.valid("query").status,
        100,
      );
      return ok(c, { items });
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/contract/positions/{id}/close",
      tags,
      summary: "Close a position, fully or some lots, at the current tick",
      request: {
        params: PosParam,
        ...jsonBody(
          z.strictObject({
            lots: z.number({ error: "invalid" }).int().min(1).max(10_000).optional(),
          }),
        ),
        headers: IdempotencyHeaders,
      },
      responses: { ...okReply(PositionSchema), ...AUTH_ERRORS },
    }),
    async (c) => {
      const s = await requireSession(c);
      const p = await c.get("deps").contracts.close(c.get("tenant").id, c.req.valid("param").id, {
        userId: s.userId,
        lots: c.req.valid("json").lots,
        reason: "manual",
        idempotencyKey: c.req.valid("header")["idempotency-key"],
      });
      return ok(c, p!);
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/contract/positions/{id}/tpsl",
      tags,
      summary:
        "Set or clear (null) the stop-loss and take-profit (validated against the current price)",
      request: {
        params: PosParam,
        ...jsonBody(
          z.strictObject({
            stopLoss: Price.nullable().optional(),
            takeProfit: Price.nullable().optional(),
          }),
        ),
      },
      responses: { ...okReply(PositionSchema), ...AUTH_ERRORS },
    }),
    async (c) => {
      const s = await requireSession(c);
      const p = await c.get("deps").contracts.setStops(
        c.get("tenant").id,
        s.userId,
        c.req.valid("param").id,
        c.req.valid("json"),
      );
      return ok(c, p);
    },
  );

// ---- currency exchange -------------------------------------------------------------------

const Cur = z.enum(["BTC", "ETH", "USDT"], { error: "invalid" });
const QuoteSchema = z.object({
  quoteId: z.string(),
  from: Cur,
  to: Cur,
  amount: z.string(),
  rate: z.string(),
  fee: z.string(),
  receive: z.string(),
  expiresAt: z.number().int(),
}).openapi("ExchangeQuote");

tradingApi
  .openapi(
    createRoute({
      method: "post",
      path: "/exchange/quote",
      tags,
      summary: "A quote to convert between BTC, ETH and USDT (spot wallet), valid 10 s",
      request: jsonBody(
        z.strictObject({
          from: Cur,
          to: Cur,
          amount: z.string({ error: "amountRequired" }).min(1).max(24),
        }),
      ),
      responses: { ...okReply(QuoteSchema), ...AUTH_ERRORS },
    }),
    async (c) => {
      const s = await requireSession(c);
      return ok(
        c,
        await c.get("deps").exchange.quote(c.get("tenant").id, s.userId, c.req.valid("json")),
      );
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/exchange/confirm",
      tags,
      summary: "Confirm a quote before it expires: one journal, once",
      request: {
        ...jsonBody(z.strictObject({ quoteId: z.string().uuid({ error: "invalid" }) })),
        headers: IdempotencyHeaders,
      },
      responses: {
        ...okReply(QuoteSchema.extend({ journalId: z.string(), at: z.number().int() })),
        ...AUTH_ERRORS,
      },
    }),
    async (c) => {
      const s = await requireSession(c);
      const r = await c.get("deps").exchange.confirm(
        c.get("tenant").id,
        s.userId,
        c.req.valid("json").quoteId,
        c.req.valid("header")["idempotency-key"],
      );
      return ok(c, r as never);
    },
  );

/** Cancel or chase a pending limit order: one route definition per action. */
for (const action of ["cancel", "chase"] as const) {
  tradingApi.openapi(
    createRoute({
      method: "post",
      path: `/contract/orders/{id}/${action}`,
      tags,
      summary: action === "cancel"
        ? "Cancel a pending limit order (the held margin and fee come back)"
        : "Chase a pending limit order to the current price, which fills it",
      request: { params: PosParam, ...jsonBody(z.strictObject({})), headers: IdempotencyHeaders },
      responses: { ...okReply(PositionSchema), ...AUTH_ERRORS },
    }),
    async (c) => {
      const s = await requireSession(c);
      const args = [
        c.get("tenant").id,
        s.userId,
        c.req.valid("param").id,
        c.req.valid("header")["idempotency-key"],
      ] as const;
      const contracts = c.get("deps").contracts;
      return ok(
        c,
        action === "cancel" ? await contracts.cancel(...args) : await contracts.chase(...args),
      );
    },
  );
}

/**
 * Close and reverse (close, then open the same lots the other way at market; if the margin falls
 * short only the close happens and `reversed` is false) and hedge (open an equal opposite
 * position; long and short coexist on one symbol).
 */
for (const action of ["reverse", "hedge"] as const) {
  tradingApi.openapi(
    createRoute({
      method: "post",
      path: `/contract/positions/{id}/${action}`,
      tags,
      summary: action === "reverse"
        ? "Close, then open the same lots in the opposite direction at market"
        : "Lock: open an equal position in the opposite direction",
      request: { params: PosParam, ...jsonBody(z.strictObject({})), headers: IdempotencyHeaders },
      responses: {
        ...okReply(z.object({
          closed: PositionSchema.nullable(),
          opened: PositionSchema.nullable(),
          reversed: z.boolean(),
        })),
        ...AUTH_ERRORS,
      },
    }),
    async (c) => {
      const s = await requireSession(c);
      const t = c.get("tenant");
      const { contracts } = c.get("deps");
      const id = c.req.valid("param").id;
      const key = c.req.valid("header")["idempotency-key"];
      const p = await contracts.get(t.id, id);
      if (!p || p.userId !== s.userId) throw new DomainError("NOT_FOUND");
      if (p.status !== "holding") throw new DomainError("POSITION_CLOSED");
      const opposite = {
        symbol: p.symbol,
        side: p.side === "long" ? "short" as const : "long" as const,
        lots: p.lots,
        leverage: p.leverage,
      };
      if (action === "hedge") {
        const opened = await contracts.open(t, s.userId, opposite, key && `${key}:hedge`);
        return ok(c, { closed: null, opened, reversed: false });
      }
      const closed = await contracts.close(t.id, id, {
        userId: s.userId,
        reason: "manual",
        idempotencyKey: key && `${key}:close`,
      });
      try {
        const opened = await contracts.open(t, s.userId, opposite, key && `${key}:open`);
        return ok(c, { closed, opened, reversed: true });
      } catch (e) {
        if (e instanceof DomainError && e.error === "INSUFFICIENT_BALANCE") {
          return ok(c, { closed, opened: null, reversed: false });
        }
        throw e;
      }
    },
  );
}

// ---- spot ---------------------------------------------------------------------------------

const SpotSchema = z.object({
  orderNo: z.string(),
  symbol: z.string(),
  side: z.enum(["buy", "sell"]),
  type: z.enum(["market", "limit"]),
  qty: z.string(),
  price: z.string(),
  amount: z.string(),
  fee: z.string(),
  status: z.enum(["open", "filled", "cancelled"]),
  createTime: z.number().int(),
  fillTime: z.number().int().nullable(),
}).openapi("SpotOrder");

export const SpotOrderBody = z.strictObject({
  symbol: Symbol,
  side: z.enum(["buy", "sell"], { error: "invalid" }),
  type: z.enum(["market", "limit"], { error: "invalid" }),
  qty: z.string({ error: "amountRequired" }).min(1, { error: "amountRequired" }).max(24, {
    error: "amountInvalid",
  }),
  price: Price.optional(),
}).superRefine(limitPriceRule).openapi("SpotOrderRequest");

tradingApi
  .openapi(
    createRoute({
      method: "post",
      path: "/spot/order",
      tags,
      summary: "Buy or sell coins: market at the tick, or limit with held funds",
      request: { ...jsonBody(SpotOrderBody), headers: IdempotencyHeaders },
      responses: { ...okReply(SpotSchema), ...AUTH_ERRORS },
    }),
    async (c) => {
      const s = await requireSession(c);
      const o = await c.get("deps").spot.place(
        c.get("tenant"),
        s.userId,
        c.req.valid("json"),
        c.req.valid("header")["idempotency-key"],
      );
      return ok(c, o);
    },
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/spot/orders",
      tags,
      summary: "The customer's spot orders",
      request: { query: z.object({ status: z.enum(["open", "filled", "cancelled"]).optional() }) },
      responses: { ...okReply(z.object({ items: z.array(SpotSchema) })), ...AUTH_ERRORS },
    }),
    async (c) => {
      const s = await requireSession(c);
      return ok(c, {
        items: await c.get("deps").spot.list(
          c.get("tenant").id,
          s.userId,
          c.req.valid("query").status,
          100,
        ),
      });
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/spot/orders/{id}/cancel",
      tags,
      summary: "Cancel an open limit order (held funds come back)",
      request: { params: PosParam, ...jsonBody(z.strictObject({})), headers: IdempotencyHeaders },
      responses: { ...okReply(SpotSchema), ...AUTH_ERRORS },
    }),
    async (c) => {
      const s = await requireSession(c);
      return ok(
        c,
        await c.get("deps").spot.cancel(
          c.get("tenant").id,
          s.userId,
          c.req.valid("param").id,
          c.req.valid("header")["idempotency-key"],
        ),
      );
    },
  );
