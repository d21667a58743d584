/**
 * Content items as shipped and as sent (edge/content/service.ts): the languages a reader may be
 * served, the shipped pages and help articles as items with their texts, and the JSON of an item
 * for readers, operators and the audit. Pure functions of an item, apart from the store's steps.
 */
import { type LocaleId, LOCALES } from "../../locales/languages.ts";
import type { Json } from "../../contract/operators.ts";
import { DomainError } from "../platform/errors.ts";
import type { Tenant } from "../platform/tenants.ts";
import { SHIPPED_AT, shippedText } from "./defaults.ts";
import { renderMarkdown } from "./markdown.ts";
import { shippedHelpText } from "./help_defaults.ts";
import {
  type ContentItem,
  LEGAL_SLUGS,
  type PageSlug,
  type PublishedText,
  type VariantState,
  type VariantText,
} from "./store.ts";

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

export const pageId = (slug: PageSlug) => `page-${slug}`;
export const isLegal = (slug: PageSlug | null) => slug !== null && LEGAL_SLUGS.includes(slug);

export interface Served {
  item: ContentItem;
  locale: LocaleId;
  text: PublishedText;
}

/** An item as shipped: published (version 1) in the languages that have a shipped text. */
export function shippedItem(
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

export interface TextWrite {
  locale: LocaleId;
  state: "draft" | "published";
  value: VariantText | PublishedText | null;
}

/** The shipped text of a page or help article in one language. */
export function shipped(item: ContentItem, locale: LocaleId) {
  return item.slug ? shippedText(item.slug, locale) : shippedHelpText(item.id, locale);
}

/** The shipped texts of a page or help article, written when it is first stored. */
export function shippedWrites(item: ContentItem): TextWrite[] {
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

export function invalid(field: string, key: string) {
  return new DomainError("VALIDATION", {}, { [field]: key });
}

export function missingLocales(item: ContentItem, languages: LocaleId[]): LocaleId[] {
  return languages.filter((l) => !item.variants[l]?.draft && !item.variants[l]?.published);
}

export function summaryJson(s: Served) {
  return {
    id: s.item.id,
    title: s.text.title,
    summary: s.text.summary,
    publishedAt: s.item.publishedAt ?? s.text.publishedAt,
    servedLocale: s.locale,
    popup: s.item.popup,
  };
}

export function detailJson(s: Served) {
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

/** What an item is and where and when it shows (the console's view and the audit trail's). */
const placement = (i: ContentItem) => ({
  kind: i.kind,
  slug: i.slug,
  category: i.category,
  image: i.image,
  link: i.link,
  order: i.order,
  popup: i.popup,
  from: i.from,
  to: i.to,
});

export function adminJson(i: ContentItem, languages: LocaleId[]) {
  return {
    id: i.id,
    ...placement(i),
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

export function auditJson(i: ContentItem): { [k: string]: Json } {
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
    ...placement(i),
    status: i.status,
    version: i.version,
    variants,
  };
}
