/**
 * The risk context of a withdrawal under review (the console's withdrawal page shows it beside
 * the payout details), assembled from the capabilities that own each part: the customer's
 * verified name against the payee, balances, credited deposits and what was paid out, the
 * turnover rule, the customer's 24 h total against the four-eyes threshold (the figure a pass is
 * judged by: withdraw_review.ts `fourEyesTotal`), whether the payment method is new (bound in
 * the last 7 days, never paid to before) and recent sign-ins. Everything is read in one wave
 * (the lists' records ride along with their indexes: `prefetchList`), never a read per item.
 * Nothing sensitive beyond what the review shows already: the payee's name is on the payout
 * details, card numbers stay masked in the method's label.
 */
import { formatDecimal } from "../../core-wasm/mod.ts";
import { WALLET_CURRENCIES, WALLETS } from "../../contract/currencies.ts";
import { keys as accountKeys, type LoginRecord, type UserRecord } from "../customers/store.ts";
import { LOGIN_LOG_SIZE } from "../customers/sessions.ts";
import { describeDevice } from "../platform/device.ts";
import { prefetchList } from "../platform/kvstore.ts";
import type { ListRead, PrivateRead } from "../platform/kv_round_trips.ts";
import { pageByIndex } from "../platform/kvpage.ts";
import { accountId, type Currency, user } from "../ledger/accounts.ts";
import { type Balance, keys as ledgerKeys } from "../ledger/store.ts";
import { identityKeys, type IdentityStatus } from "../identity/store.ts";
import type { Recharge } from "../funds/recharge.ts";
import { type PaymentMethod, sameName } from "../funds/methods.ts";
import { fourEyesFrom, withdrawSettings } from "../funds/settings.ts";
import { turnoverOf, turnoverReads, type TurnoverRecord } from "../funds/turnover.ts";
import { methodKeys, rechargeKeys, settingsKeys, withdrawKeys } from "../funds/store.ts";
import { fourEyesTotal } from "../funds/withdraw_review.ts";
import type { Withdrawal } from "../funds/withdrawal.ts";

/** How many of the customer's newest recharges and withdrawals the sums cover. */
export const RISK_HISTORY = 100;
/** A payment method bound this recently is "new". */
export const RECENTLY_BOUND_MS = 7 * 24 * 3600_000;
/** Sign-ins shown (the ring keeps LOGIN_LOG_SIZE). */
const SIGN_INS = 5;
const DAY_MS = 24 * 3600_000;

/** What the risk panel reads through (a subset of the app's deps). */
export interface RiskSources {
  kv: Deno.Kv;
  now: () => number;
}

export type NameCheck = "match" | "mismatch" | "unverified" | "noName";

export interface WithdrawalRisk {
  userId: string;
  customer: {
    createdAt: number | null;
    certifyLevel: UserRecord["certifyLevel"] | null;
    locked: boolean;
    twoFactor: boolean;
    passwordResetAt: number | null;
  };
  /** the verified name against the payee (a bank card's holder; a crypto address has none) */
  name: { verified: string | null; payee: string | null; check: NameCheck };
  /** per currency: wallets' balances, credited deposits and paid-out withdrawals (newest 100) */
  money: {
    currency: Currency;
    spot: string;
    frozen: string;
    /** null: the contract wallet does not hold this currency */
    contract: string | null;
    deposited: string;
    deposits: number;
    pendingDeposits: number;
    paidOut: string;
  }[];
  turnover: { required: string; traded: string; remaining: string };
  /** what a pass counts against the four-eyes threshold (withdraw_review.ts) */
  day: { currency: Currency; total: string; threshold: string; reached: boolean };
  method: { boundAt: number | null; recent: boolean; firstUse: boolean; paidBefore: number };
  signIns: { at: number; ip: string; device: string | null; result: string }[];
  failedSignIns24h: number;
}

const recordsOf = <T>(kv: Deno.Kv, prefix: Deno.KvKey, record: (id: string) => Deno.KvKey) =>
  pageByIndex<T>(kv, prefix, record, { limit: RISK_HISTORY, reverse: true });

/** The lists the panel reads, started together (their records named by a replica's index). */
function riskLists(t: string, userId: string): ListRead[] {
  const newest = { limit: RISK_HISTORY, reverse: true };
  return [
    {
      selector: { prefix: rechargeKeys.byUserPrefix(t, userId) },
      options: newest,
      record: (id) => rechargeKeys.recharge(t, id),
    },
    {
      selector: { prefix: withdrawKeys.byUserPrefix(t, userId) },
      options: newest,
      record: (id) => withdrawKeys.withdrawal(t, id),
    },
    { selector: { prefix: accountKeys.logins(t, userId) }, options: { limit: LOGIN_LOG_SIZE } },
  ];
}

/** What the panel needs of the withdrawal under review. */
export type RiskSubject = Pick<
  Withdrawal,
  "id" | "userId" | "methodId" | "currency" | "amount" | "createdAt" | "method"
>;

/** The customer's wallets the panel shows. */
const walletsOf = (uid: string) =>
  WALLETS.flatMap((wallet) => WALLET_CURRENCIES[wallet].map((cur) => user(uid, wallet, cur)));

/** The records the panel reads (one getMany), in the order `readRisk` takes them apart. */
function riskKeys(t: string, w: Pick<RiskSubject, "userId" | "methodId">): Deno.KvKey[] {
  const uid = w.userId;
  return [
    accountKeys.user(t, uid),
    identityKeys.status(t, uid),
    methodKeys.method(t, uid, w.methodId),
    ...turnoverReads(t, uid),
    ...walletsOf(uid).map((a) => ledgerKeys.balance(t, accountId(a))),
  ];
}

/**
 * What the panel of withdrawal `id` reads, to read with the operator's session (edge/http/
 * operator_auth.ts `ConsoleReads`): the withdrawal as a nearby replica has it names its customer
 * and payment method (neither ever changes), then every record and list `readRisk` reads. A
 * withdrawal the replica has not seen yet: nothing (the panel reads after the record then).
 */
export async function riskReads(kv: Deno.Kv, t: string, id: string): Promise<PrivateRead[]> {
  const w = (await kv.get<Withdrawal>(withdrawKeys.withdrawal(t, id), { consistency: "eventual" }))
    .value;
  if (!w) return [];
  return [
    ...[...riskKeys(t, w), settingsKeys.withdraw(t)].map((key) => ({ key })),
    ...riskLists(t, w.userId),
  ];
}

/** Everything the panel reads, in one wave (the lists' records named by a replica's index). */
async function readRisk(s: RiskSources, t: string, w: RiskSubject) {
  const uid = w.userId;
  const accounts = walletsOf(uid);
  prefetchList(s.kv, riskLists(t, uid));
  const [got, settings, recharges, withdrawals, logins] = await Promise.all([
    s.kv.getMany<unknown[]>(riskKeys(t, w)),
    withdrawSettings(s.kv, t),
    recordsOf<Recharge>(
      s.kv,
      rechargeKeys.byUserPrefix(t, uid),
      (id) => rechargeKeys.recharge(t, id),
    ),
    recordsOf<Withdrawal>(
      s.kv,
      withdrawKeys.byUserPrefix(t, uid),
      (id) => withdrawKeys.withdrawal(t, id),
    ),
    Array.fromAsync(
      s.kv.list<LoginRecord>({ prefix: accountKeys.logins(t, uid) }, { limit: LOGIN_LOG_SIZE }),
    ),
  ]);
  const [u, st, method, req, vol, ...bals] = got;
  return {
    user: u!.value as UserRecord | null,
    verified: (st!.value as IdentityStatus | null)?.verifiedName ?? null,
    boundAt: (method!.value as PaymentMethod | null)?.createdAt ?? null,
    turnover: turnoverOf(
      req as Deno.KvEntryMaybe<TurnoverRecord>,
      vol as Deno.KvEntryMaybe<Deno.KvU64>,
    ),
    balances: new Map(
      accounts.map((a, i) => [accountId(a), (bals[i]!.value as Balance | null) ?? null]),
    ),
    settings,
    recharges: recharges.items,
    withdrawals: withdrawals.items,
    logins: logins.map((e) => e.value).sort((a, b) => b.at - a.at),
  };
}

type RiskReads = Awaited<ReturnType<typeof readRisk>>;

const sum = <T>(xs: T[], f: (x: T) => bigint) => xs.reduce((a, x) => a + f(x), 0n);

/** Per currency: the wallets, credited and waiting deposits, what was paid out. */
function moneyRows(uid: string, r: RiskReads): WithdrawalRisk["money"] {
  const units = (wallet: "spot" | "contract", cur: Currency, part: "available" | "frozen") =>
    r.balances.get(accountId(user(uid, wallet, cur)))?.[part] ?? 0n;
  return WALLET_CURRENCIES.spot.map((cur) => {
    const mine = <T extends { currency: Currency }>(xs: T[]) =>
      xs.filter((x) => x.currency === cur);
    const credited = mine(r.recharges).filter((x) => x.status === "passed");
    return {
      currency: cur,
      spot: formatDecimal(units("spot", cur, "available")),
      frozen: formatDecimal(units("spot", cur, "frozen")),
      contract: WALLET_CURRENCIES.contract.includes(cur)
        ? formatDecimal(units("contract", cur, "available"))
        : null,
      deposited: formatDecimal(sum(credited, (x) => x.amount)),
      deposits: credited.length,
      pendingDeposits: mine(r.recharges).filter((x) => x.status === "auditing").length,
      paidOut: formatDecimal(
        sum(mine(r.withdrawals).filter((o) => o.status === "passed"), (o) => o.amount),
      ),
    };
  });
}

/** The verified name against a bank payout's holder (a crypto address names nobody). */
function nameCheck(verified: string | null, payee: string | null): NameCheck {
  if (!verified) return "unverified";
  if (payee === null) return "noName";
  return sameName(verified, payee) ? "match" : "mismatch";
}

/** The risk context of `w`, read in one wave. */
export async function withdrawalRisk(
  s: RiskSources,
  t: string,
  w: RiskSubject,
): Promise<WithdrawalRisk> {
  const r = await readRisk(s, t, w);
  const now = s.now();
  const payee = w.method.kind === "bank" ? w.method.details.holder ?? null : null;
  // earlier withdrawals to this method that were paid (or are being paid) out
  const earlier = r.withdrawals.filter((o) =>
    o.id !== w.id && o.methodId === w.methodId && o.createdAt <= w.createdAt &&
    (o.status === "passed" || o.status === "withdrawing")
  );
  const threshold = fourEyesFrom(r.settings, w.currency);
  const total = fourEyesTotal(w, r.withdrawals, now);
  const u = r.user;
  return {
    userId: w.userId,
    customer: {
      createdAt: u?.createdAt ?? null,
      certifyLevel: u?.certifyLevel ?? null,
      locked: !!u?.locked,
      twoFactor: !!u?.totpSecret,
      passwordResetAt: u?.passwordResetAt ?? null,
    },
    name: { verified: r.verified, payee, check: nameCheck(r.verified, payee) },
    money: moneyRows(w.userId, r),
    turnover: {
      required: formatDecimal(r.turnover.required),
      traded: formatDecimal(r.turnover.traded),
      remaining: formatDecimal(r.turnover.remaining),
    },
    day: {
      currency: w.currency,
      total: formatDecimal(total),
      threshold: formatDecimal(threshold),
      reached: total >= threshold,
    },
    method: {
      boundAt: r.boundAt,
      recent: r.boundAt !== null && w.createdAt - r.boundAt < RECENTLY_BOUND_MS,
      firstUse: earlier.length === 0,
      paidBefore: earlier.length,
    },
    signIns: r.logins.slice(0, SIGN_INS).map((l) => ({
      at: l.at,
      ip: l.ip,
      device: describeDevice(l.userAgent),
      result: l.result,
    })),
    failedSignIns24h: r.logins.filter((l) => l.at >= now - DAY_MS && l.result !== "success")
      .length,
  };
}
