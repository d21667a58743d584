/**
 * The records the islands and the shared components show, typed as the server sends them:
 * type-only re-exports of the server's own definitions (its reply builders and zod schemas), so
 * no island re-declares one and nothing of the server enters a bundle. Part of the shared
 * module `rules.ts`.
 */
import type { z } from "@hono/zod-openapi";
import type { DeviceSession as DeviceSessionSchema } from "../../contract/accounts.ts";
import type { CRYPTO_TYPES } from "../funds/formats.ts";
import type { customerRechargeJson } from "../funds/recharge.ts";
import type { DOC_TYPES } from "../identity/certify.ts";
import type { publicChannel } from "../funds/settings.ts";
import type { Withdrawals } from "../funds/withdraw.ts";
import type { FlowQuery, TransferReply } from "../../contract/ledger.ts";
import type { bracketsJson } from "../trading/contracts.ts";
import type { quoteJson } from "../trading/exchange.ts";

import type { RedeemQuote, WealthOrder, WealthPreview } from "../../contract/wealth.ts";
export type { Currency, Wallet } from "../ledger/accounts.ts";
export type { UserInfo } from "../../contract/accounts.ts";
export type { Quote } from "../market/quotes.ts";
export type { CandleRow } from "../market/tape.ts";
export type { PositionJson } from "../trading/contracts.ts";
export type { SpotOrderJson } from "../trading/spot.ts";
export type { FastOption, FastOrderJson } from "../trading/fast.ts";
export type { CustomerWithdrawalJson } from "../funds/withdraw.ts";
export type { MethodJson } from "../funds/methods.ts";
export type { BalanceRow, ServerMessage, UserEvent } from "../../contract/realtime.ts";

/** A leverage bracket as the API and the ticket send it (`/api/contract/options`). */
export type BracketJson = ReturnType<typeof bracketsJson>[number];
/** An exchange quote (`/api/exchange/quote`). */
export type ExchangeQuoteJson = ReturnType<typeof quoteJson>;
/** What a withdrawal would cost and whether it is allowed now (`/api/withdraw/preview`). */
export type WithdrawPreview = Awaited<ReturnType<Withdrawals["preview"]>>;
/** A recharge channel as customers see it. */
export type RechargeChannelJson = ReturnType<typeof publicChannel>;
/** A recharge as its customer sees it. */
export type CustomerRechargeJson = ReturnType<typeof customerRechargeJson>;
/** The filter of a fund-flow list (`/api/account/flow`): journal type, currency, wallet. */
export type FlowFilter = Pick<z.infer<typeof FlowQuery>, "type" | "currency" | "wallet">;
/** The reply to a transfer between wallets (`/api/account/transfer`). */
export type TransferJson = z.infer<typeof TransferReply>;
/** A crypto address type a payment method can have. */
export type CryptoType = typeof CRYPTO_TYPES[number];
/** An identity document type of the junior verification. */
export type DocType = typeof DOC_TYPES[number];
/** A signed-in device of the customer (`/api/user/sessions`). */
export type DeviceSession = z.infer<typeof DeviceSessionSchema>;
/** Wealth: the figures before subscribing, an order, a redemption quote. */
export type WealthPreviewJson = z.infer<typeof WealthPreview>;
export type WealthOrderJson = z.infer<typeof WealthOrder>;
export type WealthQuoteJson = z.infer<typeof RedeemQuote>;
