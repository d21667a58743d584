/** Recharge, withdrawal, payment-method and verification screens of both layouts. */
import { MenuList, NotFoundBody } from "../../components/blocks.tsx";
import { MethodList, RechargeDetail, WithdrawDetail } from "../../components/FundsViews.tsx";
import { Id } from "../../contract/funds.ts";
import { DomainError } from "../../edge/platform/errors.ts";
import { UserCenterFrame } from "../../components/UserCenterNav.tsx";
import type { Session } from "../../edge/customers/service.ts";
import { channelLabel } from "../../edge/funds/settings.ts";
import type { Ctx } from "../../edge/http/context.ts";
import { certifyBlock, certifyStatus } from "./certify_form.tsx";
import {
  DETAIL,
  fundsReads,
  listCtx,
  methodForm,
  methodsOf,
  pcNeedsLogin,
  rechargeForm,
  rechargeHistory,
  rechargeReads,
  withdrawalsReads,
  withdrawForm,
  withdrawHistory,
  withdrawReads,
} from "./funds_parts.tsx";
import { desktopPage, mobilePage, mobileRecordPage } from "./frame.tsx";
import type { PageDef } from "./types.ts";

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
  mobileRecordPage(
    "/wp/trade/recharge/approve",
    { title: "page.rechargeApprove", back: "/wp/trade/recharge", reads: rechargeReads },
    (c, s) => rechargeHistory(c, s, "/wp/trade/recharge/approve"),
  ),
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
  mobileRecordPage(
    "/wp/user/historyList",
    { title: "page.historyList", back: "/wp/user/withdraw", reads: withdrawalsReads(false) },
    (c, s) => withdrawHistory(c, s, "/wp/user/historyList"),
  ),
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
  ] as const).map(([path, mode, title]) =>
    mobileRecordPage(
      path,
      { title, back: "/wp/user/gatheringWay/bankCard", reads: fundsReads },
      (c, s) => methodForm(c, s, mode, "/wp/user/gatheringWay/bankCard"),
    )
  ),
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
  mobileRecordPage(
    "/wp/user/gatheringWay/crypAdress/add",
    { title: "page.crypAddressAdd", back: "/wp/user/gatheringWay/crypAdress", reads: fundsReads },
    (c, s) => methodForm(c, s, "crypto", "/wp/user/gatheringWay/crypAdress"),
  ),
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
  mobileRecordPage(
    "/wp/user/certify/second",
    { title: "page.certifySecond", back: "/wp/user/certify/first", reads: fundsReads },
    async (c, s) => certifyBlock(c, s, await certifyStatus(c, s), "advanced"),
  ),
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
