import type { PrivateRead } from "../../edge/platform/kv_round_trips.ts";
/** Recharge, withdrawal, payment-method and verification screens of both layouts. */
import { LoginPrompt, MenuList, NotFoundBody } from "../../components/blocks.tsx";
import {
  type ListCtx,
  MethodList,
  RechargeDetail,
  RechargeList,
  WithdrawDetail,
  WithdrawList,
} from "../../components/FundsViews.tsx";
import { Id } from "../../contract/funds.ts";
import { DomainError } from "../../edge/platform/errors.ts";
import { UserCenterFrame } from "../../components/UserCenterNav.tsx";
import type { Session } from "../../edge/customers/service.ts";
import { methodJson } from "../../edge/funds/methods.ts";
import { customerRechargeJson } from "../../edge/funds/recharge.ts";
import { channelLabel } from "../../edge/funds/settings.ts";
import { customerWithdrawalJson } from "../../edge/funds/withdraw.ts";
import type { Ctx } from "../../edge/http/context.ts";
import { pickTexts } from "../../edge/platform/locale.ts";
import { Island } from "../../edge/render/island.tsx";
import { certifyBlock, certifyStatus } from "./certify_form.tsx";
import PaymentMethodForm, { METHOD_TEXTS } from "../../islands/PaymentMethodForm.tsx";
import RechargeForm, { RECHARGE_TEXTS } from "../../islands/RechargeForm.tsx";
import WithdrawForm, { WITHDRAW_TEXTS } from "../../islands/WithdrawForm.tsx";
import { desktopPage, mobilePage } from "./frame.tsx";
import type { PageDef } from "./types.ts";

const listCtx = (c: Ctx): ListCtx => ({
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
const DETAIL = {
  recharge: { wp: "/wp/trade/recharge/detail/", pc: "/pc/handle/recharge/detail/" },
  withdraw: { wp: "/wp/user/withdraw/detail/", pc: "/pc/handle/withdraw/detail/" },
} as const;
const layoutOf = (path: string) => path.startsWith("/pc/") ? "pc" : "wp";

/** Records per page of the recharge and withdrawal lists. */
const PAGE = 20;

async function rechargeHistory(c: Ctx, s: Session, path: string) {
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

async function withdrawHistory(c: Ctx, s: Session, path: string) {
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

async function rechargeForm(c: Ctx, s: Session, history: string) {
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
        name="RechargeForm"
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

async function withdrawForm(c: Ctx, s: Session, links: {
  bindCard: string;
  bindAddress: string;
  history: string;
  certify: string;
  drawPassword: string;
}) {
  const initial = await c.get("deps").withdrawals.preview(c.get("tenant").id, s.userId, null, null);
  return (
    <Island
      name="WithdrawForm"
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
const fundsReads = (c: Ctx, userId: string): PrivateRead[] => {
  const { methods, identity } = c.get("deps");
  const t = c.get("tenant").id;
  return [methods.listRead(t, userId), identity.statusRead(t, userId)];
};

/** The money pages' reads and the first page of the customer's recharges. */
const rechargeReads = (c: Ctx, userId: string): PrivateRead[] => [
  ...fundsReads(c, userId),
  c.get("deps").recharges.historyRead(c.get("tenant").id, userId, PAGE),
];

/** The money pages' reads and what the withdrawal form shows (settings, turnover). */
const withdrawReads = (c: Ctx, userId: string): PrivateRead[] => [
  ...fundsReads(c, userId),
  ...c.get("deps").withdrawals.previewReads(c.get("tenant").id, userId),
];

/** The money pages' reads and the first page of the customer's withdrawals. */
const withdrawalsReads = (form: boolean) => (c: Ctx, userId: string): PrivateRead[] => [
  ...(form ? withdrawReads : fundsReads)(c, userId),
  c.get("deps").withdrawals.historyRead(c.get("tenant").id, userId, PAGE),
];

async function methodsOf(c: Ctx, s: Session) {
  return (await c.get("deps").methods.list(c.get("tenant").id, s.userId)).map(methodJson);
}

async function methodForm(
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
      name="PaymentMethodForm"
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

const pcNeedsLogin = (c: Ctx) => <LoginPrompt t={c.get("t")} layout="pc" />;

/**
 * The detail pages of a recharge and a withdrawal, on both layouts: the record comes from the
 * address, is read with the session (`prefetch`) and shown only to its owner (anyone else, or a
 * malformed id: the 404 page).
 */
function detailPages(kind: "recharge" | "withdraw"): PageDef[] {
  const idOf = (c: Ctx) => {
    const id = c.req.param("id") ?? "";
    return Id.safeParse(id).success ? id : null;
  };
  const keys = (c: Ctx) => {
    const id = idOf(c);
    const funds = kind === "recharge" ? c.get("deps").recharges : c.get("deps").withdrawals;
    return id ? [funds.recordKey(c.get("tenant").id, id)] : [];
  };
  const body = async (c: Ctx, s: Session) => {
    const id = idOf(c);
    const t = c.get("tenant").id;
    try {
      if (!id) throw new DomainError("NOT_FOUND");
      if (kind === "withdraw") {
        return (
          <WithdrawDetail
            c={listCtx(c)}
            w={await c.get("deps").withdrawals.mine(t, s.userId, id)}
          />
        );
      }
      const r = await c.get("deps").recharges.mine(t, s.userId, id);
      const channelName = channelLabel(c.get("t"), { id: r.channelId, name: r.channelName });
      return <RechargeDetail c={listCtx(c)} r={{ ...r, channelName }} />;
    } catch (e) {
      if (e instanceof DomainError && e.error === "NOT_FOUND") return null;
      throw e;
    }
  };
  const title = kind === "recharge" ? "page.rechargeDetail" : "page.withdrawDetail";
  const back = kind === "recharge"
    ? { wp: "/wp/trade/recharge/approve", pc: "/pc/handle/recharge" }
    : { wp: "/wp/user/historyList", pc: "/pc/handle/withdraw" };
  return [
    {
      path: `${DETAIL[kind].wp}:id`,
      layout: "wp",
      prefetch: keys,
      render: async (c, s) => {
        const t = c.get("t");
        const shown = await body(c, s!);
        return shown ? mobilePage(c, { title: t(title), back: back.wp }, shown) : mobilePage(
          c,
          { title: t("page.notFound"), back: back.wp, status: 404 },
          <NotFoundBody t={t} closed={false} home="/wp/home" />,
        );
      },
    },
    {
      path: `${DETAIL[kind].pc}:id`,
      layout: "pc",
      prefetch: keys,
      render: async (c, s) => {
        const t = c.get("t");
        const shown = s ? await body(c, s) : pcNeedsLogin(c);
        return desktopPage(
          c,
          { title: t(shown ? title : "page.notFound"), active: "user", status: shown ? 200 : 404 },
          <UserCenterFrame t={t} active="property">
            {shown ?? <NotFoundBody t={t} closed={false} home="/pc/home" />}
            <p class="links">
              <a class="btn btn-ghost btn-small" href={back.pc}>{t("app.back")}</a>
            </p>
          </UserCenterFrame>,
        );
      },
    },
  ];
}

export const fundsPages: PageDef[] = [
  ...detailPages("recharge"),
  ...detailPages("withdraw"),
  ...["/wp/trade/recharge", "/wp/trade/recharge/type"].map((path): PageDef => ({
    path,
    layout: "wp",
    render: async (c, s) => {
      const t = c.get("t");
      return mobilePage(
        c,
        {
          title: t(path.endsWith("type") ? "page.rechargeType" : "page.recharge"),
          back: "/wp/trade/property",
        },
        <>
          {await rechargeForm(c, s!, "/wp/trade/recharge/approve")}
          <MenuList
            items={[{ href: "/wp/trade/recharge/approve", label: t("recharge.history") }]}
          />
        </>,
      );
    },
  })),
  {
    path: "/wp/trade/recharge/approve",
    layout: "wp",
    reads: rechargeReads,
    render: async (c, s) =>
      mobilePage(
        c,
        { title: c.get("t")("page.rechargeApprove"), back: "/wp/trade/recharge" },
        await rechargeHistory(c, s!, "/wp/trade/recharge/approve"),
      ),
  },
  {
    path: "/wp/user/withdraw",
    layout: "wp",
    reads: withdrawReads,
    render: async (c, s) => {
      const t = c.get("t");
      return mobilePage(
        c,
        { title: t("page.withdraw"), back: "/wp/trade/property" },
        <>
          {await withdrawForm(c, s!, {
            bindCard: "/wp/user/gatheringWay/bankCard",
            bindAddress: "/wp/user/gatheringWay/crypAdress",
            history: "/wp/user/historyList",
            certify: "/wp/user/certify/first",
            drawPassword: "/wp/user/setDrawPassword",
          })}
          <MenuList
            items={[
              { href: "/wp/user/withdraw/to", label: t("withdraw.to") },
              { href: "/wp/user/historyList", label: t("withdraw.history") },
            ]}
          />
        </>,
      );
    },
  },
  {
    path: "/wp/user/withdraw/to",
    layout: "wp",
    reads: fundsReads,
    render: async (c, s) => {
      const t = c.get("t");
      return mobilePage(
        c,
        { title: t("page.withdrawTo"), back: "/wp/user/withdraw" },
        <>
          <MethodList t={t} items={await methodsOf(c, s!)} />
          <MenuList
            items={[
              { href: "/wp/user/gatheringWay/bankCard", label: t("methods.bankCard") },
              { href: "/wp/user/gatheringWay/crypAdress", label: t("methods.cryptoAddress") },
            ]}
          />
        </>,
      );
    },
  },
  {
    path: "/wp/user/historyList",
    layout: "wp",
    reads: withdrawalsReads(false),
    render: async (c, s) =>
      mobilePage(
        c,
        { title: c.get("t")("page.historyList"), back: "/wp/user/withdraw" },
        await withdrawHistory(c, s!, "/wp/user/historyList"),
      ),
  },
  {
    path: "/wp/user/gatheringWay/bankCard",
    layout: "wp",
    reads: fundsReads,
    render: async (c, s) => {
      const t = c.get("t");
      const banks = (await methodsOf(c, s!)).filter((m) => m.kind === "bank");
      return mobilePage(
        c,
        { title: t("page.bankCard"), back: "/wp/user/withdraw/to" },
        <>
          <MethodList t={t} items={banks} empty="methods.noCard" />
          {banks.length === 0 && (
            <MenuList
              items={[
                { href: "/wp/user/gatheringWay/bankCard/add", label: t("methods.domestic") },
                {
                  href: "/wp/user/gatheringWay/bankCard/addWorld",
                  label: t("methods.international"),
                },
              ]}
            />
          )}
          <p class="muted small">{t("methods.immutable")}</p>
        </>,
      );
    },
  },
  ...([
    ["/wp/user/gatheringWay/bankCard/add", "domestic", "page.bankCardAdd"],
    ["/wp/user/gatheringWay/bankCard/addWorld", "international", "page.bankCardAddWorld"],
  ] as const).map(([path, mode, title]): PageDef => ({
    path,
    layout: "wp",
    reads: fundsReads,
    render: async (c, s) =>
      mobilePage(
        c,
        { title: c.get("t")(title), back: "/wp/user/gatheringWay/bankCard" },
        await methodForm(c, s!, mode, "/wp/user/gatheringWay/bankCard"),
      ),
  })),
  {
    path: "/wp/user/gatheringWay/crypAdress",
    layout: "wp",
    reads: fundsReads,
    render: async (c, s) => {
      const t = c.get("t");
      const addresses = (await methodsOf(c, s!)).filter((m) => m.kind === "crypto");
      return mobilePage(
        c,
        { title: t("page.crypAddress"), back: "/wp/user/withdraw/to" },
        <>
          <MethodList t={t} items={addresses} empty="methods.noAddress" />
          {addresses.length < 4 && (
            <MenuList
              items={[{ href: "/wp/user/gatheringWay/crypAdress/add", label: t("methods.add") }]}
            />
          )}
          <p class="muted small">{t("methods.immutable")}</p>
        </>,
      );
    },
  },
  {
    path: "/wp/user/gatheringWay/crypAdress/add",
    layout: "wp",
    reads: fundsReads,
    render: async (c, s) =>
      mobilePage(
        c,
        { title: c.get("t")("page.crypAddressAdd"), back: "/wp/user/gatheringWay/crypAdress" },
        await methodForm(c, s!, "crypto", "/wp/user/gatheringWay/crypAdress"),
      ),
  },
  {
    path: "/wp/user/certify/first",
    layout: "wp",
    reads: fundsReads,
    render: async (c, s) => {
      const t = c.get("t");
      const st = await certifyStatus(c, s!);
      return mobilePage(
        c,
        { title: t("page.certifyFirst"), back: "/wp/user/userCenter" },
        <>
          {certifyBlock(c, s!, st, "junior")}
          {st.junior?.status === "authenticated" && (
            <MenuList
              items={[{ href: "/wp/user/certify/second", label: t("certify.goAdvanced") }]}
            />
          )}
        </>,
      );
    },
  },
  {
    path: "/wp/user/certify/second",
    layout: "wp",
    reads: fundsReads,
    render: async (c, s) =>
      mobilePage(
        c,
        { title: c.get("t")("page.certifySecond"), back: "/wp/user/certify/first" },
        certifyBlock(c, s!, await certifyStatus(c, s!), "advanced"),
      ),
  },
  {
    path: "/pc/handle/recharge",
    layout: "pc",
    reads: rechargeReads,
    render: async (c, s) => {
      const t = c.get("t");
      return desktopPage(
        c,
        { title: t("page.pcRecharge"), active: "user" },
        !s ? pcNeedsLogin(c) : (
          <UserCenterFrame t={t} active="property">
            <div class="cards2">
              <section class="card">{await rechargeForm(c, s, "/pc/handle/recharge")}</section>
              <section>
                <h2 class="section">{t("recharge.history")}</h2>
                {await rechargeHistory(c, s, "/pc/handle/recharge")}
              </section>
            </div>
          </UserCenterFrame>
        ),
      );
    },
  },
  {
    path: "/pc/handle/withdraw",
    layout: "pc",
    reads: withdrawalsReads(true),
    render: async (c, s) => {
      const t = c.get("t");
      return desktopPage(
        c,
        { title: t("page.pcWithdraw"), active: "user" },
        !s ? pcNeedsLogin(c) : (
          <UserCenterFrame t={t} active="property">
            <div class="cards2">
              <section class="card">
                {await withdrawForm(c, s, {
                  bindCard: "/pc/handle/gatheringWay",
                  bindAddress: "/pc/handle/gatheringWay",
                  history: "/pc/handle/withdraw",
                  certify: "/pc/userCenter/certify",
                  drawPassword: "/pc/userCenter/security",
                })}
              </section>
              <section>
                <h2 class="section">{t("withdraw.history")}</h2>
                {await withdrawHistory(c, s, "/pc/handle/withdraw")}
              </section>
            </div>
          </UserCenterFrame>
        ),
      );
    },
  },
  {
    path: "/pc/handle/gatheringWay",
    layout: "pc",
    reads: fundsReads,
    render: async (c, s) => {
      const t = c.get("t");
      if (!s) {
        return desktopPage(c, { title: t("page.pcGatheringWay"), active: "user" }, pcNeedsLogin(c));
      }
      const q = c.req.query("add");
      const mode = q === "international" || q === "crypto" ? q : "domestic";
      const methods = await methodsOf(c, s);
      const tabs = [
        ["domestic", t("methods.domestic")],
        ["international", t("methods.international")],
        ["crypto", t("methods.cryptoAddress")],
      ] as const;
      return desktopPage(
        c,
        { title: t("page.pcGatheringWay"), active: "user" },
        <UserCenterFrame t={t} active="gatheringWay">
          <div class="cards2">
            <section class="card">
              <nav class="seg" aria-label={t("methods.add")}>
                {tabs.map(([m, label]) => (
                  <a
                    class={m === mode ? "chip-btn on" : "chip-btn"}
                    aria-current={m === mode ? "page" : undefined}
                    href={`/pc/handle/gatheringWay?add=${m}`}
                  >
                    {label}
                  </a>
                ))}
              </nav>
              {await methodForm(c, s, mode, "/pc/handle/gatheringWay", methods)}
            </section>
            <section>
              <h2 class="section">{t("methods.title")}</h2>
              <MethodList t={t} items={methods} />
              <p class="muted small">{t("methods.immutable")}</p>
            </section>
          </div>
        </UserCenterFrame>,
      );
    },
  },
  {
    path: "/pc/userCenter/certify",
    layout: "pc",
    reads: fundsReads,
    render: async (c, s) => {
      const t = c.get("t");
      const st = s && await certifyStatus(c, s);
      return desktopPage(
        c,
        { title: t("page.pcCertify"), active: "user" },
        <UserCenterFrame t={t} active="certify">
          {!s || !st ? pcNeedsLogin(c) : (
            <div class="cards2">
              {certifyBlock(c, s, st, "junior")}
              {certifyBlock(c, s, st, "advanced")}
            </div>
          )}
        </UserCenterFrame>,
      );
    },
  },
];
