/**
 * What readers of content get (edge/content/service.ts): the tenant's items and published texts
 * from the in-process cache (shipped defaults where nothing is stored), banners, notices, news,
 * help and its search, the information pages and the rates page built from the configuration,
 * and the pop-up notice of a session. `Content` adds the operators' writes and the visitors'
 * submissions on top; the storage helpers are shared with it (protected).
 */
import { formatDecimal } from "../../core-wasm/mod.ts";
import type { LocaleId } from "../../locales/languages.ts";
import type { FundsSettings } from "../funds/settings.ts";
import type { Session } from "../customers/sessions.ts";
import { DomainError } from "../platform/errors.ts";
import { getAll } from "../platform/kvpage.ts";
import { PublicCache } from "../platform/public_cache.ts";
import type { Tenant } from "../platform/tenants.ts";
import type { ProductTerms } from "../trading/terms.ts";
import { bracketsJson } from "../trading/positions.ts";
import type { ImageStore } from "../uploads/service.ts";
import { productJson, productTerms } from "../wealth/figures.ts";
import type { Wealth } from "../wealth/service.ts";
import { SHIPPED_AT, shippedText } from "./defaults.ts";
import { plainText, renderMarkdown } from "./markdown.ts";
import { categoryName, HELP_CATEGORIES, SHIPPED_HELP, shippedHelpText } from "./help_defaults.ts";
import { fold, queryTerms, scores } from "./search.ts";
import {
  type ContentItem,
  contentKeys,
  type ContentKind,
  PAGE_SLUGS,
  type PageSlug,
  type PublishedText,
  type VariantText,
} from "./store.ts";
import {
  detailJson,
  fallbackChain,
  isLegal,
  pageId,
  type Served,
  shipped,
  shippedItem,
  summaryJson,
} from "./items.ts";

/** How long an everyLogin notice stays "seen" by a session at most (the longest session). */
const SESSION_SEEN_MS = 8 * 24 * 3600_000;

type Reader = { locale: LocaleId; session: Session | null };

export class ContentReads {
  constructor(
    protected kv: Deno.Kv,
    protected images: ImageStore,
    private wealth: Wealth,
    private funds: FundsSettings,
    private terms: ProductTerms,
    protected now: () => number,
  ) {
    this.cache = new PublicCache(kv);
  }

  /** items and published texts, in memory (public data: edge/platform/public_cache.ts) */
  private cache: PublicCache;

  // ---------------------------------------------------------------- storage

  protected textKey(t: string, id: string, locale: LocaleId, state: "draft" | "published") {
    return [...contentKeys.text(t, id, locale), state];
  }

  /** The shipped version of a page (never stored until an operator edits it). */
  protected shippedPage(slug: PageSlug): ContentItem {
    return shippedItem(pageId(slug), (l) => !!shippedText(slug, l), {
      kind: "page",
      slug,
      order: PAGE_SLUGS.indexOf(slug),
      legal: isLegal(slug),
    });
  }

  /** The shipped version of a help article (never stored until an operator edits it). */
  protected shippedHelp(id: string): ContentItem | null {
    const a = SHIPPED_HELP.find((a) => a.id === id);
    if (!a) return null;
    return shippedItem(id, (l) => !!shippedHelpText(id, l), {
      kind: "help",
      category: HELP_CATEGORIES[a.category],
      order: a.order,
    });
  }

  /**
   * Every item of the tenant, the shipped pages and help articles included where none is stored
   * (a deleted shipped article's `removed` record left out).
   */
  protected items(t: string): Promise<ContentItem[]> {
    return this.cache.get(`items|${t}`, [contentKeys.items(t)], async () => {
      const out: ContentItem[] = [];
      for await (const e of this.kv.list<ContentItem>({ prefix: contentKeys.items(t) })) {
        out.push(e.value);
      }
      for (const slug of PAGE_SLUGS) {
        if (!out.some((i) => i.id === pageId(slug))) out.push(this.shippedPage(slug));
      }
      for (const a of SHIPPED_HELP) {
        if (!out.some((i) => i.id === a.id)) out.push(this.shippedHelp(a.id)!);
      }
      return out.filter((i) => !i.removed);
    });
  }

  protected async item(t: string, id: string): Promise<ContentItem | null> {
    const stored = (await this.kv.get<ContentItem>(contentKeys.item(t, id))).value;
    if (stored) return stored.removed ? null : stored;
    const slug = PAGE_SLUGS.find((s) => pageId(s) === id);
    return slug ? this.shippedPage(slug) : this.shippedHelp(id);
  }

  protected async text(
    t: string,
    item: ContentItem,
    locale: LocaleId,
    state: "draft" | "published",
  ): Promise<PublishedText | VariantText | null> {
    if (item.shipped) {
      const s = shipped(item, locale);
      return s && state === "published" ? { ...s, version: 1, publishedAt: SHIPPED_AT } : null;
    }
    return (await this.kv.get<PublishedText>(this.textKey(t, item.id, locale, state))).value;
  }

  // ---------------------------------------------------------------- readers

  private visible(item: ContentItem, now: number): boolean {
    return item.status === "published" && (item.from === null || item.from <= now) &&
      (item.to === null || now < item.to);
  }

  private servedLocale(item: ContentItem, locale: LocaleId): LocaleId | null {
    return fallbackChain(locale).find((l) => item.variants[l]?.published) ?? null;
  }

  /** The visible items of a kind with the text each reader gets (items off the chain left out). */
  private async served(t: string, kind: ContentKind, locale: LocaleId): Promise<Served[]> {
    const now = this.now();
    const picks: { item: ContentItem; locale: LocaleId }[] = [];
    for (const item of await this.items(t)) {
      if (item.kind !== kind || !this.visible(item, now)) continue;
      const l = this.servedLocale(item, locale);
      if (l) picks.push({ item, locale: l });
    }
    const stored = picks.filter((p) => !p.item.shipped);
    const keys = stored.map((p) => this.textKey(t, p.item.id, p.locale, "published"));
    const texts = await this.cache.get(
      `texts|${keys.map((k) => k.join("/")).join("|")}`,
      keys,
      () => getAll<PublishedText>(this.kv, keys),
    );
    const out: Served[] = [];
    for (const p of picks) {
      const text = p.item.shipped
        ? await this.text(t, p.item, p.locale, "published") as PublishedText | null
        : texts[stored.indexOf(p)];
      if (text) out.push({ ...p, text });
    }
    return out;
  }

  /** An item as every reader sees it: from the in-process copy of the tenant's items. */
  private async publicItem(t: string, id: string): Promise<ContentItem | null> {
    return (await this.items(t)).find((i) => i.id === id) ?? null;
  }

  /** A published text as every reader sees it, from process memory (public_cache.ts). */
  private publishedText(t: string, item: ContentItem, locale: LocaleId) {
    if (item.shipped) return this.text(t, item, locale, "published");
    const key = this.textKey(t, item.id, locale, "published");
    return this.cache.get(
      `text|${key.join("/")}`,
      [key],
      () => this.text(t, item, locale, "published"),
    );
  }

  private async one(t: string, kind: ContentKind, id: string, locale: LocaleId) {
    const item = await this.publicItem(t, id);
    if (!item || item.kind !== kind || !this.visible(item, this.now())) {
      throw new DomainError("NOT_FOUND");
    }
    const l = this.servedLocale(item, locale);
    const text = l ? await this.publishedText(t, item, l) as PublishedText | null : null;
    if (!l || !text) throw new DomainError("NOT_FOUND");
    return detailJson({ item, locale: l, text });
  }

  async banners(t: string, locale: LocaleId) {
    const items = (await this.served(t, "banner", locale))
      .filter((s) => s.item.image)
      .sort((a, b) => a.item.order - b.item.order || a.item.id.localeCompare(b.item.id));
    return {
      items: items.map((s) => ({
        id: s.item.id,
        image: `/api/image/${s.item.image}`,
        link: s.item.link,
        title: s.text.title,
        servedLocale: s.locale,
      })),
    };
  }

  /** Notices or news, newest first, paged by the id of the last item of the previous page. */
  async list(
    t: string,
    kind: "notice" | "news",
    locale: LocaleId,
    limit: number,
    cursor?: string,
  ) {
    const all = (await this.served(t, kind, locale)).sort((a, b) =>
      (b.item.publishedAt ?? 0) - (a.item.publishedAt ?? 0) || b.item.id.localeCompare(a.item.id)
    );
    let start = 0;
    if (cursor) {
      const at = all.findIndex((s) => s.item.id === cursor);
      if (at < 0) throw new DomainError("VALIDATION", {}, { cursor: "invalid" });
      start = at + 1;
    }
    const page = all.slice(start, start + limit);
    return {
      items: page.map(summaryJson),
      cursor: start + limit < all.length ? page.at(-1)!.item.id : null,
    };
  }

  notice(t: string, id: string, locale: LocaleId) {
    return this.one(t, "notice", id, locale);
  }

  news(t: string, id: string, locale: LocaleId) {
    return this.one(t, "news", id, locale);
  }

  /** One help article; a shipped category named in the reader's language. */
  async helpArticle(t: string, id: string, locale: LocaleId) {
    const d = await this.one(t, "help", id, locale);
    return { ...d, category: d.category === null ? null : categoryName(d.category, locale) };
  }

  /**
   * Help centre: categories (in the order of their first article) with their articles; with
   * `q`, the articles that match it in the reader's language (`search.ts`), best first, in the
   * categories of the best. Category names of the shipped ones in the reader's language.
   */
  async help(t: string, locale: LocaleId, q?: string) {
    let items = (await this.served(t, "help", locale)).sort((a, b) =>
      a.item.order - b.item.order || a.text.title.localeCompare(b.text.title)
    );
    const terms = queryTerms(q ?? "");
    if (terms.length) {
      const points = scores(
        terms,
        items.map((s) => ({
          title: fold(s.text.title),
          rest: fold(
            `${s.text.summary} ${plainText(s.text.body)} ${
              categoryName(s.item.category ?? "", s.locale)
            }`,
          ),
        })),
      );
      items = items.map((s, i) => ({ s, score: points[i]! })).filter((r) => r.score > 0)
        .sort((a, b) => b.score - a.score).map((r) => r.s);
    }
    const categories: { name: string; items: ReturnType<typeof summaryJson>[] }[] = [];
    for (const s of items) {
      const name = categoryName(s.item.category ?? "", locale);
      let c = categories.find((c) => c.name === name);
      if (!c) categories.push(c = { name, items: [] });
      c.items.push(summaryJson(s));
    }
    return { categories };
  }

  /** An information page; `rates` is generated from the live configuration. */
  async page(tenant: Tenant, slug: PageSlug | "rates", locale: LocaleId) {
    if (slug === "rates") {
      const l = fallbackChain(locale).find((l) => shippedText("rates", l)) ?? "en";
      const text = shippedText("rates", l)!;
      return {
        id: "page-rates",
        kind: "page" as const,
        slug,
        legal: false,
        title: text.title,
        summary: text.summary,
        html: renderMarkdown(text.body),
        publishedAt: this.now(),
        version: 1,
        servedLocale: l,
        category: null,
        popup: null,
        rates: await this.rates(tenant),
      };
    }
    const d = await this.one(tenant.id, "page", pageId(slug), locale);
    return { ...d, slug, legal: isLegal(slug), rates: null };
  }

  /** The service rates as configured now (nothing typed by hand). */
  async rates(tenant: Tenant) {
    const t = tenant.id;
    const has = (p: string) => tenant.products.includes(p as never);
    const channels = (await this.funds.publicChannels(t)).filter((c) => c.enabled);
    const withdraw = await this.funds.withdraw(t);
    const wealth = has("wealth") ? await this.wealth.products(t) : [];
    // the product terms in force (an approved change shows here at once)
    const terms = await this.terms.of(t);
    return {
      termsVersion: terms.version,
      fast: has("fast") ? terms.fastOptions.map((o) => ({ ...o })) : [],
      leveraged: has("leveraged")
        ? terms.symbols.filter((s) => s.leveraged).map((s) => ({
          symbol: s.code,
          leverages: [...s.leverage],
          takerFee: formatDecimal(s.takerFee),
          brackets: bracketsJson(s.brackets),
        }))
        : [],
      holdingFeeDaily: formatDecimal(terms.holdingFeeDaily),
      spotFee: formatDecimal(terms.spotFee),
      exchangeFee: formatDecimal(terms.exchangeFee),
      recharge: {
        currencies: [...new Set(channels.map((c) => c.currency))],
        channels: channels.map((c) => ({ currency: c.currency, name: c.name })),
        min: null,
      },
      withdraw: {
        enabled: withdraw.enabled,
        turnoverRatio: withdraw.turnoverRatio,
        rules: Object.entries(withdraw.rules).map(([currency, r]) => ({ currency, ...r })),
      },
      wealth: wealth.filter((p) => p.enabled).map((p) => {
        const j = productJson(p, 0n, null);
        return { ...productTerms(j), apr: j.apr };
      }),
      products: [...tenant.products],
    };
  }

  /** The user agreement's current version (what a registration accepts). */
  async agreementVersion(t: string): Promise<number> {
    return (await this.publicItem(t, pageId("agreement")))!.version;
  }

  /**
   * The notice to pop up now for this reader, or null. Signed in: `once` until the customer saw
   * it (this version), `everyLogin` once per session, `untilAck` until acknowledged; serving it
   * counts as seen. Visitors get the newest pop-up notice (the client remembers what it showed).
   */
  async dialog(t: string, r: Reader) {
    const notices = (await this.served(t, "notice", r.locale))
      .filter((s) => s.item.popup)
      .sort((a, b) => (b.item.publishedAt ?? 0) - (a.item.publishedAt ?? 0));
    const s = r.session;
    if (!s) return notices[0] ? detailJson(notices[0]) : null;
    for (const n of notices) {
      const { item } = n;
      const key = item.popup === "everyLogin"
        ? contentKeys.seenSession(t, s.tokenHash, item.id)
        : contentKeys.seen(t, s.userId, item.id);
      const seen = (await this.kv.get<{ version: number }>(key)).value;
      if (seen && seen.version >= item.version) continue;
      if (item.popup === "once") {
        await this.kv.set(key, { version: item.version, at: this.now() });
      } else if (item.popup === "everyLogin") {
        await this.kv.set(key, { version: item.version, at: this.now() }, {
          expireIn: SESSION_SEEN_MS,
        });
      }
      return detailJson(n);
    }
    return null;
  }

  /** A signed-in reader acknowledges a pop-up notice (this version): it stops popping up. */
  async ack(t: string, session: Session, id: string) {
    const item = await this.item(t, id);
    if (!item || item.kind !== "notice" || !item.popup || !this.visible(item, this.now())) {
      throw new DomainError("NOT_FOUND");
    }
    await this.kv.set(contentKeys.seen(t, session.userId, id), {
      version: item.version,
      at: this.now(),
      ack: true,
    });
    return { id, acknowledged: true as const };
  }
}
