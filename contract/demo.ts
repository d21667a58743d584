/** The demo routes' replies (plain zod with ids; the API layer registers them). */
import { z } from "zod";

export const DemoStatus = z.object({
  accountId: z.string(),
  visitor: z.boolean().meta({ description: "a visitor's demo account (no live account)" }),
  period: z.number().int().meta({ description: "practice period: 1, then +1 at every reset" }),
  periodStart: z.number().int(),
  startBalance: z.string().meta({ description: "USDT the period started with" }),
  resets: z.number().int(),
  createdAt: z.number().int(),
}).meta({ id: "DemoStatus" });

export const DemoState = z.object({
  book: z.enum(["live", "demo"]),
  demo: DemoStatus.nullable(),
}).meta({ id: "DemoState" });

export const DemoAccounts = z.object({
  items: z.array(DemoStatus.extend({
    of: z.string().nullable(),
    balances: z.array(z.object({
      wallet: z.string(),
      currency: z.string(),
      available: z.string(),
      frozen: z.string(),
    })),
  })),
  total: z.number().int(),
}).meta({ id: "DemoAccounts" });
