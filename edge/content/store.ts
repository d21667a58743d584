/**
 * The content capability's KV keys and records, per tenant (`[tenant, "content", ...]`): content
 * items (banners, notices, news, help articles, information pages) with their language variants,
 * what each reader has seen or acknowledged of a pop-up notice, and the two operator queues fed
 * by visitors (coin applications, contact messages).
 */
import type { LocaleId } from "../../locales/languages.ts";

export {
  CONTENT_KINDS,
  type ContentKind,
  LEGAL_SLUGS,
  PAGE_SLUGS,
  type PageSlug,
  POPUP_MODES,
  type PopupMode,
} from "../../contract/content.ts";
import { type ContentKind, type PageSlug, type PopupMode } from "../../contract/content.ts";

/** The text of one language (body: Markdown, rendered on the server when read). */
export interface VariantText {
  title: string;
  summary: string;
  body: string;
}

export interface PublishedText extends VariantText {
  /** bumped on every publish of this language */
  version: number;
  publishedAt: number;
}

/**
 * One language of an item as the item's record keeps it: whether a draft waits, and the version
 * readers see (the texts themselves are under `contentKeys.text`).
 */
export interface VariantState {
  draft: boolean;
  published: { version: number; publishedAt: number } | null;
  updatedAt: number;
}

export interface ContentItem {
  id: string;
  kind: ContentKind;
  /** pages only */
  slug: PageSlug | null;
  /** help articles: the category they are listed under */
  category: string | null;
  /** banners: a public image id of the image store, and where a tap leads */
  image: string | null;
  link: string | null;
  /** ascending (banners, help articles) */
  order: number;
  /** notices: whether (and how) it pops up */
  popup: PopupMode | null;
  /** schedule: shown only within [from, to) (null: open ended) */
  from: number | null;
  to: number | null;
  legal: boolean;
  variants: Partial<Record<LocaleId, VariantState>>;
  status: "draft" | "published";
  /** bumped on every publish of the item (the agreement's version customers accept) */
  version: number;
  publishedAt: number | null;
  createdAt: number;
  updatedAt: number;
  /** a page or help article not stored yet: its shipped default text (never written with this flag) */
  shipped?: boolean;
  /** a shipped help article an operator deleted (kept so that the default does not come back) */
  removed?: boolean;
}

/** A visitor's coin listing application (operator queue). */
export interface CoinApplication {
  id: string;
  project: string;
  symbol: string;
  website: string;
  contact: string;
  description: string;
  ip: string;
  userId: string | null;
  at: number;
}

/** A message to customer service when no service link is configured (operator queue). */
export interface ContactMessage {
  id: string;
  name: string;
  email: string;
  message: string;
  ip: string;
  userId: string | null;
  at: number;
}

export const contentKeys = {
  item: (t: string, id: string) => [t, "content", "item", id],
  items: (t: string) => [t, "content", "item"],
  /** one language's text of an item; the key ends with "draft" or "published" */
  text: (t: string, id: string, locale: string) => [t, "content", "text", id, locale],
  /** a customer saw (once) or acknowledged (untilAck) a pop-up notice at this item version */
  seen: (t: string, userId: string, id: string) => [t, "content", "seen", userId, id],
  /** a session saw an everyLogin notice */
  seenSession: (t: string, tokenHash: string, id: string) => [
    t,
    "content",
    "seenSession",
    tokenHash,
    id,
  ],
  coinApp: (t: string, id: string) => [t, "content", "coinApp", id],
  coinApps: (t: string) => [t, "content", "coinApp"],
  contact: (t: string, id: string) => [t, "content", "contact", id],
  contacts: (t: string) => [t, "content", "contact"],
  rate: (t: string, what: string, who: string) => [t, "content", "rate", what, who],
} satisfies Record<string, (...a: string[]) => Deno.KvKey>;
