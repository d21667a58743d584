/**
 * The blocks the money pages (funds.tsx) are built of, on both layouts: the recharge and
 * withdrawal lists (paged by `?cursor=`), the recharge, withdrawal and payment-method forms with
 * what they need, and what each page reads of the customer's with the session. Apart from the
 * page table so that each file reads as one thing.
 */
import type { PrivateRead } from "../../edge/platform/kv_round_trips.ts";
import { LoginPrompt } from "../../components/blocks.tsx";
import { type ListCtx, RechargeList, WithdrawList } from "../../components/FundsViews.tsx";
import type { Session } from "../../edge/customers/service.ts";
import { methodJson } from "../../edge/funds/methods.ts";
import { customerRechargeJson } from "../../edge/funds/recharge.ts";
import { channelLabel } from "../../edge/funds/settings.ts";
import { customerWithdrawalJson } from "../../edge/funds/withdraw.ts";
import type { Ctx } from "../../edge/http/context.ts";
import { pickTexts } from "../../edge/platform/locale.ts";
import { Island } from "../../edge/render/island.tsx";
import PaymentMethodForm, { METHOD_TEXTS } from "../../islands/PaymentMethodForm.tsx";
import RechargeForm, { RECHARGE_TEXTS } from "../../islands/RechargeForm.tsx";
import WithdrawForm, { WITHDRAW_TEXTS } from "../../islands/WithdrawForm.tsx";

export const listCtx = (c: Ctx): ListCtx => ({
  t: c.get("t"),
  locale: c.get("locale"),
  timeZone: c.get("timeZone"),
});

/** `?cursor=` of a list page (ignored when malformed: the first page is shown). */
const cursorOf = (c: Ctx) => {
  const v = c.req.query("cursor");
  return v && v.length <= 200 ? v : undefined;
};

async function safePage<R>(f: (cursor?: string) => Promise<R>, cursor?: string) {
  try {
    return await f(cursor);
  } catch {
    return await f(undefined);
  }
}

/** Where each layout shows one record (the record's id is appended). */
export const DETAIL = {
  recharge: { wp: "/wp/trade/recharge/detail/", pc: "/pc/handle/recharge/detail/" },
  withdraw: { wp: "/wp/user/withdraw/detail/", pc: "/pc/handle/withdraw/detail/" },
} as const;
const layoutOf = (path: string) => path.startsWith("/pc/") ? "pc" : "wp";

/** Records per page of the recharge and withdrawal lists. */
const PAGE = 20;

export async function rechargeHistory(c: Ctx, s: Session, path: string) {
  const p = await safePage(
    (cur) => c.get("deps").recharges.history(c.get("tenant").id, s.userId, PAGE, cur),
    cursorOf(c),
  );
  return (
    <RechargeList
      c={listCtx(c)}
      items={p.items.map(customerRechargeJson).map((r) => ({
        ...r,
        channelName: channelLabel(c.get("t"), { id: r.channelId, name: r.channelName }),
      }))}
      cursor={p.cursor}
      path={path}
      detail={DETAIL.recharge[layoutOf(path)]}
    />
  );
}

export async function withdrawHistory(c: Ctx, s: Session, path: string) {
  const p = await safePage(
    (cur) => c.get("deps").withdrawals.history(c.get("tenant").id, s.userId, PAGE, cur),
    cursorOf(c),
  );
  return (
    <WithdrawList
      c={listCtx(c)}
      items={p.items.map(customerWithdrawalJson)}
      cursor={p.cursor}
      path={path}
      detail={DETAIL.withdraw[layoutOf(path)]}
    />
  );
}

export async function rechargeForm(c: Ctx, s: Session, history: string) {
  const t = c.get("t");
  const channels = await c.get("deps").fundsSettings.publicChannels(c.get("tenant").id);
  const transfer = layoutOf(history) === "pc" ? "/pc/handle/transfer" : "/wp/trade/transfer";
  return (
    <>
      <p class="notice">{t("recharge.offlineNote")}</p>
      <p class="muted small" data-testid="recharge-lands-in">
        {t("recharge.landsIn")} <a href={transfer}>{t("page.transfer")}</a>
      </p>
      <Island
        of={RechargeForm}
        props={{
          tx: pickTexts(t, RECHARGE_TEXTS),
          channels: channels.map((ch) => ({ ...ch, name: channelLabel(t, ch) })),
          history,
          owner: s.userId,
        }}
      />
    </>
  );
}

export async function withdrawForm(c: Ctx, s: Session, links: {
  bindCard: string;
  bindAddress: string;
  history: string;
  certify: string;
  drawPassword: string;
}) {
  const initial = await c.get("deps").withdrawals.preview(c.get("tenant").id, s.userId, null, null);
  return (
    <Island
      of={WithdrawForm}
      props={{
        tx: pickTexts(c.get("t"), WITHDRAW_TEXTS),
        initial,
        certified: s.user.certifyLevel !== "none",
        hasDrawPassword: s.user.drawPasswordHash !== null,
        twoFactor: !!s.user.totpSecret,
        timeZone: c.get("timeZone"),
        links,
      }}
    />
  );
}

/**
 * What the money pages read of the customer's besides the balances: the payment methods and the
 * verification state, with the session (one round trip far from the store).
 */
export const fundsReads = (c: Ctx, userId: string): PrivateRead[] => {
  const { methods, identity } = c.get("deps");
  const t = c.get("tenant").id;
  return [methods.listRead(t, userId), identity.statusRead(t, userId)];
};

/** The money pages' reads and the first page of the customer's recharges. */
export const rechargeReads = (c: Ctx, userId: string): PrivateRead[] => [
  ...fundsReads(c, userId),
  c.get("deps").recharges.historyRead(c.get("tenant").id, userId, PAGE),
];

/** The money pages' reads and what the withdrawal form shows (settings, turnover). */
export const withdrawReads = (c: Ctx, userId: string): PrivateRead[] => [
  ...fundsReads(c, userId),
  ...c.get("deps").withdrawals.previewReads(c.get("tenant").id, userId),
];

/** The money pages' reads and the first page of the customer's withdrawals. */
export const withdrawalsReads = (form: boolean) => (c: Ctx, userId: string): PrivateRead[] => [
  ...(form ? withdrawReads : fundsReads)(c, userId),
  c.get("deps").withdrawals.historyRead(c.get("tenant").id, userId, PAGE),
];

export async function methodsOf(c: Ctx, s: Session) {
  return (await c.get("deps").methods.list(c.get("tenant").id, s.userId)).map(methodJson);
}

export async function methodForm(
  c: Ctx,
  s: Session,
  mode: "domestic" | "international" | "crypto",
  after: string,
  /** the customer's methods when the page read them already (a list is read once) */
  bound?: ReturnType<typeof methodJson>[],
) {
  const t = c.get("t");
  const [id, methods] = await Promise.all([
    c.get("deps").identity.status(c.get("tenant").id, s.userId),
    bound ?? methodsOf(c, s),
  ]);
  if (mode !== "crypto") {
    if (methods.some((m) => m.kind === "bank")) {
      return <p class="notice">{t("errors.ALREADY_BOUND")}</p>;
    }
    if (!id.verifiedName) return <p class="notice">{t("methods.needCertify")}</p>;
  }
  return (
    <Island
      of={PaymentMethodForm}
      props={{
        tx: pickTexts(t, METHOD_TEXTS),
        mode,
        twoFactor: !!s.user.totpSecret,
        verifiedName: id.verifiedName,
        bound: methods.filter((m) => m.crypto).map((m) => m.crypto!.type),
        after,
      }}
    />
  );
}

export const pcNeedsLogin = (c: Ctx) => <LoginPrompt t={c.get("t")} layout="pc" />;
