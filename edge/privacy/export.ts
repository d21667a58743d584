/**
 * Data requests: the customer's copy of what the platform holds about them
 * (`GET /api/account/export`). It sits above the capabilities whose records it gathers and asks
 * each for its own wire records (the same JSON the screens show), so masking stays where it is
 * decided: payment card numbers and crypto addresses masked, the document photos left out unless
 * asked for. Every list's first page (and the records its index names) is read with the session
 * (`reads`: one round trip), the rest of a longer list after it, each paged to its end, so the
 * export costs the round trips of its longest list, not their sum.
 */
import { base64 } from "@scure/base";
import type { AccountExportJson } from "../../contract/privacy.ts";
import { type AccountsService, userInfo } from "../customers/service.ts";
import type { Session } from "../customers/sessions.ts";
import type { Identity } from "../identity/certify.ts";
import type { ImageStore } from "../uploads/service.ts";
import { methodJson, type PaymentMethods } from "../funds/methods.ts";
import { maskAddress } from "../../contract/formats.ts";
import { customerRechargeJson, type Recharges } from "../funds/recharge.ts";
import { customerWithdrawalJson, type Withdrawals } from "../funds/withdraw.ts";
import type { FastContracts } from "../trading/fast.ts";
import type { Contracts } from "../trading/contracts.ts";
import type { Spot } from "../trading/spot.ts";
import type { Wealth } from "../wealth/service.ts";
import type { Ledger } from "../ledger/service.ts";
import { lineJson } from "../ledger/assets.ts";
import type { Messages } from "../messages/service.ts";
import type { MessageRecord } from "../messages/store.ts";
import type { PrivateRead } from "../platform/kv_round_trips.ts";

export interface ExportDeps {
  accounts: AccountsService;
  identity: Identity;
  images: ImageStore;
  methods: PaymentMethods;
  recharges: Recharges;
  withdrawals: Withdrawals;
  fast: FastContracts;
  contracts: Contracts;
  spot: Spot;
  wealth: Wealth;
  ledger: Ledger;
  messages: Messages;
  now: () => number;
}

/** Orders, positions and wealth orders have no cursor: the newest this many of each. */
export const EXPORT_MAX_RECORDS = 10_000;

/** Records per page of the paged lists (recharges, withdrawals, messages). */
const PAGE = 100;

const POSITION_STATUSES = ["pending", "holding", "closed", "cancelled"] as const;

/** Follow a cursor to the end. */
async function all<T>(
  page: (cursor?: string) => Promise<{ items: T[]; cursor: string | null }>,
): Promise<T[]> {
  const out: T[] = [];
  let cursor: string | undefined;
  do {
    const p = await page(cursor);
    out.push(...p.items);
    cursor = p.cursor ?? undefined;
  } while (cursor);
  return out;
}

export type AccountExport = Omit<AccountExportJson, "messages"> & { messages: MessageRecord[] };

export class DataExport {
  constructor(private d: ExportDeps) {}

  /**
   * What `of` reads, to start with the session (one round trip far from the store: the first
   * page of every list and the records its index names); a list longer than its first page, and
   * the document photos, are read after it.
   */
  reads(t: string, u: string): PrivateRead[] {
    const d = this.d;
    return [
      d.identity.statusRead(t, u),
      d.identity.submissionsRead(t, u),
      d.methods.listRead(t, u),
      d.fast.listReads(t, u),
      d.spot.listReads(t, u),
      d.wealth.ordersRead(t, u, EXPORT_MAX_RECORDS),
      d.contracts.listReads(t, u),
      d.ledger.linesRead(t, u),
      d.recharges.historyRead(t, u, PAGE),
      d.withdrawals.historyRead(t, u, PAGE),
      d.messages.listRead(t, u, PAGE),
      d.accounts.loginsRead(t, u),
    ];
  }

  /**
   * Everything the platform holds about the session's customer; the messages as stored (the
   * HTTP layer puts them in the customer's language). `images`: the document photos inline.
   */
  async of(t: string, s: Session, o: { images: boolean }): Promise<AccountExport> {
    const d = this.d, u = s.userId;
    const [
      status,
      submissions,
      methods,
      fast,
      spot,
      wealth,
      positions,
      fundFlow,
      recharges,
      withdrawals,
      messages,
      signIns,
    ] = await Promise.all([
      d.identity.statusJson(t, u, s.user.certifyLevel),
      d.identity.submissions(t, u),
      d.methods.list(t, u),
      all((cursor) => d.fast.list(t, u, { limit: 100, cursor })),
      d.spot.list(t, u, undefined, EXPORT_MAX_RECORDS),
      d.wealth.orders(t, u, EXPORT_MAX_RECORDS),
      d.contracts.lists(t, u, POSITION_STATUSES, EXPORT_MAX_RECORDS),
      all((cursor) => d.ledger.lines(t, u, { limit: 500, cursor })),
      all((cursor) => d.recharges.history(t, u, PAGE, cursor)),
      all((cursor) => d.withdrawals.history(t, u, PAGE, cursor)),
      all((cursor) => d.messages.list(t, u, PAGE, cursor)),
      d.accounts.logins(t, s),
    ]);
    return {
      format: "tradewind-account-export",
      version: 1,
      exportedAt: d.now(),
      profile: { ...userInfo(s.user), phone: s.user.phone },
      verification: {
        status,
        submissions: await Promise.all(submissions.map(async (sub) => ({
          id: sub.id,
          level: sub.level,
          status: sub.status,
          reason: sub.reason,
          createdAt: sub.createdAt,
          decidedAt: sub.decidedAt,
          junior: sub.junior,
          images: sub.advanced
            ? await Promise.all(
              ([
                ["front", sub.advanced.frontImageId],
                ["back", sub.advanced.backImageId],
                ["handheld", sub.advanced.handheldImageId],
              ] as const).map(async ([role, id]) => {
                if (!o.images) return { role, id, mime: null };
                const img = await d.images.read(t, id);
                return img
                  ? { role, id, mime: img.meta.mime, base64: base64.encode(img.bytes) }
                  : { role, id, mime: null };
              }),
            )
            : null,
        }))),
      },
      paymentMethods: methods.map(methodJson).map((m) =>
        m.crypto ? { ...m, crypto: { ...m.crypto, address: maskAddress(m.crypto.address) } } : m
      ),
      orders: { fast, spot, wealth: wealth.items },
      positions: POSITION_STATUSES.flatMap((st) => positions[st]),
      fundFlow: fundFlow.map(lineJson),
      recharges: recharges.map(customerRechargeJson),
      withdrawals: withdrawals.map(customerWithdrawalJson),
      messages,
      signIns,
    };
  }
}
