/**
 * The shipped texts of the information pages: what a new tenant shows until an operator edits a
 * page (then the page is stored with these as its published version 1 and the operator's drafts
 * beside them). Full texts in English, German and Simplified Chinese; the legal and risk pages
 * (terms, agreement, privacy, legal, risk) also in the other eight languages, shorter but
 * complete in substance, so a tenant with all 11 languages can publish edits of them at once.
 * About, download, coin application and the rates page's introduction fall back to English in
 * the other languages (the reply's `servedLocale` says so). Markdown, rendered like any content.
 * The texts are data, one JSON file per language (`defaults/<locale>.json`, page slug -> text),
 * edited there; this module only says when they took effect and finds one.
 */
import type { LocaleId } from "../../locales/languages.ts";
import type { PageSlug, VariantText } from "./store.ts";
import zhCN from "./defaults/zh-CN.json" with { type: "json" };
import zhTW from "./defaults/zh-TW.json" with { type: "json" };
import en from "./defaults/en.json" with { type: "json" };
import vi from "./defaults/vi.json" with { type: "json" };
import th from "./defaults/th.json" with { type: "json" };
import ja from "./defaults/ja.json" with { type: "json" };
import de from "./defaults/de.json" with { type: "json" };
import fr from "./defaults/fr.json" with { type: "json" };
import es from "./defaults/es.json" with { type: "json" };
import uk from "./defaults/uk.json" with { type: "json" };
import ko from "./defaults/ko.json" with { type: "json" };

/** When the shipped texts took effect (their `publishedAt`): 2026-01-01 00:00 UTC. */
export const SHIPPED_AT = Date.UTC(2026, 0, 1);

/** Each language's shipped pages (a page missing in a language falls back). */
const SHIPPED: Record<LocaleId, Partial<Record<PageSlug | "rates", VariantText>>> = {
  "zh-CN": zhCN,
  "zh-TW": zhTW,
  en,
  vi,
  th,
  ja,
  de,
  fr,
  es,
  uk,
  ko,
};

/** The shipped text of a page in one language, or null (that language falls back). */
export function shippedText(slug: PageSlug | "rates", locale: LocaleId): VariantText | null {
  return SHIPPED[locale][slug] ?? null;
}
