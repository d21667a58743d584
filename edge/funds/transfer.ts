/** Transfers between a customer's spot and contract wallets: instant, one journal. */
import { formatDecimal } from "../../core-wasm/mod.ts";
import {
  accountId,
  type Currency,
  user,
  type Wallet,
  WALLET_CURRENCIES,
} from "../ledger/accounts.ts";
import { idemKeys } from "../ledger/idem.ts";
import { keys as ledgerKeys } from "../ledger/store.ts";
import type { Ledger } from "../ledger/service.ts";
import { DomainError } from "../platform/errors.ts";
import { amountRules, enforce } from "../../contract/rules.ts";

export interface TransferRequest {
  from: Wallet;
  to: Wallet;
  currency: Currency;
  amount: bigint;
}

export interface TransferResult {
  transferId: string;
  journalId: string;
  from: Wallet;
  to: Wallet;
  currency: Currency;
  amount: string;
  at: number;
  /** Available balances of both wallets right after the transfer. */
  available: { from: string; to: string };
}

/**
 * What a transfer reads besides the balances (every wallet's is read with the session): the
 * record of the customer's `Idempotency-Key`, to read with the session too.
 */
export function transferReads(t: string, userId: string, idempotencyKey?: string): Deno.KvKey[] {
  return idempotencyKey
    ? [ledgerKeys.idem(t, idemKeys.customer(userId, "transfer", idempotencyKey))]
    : [];
}

export async function transfer(
  ledger: Ledger,
  t: string,
  userId: string,
  req: TransferRequest,
  idempotencyKey?: string,
): Promise<TransferResult> {
  if (req.from === req.to) throw new DomainError("VALIDATION", {}, { to: "sameWallet" });
  if (
    !WALLET_CURRENCIES[req.from].includes(req.currency) ||
    !WALLET_CURRENCIES[req.to].includes(req.currency)
  ) {
    throw new DomainError("VALIDATION", {}, { currency: "walletCurrency" });
  }
  const from = user(userId, req.from, req.currency);
  const to = user(userId, req.to, req.currency);
  // Customers' keys live in their own namespace; without a key every request is new (a fresh
  // random key: neither read nor checked, as a fast order's)
  const key = idemKeys.customer(userId, "transfer", idempotencyKey ?? crypto.randomUUID());
  const request = { ...req, amount: req.amount.toString() };
  const fresh = idempotencyKey === undefined;
  const posted = await ledger.post(t, { key, request, fresh }, async () => {
    // both balances read once (with the session: prefetched), decided on and handed to the
    // ledger, whose commit checks them
    const read = await ledger.balanceEntries(t, [from, to]);
    const b = read[0]!.value ?? { available: 0n };
    if (b.available <= 0n) throw new DomainError("NO_TRANSFERABLE");
    enforce(
      amountRules({
        amount: formatDecimal(req.amount),
        currency: req.currency,
        available: b.available,
      }),
    );
    const transferId = crypto.randomUUID();
    return {
      type: "transfer",
      ref: `transfer:${transferId}`,
      postings: [{ account: from, available: -req.amount }, { account: to, available: req.amount }],
      read,
      result: (journal, after): TransferResult => ({
        transferId,
        journalId: journal.id,
        from: req.from,
        to: req.to,
        currency: req.currency,
        amount: formatDecimal(req.amount),
        at: journal.at,
        available: {
          from: formatDecimal(after.get(accountId(from))!.available),
          to: formatDecimal(after.get(accountId(to))!.available),
        },
      }),
    };
  });
  return posted.result;
}
