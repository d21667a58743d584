/**
 * The operators' view of customers: search (phone, user id, verified name, document number), one
 * customer's page assembled from the capabilities that own each part, lock/unlock with a reason
 * and a message to the customer. Sensitive fields (document numbers, full card and account
 * numbers, addresses) are masked unless an operator of a role that needs them asks, and every
 * such view is audited. Every write is audited in its own commit.
 */
import { getCountries, getCountryCallingCode } from "libphonenumber-js";
import { getUser, keys as accountKeys, type UserRecord } from "../customers/store.ts";
import { LOGIN_LOG_SIZE } from "../customers/sessions.ts";
import { type LoginRecord, type SessionRecord } from "../customers/store.ts";
import { deleteUserSessions } from "../customers/store.ts";
import { maskPhone } from "../customers/service.ts";
import { describeDevice } from "../platform/device.ts";
import { DomainError } from "../platform/errors.ts";
import { commitAttempts, storeBusy } from "../platform/kv_contention.ts";
import {
  DOC_TYPES,
  identityKeys,
  type IdentityStatus,
  type Submission,
} from "../identity/store.ts";
import { normalizeDocNumber } from "../identity/certify.ts";
import { maskAddress, maskCard } from "../../contract/formats.ts";
import { methodJson, type PaymentMethod } from "../funds/methods.ts";
import { rechargeJson } from "../funds/recharge.ts";
import { customerWithdrawalJson, withdrawalJson } from "../funds/withdraw.ts";
import { assetsJson, customerAssets } from "../ledger/assets.ts";
import { accountId, bookOfUser, user, WALLET_CURRENCIES, WALLETS } from "../ledger/accounts.ts";
import { messageInto, messageKeys } from "../messages/store.ts";
import { type Actor, auditAlone, audited, auditInto, readAuditHead } from "../audit/audit.ts";
import type { Json, OperatorRole } from "./store.ts";
import type { AppConfig } from "../platform/config.ts";
import type { Ledger } from "../ledger/service.ts";
import type { PricePort } from "../market/prices.ts";
import type { Identity } from "../identity/certify.ts";
import type { PaymentMethods } from "../funds/methods.ts";
import type { Recharges } from "../funds/recharge.ts";
import type { Withdrawals } from "../funds/withdraw.ts";
import type { Messages } from "../messages/service.ts";
import type { Contracts } from "../trading/contracts.ts";
import type { FastContracts } from "../trading/fast.ts";
import type { Spot } from "../trading/spot.ts";
import type { Wealth } from "../wealth/service.ts";
import type { ListRead, PrivateRead } from "../platform/kv_round_trips.ts";
import { getAll } from "../platform/kvpage.ts";
import { keys as ledgerKeys } from "../ledger/store.ts";

/** Roles that read the customers section, lock and unlock, see sensitive fields. */
export const CUSTOMER_READERS: OperatorRole[] = ["support", "funds", "identity", "admin"];
export const CUSTOMER_WRITERS: OperatorRole[] = ["support", "admin"];
export const SENSITIVE_READERS: OperatorRole[] = ["identity", "admin"];

/** A name search reads at most this many verification records (a bounded scan). */
const NAME_SCAN_LIMIT = 5000;
const SEARCH_LIMIT = 20;

export interface CustomerLock {
  at: number;
  by: string;
  reason: string;
}

export interface CustomerHit {
  userId: string;
  phone: string;
  verifiedName: string | null;
  certifyLevel: UserRecord["certifyLevel"];
  book: "live" | "demo";
  createdAt: number;
  locked: boolean;
  matched: "phone" | "userId" | "name" | "document";
}

const maskDoc = (n: string) => n.length <= 4 ? "****" : "****" + n.slice(-4);

/** A payment method as the console shows it: full, or with the address and bank address masked. */
function methodView(m: PaymentMethod, sensitive: boolean) {
  if (sensitive) return { ...methodJson(m), bank: m.bank, crypto: m.crypto };
  const j = methodJson(m);
  return {
    ...j,
    bank: j.bank ? { ...j.bank, bankAddress: j.bank.bankAddress ? "****" : null } : null,
    crypto: j.crypto ? { ...j.crypto, address: maskAddress(j.crypto.address) } : null,
  };
}

/** What a customer's page reads: every capability that holds something of theirs. */
export interface CustomerSources {
  kv: Deno.Kv;
  now: () => number;
  config: AppConfig;
  ledger: Ledger;
  prices: PricePort;
  identity: Identity;
  methods: PaymentMethods;
  recharges: Recharges;
  withdrawals: Withdrawals;
  messages: Messages;
  contracts: Contracts;
  fast: FastContracts;
  spot: Spot;
  wealth: Wealth;
}

/** A search's reads (`search`): the nearest replica's. */
const EVENTUAL = { consistency: "eventual" } as const;

export class Customers {
  constructor(private d: CustomerSources) {}

  private get kv() {
    return this.d.kv;
  }

  private async hit(t: string, u: UserRecord, matched: CustomerHit["matched"]) {
    const st =
      (await this.kv.get<IdentityStatus>(identityKeys.status(t, u.userId), EVENTUAL)).value;
    return {
      userId: u.userId,
      phone: u.erased ? u.phone : maskPhone(u.phone),
      verifiedName: st?.verifiedName ?? null,
      certifyLevel: u.certifyLevel,
      book: bookOfUser(u.userId),
      createdAt: u.createdAt,
      locked: !!u.locked,
      matched,
    } satisfies CustomerHit;
  }

  /**
   * Customers matching `q`: a user id (exact), a phone (a prefix starting with + or 00; digits
   * alone are tried as a number with its country code and with every country code before it), a
   * document number (exact, any type) and a verified name (contains, case-insensitive; a bounded
   * scan). At most SEARCH_LIMIT hits, each customer once. Read as a nearby replica has it (free
   * far from the store; a customer who signed up a few seconds ago may not be found yet): a list
   * to pick from, the customer's page then reads them from the store.
   */
  async search(t: string, q: string): Promise<{ items: CustomerHit[] }> {
    const query = q.trim();
    const out = new Map<string, CustomerHit>();
    const add = async (userId: string, matched: CustomerHit["matched"]) => {
      if (out.size >= SEARCH_LIMIT || out.has(userId)) return;
      const u = (await this.kv.get<UserRecord>(accountKeys.user(t, userId), EVENTUAL)).value;
      if (u) out.set(userId, await this.hit(t, u, matched));
    };
    if (/^\d{1,20}$/.test(query)) await add(query, "userId");
    const phone = query.replace(/[\s()-]/g, "").replace(/^00/, "+");
    if (/^\+\d{2,15}$/.test(phone)) await this.phonePrefix(t, phone, add);
    else if (/^\d{6,15}$/.test(phone)) {
      // typed without the +: with its country code (a prefix), or without it (every code tried)
      await this.phonePrefix(t, `+${phone}`, add);
      const keys = withCallingCodes(phone).map((p) => accountKeys.phone(t, p));
      const found = await Promise.all(
        chunks(keys, 10).map((k) => this.kv.getMany<string[]>(k, EVENTUAL)),
      );
      for (const e of found.flat()) if (e.value) await add(e.value, "phone");
    }
    const doc = normalizeDocNumber(query);
    if (/^[A-Z0-9]{3,64}$/.test(doc)) {
      const hits = await this.kv.getMany<string[]>(
        DOC_TYPES.map((d) => identityKeys.doc(t, d, doc)),
        EVENTUAL,
      );
      for (const h of hits) if (h.value) await add(h.value, "document");
    }
    const name = query.toLocaleLowerCase();
    if (name.length >= 2 && !/^\+?\d+$/.test(name)) {
      const prefix = identityKeys.status(t, "").slice(0, -1);
      for await (
        const e of this.kv.list<IdentityStatus>({ prefix }, { limit: NAME_SCAN_LIMIT, ...EVENTUAL })
      ) {
        if (out.size >= SEARCH_LIMIT) break;
        if (e.value.verifiedName?.toLocaleLowerCase().includes(name)) {
          await add(String(e.key[e.key.length - 1]), "name");
        }
      }
    }
    return { items: [...out.values()] };
  }

  /** Customers whose phone starts with `prefix` (a + and digits). */
  private async phonePrefix(
    t: string,
    prefix: string,
    add: (userId: string, matched: "phone") => Promise<void>,
  ) {
    const index = accountKeys.phone(t, "").slice(0, -1);
    for await (
      const e of this.kv.list<string>({
        start: [...index, prefix],
        end: [...index, prefix + "\uffff"],
      }, { limit: SEARCH_LIMIT, ...EVENTUAL })
    ) await add(e.value, "phone");
  }

  /**
   * One customer's page. `sensitive` (an operator of SENSITIVE_READERS asked) shows document
   * numbers, full card and account numbers and addresses, and the view is audited.
   */
  /**
   * What a customer's page reads, started with the operator's session (one round trip far from
   * the store: edge/http/operator_auth.ts): the customer, their balances and every list the page
   * shows (the indexes' records beside them).
   */
  detailReads(t: string, userId: string): PrivateRead[] {
    const d = this.d;
    const balances = WALLETS.flatMap((w) =>
      WALLET_CURRENCIES[w].map((c) => ({
        key: ledgerKeys.balance(t, accountId(user(userId, w, c))),
      }))
    );
    return [
      { key: accountKeys.user(t, userId) },
      ...balances,
      d.identity.statusRead(t, userId),
      d.methods.listRead(t, userId),
      d.recharges.historyRead(t, userId, 50),
      d.withdrawals.historyRead(t, userId, 50),
      // as `Messages.list` reads its first page
      {
        selector: { prefix: messageKeys.messages(t, userId) },
        options: { reverse: true, limit: 50 },
      },
      d.contracts.listReads(t, userId),
      d.fast.listReads(t, userId),
      d.spot.listReads(t, userId),
      d.wealth.ordersRead(t, userId, 50),
      {
        selector: { prefix: accountKeys.userSessions(t, userId) },
        record: (tokenHash) => accountKeys.session(t, tokenHash),
      },
      this.loginsRead(t, userId),
    ];
  }

  async detail(t: string, userId: string, by: Actor, sensitive: boolean) {
    const d = this.d;
    const now = d.now();
    // every part together (with the session when the route read them: `detailReads`)
    const [found, assets, st, methods, recharges, withdrawals, messages] = await Promise.all([
      getUser(this.kv, t, userId),
      customerAssets(d.ledger, d.prices, t, userId),
      d.identity.status(t, userId),
      d.methods.list(t, userId),
      d.recharges.history(t, userId, 50),
      d.withdrawals.history(t, userId, 50),
      d.messages.list(t, userId, 50),
    ]);
    const u = found.value;
    if (!u) throw new DomainError("NOT_FOUND");
    const [positions, fast, spot, wealth, document, sessions, logins] = await Promise.all([
      // one read of the index for the three statuses
      d.contracts.lists(t, userId, ["holding", "pending", "closed"], 100),
      d.fast.list(t, userId, { limit: 50 }),
      d.spot.list(t, userId, undefined, 50),
      d.wealth.orders(t, userId, 50),
      this.document(t, st.junior, sensitive),
      this.sessions(t, u, now),
      this.logins(t, userId),
    ]);
    const { holding, pending } = positions;
    const closed = positions.closed.slice(0, 20);
    const page = {
      userId: u.userId,
      // an erased customer's "phone" is the pseudonym: nothing to mask
      phone: sensitive || u.erased ? u.phone : maskPhone(u.phone),
      book: bookOfUser(u.userId),
      createdAt: u.createdAt,
      certifyLevel: u.certifyLevel,
      twoFactor: !!u.totpSecret,
      locale: u.locale,
      locked: u.locked ?? null,
      /** erased on request: the pseudonym, when and by which proposal */
      erased: u.erased ?? null,
      /** a professional client (four-eyes): since when, by which proposal and approver */
      professional: u.professional ?? null,
      sensitive,
      balances: assetsJson(assets).rows,
      positions: [...pending, ...holding, ...closed],
      fastOrders: fast.items,
      spotOrders: spot,
      wealthOrders: wealth.items,
      recharges: recharges.items.map((r) => {
        const j = rechargeJson(r);
        return sensitive ? j : { ...j, remitterAccount: maskCard(j.remitterAccount) };
      }),
      withdrawals: withdrawals.items.map((w) =>
        sensitive ? withdrawalJson(w) : customerWithdrawalJson(w)
      ),
      verification: {
        certifyLevel: u.certifyLevel,
        junior: st.junior,
        advanced: st.advanced,
        verifiedName: st.verifiedName,
        document,
      },
      paymentMethods: methods.map((m) => methodView(m, sensitive)),
      messages: messages.items,
      sessions,
      logins,
    };
    if (sensitive) {
      await auditAlone(this.kv, t, {
        at: now,
        operator: by.operator,
        action: "customer.viewSensitive",
        target: `customer:${userId}`,
        before: null,
        after: null,
        ip: by.ip,
      });
    }
    return page;
  }

  /** The identity document of the junior verification (its number masked unless sensitive). */
  private async document(
    t: string,
    junior: { submissionId: string } | null,
    sensitive: boolean,
  ): Promise<{ docType: string; docNumber: string; name: string } | null> {
    if (!junior) return null;
    // as a nearby replica has it (free far from the store): what is shown of a submission (its
    // document and name) never changes once it is made
    const sub = (await this.kv.get<Submission>(identityKeys.submission(t, junior.submissionId), {
      consistency: "eventual",
    })).value;
    if (!sub?.junior) return null;
    return {
      docType: sub.junior.docType,
      docNumber: sensitive ? sub.junior.docNumber : maskDoc(sub.junior.docNumber),
      name: sub.junior.name,
    };
  }

  /** The customer's live sessions (not expired, idle or older than the last password change). */
  private async sessions(t: string, u: UserRecord, now: number) {
    const sessions = [];
    const hashes: string[] = [];
    for await (
      const e of this.kv.list<number>({ prefix: accountKeys.userSessions(t, u.userId) })
    ) hashes.push(e.key[e.key.length - 1] as string);
    // the records together (read beside the index with the session: `detailReads`)
    const records = await getAll<SessionRecord>(
      this.kv,
      hashes.map((h) => accountKeys.session(t, h)),
    );
    for (const rec of records) {
      const idleMs = rec?.idleMs ?? this.d.config.sessionIdleMinutes * 60_000;
      if (!rec || now >= rec.expiresAt || now - rec.lastSeenAt > idleMs) continue;
      if (rec.createdAt < u.passwordChangedAt) continue;
      sessions.push({
        device: describeDevice(rec.userAgent),
        ip: rec.ip ?? null,
        createdAt: rec.createdAt,
        lastSeenAt: rec.lastSeenAt,
      });
      if (sessions.length >= 50) break;
    }
    return sessions;
  }

  /** What `logins` reads. */
  private loginsRead(t: string, userId: string): ListRead {
    return {
      selector: { prefix: accountKeys.logins(t, userId) },
      options: { limit: LOGIN_LOG_SIZE },
    };
  }

  /** The customer's recent sign-ins, newest first. */
  private async logins(t: string, userId: string) {
    const logins: { at: number; ip: string; device: string | null; result: string }[] = [];
    const read = this.loginsRead(t, userId);
    for await (const e of this.kv.list<LoginRecord>(read.selector, read.options)) {
      logins.push({
        at: e.value.at,
        ip: e.value.ip,
        device: describeDevice(e.value.userAgent),
        result: e.value.result,
      });
    }
    return logins.sort((a, b) => b.at - a.at);
  }

  /**
   * Lock (a reason) or unlock a customer, audited: a locked customer's sessions end (the session
   * lookup refuses them, and they are deleted), sign-in is refused; their open positions keep
   * running (the engine needs no session).
   */
  async setLock(t: string, userId: string, by: Actor, lock: boolean, reason: string) {
    const at = this.d.now();
    // the sessions end before the lock is stored too: a money write that read one of them
    // before then fails its commit's check (`guardJournals`), none slips in between the two
    if (lock) await deleteUserSessions(this.kv, t, userId);
    const r = await audited<UserRecord, { userId: string; locked: CustomerLock | null }>(
      this.kv,
      t,
      by,
      at,
      accountKeys.user(t, userId),
      (u) => {
        if (!u) throw new DomainError("NOT_FOUND");
        const was = u.locked ?? null;
        const next: CustomerLock | null = lock ? { at, by: by.operator, reason } : null;
        const { locked: _l, ...rest } = u;
        return {
          value: next ? { ...rest, locked: next } : rest,
          action: lock ? "customer.lock" : "customer.unlock",
          target: `customer:${userId}`,
          before: { locked: was as unknown as Json },
          after: { locked: next as unknown as Json, reason },
          result: { userId, locked: next },
        };
      },
    );
    if (lock) await deleteUserSessions(this.kv, t, userId);
    return r;
  }

  /** A message to the customer's inbox, audited in the same commit. */
  async message(t: string, userId: string, by: Actor, m: { title: string; body: string }) {
    for await (const _attempt of commitAttempts()) {
      const u = await getUser(this.kv, t, userId);
      if (!u.value) throw new DomainError("NOT_FOUND");
      const at = this.d.now();
      const head = await readAuditHead(this.kv, t);
      const op = this.kv.atomic().check(u);
      const rec = messageInto(op, t, userId, {
        at,
        kind: "operatorMessage",
        params: { title: m.title, body: m.body },
      });
      auditInto(op, t, head, {
        at,
        operator: by.operator,
        action: "customer.message",
        target: `customer:${userId}`,
        before: null,
        after: { id: rec.id, title: m.title, body: m.body },
        ip: by.ip,
      });
      if ((await op.commit()).ok) return { id: rec.id };
    }
    throw storeBusy();
  }
}

/** Every country calling code (1-3 digits), once. */
const CALLING_CODES = [...new Set(getCountries().map((c) => getCountryCallingCode(c)))];

/** `+<code><digits>` for every calling code that keeps the number within E.164's 15 digits. */
function withCallingCodes(digits: string): string[] {
  return CALLING_CODES.filter((c) => c.length + digits.length <= 15).map((c) => `+${c}${digits}`);
}

function chunks<T>(xs: T[], n: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < xs.length; i += n) out.push(xs.slice(i, i + n));
  return out;
}
