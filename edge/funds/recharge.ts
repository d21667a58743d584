/**
 * Offline recharges: the customer transfers money to an operator-configured channel and submits
 * the amount, remitter and a voucher image -> `auditing`. An operator passes it (the spot wallet
 * is credited from the house's external account, once) or rejects it with a reason. Each
 * decision commits with its journal (if any), the audit entry and the customer's message.
 */
import { formatDecimal, mulDiv, SCALE } from "../../core-wasm/mod.ts";
import { attachImage, evidenceReads, type ImageMeta, type ImageStore } from "../uploads/service.ts";
import { type Currency, house, user } from "../ledger/accounts.ts";
import { journalId, type Ledger } from "../ledger/service.ts";
import { idemKeys } from "../ledger/idem.ts";
import { stageEvents } from "../ledger/events.ts";
import type { PricePort } from "../market/prices.ts";
import { type AuditHeadEntry, readAuditHead } from "../audit/audit.ts";
import { DomainError } from "../platform/errors.ts";
import { commitAttempts, storeBusy } from "../platform/kv_contention.ts";
import type { ListRead, PrivateRead } from "../platform/kv_round_trips.ts";
import { pageByIndex } from "../platform/kvpage.ts";
import { type RechargeChannel, withdrawSettings } from "./settings.ts";
import { rebased, turnoverState } from "./turnover.ts";
import { rechargeKeys, settingsKeys, turnoverKeys } from "./store.ts";
import { type Decision, decisionInto, decisionOf, type DecisionSubject } from "./decision.ts";
import {
  assertDepositAllowed,
  depositsRead,
  recordDeposit,
  type Standing,
  standingKeys,
  standingOf,
} from "../customers/standing.ts";
import type { CustomerRechargeJson, RechargeStatus } from "../../contract/funds.ts";

export type { RechargeStatus };

export interface Recharge {
  id: string;
  userId: string;
  currency: Currency;
  channelId: string;
  channelName: string;
  amount: bigint;
  remitterName: string;
  remitterAccount: string;
  voucherImageId: string;
  status: RechargeStatus;
  reason: string | null;
  createdAt: number;
  decidedAt: number | null;
  decidedBy: string | null;
  journalId: string | null;
}

/** At most 20 recharge submissions per customer per hour (each carries an image to review). */
const SUBMIT_LIMIT = { max: 20, windowMs: 3600_000 };

export function rechargeJson(r: Recharge) {
  return {
    id: r.id,
    userId: r.userId,
    currency: r.currency,
    channelId: r.channelId,
    channelName: r.channelName,
    amount: formatDecimal(r.amount),
    remitterName: r.remitterName,
    remitterAccount: r.remitterAccount,
    voucherImageId: r.voucherImageId,
    status: r.status,
    reason: r.reason,
    createdAt: r.createdAt,
    decidedAt: r.decidedAt,
    decidedBy: r.decidedBy,
    journalId: r.journalId,
  };
}
export type RechargeJson = ReturnType<typeof rechargeJson>;

const RECHARGE: DecisionSubject<RechargeStatus, Recharge> = {
  name: "recharge",
  key: rechargeKeys.recharge,
  byStatus: rechargeKeys.byStatus,
  json: rechargeJson,
};

/**
 * A customer-facing copy: no operator names. An offline recharge costs no fee (the customer's
 * bank may charge theirs; what the channel receives is credited), and its status history is the
 * submission and the decision, the same steps the withdrawal detail lists.
 */
export function customerRechargeJson(r: Recharge): CustomerRechargeJson {
  const { decidedBy: _d, userId: _u, ...rest } = rechargeJson(r);
  const history: { at: number; action: string }[] = [{ at: r.createdAt, action: "submitted" }];
  if (r.decidedAt !== null && r.status !== "auditing") {
    history.push({ at: r.decidedAt, action: r.status === "passed" ? "pass" : "reject" });
  }
  return { ...rest, fee: "0", history };
}

export class Recharges {
  constructor(
    private kv: Deno.Kv,
    private ledger: Ledger,
    private images: ImageStore,
    private prices: PricePort,
    private now: () => number = Date.now,
  ) {}

  /**
   * What a submission reads, to read with the session (one round trip): the channel, the
   * voucher's meta record and use, the customer's submission window now, their standing (the
   * deposit limit, exclusions) and the deposits of the limit's window.
   */
  submitReads(
    t: string,
    userId: string,
    channelId: unknown,
    voucherImageId: unknown,
  ): PrivateRead[] {
    const image = typeof voucherImageId === "string" ? evidenceReads(t, voucherImageId) : null;
    return [
      ...[
        settingsKeys.channel(t, typeof channelId === "string" ? channelId : ""),
        this.windowKey(t, userId),
        ...image ?? [],
        standingKeys.standing(t, userId),
      ].map((key) => ({ key })),
      depositsRead(t, userId, this.now()),
    ];
  }

  /** The customer's submission window now (`SUBMIT_LIMIT`, counted as `take` counts). */
  private windowKey(t: string, userId: string): Deno.KvKey {
    const now = this.now();
    return [...rechargeKeys.rate(t, userId), now - (now % SUBMIT_LIMIT.windowMs)];
  }

  /**
   * Submit for review in one read round trip and one commit: the channel, the voucher and the
   * submission window are read together (with the session: `submitReads`), and the record, the
   * window's slot and the voucher's attachment commit together, the window and the voucher
   * checked as read (a submission that lost a race reads them again: a receipt used meanwhile is
   * refused, a window filled meanwhile too).
   */
  async submit(
    t: string,
    userId: string,
    req: {
      currency: Currency;
      channelId: string;
      amount: bigint;
      remitterName: string;
      remitterAccount: string;
      voucherImageId: string;
    },
  ): Promise<Recharge> {
    const image = evidenceReads(t, req.voucherImageId);
    if (!image) throw new DomainError("VALIDATION", {}, { voucherImageId: "imageMissing" });
    const ks: [Deno.KvKey, Deno.KvKey, Deno.KvKey, Deno.KvKey] = [
      settingsKeys.channel(t, req.channelId),
      this.windowKey(t, userId),
      ...image,
    ];
    const deposits = depositsRead(t, userId, this.now());
    for await (const _attempt of commitAttempts()) {
      // the customer's deposit limit and exclusions (issue 30) and the day's deposits, read with
      // the rest (one round trip)
      const [[chE, windowE, metaE, useE, standingE], credited] = await Promise.all([
        this.kv.getMany<[RechargeChannel, number, ImageMeta, unknown, Standing]>([
          ...ks,
          standingKeys.standing(t, userId),
        ]),
        Array.fromAsync(this.kv.list<bigint>(deposits.selector, deposits.options)),
      ]);
      const usdt = mulDiv(req.amount, this.prices.usdtPrice(req.currency), SCALE, "down");
      assertDepositAllowed(standingOf(standingE), credited, usdt, this.now());
      const ch = chE.value;
      if (!ch) throw new DomainError("VALIDATION", {}, { channelId: "invalid" });
      if (!ch.enabled) throw new DomainError("RECHARGE_CLOSED");
      if (ch.currency !== req.currency) {
        throw new DomainError("VALIDATION", {}, { currency: "channelCurrency" });
      }
      const img = metaE.value;
      if (!img || img.owner !== `u:${userId}`) {
        throw new DomainError("VALIDATION", {}, { voucherImageId: "imageMissing" });
      }
      // one receipt backs one recharge (a second submission of it is refused)
      if (useE.versionstamp !== null) {
        throw new DomainError("VALIDATION", {}, { voucherImageId: "imageUsed" });
      }
      const count = (windowE.value ?? 0) + 1;
      if (count > SUBMIT_LIMIT.max) {
        const start = windowE.key.at(-1) as number;
        const seconds = Math.max(1, Math.ceil((start + SUBMIT_LIMIT.windowMs - this.now()) / 1000));
        throw new DomainError("RATE_LIMITED", { seconds }, undefined, {
          retryAfterSeconds: seconds,
        });
      }
      const rec = this.record(userId, req, ch);
      const op = this.kv.atomic()
        .check({ key: rechargeKeys.recharge(t, rec.id), versionstamp: null })
        .check(chE, windowE)
        .set(windowE.key, count, { expireIn: SUBMIT_LIMIT.windowMs + 1000 })
        .set(rechargeKeys.recharge(t, rec.id), rec)
        .set(rechargeKeys.byUser(t, userId, rec.id), true)
        .set(rechargeKeys.byStatus(t, "auditing", rec.id), true);
      // checks the voucher is not attached yet (as read above)
      attachImage(op, t, req.voucherImageId, "funds");
      // the consoles of every instance hear of the new work
      stageEvents(op, t, rec.createdAt, { queues: [{ queue: "recharges", id: rec.id }] });
      if ((await op.commit()).ok) return rec;
    }
    throw storeBusy();
  }

  /** A new submission's record (`auditing`). */
  private record(
    userId: string,
    req: Parameters<Recharges["submit"]>[2],
    ch: RechargeChannel,
  ): Recharge {
    const at = this.now();
    return {
      id: journalId(at),
      userId,
      currency: req.currency,
      channelId: ch.id,
      channelName: ch.name,
      amount: req.amount,
      remitterName: req.remitterName.trim(),
      remitterAccount: req.remitterAccount.trim(),
      voucherImageId: req.voucherImageId,
      status: "auditing",
      reason: null,
      createdAt: at,
      decidedAt: null,
      decidedBy: null,
      journalId: null,
    };
  }

  async get(t: string, id: string) {
    return (await this.kv.get<Recharge>(rechargeKeys.recharge(t, id))).value;
  }

  /** The record's key, for a page that reads it with the session (edge/platform/middleware.ts). */
  recordKey(t: string, id: string): Deno.KvKey {
    return rechargeKeys.recharge(t, id);
  }

  /** One of the customer's recharges as they see it (another's, or none: NOT_FOUND). */
  async mine(t: string, userId: string, id: string) {
    const r = await this.get(t, id);
    if (!r || r.userId !== userId) throw new DomainError("NOT_FOUND");
    return customerRechargeJson(r);
  }

  /** What `history` reads of the customer's first page (the index and its records), with the session. */
  historyRead(t: string, userId: string, limit: number): ListRead {
    return {
      selector: { prefix: rechargeKeys.byUserPrefix(t, userId) },
      options: { limit, reverse: true },
      record: (id) => rechargeKeys.recharge(t, id),
    };
  }

  async history(t: string, userId: string, limit: number, cursor?: string) {
    return await pageByIndex<Recharge>(
      this.kv,
      rechargeKeys.byUserPrefix(t, userId),
      (id) => rechargeKeys.recharge(t, id),
      { limit, cursor, reverse: true },
    );
  }

  async queue(t: string, status: RechargeStatus, limit: number, cursor?: string) {
    return await pageByIndex<Recharge>(
      this.kv,
      rechargeKeys.byStatusPrefix(t, status),
      (id) => rechargeKeys.recharge(t, id),
      { limit, cursor },
    );
  }

  /**
   * Credit the customer's spot wallet, once. The recharge must still be `auditing` when the
   * journal commits; the same operator repeating the click gets the first reply, anyone else
   * ALREADY_DECIDED. The deposit raises the turnover requirement (valued in USDT now).
   */
  async pass(t: string, id: string, o: { operator: string; ip: string | null }) {
    return await alreadyDecided(() => this.credit(t, id, o));
  }

  private async credit(t: string, id: string, o: { operator: string; ip: string | null }) {
    const posted = await this.ledger.post(
      t,
      { key: idemKeys.rechargePass(id), request: { id, action: "pass", operator: o.operator } },
      async () => {
        const entry = await this.kv.get<Recharge>(rechargeKeys.recharge(t, id));
        const r = entry.value;
        if (!r) throw new DomainError("NOT_FOUND");
        if (r.status !== "auditing") throw new DomainError("ALREADY_DECIDED");
        const settings = await withdrawSettings(this.kv, t);
        const turnover = await turnoverState(this.kv, t, r.userId);
        const head = await readAuditHead(this.kv, t);
        const usdt = mulDiv(r.amount, this.prices.usdtPrice(r.currency), SCALE, "down");
        const at = this.now();
        return {
          type: "deposit",
          ref: `recharge:${id}`,
          postings: [
            { account: house("external", r.currency), available: -r.amount },
            { account: user(r.userId, "spot", r.currency), available: r.amount },
          ],
          checks: [entry, turnover.entries.requirement],
          write: (op, journal) => {
            const next: Recharge = {
              ...r,
              status: "passed",
              decidedAt: at,
              decidedBy: o.operator,
              journalId: journal.id,
            };
            op.set(
              turnoverKeys.requirement(t, r.userId),
              rebased(turnover, usdt, settings.turnoverRatio, at),
            );
            // the customer's deposit limit counts credited deposits (issue 30)
            recordDeposit(op, t, r.userId, at, `recharge:${id}`, usdt);
            decisionInto(
              op,
              t,
              this.decision(t, r, next, o, head, "pass", {
                kind: "rechargePassed",
                params: { amount: formatDecimal(r.amount), currency: r.currency },
              }),
            );
          },
          result: (journal) =>
            rechargeJson({
              ...r,
              status: "passed",
              decidedAt: at,
              decidedBy: o.operator,
              journalId: journal.id,
            }),
        };
      },
    );
    return posted.result;
  }

  /** What deciding `r` writes besides the money: record, index, audit entry, message. */
  private decision(
    t: string,
    r: Recharge,
    next: Recharge,
    o: { operator: string; ip: string | null },
    head: AuditHeadEntry,
    action: "pass" | "reject",
    message: Decision<RechargeStatus>["message"],
  ): Decision<RechargeStatus> {
    const at = next.decidedAt ?? this.now();
    return decisionOf(RECHARGE, t, { before: r, next, at, action, head, message }, o);
  }

  async reject(t: string, id: string, o: { operator: string; ip: string | null; reason: string }) {
    for await (const _attempt of commitAttempts()) {
      const entry = await this.kv.get<Recharge>(rechargeKeys.recharge(t, id));
      const r = entry.value;
      if (!r) throw new DomainError("NOT_FOUND");
      if (r.status !== "auditing") throw new DomainError("ALREADY_DECIDED");
      const at = this.now();
      const next: Recharge = {
        ...r,
        status: "rejected",
        reason: o.reason,
        decidedAt: at,
        decidedBy: o.operator,
      };
      const head = await readAuditHead(this.kv, t);
      const op = this.kv.atomic().check(entry);
      decisionInto(
        op,
        t,
        this.decision(t, r, next, o, head, "reject", {
          kind: "rechargeRejected",
          params: { amount: formatDecimal(r.amount), currency: r.currency, reason: o.reason },
        }),
      );
      if ((await op.commit()).ok) return rechargeJson(next);
    }
    throw storeBusy();
  }
}

/** Another operator's decision on the same record (its key was used by another request) -> ALREADY_DECIDED. */
export async function alreadyDecided<R>(f: () => Promise<R>): Promise<R> {
  try {
    return await f();
  } catch (e) {
    if (e instanceof DomainError && e.error === "IDEMPOTENCY_CONFLICT") {
      throw new DomainError("ALREADY_DECIDED");
    }
    throw e;
  }
}
