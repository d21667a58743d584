/** Replies of the proof of liabilities (plain zod; the routes publish them). */
import { z } from "zod";

const Units = z.string().regex(/^(0|[1-9]\d*)$/).meta({
  description: "a non-negative integer in units of 10^-8 of the currency",
  example: "123450000000",
});
const Hash = z.string().regex(/^[0-9a-f]{64}$/).meta({ description: "sha-256, lowercase hex" });
const Amounts = z.object({ USDT: Units, BTC: Units, ETH: Units });

export const LiabilitiesEpoch = z.object({
  epoch: z.string().meta({
    description: "the UTC date of a daily epoch (2026-11-25), or date-rHHMMSS for a requested one",
  }),
  root: Hash,
  totals: Amounts,
  format: z.number().int().meta({
    description: "the leaf format (2: each customer's balances split over `shares` leaves)",
  }),
  leaves: z.number().int().meta({ description: "leaves in the tree, padding included" }),
  customers: z.number().int().meta({
    description: "customer accounts in the tree (every live customer, zero balances included)",
  }),
  shares: z.number().int().meta({ description: "leaves per customer" }),
  balancesAt: z.number().int().meta({
    description: "when the balances were read (ms since the epoch, UTC)",
  }),
  publishedAt: z.number().int().meta({ description: "ms since the epoch (UTC)" }),
}).meta({ id: "LiabilitiesEpoch" });

const Step = z.object({
  side: z.enum(["left", "right"]).meta({ description: "where the sibling sits" }),
  hash: Hash,
  USDT: Units,
  BTC: Units,
  ETH: Units,
});

export const LiabilitiesProof = z.object({
  epoch: z.string(),
  userId: z.string().meta({
    description: "for display: the check rebuilds the leaves from the signed-in customer's id",
  }),
  salt: z.string().meta({ description: "this customer's random salt in this epoch (hex)" }),
  balances: Amounts.meta({ description: "the customer's balances at the epoch: the shares' sum" }),
  shares: z.array(z.object({
    share: z.number().int().meta({
      description: "the share's index: leaf id sha256(userId|salt|share)",
    }),
    USDT: Units,
    BTC: Units,
    ETH: Units,
    path: z.array(Step).meta({ description: "from the leaf up to the root" }),
  })).meta({ description: "every leaf of this customer" }),
}).meta({ id: "LiabilitiesProof" });

const Dec = z.string().meta({ example: "1234.5" });
export const LiabilitiesReport = z.object({
  epoch: z.string(),
  publishedAt: z.number().int(),
  matches: z.boolean().meta({
    description: "the ledger read after the build had the same totals (no money moved meanwhile)",
  }),
  rows: z.array(z.object({
    currency: z.enum(["BTC", "ETH", "USDT"]),
    liabilities: Dec.meta({ description: "the epoch's total" }),
    ledgerAfterBuild: Dec,
    recorded: Dec.meta({ description: "recorded reserves now: minus the external account" }),
    yieldReserve: Dec.meta({ description: "of which the wealth yield reserve (USDT)" }),
    surplus: Dec.meta({ description: "recorded - yield reserve - liabilities" }),
    coverage: Dec.nullable().meta({ description: "(recorded - yield reserve) / liabilities, %" }),
  })),
}).nullable().meta({ id: "LiabilitiesReport" });

export type LiabilitiesEpoch = z.infer<typeof LiabilitiesEpoch>;
export type LiabilitiesProof = z.infer<typeof LiabilitiesProof>;
