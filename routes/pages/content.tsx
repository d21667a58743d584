/**
 * Content and service screens: home banners and notice bar, notices and news (list and detail),
 * the help centre, the information pages (`/page/<slug>`, the rates page generated from the live
 * configuration; its tables in rates_tables.tsx), customer service (`/wp/kefu`, `/wp/myIframe`,
 * `/pc/kefu`, in customer_service.tsx) with the built-in support chat when no link is configured
 * (or `BUILTIN`). Pages call the content service directly; bodies are the service's sanitised
 * Markdown render (content_parts.tsx), never raw content HTML.
 */
import { LossFiguresSection } from "../../components/LossFigure.tsx";
import type { ComponentChildren } from "preact";
import type { Ctx } from "../../edge/http/context.ts";
import { pickTexts, type T } from "../../edge/platform/locale.ts";
import { Island } from "../../edge/render/island.tsx";
import { STATIC_PAGES } from "../../edge/content/static_pages.ts";
import { desktopLinks } from "../../edge/content/help_defaults.ts";
import { PAGE_SLUGS, type PageSlug } from "../../edge/content/store.ts";
import NoticeDialog, { DIALOG_TEXTS } from "../../islands/NoticeDialog.tsx";
import BannerAutoplay from "../../islands/BannerAutoplay.tsx";
import CoinApplyForm, { COIN_TEXTS } from "../../islands/CoinApplyForm.tsx";
import { desktopPage, devicePage, mobilePage } from "./frame.tsx";
import type { PageDef } from "./types.ts";
import { Icon } from "../../components/Icon.tsx";
import { notFoundPage } from "./not_found.tsx";
import {
  date,
  HELP,
  type Layout,
  notFoundOr,
  SafeHtml,
  ServedLabel,
  ServedMark,
} from "./content_parts.tsx";
import { FairnessTable, RatesTables } from "./rates_tables.tsx";
import { pcService, servicePage } from "./customer_service.tsx";

// ------------------------------------------------------------------ home

/** What the home's content shows: the banners and the latest notices (public caches). */
export function homeContentData(c: Ctx) {
  const { content } = c.get("deps");
  const tenant = c.get("tenant").id;
  return [
    content.banners(tenant, c.get("locale")),
    content.list(tenant, "notice", c.get("locale"), 3),
  ] as const;
}

/**
 * Home: the banner carousel (scroll-snap, works without JavaScript), the notice bar (only with
 * notices: no empty tile on a new install), the help centre's tile, the pop-up.
 */
export async function HomeContent({ c, layout }: { c: Ctx; layout: Layout }) {
  const t = c.get("t");
  const [banners, notices] = await Promise.all(homeContentData(c));
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
          {banners.items.length > 1 && <Island of={BannerAutoplay} props={{ seconds: 5 }} />}
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
