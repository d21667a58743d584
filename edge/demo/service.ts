/**
 * Demo mode: the real product with virtual USDT, in the ledger's demo book.
 *
 * A demo account is a customer record of its own (id `D` + nine digits), so every order,
 * position and journal line it makes is its own and every ledger account it touches is in the
 * demo book (`bookOfUser`); trading runs the live code on the same tape and engine. Money comes
 * from the demo mint only: the opening balance and every reset are journals from it, and
 * nothing moves between books (the ledger refuses a journal spanning two).
 *
 * - A visitor gets an account and a session of its own (idle expiry 7 days); the cleanup job
 *   empties the books of visitors gone that long (a closing journal back to the mint) and
 *   deletes their records. When the visitor registers, the account becomes the new customer's.
 * - A signed-in customer's session switches to their own demo account (made on first use) and
 *   back: the same token acts as one or the other.
 * - Reset: open fast contracts are voided (stake back), pending orders cancelled, positions
 *   closed at market, spot orders cancelled; then one journal from the mint restores the
 *   starting balance, and a new practice period starts.
 */
import { formatDecimal, parseDecimal } from "../../core-wasm/mod.ts";
import type { AccountsService, ClientMeta, Session } from "../customers/service.ts";
import { keys as accountKeys, type UserRecord } from "../customers/store.ts";
import {
  accountId,
  type AccountRef,
  CURRENCIES,
  DEMO_USER_PREFIX,
  house,
  user,
} from "../ledger/accounts.ts";
import type { Ledger } from "../ledger/service.ts";
import { randomDigits } from "../customers/passwords.ts";
import { DomainError } from "../platform/errors.ts";
import { take } from "../platform/ratelimit.ts";
import { LIMITS } from "../customers/limits.ts";
import { commitAttempts, storeBusy } from "../platform/kv_contention.ts";
import type { Tenant } from "../platform/tenants.ts";
import type { FastContracts } from "../trading/fast.ts";
import type { Contracts } from "../trading/contracts.ts";
import type { Spot } from "../trading/spot.ts";
import { type DemoAccount, demoKeys } from "./store.ts";
import type { ListRead } from "../platform/kv_round_trips.ts";
import { keys as ledgerKeys } from "../ledger/store.ts";

export const VISITOR_IDLE_MS = 7 * 24 * 3600_000;
/** a visitor's session lasts at most this long, however active */
export const VISITOR_MAX_MS = 30 * 24 * 3600_000;

/** Every demo wallet: spot in each currency, the contract wallet in USDT. */
const wallets = (id: string): AccountRef[] => [
  ...CURRENCIES.map((c) => user(id, "spot", c)),
  user(id, "contract", "USDT"),
];

export interface DemoStatus {
  accountId: string;
  visitor: boolean;
  period: number;
  periodStart: number;
  startBalance: string;
  resets: number;
  createdAt: number;
}

export function demoJson(a: DemoAccount): DemoStatus {
  return {
    accountId: a.id,
    visitor: a.of === null,
    period: a.period,
    periodStart: a.periodStart,
    startBalance: formatDecimal(a.startBalance),
    resets: a.resets,
    createdAt: a.createdAt,
  };
}

export class Demo {
  constructor(
    private kv: Deno.Kv,
    private ledger: Ledger,
    private accounts: AccountsService,
    private trading: { fast: FastContracts; contracts: Contracts; spot: Spot },
    private now: () => number,
  ) {}

  async account(t: string, id: string) {
    return (await this.kv.get<DemoAccount>(demoKeys.account(t, id))).value;
  }

  /**
   * POST /api/demo/session. A visitor: a new demo account and its session (the token is
   * returned as at sign-in). A signed-in customer: their session now acts as their demo account
   * (made on first use); already in demo: unchanged.
   */
  async start(tenant: Tenant, s: Session | null, meta: ClientMeta) {
    const t = tenant.id;
    if (!s) {
      // visitors' accounts are bounded per source (each is a record and a journal)
      const r = await take(
        this.kv,
        accountKeys.rate(t, "demo-visitor", meta.ip),
        LIMITS.demoVisitorPerIp,
        this.now(),
      );
      if (!r.allowed) {
        const seconds = Math.max(1, Math.ceil(r.retryAfterMs / 1000));
        throw new DomainError("RATE_LIMITED", { seconds }, undefined, {
          retryAfterSeconds: seconds,
        });
      }
      const { account, record } = await this.create(tenant, null);
      const session = await this.accounts.openSession(t, record, meta, {
        idleMs: VISITOR_IDLE_MS,
        maxMs: VISITOR_MAX_MS,
      });
      // the account's commit indexed it already: a crash before this line leaves it to cleanup
      await this.kv.set(demoKeys.visitor(t, account.id), session.tokenHash);
      return { token: session.token, expiresAt: session.expiresAt, status: demoJson(account) };
    }
    if (s.book === "demo") {
      const a = await this.account(t, s.userId);
      if (!a) throw new DomainError("NOT_FOUND");
      return { token: null, expiresAt: null, status: demoJson(a) };
    }
    const mine = (await this.kv.get<string>(demoKeys.of(t, s.userId))).value;
    const a = mine ? await this.account(t, mine) : (await this.create(tenant, s.userId)).account;
    if (!a) throw new DomainError("NOT_FOUND");
    await this.accounts.actAs(t, s, a.id);
    return { token: null, expiresAt: null, status: demoJson(a) };
  }

  /** DELETE /api/demo/session: a switched session acts as the live customer again. */
  async leave(t: string, s: Session) {
    if (s.book !== "demo") return;
    if (s.liveUserId === null) throw new DomainError("DEMO_VISITOR");
    await this.accounts.actAs(t, s, null);
  }

  /** The demo status of the session's account (null: a live account). */
  async status(t: string, s: Session) {
    if (s.book !== "demo") return null;
    const a = await this.account(t, s.userId);
    return a ? demoJson(a) : null;
  }

  /**
   * A demo account with its opening balance, in one commit: the customer record, the demo
   * record, its index and the journal from the mint.
   */
  private async create(tenant: Tenant, of: string | null) {
    const t = tenant.id;
    const start = parseDecimal(tenant.demo.startBalance);
    const contractPart = parseDecimal(tenant.demo.contractPart);
    for await (const _attempt of commitAttempts(8)) {
      const id = `${DEMO_USER_PREFIX}${randomDigits(9)}`;
      const at = this.now();
      const account: DemoAccount = {
        id,
        of,
        createdAt: at,
        period: 1,
        periodStart: at,
        startBalance: start,
        resets: 0,
      };
      const record: UserRecord = {
        userId: id,
        phone: "",
        // a demo account never signs in by itself: no password can match an empty hash
        passwordHash: "",
        drawPasswordHash: null,
        inviteCode: "",
        invitedBy: null,
        certifyLevel: "none",
        createdAt: at,
        passwordChangedAt: 0,
        passwordResetAt: null,
        locale: null,
      };
      const posted = await this.ledger.post(
        t,
        { key: `demo:open:${id}`, request: { id, of } },
        async () => {
          const [taken, owned] = await this.kv.getMany<[UserRecord, string]>([
            accountKeys.user(t, id),
            of ? demoKeys.of(t, of) : demoKeys.visitor(t, id),
          ]);
          // a concurrent switch made theirs first, or (rarely) the id is taken: no journal
          if (taken.value || owned.value) throw new Taken(owned.value);
          return {
            type: "demo" as const,
            ref: `demo:${id}`,
            postings: [
              { account: house("mint", "USDT", "demo"), available: -start },
              { account: user(id, "contract", "USDT"), available: contractPart },
              { account: user(id, "spot", "USDT"), available: start - contractPart },
            ].filter((p) => p.available !== 0n),
            checks: [taken, owned],
            write: (op: Deno.AtomicOperation) => {
              op.set(taken.key, record).set(demoKeys.account(t, id), account);
              op.set(of ? demoKeys.of(t, of) : demoKeys.visitor(t, id), of ? id : "");
            },
            result: () => id,
          };
        },
      ).catch((e) => {
        if (e instanceof Taken) return e;
        throw e;
      });
      if (!(posted instanceof Taken)) return { account, record };
      if (of && posted.owner) {
        const a = await this.account(t, posted.owner);
        const r = (await this.kv.get<UserRecord>(accountKeys.user(t, posted.owner))).value;
        if (a && r) return { account: a, record: r };
      }
    }
    throw storeBusy();
  }

  /** Void, cancel and close everything open of a demo account (reset and cleanup). */
  private async closeAll(t: string, id: string, tag: string) {
    const { fast, contracts, spot } = this.trading;
    for (;;) {
      const open = (await fast.list(t, id, { status: "open", limit: 100 })).items;
      for (const o of open) await fast.settle(t, o.orderNo, null);
      if (open.length < 100) break;
    }
    for (const p of await contracts.list(t, id, "pending", 500)) {
      await contracts.cancel(t, id, p.orderNo, `${tag}:${p.orderNo}`).catch(ignoreClosed);
    }
    for (const p of await contracts.list(t, id, "holding", 500)) {
      await contracts.close(t, p.orderNo, {
        userId: id,
        reason: "manual",
        idempotencyKey: `${tag}:${p.orderNo}`,
      }).catch(ignoreClosed);
    }
    for (const o of await spot.list(t, id, "open", 500)) {
      await spot.cancel(t, id, o.orderNo, `${tag}:${o.orderNo}`).catch(ignoreClosed);
    }
  }

  /**
   * POST /api/demo/reset: everything open closed first, then one journal from the mint that
   * restores the starting balance; a new practice period starts. Two resets at once: one.
   */
  /**
   * The postings that bring each wallet of demo account `id` to `target(ref)`, the difference
   * minted or burnt by the demo mint. Something frozen (an order placed meanwhile): DEMO_BUSY,
   * ask again.
   */
  private async toTargets(t: string, id: string, target: (ref: AccountRef) => bigint) {
    const refs = wallets(id);
    const balances = await this.ledger.balances(t, refs);
    const postings = [];
    const mint = new Map<string, bigint>();
    for (const ref of refs) {
      const b = balances.get(accountId(ref)) ?? { available: 0n, frozen: 0n };
      if (b.frozen !== 0n) throw new DomainError("DEMO_BUSY");
      const delta = target(ref) - b.available;
      if (delta === 0n) continue;
      postings.push({ account: ref, available: delta });
      const c = (ref as { currency: string }).currency;
      mint.set(c, (mint.get(c) ?? 0n) - delta);
    }
    for (const [c, x] of mint) {
      if (x !== 0n) {
        postings.push({
          account: house("mint", c as (typeof CURRENCIES)[number], "demo"),
          available: x,
        });
      }
    }
    return postings;
  }

  async reset(tenant: Tenant, s: Session) {
    const t = tenant.id;
    if (s.book !== "demo") throw new DomainError("DEMO_ONLY");
    const a = await this.account(t, s.userId);
    if (!a) throw new DomainError("NOT_FOUND");
    const period = a.period;
    await this.closeAll(t, a.id, `reset${period}`);
    const start = parseDecimal(tenant.demo.startBalance);
    const contractPart = parseDecimal(tenant.demo.contractPart);
    const target = (ref: AccountRef) =>
      accountId(ref) === accountId(user(a.id, "contract", "USDT"))
        ? contractPart
        : accountId(ref) === accountId(user(a.id, "spot", "USDT"))
        ? start - contractPart
        : 0n;
    await this.ledger.post(
      t,
      { key: `demo:reset:${a.id}:${period}`, request: { id: a.id, period } },
      async () => {
        const entry = await this.kv.get<DemoAccount>(demoKeys.account(t, a.id));
        // another reset of this period got there first: the account was just reset
        if (!entry.value || entry.value.period !== period) {
          throw new DomainError("DEMO_ALREADY_RESET");
        }
        const postings = await this.toTargets(t, a.id, target);
        const at = this.now();
        const next: DemoAccount = {
          ...entry.value,
          period: period + 1,
          periodStart: at,
          startBalance: start,
          resets: entry.value.resets + 1,
        };
        // balances already at their start: the period still starts again, without a journal
        if (!postings.length) throw new NothingToPost(entry, next);
        return {
          type: "demo" as const,
          ref: `demo:${a.id}`,
          postings,
          checks: [entry],
          write: (op: Deno.AtomicOperation) => {
            op.set(entry.key, next);
          },
          result: () => period + 1,
        };
      },
    ).catch(async (e) => {
      if (!(e instanceof NothingToPost)) throw e;
      const res = await this.kv.atomic().check(e.entry).set(e.entry.key, e.next).commit();
      if (res.ok) return;
      // what moved the account: another reset of this period (it was just reset), else ask again
      const now = await this.kv.get<DemoAccount>(e.entry.key);
      throw new DomainError(
        now.value && now.value.period !== period ? "DEMO_ALREADY_RESET" : "DEMO_BUSY",
      );
    });
    return demoJson((await this.account(t, a.id))!);
  }

  /**
   * A visitor registered: their demo account becomes the new customer's (history kept), the
   * visitor session ends.
   */
  async adopt(t: string, visitor: Session, liveUserId: string) {
    if (visitor.book !== "demo" || visitor.liveUserId !== null) return;
    for await (const _attempt of commitAttempts(8)) {
      const [entry, slot] = await this.kv.getMany<[DemoAccount, string]>([
        demoKeys.account(t, visitor.userId),
        demoKeys.of(t, liveUserId),
      ]);
      if (!entry.value || entry.value.of !== null || slot.value) return;
      const res = await this.kv.atomic().check(entry, slot)
        .set(entry.key, { ...entry.value, of: liveUserId })
        .set(slot.key, visitor.userId)
        .delete(demoKeys.visitor(t, visitor.userId))
        .commit();
      if (res.ok) {
        await this.accounts.logout(t, visitor);
        return;
      }
    }
  }

  /**
   * The cleanup job: visitors' demo accounts whose session is gone or idle 7 days lose their
   * records; their balances go back to the mint in a closing journal first (the ledger's history
   * stays, so the checker still adds up). Returns how many were cleaned.
   */
  async cleanup(t: string): Promise<number> {
    let n = 0;
    const now = this.now();
    for await (const e of this.kv.list<string>({ prefix: demoKeys.visitorPrefix(t) })) {
      const id = String(e.key[e.key.length - 1]);
      if (e.value === "") {
        // no session written yet: kept while it is new, forgotten once as old as an idle one
        const a = await this.account(t, id);
        if (a && now - a.createdAt <= VISITOR_IDLE_MS) continue;
      } else {
        const session = (await this.kv.get<{ lastSeenAt: number; expiresAt: number }>(
          accountKeys.session(t, e.value),
        )).value;
        if (session && now - session.lastSeenAt <= VISITOR_IDLE_MS && now < session.expiresAt) {
          continue;
        }
      }
      try {
        await this.closeAll(t, id, "cleanup");
        await this.ledger.post(t, { key: `demo:cleanup:${id}`, request: { id } }, async () => {
          const postings = await this.toTargets(t, id, () => 0n);
          const forget = (op: Deno.AtomicOperation) => {
            op.delete(demoKeys.account(t, id)).delete(accountKeys.user(t, id)).delete(e.key);
            op.delete(accountKeys.session(t, e.value));
            op.delete(accountKeys.userSession(t, id, e.value));
          };
          if (!postings.length) throw new Forget(forget);
          return {
            type: "demo" as const,
            ref: `demo:${id}`,
            postings,
            write: forget,
            result: () => id,
          };
        }).catch(async (err) => {
          if (!(err instanceof Forget)) throw err;
          const op = this.kv.atomic();
          err.write(op);
          await op.commit();
        });
        n++;
      } catch (err) {
        // one account that cannot be closed now (no fresh price) waits for the next run
        if (!(err instanceof DomainError)) throw err;
      }
    }
    return n;
  }

  /**
   * What the operators' list reads, with the operator's session (edge/http/operator_auth.ts):
   * the accounts and, beside each, its balances.
   */
  listRead(t: string): ListRead {
    return {
      selector: { prefix: demoKeys.accountPrefix(t) },
      options: { limit: 1000 },
      beside: (id) => wallets(id).map((ref) => ledgerKeys.balance(t, accountId(ref))),
    };
  }

  /** Operators: the demo accounts, newest first, with their balances (demo book only). */
  async list(t: string, limit = 100) {
    const out = [];
    const read = this.listRead(t);
    for await (const e of this.kv.list<DemoAccount>(read.selector, read.options)) out.push(e.value);
    out.sort((a, b) => b.createdAt - a.createdAt);
    const shown = out.slice(0, limit);
    // every account's balances together (one round trip, or none: read with the list)
    const all = await Promise.all(shown.map((a) => this.ledger.balances(t, wallets(a.id))));
    const rows = [];
    for (const [i, a] of shown.entries()) {
      const balances = all[i]!;
      rows.push({
        ...demoJson(a),
        of: a.of,
        balances: wallets(a.id).map((ref) => {
          const b = balances.get(accountId(ref)) ?? { available: 0n, frozen: 0n };
          return {
            wallet: (ref as { wallet: string }).wallet,
            currency: (ref as { currency: string }).currency,
            available: formatDecimal(b.available),
            frozen: formatDecimal(b.frozen),
          };
        }).filter((b) => b.available !== "0" || b.frozen !== "0"),
      });
    }
    return { items: rows, total: out.length };
  }
}

/** A cleanup with nothing left to return: only the records go. */
class Forget extends Error {
  constructor(readonly write: (op: Deno.AtomicOperation) => void) {
    super("forget");
  }
}

/** A reset with every balance at its start already: only the record changes. */
class NothingToPost extends Error {
  constructor(readonly entry: Deno.KvEntry<DemoAccount>, readonly next: DemoAccount) {
    super("nothing to post");
  }
}

/** The customer's demo account exists already (`owner`), or the drawn id was taken. */
class Taken extends Error {
  constructor(readonly owner: string | null) {
    super("taken");
  }
}

function ignoreClosed(e: unknown) {
  if (
    e instanceof DomainError &&
    ["POSITION_CLOSED", "HOLD_SETTLED", "NOT_FOUND", "ORDER_CANCELLED", "ORDER_FILLED"].includes(
      e.error,
    )
  ) return null;
  throw e;
}
