/**
 * Content and service screens: home banners and notice bar, notices and news (list and detail),
 * the help centre, the information pages (`/page/<slug>`, the rates page generated from the live
 * configuration), customer service (`/wp/kefu`, `/wp/myIframe`, `/pc/kefu`) with the built-in
 * support chat when no link is configured (or `BUILTIN`). Pages call the content service directly; bodies are the service's
 * sanitised Markdown render, never raw content HTML.
 */
import { LossFiguresSection } from "../../components/LossFigure.tsx";
import type { ComponentChildren } from "preact";
import { parseCustomerUrl } from "../../contract/customer_link.ts";
import type { Ctx } from "../../edge/http/context.ts";
import { DomainError } from "../../edge/platform/errors.ts";
import { pickTexts, type T } from "../../edge/platform/locale.ts";
import { Island } from "../../edge/render/island.tsx";
import { LANGUAGES, type LocaleId } from "../../locales/languages.ts";
import { STATIC_PAGES } from "../../edge/content/static_pages.ts";
import { desktopLinks } from "../../edge/content/help_defaults.ts";
import { PAGE_SLUGS, type PageSlug } from "../../edge/content/store.ts";
import NoticeDialog, { DIALOG_TEXTS } from "../../islands/NoticeDialog.tsx";
import BannerAutoplay from "../../islands/BannerAutoplay.tsx";
import SupportChat, { SUPPORT_TEXTS } from "../../islands/SupportChat.tsx";
import { ensureVisitorCookie } from "../../edge/http/visitor.ts";
import CoinApplyForm, { COIN_TEXTS } from "../../islands/CoinApplyForm.tsx";
import { desktopPage, devicePage, mobilePage } from "./frame.tsx";
import type { PageDef } from "./types.ts";
import { Icon } from "../../components/Icon.tsx";
import { notFoundPage } from "./not_found.tsx";

type Layout = "wp" | "pc";
type Rates = NonNullable<Awaited<ReturnType<Ctx["var"]["deps"]["content"]["page"]>>["rates"]>;

const languageName = (l: LocaleId) => LANGUAGES.find((x) => x.id === l)?.name ?? l;

function date(c: Ctx, ms: number) {
  try {
    return new Intl.DateTimeFormat(c.get("locale"), {
      dateStyle: "medium",
      timeZone: c.get("timeZone"),
    }).format(ms);
  } catch {
    return new Date(ms).toISOString().slice(0, 10);
  }
}

/** "Shown in English" when the reader's language has no text and the fallback was served. */
export function ServedLabel({ c, served }: { c: Ctx; served: LocaleId }) {
  if (served === c.get("locale")) return null;
  return (
    <p class="served-label" data-testid="served-locale" lang={served}>
      {c.get("t")("content.shownIn", { language: languageName(served) })}
    </p>
  );
}

/** In a list: the language of an entry served in another language than the reader's. */
function ServedMark({ c, served }: { c: Ctx; served: LocaleId }) {
  if (served === c.get("locale")) return null;
  return (
    <span
      class="muted small"
      lang={served}
      title={c.get("t")("content.shownIn", {
        language: languageName(served),
      })}
    >
      ({languageName(served)})
    </span>
  );
}

/** The service's sanitised render of a Markdown body (raw HTML off, links and images checked). */
export function SafeHtml({ html, testid }: { html: string; testid?: string }) {
  // deno-lint-ignore react-no-danger
  return <div class="prose" data-testid={testid} dangerouslySetInnerHTML={{ __html: html }} />;
}

async function notFoundOr<R>(f: () => Promise<R>): Promise<R | null> {
  try {
    return await f();
  } catch (e) {
    if (e instanceof DomainError && (e.error === "NOT_FOUND" || e.error === "VALIDATION")) {
      return null;
    }
    throw e;
  }
}

// ------------------------------------------------------------------ home

const HELP = {
  wp: { centre: "/wp/help/center", detail: "/wp/help/center/detail", service: "/wp/kefu" },
  pc: { centre: "/pc/help/center", detail: "/pc/help/center/detail", service: "/pc/kefu" },
};

/**
 * Home: the banner carousel (scroll-snap, works without JavaScript), the notice bar (only with
 * notices: no empty tile on a new install), the help centre's tile, the pop-up.
 */
export async function HomeContent({ c, layout }: { c: Ctx; layout: Layout }) {
  const t = c.get("t");
  const { content } = c.get("deps");
  const tenant = c.get("tenant").id;
  const [banners, notices] = await Promise.all([
    content.banners(tenant, c.get("locale")),
    content.list(tenant, "notice", c.get("locale"), 3),
  ]);
  const list = layout === "wp" ? "/wp/news/noticeDetail" : "/pc/article/notice/detail";
  return (
    <>
      {banners.items.length > 0 && (
        <section class="banners" aria-label={t("content.banners")} data-testid="banners">
          <ul class="banner-track">
            {banners.items.map((b, i) => {
              const img = <img src={b.image} alt={b.title} loading={i ? "lazy" : undefined} />;
              return (
                <li id={`banner-${i + 1}`} key={b.id}>
                  {b.link ? <a href={b.link}>{img}</a> : img}
                </li>
              );
            })}
          </ul>
          {banners.items.length > 1 && (
            <Island name="BannerAutoplay" of={BannerAutoplay} props={{ seconds: 5 }} />
          )}
          {banners.items.length > 1 && (
            <nav class="banner-dots" aria-label={t("content.banners")}>
              {banners.items.map((b, i) => (
                <a href={`#banner-${i + 1}`} key={b.id} aria-label={`${i + 1}: ${b.title}`} />
              ))}
            </nav>
          )}
        </section>
      )}
      {notices.items.length > 0 && (
        <section class="card notice-bar" data-testid="notices" aria-labelledby="notice-bar-title">
          <div class="row-between">
            <h2 id="notice-bar-title">{t("home.notice")}</h2>
            <a href={list} data-testid="notices-more">{t("content.more")}</a>
          </div>
          <ul class="notice-lines">
            {notices.items.map((n) => (
              <li key={n.id}>
                <a href={`${list}?id=${encodeURIComponent(n.id)}`}>{n.title}</a>
                <span class="muted small">{date(c, n.publishedAt)}</span>
              </li>
            ))}
          </ul>
        </section>
      )}
      <a class="card stack help-tile" href={HELP[layout].centre} data-testid="home-help">
        <strong>{t("page.helpCenter")}</strong>
        <span class="muted small">{t("content.helpTile")}</span>
      </a>
      <Island
        name="NoticeDialog"
        of={NoticeDialog}
        props={{ tx: pickTexts(t, DIALOG_TEXTS), locale: c.get("locale"), detail: list }}
      />
    </>
  );
}

// ------------------------------------------------------------------ notices and news

type Kind = "notice" | "news";
const kindOf = (id: string): Kind => id.startsWith("news-") ? "news" : "notice";

async function articleList(c: Ctx, kind: Kind, base: string) {
  const t = c.get("t");
  const cursor = c.req.query("cursor")?.match(/^[A-Za-z0-9_-]{1,64}$/)?.[0];
  const page =
    await notFoundOr(() =>
      c.get("deps").content.list(c.get("tenant").id, kind, c.get("locale"), 20, cursor)
    ) ?? { items: [], cursor: null };
  const tab = (k: Kind) => (
    <a
      href={k === "notice" ? base : `${base}?tab=news`}
      class={k === kind ? "active" : undefined}
      aria-current={k === kind ? "page" : undefined}
      data-testid={`tab-${k}`}
    >
      {t(k === "notice" ? "content.notices" : "content.news")}
    </a>
  );
  return (
    <>
      <nav class="seg" aria-label={t("content.newsCentre")}>{tab("notice")}{tab("news")}</nav>
      {page.items.length === 0
        ? (
          <section class="card" data-testid="articles-empty">
            <p>{t(kind === "notice" ? "content.noNotices" : "content.noNews")}</p>
            <p class="muted small">{t("content.emptyHint")}</p>
            <p>
              <a href={HELP[base.startsWith("/wp") ? "wp" : "pc"].centre}>
                {t("page.helpCenter")}
              </a>
            </p>
          </section>
        )
        : (
          <ul class="list articles" data-testid={`${kind}-list`}>
            {page.items.map((n) => (
              <li key={n.id}>
                <a class="list-row article-row" href={`${base}?id=${encodeURIComponent(n.id)}`}>
                  <span class="grow">
                    <strong>{n.title}</strong> <ServedMark c={c} served={n.servedLocale} />
                    {n.summary && <span class="muted small block">{n.summary}</span>}
                  </span>
                  <span class="muted small">{date(c, n.publishedAt)}</span>
                </a>
              </li>
            ))}
          </ul>
        )}
      {page.cursor && (
        <p class="pager">
          <a
            class="btn btn-ghost btn-small"
            href={`${base}?${kind === "news" ? "tab=news&" : ""}cursor=${page.cursor}`}
          >
            {t("content.older")}
          </a>
        </p>
      )}
    </>
  );
}

async function articleDetail(c: Ctx, id: string, base: string) {
  const t = c.get("t");
  const kind = kindOf(id);
  const { content } = c.get("deps");
  const tenant = c.get("tenant").id;
  const d = await notFoundOr(() =>
    kind === "news"
      ? content.news(tenant, id, c.get("locale"))
      : content.notice(tenant, id, c.get("locale"))
  );
  if (!d) return null;
  return {
    title: d.title,
    body: (
      <article class="card article" data-testid="article">
        {base.startsWith("/wp") && <h2>{d.title}</h2>}
        <p class="muted small">{date(c, d.publishedAt)}</p>
        <ServedLabel c={c} served={d.servedLocale} />
        <SafeHtml html={d.html} testid="article-body" />
        <p>
          <a href={kind === "news" ? `${base}?tab=news` : base}>{t("content.backToList")}</a>
        </p>
      </article>
    ),
  };
}

function missing(c: Ctx) {
  const t = c.get("t");
  return (
    <section class="card center" data-testid="article-missing">
      <p>{t("content.missing")}</p>
    </section>
  );
}

function newsPage(layout: Layout): PageDef {
  const base = layout === "wp" ? "/wp/news/noticeDetail" : "/pc/article/notice/detail";
  return {
    path: base,
    layout,
    public: true,
    render: async (c) => {
      const t = c.get("t");
      const id = c.req.query("id");
      let title = t("content.newsCentre");
      let body: ComponentChildren;
      if (id) {
        const d = /^[A-Za-z0-9_-]{1,64}$/.test(id) ? await articleDetail(c, id, base) : null;
        // the phone's bar is short: it names the page, the article shows its own title
        if (d) {
          [title, body] = [
            layout === "wp"
              ? t(kindOf(id) === "news" ? "content.news" : "page.noticeDetail")
              : d.title,
            d.body,
          ];
        } else body = missing(c);
      } else {
        body = await articleList(c, c.req.query("tab") === "news" ? "news" : "notice", base);
      }
      return layout === "wp"
        ? mobilePage(c, { title, back: id ? base : "/wp/home" }, body)
        : desktopPage(c, { title }, body);
    },
  };
}

// ------------------------------------------------------------------ help centre

/**
 * The help centre of a layout: the search form, then the categories with their articles, or
 * with `q` the articles found (best first) under "Results for".
 */
function helpCentre(layout: Layout): PageDef {
  const paths = HELP[layout];
  return {
    path: paths.centre,
    layout,
    render: async (c) => {
      const t = c.get("t");
      const q = (c.req.query("q") ?? "").trim().slice(0, 100);
      const help = await c.get("deps").content.help(c.get("tenant").id, c.get("locale"), q);
      const body = (
        <div class="help-centre" data-testid="help-centre">
          <form class="help-search row" role="search" action={paths.centre} method="get">
            <label class="sr-only" for="help-q">{t("content.searchLabel")}</label>
            <input
              id="help-q"
              name="q"
              type="search"
              value={q}
              maxLength={100}
              class="grow"
              placeholder={t("content.searchPlaceholder")}
            />
            <button class="btn btn-primary btn-small" type="submit">{t("content.search")}</button>
          </form>
          {q && help.categories.length > 0 && (
            <p class="row-between" data-testid="help-results">
              <span>{t("content.resultsFor", { q })}</span>
              <a href={paths.centre}>{t("content.allArticles")}</a>
            </p>
          )}
          {help.categories.length === 0 && (
            <section class="card" data-testid="help-empty">
              <p class="muted">{q ? t("content.noResults", { q }) : t("content.noHelp")}</p>
              <p>
                {q && <a href={paths.centre}>{t("content.allArticles")}</a>}
                {q && " · "}
                <a href={paths.service}>{t("content.askService")}</a>
              </p>
            </section>
          )}
          <div class={layout === "pc" ? "help-grid" : undefined}>
            {help.categories.map((cat) => (
              <section key={cat.name} data-testid="help-category">
                <h2 class="section">{cat.name || t("content.general")}</h2>
                <ul class="list">
                  {cat.items.map((a) => (
                    <li key={a.id}>
                      <a
                        class="list-row"
                        href={`${paths.detail}?id=${encodeURIComponent(a.id)}`}
                        data-testid="help-article-link"
                      >
                        <span class="grow">
                          {a.title}
                          {layout === "pc" && a.summary && (
                            <span class="muted small block">{a.summary}</span>
                          )}
                        </span>
                        <ServedMark c={c} served={a.servedLocale} />
                        <Icon name="chevron" size={18} />
                      </a>
                    </li>
                  ))}
                </ul>
              </section>
            ))}
          </div>
        </div>
      );
      return layout === "wp"
        ? mobilePage(c, { title: t("page.helpCenter"), back: "/wp/user/userCenter" }, body)
        : desktopPage(c, { title: t("page.helpCenter") }, body);
    },
  };
}

/** One help article (on the desktop its links lead to the desktop pages). */
function helpDetail(layout: Layout): PageDef {
  const paths = HELP[layout];
  return {
    path: paths.detail,
    layout,
    render: async (c) => {
      const t = c.get("t");
      const id = c.req.query("id") ?? "";
      const d = /^[A-Za-z0-9_-]{1,64}$/.test(id)
        ? await notFoundOr(() =>
          c.get("deps").content.helpArticle(c.get("tenant").id, id, c.get("locale"))
        )
        : null;
      const body = d
        ? (
          <article class="card article" data-testid="article">
            {d.category && <p class="muted small">{d.category}</p>}
            {/* the desktop frame's heading is the title already */}
            {layout === "wp" && <h2>{d.title}</h2>}
            <ServedLabel c={c} served={d.servedLocale} />
            <SafeHtml
              html={layout === "pc" ? desktopLinks(d.html) : d.html}
              testid="article-body"
            />
            <p>
              <a href={paths.centre}>{t("content.backToHelp")}</a>
            </p>
          </article>
        )
        : missing(c);
      return layout === "wp"
        ? mobilePage(c, { title: t("page.helpDetail"), back: paths.centre }, body)
        : desktopPage(c, { title: d?.title ?? t("page.helpDetail") }, body);
    },
  };
}

// ------------------------------------------------------------------ information pages

/** Percent and amount formatting of the reader's language (display only; values are strings). */
function numbers(locale: string) {
  const p = new Intl.NumberFormat(locale, { style: "percent", maximumFractionDigits: 4 });
  const a = new Intl.NumberFormat(locale, { maximumFractionDigits: 8 });
  return {
    pct: (rate: string) => Number.isFinite(Number(rate)) ? p.format(Number(rate)) : rate,
    amt: (v: string) => Number.isFinite(Number(v)) ? a.format(Number(v)) : v,
  };
}

type Fair = Awaited<ReturnType<Ctx["var"]["deps"]["fast"]["fairness"]>>;

/**
 * Fast contracts' outcomes over the last 30 days per symbol and duration (live contracts, from
 * their settlements): the published shares won, lost and tied, and how many were refunded.
 */
function FairnessTable({ t, f, locale }: { t: T; f: Fair; locale: string }) {
  const { pct } = numbers(locale);
  const n = new Intl.NumberFormat(locale);
  return (
    <section class="card rates" data-testid="rates-fairness" aria-labelledby="fairness-title">
      <h2 id="fairness-title">{t("content.fairnessTitle", { days: f.days })}</h2>
      <p class="muted small">{t("content.fairnessNote")}</p>
      {f.items.length
        ? (
          <div class="scroll-x" tabIndex={0} role="region" aria-labelledby="fairness-title">
            <table class="table">
              <thead>
                <tr>
                  <th scope="col">{t("content.symbol")}</th>
                  <th scope="col" class="num">{t("content.duration")}</th>
                  <th scope="col" class="num">{t("content.fairWon")}</th>
                  <th scope="col" class="num">{t("content.fairLost")}</th>
                  <th scope="col" class="num">{t("content.fairTied")}</th>
                  <th scope="col" class="num">{t("content.fairCount")}</th>
                </tr>
              </thead>
              <tbody>
                {f.items.map((r) => (
                  <tr key={`${r.symbol}-${r.duration}`}>
                    <td>{r.symbol}</td>
                    <td class="num">{t("content.seconds", { n: r.duration })}</td>
                    <td class="num">{pct(r.wonShare)}</td>
                    <td class="num">{pct(r.lostShare)}</td>
                    <td class="num">{pct(r.tiedShare)}</td>
                    <td class="num">{n.format(r.won + r.lost + r.tied)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )
        : <p data-testid="fairness-empty">{t("content.fairnessEmpty")}</p>}
    </section>
  );
}

function RatesTables({ t, r, locale }: { t: T; r: Rates; locale: string }) {
  const { pct, amt } = numbers(locale);
  const table = (
    id: string,
    title: string,
    head: string[],
    rows: (string | number)[][],
  ) => (
    <section class="card rates" data-testid={`rates-${id}`}>
      <h2>{title}</h2>
      <div class="scroll-x" tabIndex={0} role="region" aria-label={title}>
        <table class="table">
          <thead>
            <tr>
              {head.map((h, j) => <th scope="col" key={h} class={j ? "num" : undefined}>{h}</th>)}
            </tr>
          </thead>
          <tbody>
            {rows.map((row, i) => (
              <tr key={i}>
                {row.map((v, j) => <td key={j} class={j ? "num" : undefined}>{v}</td>)}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
  return (
    <div data-testid="rates">
      {r.fast.length > 0 && table(
        "fast",
        t("content.ratesFast"),
        [t("content.duration"), t("content.payout"), t("content.min"), t("content.max")],
        r.fast.map((f) => [
          t("content.seconds", { n: f.duration }),
          pct(f.rate),
          amt(f.min),
          amt(f.max),
        ]),
      )}
      {r.leveraged.length > 0 && table(
        "leveraged",
        t("content.ratesLeveraged"),
        [t("content.symbol"), t("content.leverages"), t("content.takerFee")],
        r.leveraged.map((l) => [
          l.symbol,
          l.leverages.map((x) => `${x}x`).join(" "),
          pct(l.takerFee),
        ]),
      )}
      {r.leveraged.length > 0 && table(
        "brackets",
        t("content.brackets"),
        [t("content.symbol"), t("content.upTo"), t("content.maxLeverage"), t("content.mmr")],
        r.leveraged.flatMap((l) =>
          l.brackets.map((b, i) => [
            i ? "" : l.symbol,
            b.upTo ? amt(b.upTo) : "∞",
            `${b.maxLeverage}x`,
            pct(b.mmr),
          ])
        ),
      )}
      {table("fees", t("content.ratesFees"), [t("content.fee"), t("content.rate")], [
        ...(r.products.includes("leveraged")
          ? [[t("content.holdingFee"), pct(r.holdingFeeDaily)]]
          : []),
        ...(r.products.includes("spot") ? [[t("content.spotFee"), pct(r.spotFee)]] : []),
        [t("content.exchangeFee"), pct(r.exchangeFee)],
      ])}
      {table(
        "withdraw",
        t("content.ratesWithdraw"),
        [
          t("content.currency"),
          t("content.min"),
          t("content.max"),
          t("content.feeRate"),
          t("content.minFee"),
        ],
        r.withdraw.rules.map((w) => [
          w.currency,
          amt(w.min),
          amt(w.max),
          pct(w.feeRate),
          amt(w.minFee),
        ]),
      )}
      <p class="muted small" data-testid="rates-withdraw-state">
        {r.withdraw.enabled ? t("content.withdrawOpen") : t("content.withdrawClosed")} ·{" "}
        {t("content.turnover", { ratio: r.withdraw.turnoverRatio })}
      </p>
      {table(
        "recharge",
        t("content.ratesRecharge"),
        [t("content.currency"), t("content.channel")],
        r.recharge.channels.length
          ? r.recharge.channels.map((ch) => [ch.currency, ch.name])
          : [[t("content.none"), "—"]],
      )}
      {r.wealth.length > 0 && table(
        "wealth",
        t("content.ratesWealth"),
        [
          t("content.product"),
          t("content.dailyRate"),
          t("content.apr"),
          t("content.period"),
          t("content.min"),
          t("content.max"),
        ],
        r.wealth.map((w) => [
          w.name,
          pct(w.dailyRate),
          pct(w.apr),
          t("content.days", { n: w.periodDays }),
          amt(w.minAmount),
          amt(w.maxAmount),
        ]),
      )}
    </div>
  );
}

const infoPage: PageDef = {
  path: "/page/:slug",
  layout: "any",
  public: true,
  render: async (c) => {
    const t = c.get("t");
    const slug = c.req.param("slug") as PageSlug | "rates";
    if (slug !== "rates" && !PAGE_SLUGS.includes(slug as PageSlug)) return notFoundPage(c);
    const p = await notFoundOr(() =>
      c.get("deps").content.page(c.get("tenant"), slug, c.get("locale"))
    );
    if (!p) return notFoundPage(c);
    return devicePage(
      c,
      { title: p.title || t(`page.${slug}`) },
      <div class="info-page" data-testid={`page-${slug}`}>
        <article class="card article">
          <ServedLabel c={c} served={p.servedLocale} />
          {p.legal && (
            <p class="muted small" data-testid="page-version">
              {t("content.version", { version: p.version, date: date(c, p.publishedAt) })}
            </p>
          )}
          <SafeHtml html={p.html} testid="page-body" />
        </article>
        {p.rates && <RatesTables t={t} r={p.rates} locale={c.get("locale")} />}
        {p.rates && (
          <LossFiguresSection
            t={t}
            locale={c.get("locale")}
            figures={(await c.get("deps").lossFigures.published(c.get("tenant").id)).items}
            products={c.get("tenant").products}
            date={(ms) => date(c, ms)}
          />
        )}
        {p.rates && c.get("tenant").products.includes("fast") && (
          <FairnessTable
            t={t}
            f={await c.get("deps").fast.fairness(c.get("tenant").id)}
            locale={c.get("locale")}
          />
        )}
        {slug === "coinApply" && (
          <section class="card" aria-labelledby="coin-form-title">
            <h2 id="coin-form-title">{t("content.coinFormTitle")}</h2>
            <Island
              name="CoinApplyForm"
              of={CoinApplyForm}
              props={{ tx: pickTexts(t, COIN_TEXTS) }}
            />
          </section>
        )}
        {slug === "download" && <InstallSteps t={t} />}
        {c.get("mobile") && (
          <nav class="info-links" aria-label={t("content.infoPages")}>
            {STATIC_PAGES.filter((s) => s !== slug).map((s) => (
              <a key={s} href={`/page/${s}`}>{t(`page.${s}`)}</a>
            ))}
          </nav>
        )}
      </div>,
    );
  },
};

function InstallSteps({ t }: { t: T }) {
  return (
    <section class="card install" data-testid="install-steps">
      <img src="/static/icons/icon-192.png" width="64" height="64" alt="" />
      <div class="stack grow">
        <h2>{t("content.installTitle")}</h2>
        <a class="btn btn-primary" href="/wp/home">{t("content.installOpen")}</a>
      </div>
    </section>
  );
}

// ------------------------------------------------------------------ customer service

/**
 * The built-in support chat, shown when the tenant configured no service link (or `BUILTIN`): a
 * visitor's browser gets its conversation cookie here, so the island's socket knows it.
 */
function ChatBody({ c, signedIn, layout }: { c: Ctx; signedIn: boolean; layout: Layout }) {
  const t = c.get("t");
  if (!signedIn) ensureVisitorCookie(c);
  const here = layout === "wp" ? "/wp/kefu" : "/pc/kefu";
  const login = `${layout === "wp" ? "/wp/user/login" : "/pc/user/login"}?redirect=${
    encodeURIComponent(here)
  }`;
  return (
    <>
      <p class="notice" data-testid="kefu-chat">{t("support.intro")}</p>
      <Island
        name="SupportChat"
        of={SupportChat}
        props={{ tx: pickTexts(t, SUPPORT_TEXTS), signedIn, login }}
      />
      <p class="small">
        <a href={HELP[layout].centre}>{t("page.helpCenter")}</a>
      </p>
    </>
  );
}

function servicePage(path: "/wp/kefu" | "/wp/myIframe"): PageDef {
  return {
    path,
    layout: "wp",
    public: path === "/wp/kefu",
    render: (c, s) => {
      const t = c.get("t");
      const link = parseCustomerUrl(
        c.get("tenant").customerUrl,
        s ? { userId: s.userId, phone: s.user.phone } : null,
      );
      // spec: messaging apps (line, telegram, whatsapp) and "vip" links redirect the page
      if (link.mode === "redirect" && link.url) return c.redirect(link.url, 302);
      const embed = link.mode !== "none" && link.url;
      if (embed) c.set("frameSrc", new URL(link.url!).origin);
      return mobilePage(
        c,
        { title: t(path === "/wp/kefu" ? "page.kefu" : "page.myIframe"), back: "/wp/home" },
        embed
          ? (
            <>
              <p class="notice">{t("kefu.intro")}</p>
              <iframe class="kefu-frame" src={link.url!} title={t("page.kefu")} />
              <p class="small">
                <a href={link.url!} target="_blank" rel="noopener noreferrer">
                  {t("kefu.open")}
                </a>
              </p>
            </>
          )
          : <ChatBody c={c} signedIn={!!s} layout="wp" />,
      );
    },
  };
}

/** Desktop: customer service is the same chat in the desktop frame (or the link). */
const pcService: PageDef = {
  path: "/pc/kefu",
  layout: "pc",
  render: (c, s) => {
    const t = c.get("t");
    const link = parseCustomerUrl(
      c.get("tenant").customerUrl,
      s ? { userId: s.userId, phone: s.user.phone } : null,
    );
    if (link.mode === "redirect" && link.url) return c.redirect(link.url, 302);
    if (link.url) c.set("frameSrc", new URL(link.url).origin);
    return desktopPage(
      c,
      { title: t("page.kefu") },
      link.url
        ? <iframe class="kefu-frame" src={link.url} title={t("page.kefu")} />
        : <ChatBody c={c} signedIn={!!s} layout="pc" />,
    );
  },
};

export const contentPages: PageDef[] = [
  newsPage("wp"),
  newsPage("pc"),
  helpCentre("wp"),
  helpDetail("wp"),
  helpCentre("pc"),
  helpDetail("pc"),
  servicePage("/wp/kefu"),
  servicePage("/wp/myIframe"),
  pcService,
  infoPage,
];
