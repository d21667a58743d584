/**
 * Content and service: what operators write for customers (banners, notices, news, help
 * articles, information pages) in variants per language, and what visitors send to operators
 * (coin applications, contact messages).
 *
 * Storage: an item's record (`contentKeys.item`) holds its settings and, per language, only the
 * state of its variant (draft or not, published version); the texts live in their own keys
 * (`textKey`: one draft and one published text per language, each bounded well under the 64 KiB
 * value limit of KV), so an item in 11 languages never outgrows a value. Every operator write
 * commits the record, the texts it changes and its audit entry together, checked against the
 * record's versionstamp (2 checks per commit; publishing 11 languages is 23 mutations).
 *
 * Readers get the published text of their language, else the fallback chain (zh-TW -> zh-CN ->
 * en; every other language -> en), and `servedLocale` says which one; an item without a text on
 * the chain is not shown. Published items show only within their schedule [from, to).
 * Information pages (`defaults.ts`) and help articles (`help_defaults.ts`) have shipped
 * defaults, version 1, that every tenant shows until an operator edits one; a deleted shipped
 * article is stored as `removed` so that it stays deleted.
 */
import { formatDecimal } from "../../core-wasm/mod.ts";
import { type LocaleId, LOCALES } from "../../locales/languages.ts";
import { journalId } from "../ledger/service.ts";
import type { FundsSettings } from "../funds/settings.ts";
import type { Session } from "../accounts/sessions.ts";
import { type Actor, auditAlone, auditInto, readAuditHead } from "../audit/audit.ts";
import type { Json } from "../../contract/operators.ts";
import { DomainError } from "../platform/errors.ts";
import { commitAttempts, storeBusy } from "../platform/kvstore.ts";
import { getAll, listPage } from "../platform/kvpage.ts";
import { PublicCache } from "../platform/public_cache.ts";
import { take } from "../platform/ratelimit.ts";
import type { Tenant } from "../platform/tenants.ts";
import type { ProductTerms } from "../trading/terms.ts";
import { bracketsJson } from "../trading/positions.ts";
import type { ImageStore } from "../uploads/service.ts";
import { UPLOAD_ERRORS } from "../identity/certify.ts";
import { MAX_UPLOAD_BYTES, UploadRejected } from "../uploads/sanitize.ts";
import { cleanUpload } from "../uploads/reencode.ts";
import { productJson } from "../wealth/service.ts";
import type { Wealth } from "../wealth/service.ts";
import { SHIPPED_AT, shippedText } from "./defaults.ts";
import { plainText, renderMarkdown } from "./markdown.ts";
import {
  categoryName,
  HELP_CATEGORIES,
  isShippedHelp,
  SHIPPED_HELP,
  shippedHelpText,
} from "./help_defaults.ts";
import { fold, queryTerms, scores } from "./search.ts";
import type { ContentCreate, ContentEdit } from "../../contract/content.ts";
import {
  type CoinApplication,
  type ContactMessage,
  type ContentItem,
  contentKeys,
  type ContentKind,
  LEGAL_SLUGS,
  PAGE_SLUGS,
  type PageSlug,
  type PublishedText,
  type VariantState,
  type VariantText,
} from "./store.ts";

/** Visitors' submissions per source address. */
export const COIN_APPLICATION_LIMIT = { max: 3, windowMs: 3600_000 };
export const CONTACT_LIMIT = { max: 5, windowMs: 3600_000 };
/** How long an everyLogin notice stays "seen" by a session at most (the longest session). */
const SESSION_SEEN_MS = 8 * 24 * 3600_000;

/** The languages a reader of `locale` may be served, in order. */
export function fallbackChain(locale: LocaleId): LocaleId[] {
  if (locale === "en") return ["en"];
  if (locale === "zh-TW") return ["zh-TW", "zh-CN", "en"];
  return [locale, "en"];
}

/** The tenant's languages (a legal item needs a variant in each before it is published). */
export function tenantLanguages(tenant: Tenant): LocaleId[] {
  return tenant.languages?.length ? [...tenant.languages] : [...LOCALES];
}

const pageId = (slug: PageSlug) => `page-${slug}`;
const isLegal = (slug: PageSlug | null) => slug !== null && LEGAL_SLUGS.includes(slug);

interface Served {
  item: ContentItem;
  locale: LocaleId;
  text: PublishedText;
}

type Reader = { locale: LocaleId; session: Session | null };

export class Content {
  constructor(
    private kv: Deno.Kv,
    private images: ImageStore,
    private wealth: Wealth,
    private funds: FundsSettings,
    private terms: ProductTerms,
    private now: () => number,
  ) {
    this.cache = new PublicCache(kv);
  }

  /** items and published texts, in memory (public data: edge/platform/public_cache.ts) */
  private cache: PublicCache;

  // ---------------------------------------------------------------- storage

  private textKey(t: string, id: string, locale: LocaleId, state: "draft" | "published") {
    return [...contentKeys.text(t, id, locale), state];
  }

  /** The shipped version of a page (never stored until an operator edits it). */
  private shippedPage(slug: PageSlug): ContentItem {
    return shippedItem(pageId(slug), (l) => !!shippedText(slug, l), {
      kind: "page",
      slug,
      order: PAGE_SLUGS.indexOf(slug),
      legal: isLegal(slug),
    });
  }

  /** The shipped version of a help article (never stored until an operator edits it). */
  private shippedHelp(id: string): ContentItem | null {
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
  private items(t: string): Promise<ContentItem[]> {
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

  private async item(t: string, id: string): Promise<ContentItem | null> {
    const stored = (await this.kv.get<ContentItem>(contentKeys.item(t, id))).value;
    if (stored) return stored.removed ? null : stored;
    const slug = PAGE_SLUGS.find((s) => pageId(s) === id);
    return slug ? this.shippedPage(slug) : this.shippedHelp(id);
  }

  private async text(
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
        return {
          id: j.id,
          name: j.name,
          dailyRate: j.dailyRate,
          apr: j.apr,
          periodDays: j.periodDays,
          minAmount: j.minAmount,
          maxAmount: j.maxAmount,
          redeemRatio: j.redeemRatio,
        };
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

  // ---------------------------------------------------------------- operators

  async adminList(tenant: Tenant, kind?: ContentKind) {
    const items = (await this.items(tenant.id)).filter((i) => !kind || i.kind === kind);
    items.sort((a, b) =>
      a.kind.localeCompare(b.kind) || a.order - b.order || b.createdAt - a.createdAt
    );
    return { items: items.map((i) => adminJson(i, tenantLanguages(tenant))) };
  }

  async adminGet(tenant: Tenant, id: string) {
    const item = await this.item(tenant.id, id);
    if (!item) throw new DomainError("NOT_FOUND");
    return adminJson(item, tenantLanguages(tenant));
  }

  /** The source an editor starts from: a language's draft, else its published text, else none. */
  async editable(t: string, id: string, locale: LocaleId) {
    const item = await this.item(t, id);
    if (!item) throw new DomainError("NOT_FOUND");
    const draft = await this.text(t, item, locale, "draft");
    const text = draft ?? await this.text(t, item, locale, "published");
    return {
      state: draft ? "draft" as const : text ? "published" as const : "none" as const,
      title: text?.title ?? "",
      summary: text?.summary ?? "",
      body: text?.body ?? "",
    };
  }

  /** The draft (else the published text) of one language, rendered as readers would get it. */
  async preview(t: string, id: string, locale: LocaleId = "en") {
    const item = await this.item(t, id);
    if (!item) throw new DomainError("NOT_FOUND");
    const draft = await this.text(t, item, locale, "draft");
    const text = draft ?? await this.text(t, item, locale, "published");
    if (!text) throw new DomainError("NOT_FOUND");
    return {
      id,
      locale,
      state: draft ? "draft" as const : "published" as const,
      title: text.title,
      summary: text.summary,
      html: renderMarkdown(text.body),
    };
  }

  async create(tenant: Tenant, by: Actor, b: ContentCreate) {
    const t = tenant.id;
    const now = this.now();
    if (b.kind === "page" && !b.slug) throw invalid("slug", "required");
    if (b.kind !== "page" && b.slug) throw invalid("slug", "invalid");
    const id = b.kind === "page" ? pageId(b.slug!) : `${b.kind}-${journalId(now)}`;
    const base: ContentItem = b.kind === "page"
      ? { ...this.shippedPage(b.slug!), createdAt: now, updatedAt: now }
      : {
        id,
        kind: b.kind,
        slug: null,
        category: null,
        image: null,
        link: null,
        order: 0,
        popup: null,
        from: null,
        to: null,
        legal: false,
        variants: {},
        status: "draft",
        version: 0,
        publishedAt: null,
        createdAt: now,
        updatedAt: now,
      };
    const { item, texts } = await this.applyEdit(t, base, b, now);
    if (item.kind === "help" && !item.category) throw invalid("category", "required");
    if (item.kind === "banner" && !item.image) throw invalid("image", "imageMissing");
    return await this.write(t, by, id, "content.create", (current) => {
      if (current) throw new DomainError("CONFLICT");
      return { item, texts, before: null };
    }, tenant);
  }

  async edit(tenant: Tenant, by: Actor, id: string, b: ContentEdit) {
    const t = tenant.id;
    return await this.write(t, by, id, "content.edit", async (current) => {
      const now = this.now();
      const before = current ?? await this.item(t, id);
      if (!before) throw new DomainError("NOT_FOUND");
      const { item, texts } = await this.applyEdit(t, { ...before, updatedAt: now }, b, now);
      return { item, texts, before };
    }, tenant);
  }

  /** Publish every draft (each language's version + 1, the item's version + 1). */
  async publish(tenant: Tenant, by: Actor, id: string) {
    const t = tenant.id;
    return await this.write(t, by, id, "content.publish", async (current) => {
      const before = current ?? await this.item(t, id);
      if (!before) throw new DomainError("NOT_FOUND");
      const now = this.now();
      const missing = missingLocales(before, tenantLanguages(tenant));
      if (before.legal && missing.length) {
        throw new DomainError("CONTENT_LANGUAGES_MISSING", { languages: missing.join(", ") }, {
          variants: "languagesMissing",
        }, { missing });
      }
      if (before.kind === "banner" && !before.image) throw invalid("image", "imageMissing");
      const texts: TextWrite[] = before.shipped ? shippedWrites(before) : [];
      const variants = { ...before.variants };
      for (const l of LOCALES) {
        const v = variants[l];
        if (!v?.draft) continue;
        const draft = await this.kv.get<VariantText>(this.textKey(t, id, l, "draft"));
        if (!draft.value) continue;
        const version = (v.published?.version ?? 0) + 1;
        texts.push({
          locale: l,
          state: "published",
          value: { ...draft.value, version, publishedAt: now },
        });
        texts.push({ locale: l, state: "draft", value: null });
        variants[l] = { draft: false, published: { version, publishedAt: now }, updatedAt: now };
      }
      if (!LOCALES.some((l) => variants[l]?.published)) throw invalid("variants", "required");
      const item: ContentItem = {
        ...before,
        variants,
        status: "published",
        version: before.version + 1,
        publishedAt: now,
        updatedAt: now,
        shipped: undefined,
      };
      return { item, texts, before };
    }, tenant);
  }

  /** Take an item off the readers' screens (pages cannot: edit or delete them instead). */
  async unpublish(tenant: Tenant, by: Actor, id: string) {
    const t = tenant.id;
    return await this.write(t, by, id, "content.unpublish", async (current) => {
      const before = current ?? await this.item(t, id);
      if (!before) throw new DomainError("NOT_FOUND");
      if (before.kind === "page") throw new DomainError("CONFLICT");
      const item: ContentItem = { ...before, status: "draft", updatedAt: this.now() };
      return { item, texts: [], before };
    }, tenant);
  }

  /**
   * Delete an item and its texts (a page goes back to its shipped text; a legal page cannot be
   * deleted, its versions are what customers accepted).
   */
  async remove(tenant: Tenant, by: Actor, id: string) {
    const t = tenant.id;
    const key = contentKeys.item(t, id);
    for await (const _attempt of commitAttempts()) {
      const entry = await this.kv.get<ContentItem>(key);
      // a shipped article never edited: what the readers get (the check: still unstored)
      const current = entry.value ?? this.shippedHelp(id);
      if (!current || current.removed) throw new DomainError("NOT_FOUND");
      // a legal page's versions are what customers accepted: they never go back to 1
      if (current.kind === "page" && current.legal) throw new DomainError("CONFLICT");
      const head = await readAuditHead(this.kv, t);
      const op = this.kv.atomic().check(entry);
      // a shipped article would come back from the defaults: it stays, marked removed
      if (isShippedHelp(id)) {
        const { shipped: _, ...kept } = current;
        op.set(key, { ...kept, status: "draft", removed: true });
      } else op.delete(key);
      for (const l of LOCALES) {
        for (const s of ["draft", "published"] as const) op.delete(this.textKey(t, id, l, s));
      }
      auditInto(op, t, head, {
        at: this.now(),
        operator: by.operator,
        action: "content.delete",
        target: `content:${id}`,
        before: auditJson(current),
        after: null,
        ip: by.ip,
      });
      if ((await op.commit()).ok) return { id, deleted: true as const };
    }
    throw storeBusy();
  }

  /** Settings and drafts of an edit applied to `item` (checks the image is a public one). */
  private async applyEdit(t: string, item: ContentItem, b: ContentEdit, now: number) {
    const next: ContentItem = { ...item, variants: { ...item.variants } };
    const only = (field: string, kinds: ContentKind[], value: unknown) => {
      if (value !== undefined && value !== null && !kinds.includes(item.kind)) {
        throw invalid(field, "invalid");
      }
    };
    only("category", ["help"], b.category);
    only("image", ["banner"], b.image);
    only("link", ["banner"], b.link);
    only("popup", ["notice"], b.popup);
    if (b.image) {
      if (!await this.images.mayRead(t, b.image, null)) throw invalid("image", "imageMissing");
    }
    if (b.legal !== undefined) {
      if (item.kind === "page" && b.legal !== isLegal(item.slug)) throw invalid("legal", "invalid");
      next.legal = b.legal;
    }
    if (b.category !== undefined) next.category = b.category;
    if (b.image !== undefined) next.image = b.image;
    if (b.link !== undefined) next.link = b.link;
    if (b.order !== undefined) next.order = b.order;
    if (b.popup !== undefined) next.popup = b.popup;
    if (b.from !== undefined) next.from = b.from;
    if (b.to !== undefined) next.to = b.to;
    if (next.from !== null && next.to !== null && next.from >= next.to) {
      throw invalid("to", "invalid");
    }
    const texts: TextWrite[] = [];
    for (const [l, v] of Object.entries(b.variants ?? {}) as [LocaleId, VariantText | null][]) {
      const cur = next.variants[l];
      if (v === null) {
        if (!cur) continue;
        texts.push({ locale: l, state: "draft", value: null });
        if (cur.published) next.variants[l] = { ...cur, draft: false, updatedAt: now };
        else delete next.variants[l];
      } else {
        texts.push({ locale: l, state: "draft", value: v });
        next.variants[l] = { draft: true, published: cur?.published ?? null, updatedAt: now };
      }
    }
    return { item: next, texts };
  }

  /**
   * One audited write of an item: its record, the texts it changes and the audit entry in one
   * commit, checked against the record read (a page still shipped is stored with its texts).
   */
  private async write(
    t: string,
    by: Actor,
    id: string,
    action: string,
    change: (current: ContentItem | null) =>
      | { item: ContentItem; texts: TextWrite[]; before: ContentItem | null }
      | Promise<{ item: ContentItem; texts: TextWrite[]; before: ContentItem | null }>,
    tenant: Tenant,
  ) {
    const key = contentKeys.item(t, id);
    for await (const _attempt of commitAttempts()) {
      const entry = await this.kv.get<ContentItem>(key);
      // a deleted shipped help article stays deleted
      if (entry.value?.removed) throw new DomainError("NOT_FOUND");
      const c = await change(entry.value);
      const texts = (c.before?.shipped || c.item.shipped) && !c.texts.some((w) =>
          w.state === "published"
        )
        ? [...shippedWrites(c.before ?? c.item), ...c.texts]
        : c.texts;
      const head = await readAuditHead(this.kv, t);
      const item = { ...c.item, shipped: undefined };
      delete item.shipped;
      const op = this.kv.atomic().check(entry).set(key, item);
      for (const w of texts) {
        const k = this.textKey(t, id, w.locale, w.state);
        if (w.value) op.set(k, w.value);
        else op.delete(k);
      }
      auditInto(op, t, head, {
        at: this.now(),
        operator: by.operator,
        action,
        target: `content:${id}`,
        before: c.before ? auditJson(c.before) : null,
        after: { ...auditJson(item), texts: texts.map((w) => `${w.locale}:${w.state}`) },
        ip: by.ip,
      });
      if ((await op.commit()).ok) return adminJson(item, tenantLanguages(tenant));
    }
    throw storeBusy();
  }

  /** A public content image (banners, article images): decoded and re-encoded like uploads; audited. */
  async uploadImage(t: string, by: Actor, file: Blob): Promise<string> {
    if (file.size > MAX_UPLOAD_BYTES) throw UPLOAD_ERRORS.SIZE;
    let clean;
    try {
      clean = await cleanUpload(new Uint8Array(await file.arrayBuffer()));
    } catch (e) {
      if (e instanceof UploadRejected) throw UPLOAD_ERRORS[e.reason];
      throw e;
    }
    const id = await this.images.save(t, `op:${by.operator}`, clean, { use: "public" });
    await auditAlone(this.kv, t, {
      at: this.now(),
      operator: by.operator,
      action: "content.image",
      target: `image:${id}`,
      before: null,
      after: { mime: clean.mime, size: clean.bytes.length },
      ip: by.ip,
    });
    return id;
  }

  // ---------------------------------------------------------------- visitors' queues

  private async throttle(t: string, what: string, ip: string, limit: typeof CONTACT_LIMIT) {
    const r = await take(this.kv, contentKeys.rate(t, what, ip), limit, this.now());
    if (!r.allowed) {
      const seconds = Math.max(1, Math.ceil(r.retryAfterMs / 1000));
      throw new DomainError("RATE_LIMITED", { seconds }, undefined, {
        retryAfterSeconds: seconds,
      });
    }
  }

  async applyCoin(
    t: string,
    from: { ip: string; userId: string | null },
    b: Omit<CoinApplication, "id" | "ip" | "userId" | "at">,
  ) {
    await this.throttle(t, "coin", from.ip, COIN_APPLICATION_LIMIT);
    const at = this.now();
    const rec: CoinApplication = { id: journalId(at), ...b, ...from, at };
    await this.kv.set(contentKeys.coinApp(t, rec.id), rec);
    return { id: rec.id, receivedAt: at };
  }

  async contact(
    t: string,
    from: { ip: string; userId: string | null },
    b: Omit<ContactMessage, "id" | "ip" | "userId" | "at">,
  ) {
    await this.throttle(t, "contact", from.ip, CONTACT_LIMIT);
    const at = this.now();
    const rec: ContactMessage = { id: journalId(at), ...b, ...from, at };
    await this.kv.set(contentKeys.contact(t, rec.id), rec);
    return { id: rec.id, receivedAt: at };
  }

  coinApplications(t: string, limit: number, cursor?: string) {
    return this.queue<CoinApplication>(contentKeys.coinApps(t), limit, cursor);
  }

  contactMessages(t: string, limit: number, cursor?: string) {
    return this.queue<ContactMessage>(contentKeys.contacts(t), limit, cursor);
  }

  private async queue<T>(prefix: Deno.KvKey, limit: number, cursor?: string) {
    const iter = listPage<T>(this.kv, { prefix }, { reverse: true, limit, cursor });
    const items: T[] = [];
    for await (const e of iter) items.push(e.value);
    return { items, cursor: items.length === limit ? iter.cursor : null };
  }
}

/** An item as shipped: published (version 1) in the languages that have a shipped text. */
function shippedItem(
  id: string,
  hasText: (l: LocaleId) => boolean,
  o: Pick<ContentItem, "kind" | "order"> & Partial<ContentItem>,
): ContentItem {
  const variants: Partial<Record<LocaleId, VariantState>> = {};
  for (const l of LOCALES) {
    if (hasText(l)) {
      variants[l] = {
        draft: false,
        published: { version: 1, publishedAt: SHIPPED_AT },
        updatedAt: SHIPPED_AT,
      };
    }
  }
  return {
    id,
    slug: null,
    category: null,
    image: null,
    link: null,
    popup: null,
    from: null,
    to: null,
    legal: false,
    variants,
    status: "published",
    version: 1,
    publishedAt: SHIPPED_AT,
    createdAt: SHIPPED_AT,
    updatedAt: SHIPPED_AT,
    shipped: true,
    ...o,
  };
}

interface TextWrite {
  locale: LocaleId;
  state: "draft" | "published";
  value: VariantText | PublishedText | null;
}

/** The shipped text of a page or help article in one language. */
function shipped(item: ContentItem, locale: LocaleId) {
  return item.slug ? shippedText(item.slug, locale) : shippedHelpText(item.id, locale);
}

/** The shipped texts of a page or help article, written when it is first stored. */
function shippedWrites(item: ContentItem): TextWrite[] {
  const out: TextWrite[] = [];
  for (const l of LOCALES) {
    const s = shipped(item, l);
    if (s) {
      out.push({
        locale: l,
        state: "published",
        value: { ...s, version: 1, publishedAt: SHIPPED_AT },
      });
    }
  }
  return out;
}

function invalid(field: string, key: string) {
  return new DomainError("VALIDATION", {}, { [field]: key });
}

function missingLocales(item: ContentItem, languages: LocaleId[]): LocaleId[] {
  return languages.filter((l) => !item.variants[l]?.draft && !item.variants[l]?.published);
}

function summaryJson(s: Served) {
  return {
    id: s.item.id,
    title: s.text.title,
    summary: s.text.summary,
    publishedAt: s.item.publishedAt ?? s.text.publishedAt,
    servedLocale: s.locale,
    popup: s.item.popup,
  };
}

function detailJson(s: Served) {
  return {
    id: s.item.id,
    kind: s.item.kind,
    title: s.text.title,
    summary: s.text.summary,
    html: renderMarkdown(s.text.body),
    publishedAt: s.item.publishedAt ?? s.text.publishedAt,
    version: s.item.version,
    servedLocale: s.locale,
    category: s.item.category,
    popup: s.item.popup,
  };
}

function adminJson(i: ContentItem, languages: LocaleId[]) {
  return {
    id: i.id,
    kind: i.kind,
    slug: i.slug,
    category: i.category,
    image: i.image,
    link: i.link,
    order: i.order,
    popup: i.popup,
    from: i.from,
    to: i.to,
    legal: i.legal,
    status: i.status,
    version: i.version,
    publishedAt: i.publishedAt,
    createdAt: i.createdAt,
    updatedAt: i.updatedAt,
    variants: i.variants,
    shipped: !!i.shipped,
    missingLocales: missingLocales(i, languages),
  };
}

function auditJson(i: ContentItem): { [k: string]: Json } {
  const variants: Record<string, Json> = {};
  for (const [l, v] of Object.entries(i.variants)) {
    if (v) {
      variants[l] = {
        draft: v.draft,
        published: v.published
          ? { version: v.published.version, publishedAt: v.published.publishedAt }
          : null,
      };
    }
  }
  return {
    kind: i.kind,
    slug: i.slug,
    category: i.category,
    image: i.image,
    link: i.link,
    order: i.order,
    popup: i.popup,
    from: i.from,
    to: i.to,
    status: i.status,
    version: i.version,
    variants,
  };
}
