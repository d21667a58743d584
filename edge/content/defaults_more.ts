/**
 * The legal and risk pages in the eight languages besides English, German and Simplified
 * Chinese (see `defaults.ts`): shorter than those, complete in substance.
 */
import type { LocaleId } from "../../locales/languages.ts";
import type { PageSlug, VariantText } from "./store.ts";

export const MORE_LEGAL: Partial<Record<PageSlug, Partial<Record<LocaleId, VariantText>>>> = {};
