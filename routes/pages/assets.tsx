import { isLiveOnly } from "./demo.tsx";
/** Assets, fund flow and transfer screens of both layouts (ledger capability). */
import { formatDecimal } from "../../core-wasm/mod.ts";
import { AssetsView } from "../../components/AssetsView.tsx";
import { LoginPrompt } from "../../components/blocks.tsx";
import { FlowList } from "../../components/FlowList.tsx";
import { UserCenterFrame } from "../../components/UserCenterNav.tsx";
import type { Session } from "../../edge/customers/service.ts";
import { customerAssets } from "../../edge/ledger/assets.ts";
import { FlowQuery } from "../../contract/ledger.ts";
import { accountId, user, type Wallet } from "../../edge/ledger/accounts.ts";
import type { Ctx } from "../../edge/http/context.ts";
import { pickTexts } from "../../edge/platform/locale.ts";
import { Island } from "../../edge/render/island.tsx";
import TransferForm, { TRANSFER_TEXTS } from "../../islands/TransferForm.tsx";
import { desktopPage, mobilePage, mobileRecordPage } from "./frame.tsx";
import type { PageDef } from "./types.ts";

async function assetsOf(c: Ctx, s: Session) {
  const { ledger, prices } = c.get("deps");
  return await customerAssets(ledger, prices, c.get("tenant").id, s.userId);
}

/** The fund flow's first page, read with the session (a page's `reads`). */
const flowReads = (c: Ctx, userId: string) => [
  c.get("deps").ledger.linesRead(c.get("tenant").id, userId),
];

/** The fund flow for the query string (an invalid filter shows the unfiltered first page). */
async function flowOf(c: Ctx, s: Session, fixedType?: string) {
  const parsed = FlowQuery.safeParse({ ...c.req.query(), limit: "20" });
  const q = parsed.success ? parsed.data : { limit: 20 };
  const filter = { ...q, ...(fixedType ? { type: fixedType as typeof q.type } : {}) };
  const page = await c.get("deps").ledger.lines(c.get("tenant").id, s.userId, filter);
  return {
    lines: page.items,
    cursor: page.cursor,
    paged: Boolean(parsed.success && q.cursor),
    filter: {
      type: fixedType ? undefined : filter.type,
      currency: filter.currency,
      wallet: filter.wallet,
    },
  };
}

async function transferProps(c: Ctx, s: Session, history: string) {
  const { ledger } = c.get("deps");
  const t = c.get("tenant").id;
  const b = await ledger.balances(t, [
    user(s.userId, "spot", "USDT"),
    user(s.userId, "contract", "USDT"),
  ]);
  const two = (wallet: Wallet) =>
    formatDecimal(b.get(accountId(user(s.userId, wallet, "USDT")))!.available, 2);
  return {
    tx: pickTexts(c.get("t"), TRANSFER_TEXTS),
    available: {
      spot: two("spot"),
      contract: two("contract"),
    },
    history,
  };
}

const flowProps = (c: Ctx, path: string) => ({
  t: c.get("t"),
  locale: c.get("locale"),
  timeZone: c.get("timeZone"),
  path,
});

/** A demo account has no money in or out: its assets page links only what it can do. */
const moneyLinks = (s: Session, links: { href: string; label: string }[]) =>
  s.book === "demo" ? links.filter((l) => !isLiveOnly(l.href)) : links;

export const assetPages: PageDef[] = [
  {
    path: "/wp/trade/property",
    layout: "wp",
    render: async (c, s) => {
      const t = c.get("t");
      return mobilePage(
        c,
        { title: t("page.property"), back: "/wp/user/userCenter" },
        (
          <AssetsView
            t={t}
            locale={c.get("locale")}
            assets={await assetsOf(c, s!)}
            rates={c.get("tenant").referenceRates}
            now={c.get("deps").now()}
            links={moneyLinks(s!, [
              { href: "/wp/trade/recharge", label: t("page.recharge") },
              { href: "/wp/user/withdraw", label: t("page.withdraw") },
              { href: "/wp/trade/transfer", label: t("page.transfer") },
              { href: "/wp/trade/statistics", label: t("page.statistics") },
            ])}
          />
        ),
      );
    },
  },
  mobileRecordPage(
    "/wp/trade/statistics",
    { title: "page.statistics", back: "/wp/trade/property", reads: flowReads },
    async (c, s) => (
      <FlowList {...flowProps(c, "/wp/trade/statistics")} {...await flowOf(c, s)} showTypeFilter />
    ),
  ),
  {
    path: "/wp/trade/transfer",
    layout: "wp",
    render: async (c, s) => {
      const t = c.get("t");
      return mobilePage(
        c,
        { title: t("page.transfer"), back: "/wp/trade/property" },
        <>
          <p class="notice">{t("transfer.usdtOnly")}</p>
          <Island
            of={TransferForm}
            props={await transferProps(c, s!, "/wp/trade/transfer/history")}
          />
        </>,
      );
    },
  },
  mobileRecordPage(
    "/wp/trade/transfer/history",
    { title: "page.transferHistory", back: "/wp/trade/transfer", reads: flowReads },
    async (c, s) => (
      <FlowList
        {...flowProps(c, "/wp/trade/transfer/history")}
        {...await flowOf(c, s, "transfer")}
        showTypeFilter={false}
      />
    ),
  ),
  {
    path: "/pc/userCenter/property",
    layout: "pc",
    reads: flowReads,
    render: async (c, s) => {
      const t = c.get("t");
      return desktopPage(
        c,
        { title: t("page.pcProperty"), active: "user" },
        (
          <UserCenterFrame t={t} active="property">
            {!s ? <LoginPrompt t={t} layout="pc" /> : (
              <>
                <AssetsView
                  t={t}
                  locale={c.get("locale")}
                  assets={await assetsOf(c, s)}
                  rates={c.get("tenant").referenceRates}
                  now={c.get("deps").now()}
                  links={moneyLinks(s, [
                    { href: "/pc/handle/recharge", label: t("page.pcRecharge") },
                    { href: "/pc/handle/withdraw", label: t("page.pcWithdraw") },
                    { href: "/pc/handle/transfer", label: t("page.pcTransfer") },
                  ])}
                />
                <h2 class="section">{t("page.statistics")}</h2>
                <FlowList
                  {...flowProps(c, "/pc/userCenter/property")}
                  {...await flowOf(c, s)}
                  showTypeFilter
                />
              </>
            )}
          </UserCenterFrame>
        ),
      );
    },
  },
  {
    path: "/pc/handle/transfer",
    layout: "pc",
    reads: flowReads,
    render: async (c, s) => {
      const t = c.get("t");
      return desktopPage(
        c,
        { title: t("page.pcTransfer"), active: "user" },
        !s ? <LoginPrompt t={t} layout="pc" /> : (
          <UserCenterFrame t={t} active="property">
            <div class="cards2">
              <section class="card">
                <p class="notice">{t("transfer.usdtOnly")}</p>
                <Island
                  of={TransferForm}
                  props={await transferProps(c, s, "/pc/handle/transfer")}
                />
              </section>
              <section>
                <h2 class="section">{t("transfer.history")}</h2>
                <FlowList
                  {...flowProps(c, "/pc/handle/transfer")}
                  {...await flowOf(c, s, "transfer")}
                  showTypeFilter={false}
                />
              </section>
            </div>
          </UserCenterFrame>
        ),
      );
    },
  },
];
