/**
 * Erasure on request (issue 30, section 3): a customer's personal data is deleted or replaced by
 * a pseudonym, while what proves the books stays: ledger journals and balances, fund-flow lines,
 * orders, positions, settlements and the audit chain keep the customer's user id, which from
 * then on names nobody (the pseudonym `erased-<12 hex>` is what screens show in the phone's
 * place). It is a four-eyes proposal (`customer.erase`, edge/operators/proposals.ts): proposed by
 * one operator, made in the approval's commit by another.
 *
 * Refused while money is open (the books would name a person again when it moves): open
 * positions or orders (leveraged pending or holding, fast open, spot open, wealth underway),
 * withdrawals waiting for a decision or a payout (and recharges waiting for review), and any non-zero balance (available or frozen)
 * in any wallet. The approval's commit checks the customer's four balance records, so a deposit
 * or an order that slips in between the checks and the commit makes it retry and refuse.
 *
 * What the approval's commit does: the user record keeps its id, invite code, verification level
 * and times; phone, password hashes, two-factor secrets, anti-phishing word and language are
 * gone; it is locked (no session is accepted from then on: the session lookup refuses locked
 * customers) and marked `erased`. The phone's index entry and the invite code's are deleted, so
 * the phone can register again: as a new customer, with a new id and nothing of the old one.
 * After the commit `purge` deletes the rest in batches (within KV's commit limits): sessions,
 * known devices, the sign-in log, payment methods, messages and their unread counter, the
 * verification status, the document photos and recharge vouchers (bytes, meta, use); the records
 * that must stay are rewritten without the person: verification submissions (name -> pseudonym,
 * document number removed and its uniqueness index deleted), recharges (remitter name and
 * account) and withdrawals (the payment method snapshot). Entries already in the hash-chained
 * audit log are not rewritten (that would break the chain the verifiers hold against signed
 * checkpoints); the audit log is the operators' record, kept under its own retention rule. The
 * approval's commit also marks the purge as pending; its end removes the mark, and a process that
 * stopped in between leaves it to the hourly `erasure-resume` job (the purge is idempotent).
 */
import { sha256Hex } from "../customers/passwords.ts";
import { deleteUserSessions, keys as accountKeys, type UserRecord } from "../customers/store.ts";
import { identityKeys, type Submission } from "../identity/store.ts";
import type { ImageStore } from "../uploads/service.ts";
import { methodKeys, rechargeKeys, withdrawKeys } from "../funds/store.ts";
import type { Recharge, Recharges } from "../funds/recharge.ts";
import type { Withdrawal } from "../funds/withdrawal.ts";
import type { Withdrawals } from "../funds/withdraw.ts";
import { messageKeys } from "../messages/store.ts";
import { accountId, user, WALLET_CURRENCIES, WALLETS } from "../ledger/accounts.ts";
import { keys as ledgerKeys } from "../ledger/store.ts";
import { idemKeys } from "../ledger/idem.ts";
import type { Balance } from "../ledger/store.ts";
import type { Contracts } from "../trading/contracts.ts";
import type { FastContracts } from "../trading/fast.ts";
import type { Spot } from "../trading/spot.ts";
import type { Wealth } from "../wealth/service.ts";
import type { ErrorId } from "../platform/errors.ts";

export interface ErasureDeps {
  kv: Deno.Kv;
  images: ImageStore;
  withdrawals: Withdrawals;
  recharges: Recharges;
  contracts: Contracts;
  fast: FastContracts;
  spot: Spot;
  wealth: Wealth;
}

/** What the user record says once the customer was erased. */
export type ErasedMark = NonNullable<UserRecord["erased"]>;

/** Withdrawals and recharges in these states still move money (or may): erasure waits. */
const OPEN_FUNDS = new Set(["auditing", "withdrawing", "frozen"]);
/**
 * Erasures approved and not purged yet (the approval's commit writes it, the purge's end deletes
 * it): a process stopped in between leaves it for the `erasure-resume` job to finish.
 */
export const erasureKeys = {
  pending: (t: string, userId: string) => [t, "privacy", "erasurePending", userId],
  allPending: (t: string) => [t, "privacy", "erasurePending"],
};

/** Deletes per commit (KV allows 1,000 mutations; values here are small). */
const BATCH = 400;

/** The customer's pseudonym: stable per tenant, customer and proposal, naming nobody. */
export async function pseudonymOf(t: string, userId: string, proposal: string) {
  return `erased-${(await sha256Hex(`${t}|${userId}|${proposal}`)).slice(0, 12)}`;
}

export class Erasure {
  constructor(private d: ErasureDeps) {}

  /** The customer's balance records (every wallet and currency), for the commit to check. */
  async balanceEntries(t: string, userId: string): Promise<Deno.KvEntryMaybe<Balance>[]> {
    const ids = WALLETS.flatMap((w) => WALLET_CURRENCIES[w].map((c) => user(userId, w, c)));
    return await this.d.kv.getMany<Balance[]>(ids.map((a) => ledgerKeys.balance(t, accountId(a))));
  }

  /**
   * Why the customer cannot be erased now (the first reason, in this order: open positions or
   * orders, withdrawals under way, money on the account), or null. `balances` are the records
   * the caller's commit will check.
   */
  async refusal(
    t: string,
    userId: string,
    balances: Deno.KvEntryMaybe<Balance>[],
  ): Promise<ErrorId | null> {
    const d = this.d;
    const [pending, holding, fast, spot, wealth, funds] = await Promise.all([
      d.contracts.list(t, userId, "pending", 1),
      d.contracts.list(t, userId, "holding", 1),
      d.fast.list(t, userId, { status: "open", limit: 1 }),
      d.spot.list(t, userId, "open", 1),
      d.wealth.orders(t, userId, 1000),
      this.fundsUnderWay(t, userId),
    ]);
    const open = pending.length + holding.length + fast.items.length + spot.length +
      wealth.items.filter((o) => o.status === "underway").length;
    if (open > 0) return "ERASURE_OPEN_POSITIONS";
    if (funds) return "ERASURE_PENDING_FUNDS";
    if (balances.some((b) => b.value && (b.value.available !== 0n || b.value.frozen !== 0n))) {
      return "ERASURE_BALANCE";
    }
    return null;
  }

  /** A withdrawal not ended yet, or a recharge waiting for its review. */
  private async fundsUnderWay(t: string, userId: string): Promise<boolean> {
    const d = this.d;
    const pages = [
      (c?: string) => d.withdrawals.history(t, userId, 100, c),
      (c?: string) => d.recharges.history(t, userId, 100, c),
    ];
    for (const page of pages) {
      let cursor: string | undefined;
      do {
        const p = await page(cursor);
        if (p.items.some((r) => OPEN_FUNDS.has(r.status))) return true;
        cursor = p.cursor ?? undefined;
      } while (cursor);
    }
    return false;
  }

  /**
   * The user record without the person, locked and marked erased, and its phone and invite
   * indexes deleted, added to the approval's commit (which checks the user record).
   */
  eraseInto(
    op: Deno.AtomicOperation,
    t: string,
    u: UserRecord,
    e: { at: number; by: string; mark: ErasedMark },
  ) {
    const next: UserRecord = {
      userId: u.userId,
      phone: e.mark.pseudonym,
      passwordHash: "",
      drawPasswordHash: null,
      inviteCode: u.inviteCode,
      invitedBy: u.invitedBy,
      certifyLevel: u.certifyLevel,
      createdAt: u.createdAt,
      passwordChangedAt: e.at,
      passwordResetAt: null,
      locale: null,
      totpSecret: null,
      totpPending: null,
      locked: { at: e.at, by: e.by, reason: e.mark.pseudonym },
      erased: e.mark,
    };
    op.set(accountKeys.user(t, u.userId), next)
      .delete(accountKeys.phone(t, u.phone))
      .delete(accountKeys.invite(t, u.inviteCode))
      .set(erasureKeys.pending(t, u.userId), e.mark.pseudonym);
  }

  /** Finish the purges a stopped process left (the `erasure-resume` job); how many it ran. */
  async resume(tenants: Iterable<string>): Promise<number> {
    let n = 0;
    for (const t of tenants) {
      for await (const e of this.d.kv.list<string>({ prefix: erasureKeys.allPending(t) })) {
        await this.purge(t, e.key.at(-1) as string, e.value);
        n++;
      }
    }
    return n;
  }

  /**
   * After the approval's commit: delete what only described the person and rewrite what must
   * stay without them. Idempotent (a second run finds nothing left to change).
   */
  async purge(t: string, userId: string, pseudonym: string) {
    const kv = this.d.kv;
    await deleteUserSessions(kv, t, userId);
    const devices: Deno.KvKey[] = [];
    for await (const e of kv.list({ prefix: accountKeys.userDevices(t, userId) })) {
      devices.push(accountKeys.device(t, e.key.at(-1) as string));
    }
    await this.deleteAll([
      ...devices,
      ...await this.keysUnder([
        accountKeys.userDevices(t, userId),
        accountKeys.logins(t, userId),
        methodKeys.methods(t, userId),
        [t, "funds", "methodSlot", userId],
        messageKeys.messages(t, userId),
      ]),
      accountKeys.loginSeq(t, userId),
      messageKeys.unread(t, userId),
      identityKeys.status(t, userId),
    ]);
    await this.redactSubmissions(t, userId, pseudonym);
    await this.redactFunds(t, userId, pseudonym);
    await kv.delete(erasureKeys.pending(t, userId));
  }

  private async keysUnder(prefixes: Deno.KvKey[]): Promise<Deno.KvKey[]> {
    const out: Deno.KvKey[] = [];
    for (const prefix of prefixes) {
      for await (const e of this.d.kv.list({ prefix })) out.push(e.key);
    }
    return out;
  }

  private async deleteAll(keys: Deno.KvKey[]) {
    for (let i = 0; i < keys.length; i += BATCH) {
      const op = this.d.kv.atomic();
      for (const k of keys.slice(i, i + BATCH)) op.delete(k);
      await op.commit();
    }
  }

  /** Submissions keep their decision history under the pseudonym; the photos go. */
  private async redactSubmissions(t: string, userId: string, pseudonym: string) {
    const kv = this.d.kv;
    for await (const e of kv.list({ prefix: identityKeys.byUserPrefix(t, userId) })) {
      const entry = await kv.get<Submission>(identityKeys.submission(t, e.key.at(-1) as string));
      const s = entry.value;
      if (!s) continue;
      const op = kv.atomic();
      if (s.junior?.docNumber) {
        const docKey = identityKeys.doc(t, s.junior.docType, s.junior.docNumber);
        if ((await kv.get<string>(docKey)).value === userId) op.delete(docKey);
      }
      if (s.advanced) {
        const a = s.advanced;
        for (const id of [a.frontImageId, a.backImageId, a.handheldImageId]) {
          await this.d.images.erase(t, id);
        }
      }
      op.set(
        entry.key,
        {
          ...s,
          junior: s.junior ? { ...s.junior, name: pseudonym, docNumber: "" } : null,
        } satisfies Submission,
      );
      await op.commit();
    }
  }

  /**
   * Recharges lose the remitter and the voucher photo, withdrawals the payment details; so do
   * the copies the ledger keeps as the replies of their idempotency keys (the customer's own
   * requests, `u:<id>:...`, and the operators' decisions on these records), which keep their
   * journal ids (the ledger checker reads those).
   */
  private async redactFunds(t: string, userId: string, pseudonym: string) {
    const kv = this.d.kv;
    const idems = [`u:${userId}:`];
    for await (const e of kv.list({ prefix: rechargeKeys.byUserPrefix(t, userId) })) {
      const id = e.key.at(-1) as string;
      idems.push(idemKeys.rechargePass(id));
      const entry = await kv.get<Recharge>(rechargeKeys.recharge(t, id));
      if (!entry.value) continue;
      await this.d.images.erase(t, entry.value.voucherImageId);
      await kv.set(entry.key, redacted(entry.value, pseudonym));
    }
    for await (const e of kv.list({ prefix: withdrawKeys.byUserPrefix(t, userId) })) {
      const id = e.key.at(-1) as string;
      idems.push(idemKeys.withdrawalSettle(id));
      const entry = await kv.get<Withdrawal>(withdrawKeys.withdrawal(t, id));
      if (entry.value) await kv.set(entry.key, redacted(entry.value, pseudonym));
    }
    for (const key of idems) {
      // each key exactly, and the customer's key space as a range
      const start = ledgerKeys.idem(t, key);
      const end = ledgerKeys.idem(t, key.endsWith(":") ? `${key}\uffff` : `${key}\u0000`);
      for await (const e of kv.list<{ result?: unknown }>({ start, end })) {
        const result = e.value.result;
        const next = redacted(result, pseudonym);
        if (next !== result) await kv.set(e.key, { ...e.value, result: next });
      }
    }
  }
}

/**
 * A funds record (or a reply that is one) without the person: a withdrawal's payment method
 * snapshot, a recharge's remitter. Anything else is returned as it is (the same object).
 */
function redacted<T>(v: T, pseudonym: string): T {
  if (typeof v !== "object" || v === null) return v;
  const r = v as Record<string, unknown>;
  const m = r.method as Withdrawal["method"] | undefined;
  if (m && typeof m === "object" && "details" in m) {
    return { ...r, method: { kind: m.kind, label: pseudonym, details: {} } } as T;
  }
  if (typeof r.remitterName === "string") {
    return { ...r, remitterName: pseudonym, remitterAccount: "" } as T;
  }
  return v;
}
