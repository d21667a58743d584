/**
 * The review queues' views (issue 31): a queue's filters, customer search and sort as GET query
 * parameters, read by the API and the console's page alike (so a filtered view is a link, and a
 * bad value is a VALIDATION error naming the field, never a crash), and the bulk pass's request
 * and reply.
 */
import { z } from "zod";
import { CURRENCIES } from "./currencies.ts";
import { parseDecimal } from "../core-wasm/mod.ts";

/** An amount bound as typed: a plain decimal (no sign, no exponent). */
const Bound = z.string().regex(/^\d{1,12}(\.\d{1,8})?$/, { error: "amountInvalid" });

const minNotOverMax = (q: { min?: string; max?: string }) =>
  !q.min || !q.max || parseDecimal(q.min) <= parseDecimal(q.max);

/**
 * The filters of one queue's list. `amounts`: the queue's records carry a currency and an
 * amount (recharges, withdrawals), so they filter and sort by them; verifications do not.
 * `age` is the least time waited, in minutes; `customer` a user id or a phone (with or without
 * its `+`, as on the customers page); `sort` a column, oldest first by default.
 */
export function queueFilterQuery<S extends z.ZodRawShape>(amounts: boolean, extra: S) {
  const sorts = amounts ? ["time", "amount", "customer"] as const : ["time", "customer"] as const;
  const common = {
    ...extra,
    age: z.coerce.number({ error: "invalid" }).int({ error: "invalid" })
      .min(1, { error: "invalid" }).max(525_600, { error: "invalid" }).optional(),
    customer: z.string().trim().max(64, { error: "tooLong" })
      .refine((s) => !/[\p{Cc}<>]/u.test(s), { error: "invalid" }).optional(),
    sort: z.enum(sorts, { error: "invalid" }).default("time"),
    dir: z.enum(["asc", "desc"], { error: "invalid" }).default("asc"),
  };
  if (!amounts) return z.object(common);
  return z.object({
    ...common,
    currency: z.enum(CURRENCIES, { error: "invalid" }).optional(),
    min: Bound.optional(),
    max: Bound.optional(),
  }).refine((q) => minNotOverMax(q as { min?: string; max?: string }), {
    error: "minOverMax",
    path: ["max"],
  });
}

/** The filters as the service takes them (every queue's fields, those it lacks absent). */
export interface QueueFilter {
  currency?: string;
  min?: string;
  max?: string;
  age?: number;
  customer?: string;
  sort: "time" | "amount" | "customer";
  dir: "asc" | "desc";
}

/** The query parameters of a view, in a stable order (links, the export's). */
export const FILTER_PARAMS = ["currency", "min", "max", "age", "customer", "sort", "dir"] as const;

/** At most this many records are passed in one bulk pass. */
export const BULK_MAX = 50;

export const BulkPassBody = z.strictObject({
  ids: z.array(z.string().regex(/^[0-9A-Za-z-]{1,64}$/, { error: "invalid" }), {
    error: "required",
  }).min(1, { error: "required" }).max(BULK_MAX, { error: "invalid" }),
}).meta({ id: "BulkPassRequest" });

/** Each record's outcome, in the order asked: passed, or the error id that kept it as it was. */
export const BulkPassReply = z.object({
  items: z.array(z.object({ id: z.string(), ok: z.boolean(), error: z.string().optional() })),
  passed: z.number().int(),
});
export type BulkPassReply = z.infer<typeof BulkPassReply>;
