/**
 * Withdrawals to the customer's bound bank card or crypto address. The request is checked
 * (channel open, junior verification, 24 h after a password reset, the method's 24 h hold after
 * binding, min/max, turnover, withdrawal password) and the amount is frozen in a ledger hold in the same commit as the record
 * (`auditing`). Operators move it (withdraw_review.ts): pass -> `withdrawing`, complete ->
 * `passed` (the hold is paid out: net to the external account, the fee to the fee account; the
 * payout reference recorded), reject -> `rejected` (the hold is voided: refunded), freeze ->
 * `frozen` (no decision possible) and thaw -> back, as the one transition table
 * (`review_actions.ts`) says. Every step is applied once, audit-logged and messaged.
 */
import { formatDecimal, mulDiv, SCALE } from "../../core-wasm/mod.ts";
import type { AccountsService } from "../customers/service.ts";
import { keys as accountKeys, type UserRecord } from "../customers/store.ts";
import { type Currency, DECIMALS, user } from "../ledger/accounts.ts";
import { amountIn } from "../../contract/ledger.ts";
import { journalId, type Ledger, type Plan } from "../ledger/service.ts";
import { idemKeys } from "../ledger/idem.ts";
import { reservationIds } from "../ledger/reservations.ts";
import { stageEvents } from "../ledger/events.ts";
import { DomainError } from "../platform/errors.ts";
import { Emitter } from "../platform/emitter.ts";
import type { ListRead, PrivateRead } from "../platform/kv_round_trips.ts";
import { enforce, withdrawAmountRules } from "../../contract/rules.ts";
import { pageByIndex } from "../platform/kvpage.ts";
import {
  methodCurrency,
  methodJson,
  type PaymentMethod,
  type PaymentMethods,
  usableAt,
} from "./methods.ts";
import type { WithdrawalAction } from "./review_actions.ts";
import { customerWithdrawalJson, type Withdrawal, withdrawalJson } from "./withdrawal.ts";
import { type Decider, WithdrawalDecisions } from "./withdraw_review.ts";
import {
  DEFAULT_WITHDRAW_SETTINGS,
  type WithdrawRule,
  type WithdrawSettings,
  withdrawSettings,
} from "./settings.ts";
import {
  turnoverOf,
  turnoverReads,
  type TurnoverRecord,
  type TurnoverState,
  turnoverState,
} from "./turnover.ts";
import { methodKeys, settingsKeys, withdrawKeys } from "./store.ts";
import { type IdemRecord, keys as ledgerKeys } from "../ledger/store.ts";
import type {
  CustomerWithdrawalJson,
  WithdrawPreview,
  WithdrawStatus,
} from "../../contract/funds.ts";

export type { WithdrawStatus };

export type { Withdrawal };
export { customerWithdrawalJson, withdrawalJson };

const RESET_BAN_MS = 24 * 3600_000;

/** The fee for `amount` under `rule`: max(minFee, amount x rate), rounded up to the precision. */
export function withdrawFee(currency: Currency, amount: bigint, rule: WithdrawRule): bigint {
  const step = 10n ** BigInt(8 - DECIMALS[currency]);
  let fee = mulDiv(amount, rule.feeRate, SCALE, "up");
  if (fee < rule.minFee) fee = rule.minFee;
  return ((fee + step - 1n) / step) * step;
}

/** The payment method as paid out to: its label and full details, frozen into the record. */
function snapshot(m: PaymentMethod): Withdrawal["method"] {
  return {
    kind: m.kind,
    label: methodJson(m).label,
    details: m.bank ? { ...m.bank } : { ...m.crypto! },
  };
}

/** What a withdrawal request decides on, read in one round trip (`Withdrawals.snapshot`). */
interface Snapshot {
  settings: Deno.KvEntryMaybe<WithdrawSettings>;
  user: Deno.KvEntryMaybe<UserRecord>;
  method: PaymentMethod | null;
  turnover: TurnoverState;
  /** the withdrawal password's failure window now */
  window: Deno.KvEntryMaybe<number>;
  /** the record of the customer's `Idempotency-Key` (null: a fresh key, not read) */
  idem: Deno.KvEntryMaybe<IdemRecord> | null;
}

/** The bound method, when a withdrawal may go to it now (not another's, not on its 24 h hold). */
function usable(method: PaymentMethod | null, now: number): PaymentMethod {
  if (!method) throw new DomainError("VALIDATION", {}, { methodId: "invalid" });
  if (now < usableAt(method)) {
    // a newly bound method: named with the time it becomes usable (UTC; the form shows it
    // in the customer's zone from `usableAt`)
    const at = usableAt(method);
    const until = new Date(at).toISOString().slice(0, 16).replace("T", " ") + " UTC";
    throw new DomainError("METHOD_ON_HOLD", { until }, { methodId: "methodOnHold" }, {
      usableAt: at,
    });
  }
  return method;
}

export class Withdrawals {
  /** `settled`: paid out or rejected (once, after its commit; notifications listen: boot.ts) */
  readonly events = new Emitter<{ settled: [t: string, w: Withdrawal] }>("withdrawals");

  constructor(
    private kv: Deno.Kv,
    private ledger: Ledger,
    private accounts: AccountsService,
    private methods: PaymentMethods,
    private now: () => number = Date.now,
  ) {
    this.decisions = new WithdrawalDecisions(kv, ledger, now, this.events);
  }

  /** The operators' decisions (withdraw_review.ts). */
  private decisions: WithdrawalDecisions;

  /**
   * What a withdrawal of `amount` to `methodId` would cost and whether it is allowed now:
   * the form shows the fee, the net amount and the remaining turnover before submitting.
   */
  async preview(
    t: string,
    userId: string,
    methodId: string | null,
    amountText: string | null,
  ): Promise<WithdrawPreview> {
    // read together (with the session when prefetched: `previewReads`)
    const [settings, turnover, bound] = await Promise.all([
      withdrawSettings(this.kv, t),
      turnoverState(this.kv, t, userId),
      this.methods.list(t, userId),
    ]);
    const methods = bound.map(methodJson);
    const now = this.now();
    const held = bound.filter((x) => usableAt(x) > now).map((x) => ({
      id: x.id,
      usableAt: usableAt(x),
    }));
    const m = methodId ? methods.find((x) => x.id === methodId) ?? null : null;
    const currency: Currency = m?.currency ?? "USDT";
    const rule = settings.rules[currency];
    const bal = await this.ledger.balance(t, user(userId, "spot", currency));
    const amount = amountText ? amountIn(currency, amountText) : null;
    // a fee and a net only for an amount that could be withdrawn (within the limits and the
    // balance): a figure beside an amount that will be refused reads as a promise
    const fee = amount && amount >= rule.min && amount <= rule.max && amount <= bal.available
      ? withdrawFee(currency, amount, rule)
      : null;
    return {
      enabled: settings.enabled,
      methods,
      held,
      currency,
      // shown and offered ("All") at the currency's precision, rounded down
      available: formatDecimal(bal.available, DECIMALS[currency]).replace(/\.?0+$/, ""),
      min: formatDecimal(rule.min),
      max: formatDecimal(rule.max),
      feeRate: formatDecimal(rule.feeRate),
      feePercent: formatDecimal(rule.feeRate * 100n),
      minFee: formatDecimal(rule.minFee),
      fee: fee === null ? null : formatDecimal(fee),
      net: fee === null || amount! <= fee ? null : formatDecimal(amount! - fee),
      turnover: {
        required: formatDecimal(turnover.required),
        traded: formatDecimal(turnover.traded),
        remaining: formatDecimal(turnover.remaining),
      },
    };
  }

  /**
   * What a withdrawal request reads, to read with the session (one round trip; the customer and
   * the balances come with every session): the settings, the method, the turnover requirement
   * and volume, the password's failure window and the record of the request's key.
   */
  requestReads(t: string, userId: string, methodId: unknown, key?: string): Deno.KvKey[] {
    return this.snapshotKeys(t, userId, typeof methodId === "string" ? methodId : "", key);
  }

  /** The keys of a request's snapshot (the customer's record aside). */
  private snapshotKeys(t: string, userId: string, methodId: string, key?: string) {
    return [
      settingsKeys.withdraw(t),
      methodKeys.method(t, userId, methodId),
      ...turnoverReads(t, userId),
      this.accounts.drawWindowKey(t, userId),
      ...key ? [ledgerKeys.idem(t, idemKeys.customer(userId, "withdraw", key))] : [],
    ];
  }

  /**
   * Everything a request decides on, in one round trip: the snapshot's records and the customer
   * (`as`: the record read with the session, with its versionstamp; else read here too).
   */
  private async snapshot(
    t: string,
    userId: string,
    methodId: string,
    key: string | undefined,
    as?: { user: UserRecord; versionstamp: string | null },
  ): Promise<Snapshot> {
    const userKey = accountKeys.user(t, userId);
    const ks = [...this.snapshotKeys(t, userId, methodId, key), ...as ? [] : [userKey]];
    const got = await this.kv.getMany<unknown[]>(ks);
    const [settings, method, requirement, volume, window] = got;
    return {
      settings: settings as Deno.KvEntryMaybe<WithdrawSettings>,
      method: (method!.value as PaymentMethod | null) ?? null,
      turnover: turnoverOf(
        requirement as Deno.KvEntryMaybe<TurnoverRecord>,
        volume as Deno.KvEntryMaybe<Deno.KvU64>,
      ),
      window: window as Deno.KvEntryMaybe<number>,
      idem: key ? got[5] as Deno.KvEntryMaybe<IdemRecord> : null,
      user: as
        ? { key: userKey, value: as.user, versionstamp: as.versionstamp } as Deno.KvEntryMaybe<
          UserRecord
        >
        : got.at(-1) as Deno.KvEntryMaybe<UserRecord>,
    };
  }

  /**
   * Request a withdrawal in one read round trip and one commit: the snapshot (read with the
   * session: `requestReads`) decides every rule and the password; the commit checks what they
   * were decided on (settings, customer, turnover requirement, password window, balance). A
   * commit that lost a race reads the snapshot again (one round trip) and decides again,
   * password included. A retry of a key used before gets its first reply whatever the rules say
   * now. Two-factor on: the code is checked in steps of its own (not within the budget).
   */
  async request(
    t: string,
    userId: string,
    req: { methodId: string; amount: string; drawPassword: string; totp?: string },
    idempotencyKey?: string,
    as?: { user: UserRecord; versionstamp: string | null },
  ) {
    const key = idemKeys.customer(userId, "withdraw", idempotencyKey ?? crypto.randomUUID());
    // without the customer's key a random one: fresh, neither read nor checked
    const idem = {
      key,
      request: { methodId: req.methodId, amount: req.amount },
      fresh: idempotencyKey === undefined,
    };
    let snap = await this.snapshot(t, userId, req.methodId, idempotencyKey, as);
    const prior = snap.idem &&
      await this.ledger.priorReply<CustomerWithdrawalJson>(idem, snap.idem);
    if (prior) return prior;
    const decide = async (s: Snapshot) => {
      const g = this.gate(s, { userId, amountText: req.amount });
      // two-factor on: the code is asked for before any password check spends an attempt
      if (g.user.totpSecret && !req.totp) {
        throw new DomainError("TOTP_REQUIRED", {}, { totp: "totpRequired" });
      }
      await this.accounts.checkDrawPassword(g.user, req.drawPassword, s.window);
      return g;
    };
    let g = await decide(snap);
    await this.accounts.confirmTwoFactor(t, userId, req.totp, g.user);
    let first = true;
    const posted = await this.ledger.post(t, idem, async () => {
      if (!first) {
        snap = await this.snapshot(t, userId, req.methodId, idempotencyKey);
        g = await decide(snap);
      }
      first = false;
      return this.held(t, g, snap);
    });
    return posted.result;
  }

  /**
   * Every rule, decided on the snapshot; the commit's versionstamp checks on the settings, the
   * customer, the turnover requirement and the password window make a change in between (a
   * deposit credited, a password reset, a failed guess) restart the attempt instead of
   * slipping past the rule.
   */
  private gate(s: Snapshot, a: { userId: string; amountText: string }) {
    const settings = s.settings.value ?? DEFAULT_WITHDRAW_SETTINGS;
    if (!settings.enabled) throw new DomainError("WITHDRAW_CLOSED");
    const u = s.user.value;
    if (!u) throw new DomainError("UNAUTHORIZED");
    if (u.certifyLevel === "none") throw new DomainError("CERTIFY_REQUIRED");
    const now = this.now();
    if (u.passwordResetAt !== null && now - u.passwordResetAt < RESET_BAN_MS) {
      const hours = Math.ceil((u.passwordResetAt + RESET_BAN_MS - now) / 3600_000);
      throw new DomainError("WITHDRAW_RESET_BAN", { hours });
    }
    const method = usable(s.method, now);
    const currency = methodCurrency(method);
    const amount = amountIn(currency, a.amountText);
    if (amount === null) {
      throw new DomainError("VALIDATION", {}, { amount: "amountInvalid" });
    }
    const rule = settings.rules[currency];
    const fee = withdrawFee(currency, amount, rule);
    // the same rules the form checks before its confirmation (the balance: the ledger)
    enforce(
      withdrawAmountRules({
        amount: a.amountText,
        currency,
        min: rule.min,
        max: rule.max,
        fee,
      }),
    );
    if (s.turnover.remaining > 0n) {
      const remaining = formatDecimal(s.turnover.remaining);
      throw new DomainError("TURNOVER_REQUIRED", { remaining }, undefined, { remaining });
    }
    return {
      userId: a.userId,
      currency,
      method,
      amount,
      fee,
      user: u,
      checks: [s.settings, s.user, s.turnover.entries.requirement, s.window],
    };
  }

  /** The plan of a request that passed the gate: the record, its amount reserved (held). */
  private held(
    t: string,
    g: ReturnType<Withdrawals["gate"]>,
    s: Snapshot,
  ): Plan<CustomerWithdrawalJson> {
    const at = this.now();
    const id = journalId(at);
    const w: Withdrawal = {
      id,
      userId: g.userId,
      methodId: g.method.id,
      method: snapshot(g.method),
      currency: g.currency,
      amount: g.amount,
      fee: g.fee,
      net: g.amount - g.fee,
      status: "auditing",
      frozenFrom: null,
      reason: null,
      createdAt: at,
      updatedAt: at,
      history: [{ at, action: "requested", by: null }],
    };
    return {
      type: "withdrawal",
      ref: `withdrawal:${id}`,
      postings: [],
      // the amount is held until an operator pays it out or rejects it
      reservations: [{
        op: "reserve",
        id: reservationIds.withdrawal(id),
        account: user(g.userId, "spot", g.currency),
        amount: g.amount,
        guard: "owner",
      }],
      checks: g.checks,
      // the record of the request's key as the snapshot read it (absent)
      read: s.idem ? [s.idem] : [],
      write: (op) => {
        op.set(withdrawKeys.withdrawal(t, id), w)
          .set(withdrawKeys.byUser(t, g.userId, id), true)
          .set(withdrawKeys.byStatus(t, "auditing", id), true);
        // the consoles of every instance hear of the new work
        stageEvents(op, t, at, { queues: [{ queue: "withdrawals", id }] });
      },
      result: () => customerWithdrawalJson(w),
    };
  }

  async get(t: string, id: string) {
    return (await this.kv.get<Withdrawal>(withdrawKeys.withdrawal(t, id))).value;
  }

  /** One of the customer's withdrawals as they see it (another's, or none: NOT_FOUND). */
  /** The record's key, for a page that reads it with the session (edge/platform/middleware.ts). */
  recordKey(t: string, id: string): Deno.KvKey {
    return withdrawKeys.withdrawal(t, id);
  }

  /** One of the customer's withdrawals as they see it (another's, or none: NOT_FOUND). */
  async mine(t: string, userId: string, id: string) {
    const w = await this.get(t, id);
    if (!w || w.userId !== userId) throw new DomainError("NOT_FOUND");
    return customerWithdrawalJson(w);
  }

  /** What `history` reads of the customer's first page (the index and its records), with the session. */
  historyRead(t: string, userId: string, limit: number): ListRead {
    return {
      selector: { prefix: withdrawKeys.byUserPrefix(t, userId) },
      options: { limit, reverse: true },
      record: (id) => withdrawKeys.withdrawal(t, id),
    };
  }

  async history(t: string, userId: string, limit: number, cursor?: string) {
    return await pageByIndex<Withdrawal>(
      this.kv,
      withdrawKeys.byUserPrefix(t, userId),
      (id) => withdrawKeys.withdrawal(t, id),
      { limit, cursor, reverse: true },
    );
  }

  /**
   * What `preview` reads, to read with the session (one round trip; the balances come with
   * every session): the settings, the turnover requirement and volume, the bound methods.
   */
  previewReads(t: string, userId: string): PrivateRead[] {
    return [
      { key: settingsKeys.withdraw(t) },
      ...turnoverReads(t, userId).map((key) => ({ key })),
      this.methods.listRead(t, userId),
    ];
  }

  async queue(t: string, status: WithdrawStatus, limit: number, cursor?: string) {
    return await pageByIndex<Withdrawal>(
      this.kv,
      withdrawKeys.byStatusPrefix(t, status),
      (id) => withdrawKeys.withdrawal(t, id),
      { limit, cursor },
    );
  }

  /**
   * An operator's decision, as the transition table (review_actions.ts) says; a pass at or
   * above the four-eyes threshold becomes `secondPair(w)`, the proposal a second operator
   * approves (then `passApproved`). complete takes the payout reference.
   */
  decide(
    t: string,
    id: string,
    action: WithdrawalAction,
    o: Decider,
    secondPair: (w: Withdrawal) => Promise<Withdrawal>,
  ) {
    return this.decisions.decide(t, id, action, o, secondPair);
  }

  /** A large withdrawal's pass, written into the approving proposal's commit. */
  passApproved: WithdrawalDecisions["passApproved"] = (...a) => this.decisions.passApproved(...a);
}
