/**
 * The public tape (domain rules, "Verifiable settlement"): the head of each symbol's hash chain
 * and its ticks by sequence number, readable by anyone, so that every settlement can be checked
 * against the same ticks without trusting us; and the fairness statistics of fast contracts.
 */
import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import { formatDecimal } from "../../core-wasm/mod.ts";
import { TapeHead, TapeQuery, TapeRange } from "../../contract/market.ts";
import { symbolOf } from "../../contract/symbols.ts";
import type { AppEnv } from "../../edge/http/context.ts";
import { ok } from "../../edge/http/envelope.ts";
import { DomainError } from "../../edge/platform/errors.ts";
import { TradeSymbol } from "../../contract/trading.ts";
import { publicRange } from "../../edge/market/tape_range.ts";
import { ERRORS, okReply } from "./openapi.ts";

const tags = ["verification"];
const SymbolPath = z.object({ symbol: TradeSymbol });

const Fairness = z.object({
  days: z.number().int(),
  /** the window, ms: [from, to) in UTC days */
  from: z.number().int(),
  to: z.number().int(),
  items: z.array(z.object({
    symbol: z.string(),
    duration: z.number().int(),
    won: z.number().int(),
    lost: z.number().int(),
    tied: z.number().int(),
    /** stakes returned: no tick came in time after expiry */
    refunded: z.number().int(),
    /** fractions of won + lost + tied */
    wonShare: z.string(),
    lostShare: z.string(),
    tiedShare: z.string(),
  })),
}).meta({ id: "Fairness" });

export const tapeApi = new OpenAPIHono<AppEnv>()
  .openapi(
    createRoute({
      method: "get",
      path: "/tape/{symbol}/head",
      tags,
      summary: "The head of a symbol's hash-chained tape: latest sequence number, time and hash",
      request: { params: SymbolPath },
      responses: { ...okReply(TapeHead), ...ERRORS },
    }),
    async (c) => {
      const { symbol } = c.req.valid("param");
      if (!symbolOf(symbol)) throw new DomainError("NOT_FOUND");
      return ok(c, { symbol, ...await c.get("deps").market.tape.storedHead(symbol) });
    },
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/tape/{symbol}",
      tags,
      summary:
        "Ticks of the tape by sequence number with their chain hashes (from..to, at most 1000; without from: the latest)",
      request: { params: SymbolPath, query: TapeQuery },
      responses: { ...okReply(TapeRange), ...ERRORS },
    }),
    async (c) => {
      const { symbol } = c.req.valid("param");
      const q = c.req.valid("query");
      if (!symbolOf(symbol)) throw new DomainError("NOT_FOUND");
      const { items, prevHash, head } = await publicRange(
        c.get("deps").reads,
        c.get("deps").market.tape,
        symbol,
        q,
      );
      return ok(c, {
        symbol,
        items: items.map((t) => ({
          seq: t.seq,
          time: t.time,
          price: formatDecimal(t.price),
          qty: formatDecimal(t.qty),
          hash: t.hash,
        })),
        prevHash,
        head: { symbol, ...head },
      });
    },
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/fairness",
      tags,
      summary:
        "Fast contracts settled over the last 30 days per symbol and duration: won, lost, tied, refunded, and the shares of the decided",
      responses: { ...okReply(Fairness), ...ERRORS },
    }),
    async (c) => ok(c, await c.get("deps").fast.fairness(c.get("tenant").id)),
  );
