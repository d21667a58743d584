/**
 * The customer's copy of their data (`GET /api/account/export`): one JSON document made of the
 * same wire records the other screens use, so an export never says more or less than the app.
 */
import { z } from "zod";
import { LoginAttempt, UserInfo } from "./customers.ts";
import { CertifyStatus, DOC_TYPES } from "./identity.ts";
import { MethodJson, RechargeJson, WithdrawalJson } from "./funds.ts";
import { FastOrder, PositionJson, SpotOrder } from "./trading.ts";
import { WealthOrder } from "./wealth.ts";
import { FlowReply } from "./ledger.ts";
import { Message } from "./messages.ts";

export const ExportQuery = z.object({
  images: z.enum(["0", "1"], { error: "invalid" }).optional().meta({
    description: "1: include the verification document images (base64)",
  }),
});

const Submission = z.object({
  id: z.string(),
  level: z.enum(["junior", "advanced"]),
  status: z.string(),
  reason: z.string().nullable(),
  createdAt: z.number().int(),
  decidedAt: z.number().int().nullable(),
  junior: z.object({ name: z.string(), docType: z.enum(DOC_TYPES), docNumber: z.string() })
    .nullable(),
  /** the document photos' ids (null for a junior submission) */
  images: z.array(z.object({
    role: z.enum(["front", "back", "handheld"]),
    id: z.string(),
    mime: z.string().nullable(),
    /** the image itself, base64, only with `?images=1` */
    base64: z.string().optional(),
  })).nullable(),
});

export const AccountExport = z.object({
  format: z.literal("tradewind-account-export"),
  version: z.literal(1),
  exportedAt: z.number().int(),
  profile: UserInfo,
  verification: z.object({ status: CertifyStatus, submissions: z.array(Submission) }),
  paymentMethods: z.array(MethodJson),
  orders: z.object({
    fast: z.array(FastOrder),
    spot: z.array(SpotOrder),
    wealth: z.array(WealthOrder),
  }),
  positions: z.array(PositionJson),
  fundFlow: FlowReply.shape.items,
  recharges: z.array(RechargeJson),
  withdrawals: z.array(WithdrawalJson),
  messages: z.array(Message),
  signIns: z.array(LoginAttempt),
}).meta({ id: "AccountExport" });
export type AccountExportJson = z.infer<typeof AccountExport>;
