import i18next, { type TFunction } from "i18next";
import { type LocaleId, LOCALES } from "../../locales/languages.ts";
import en from "../../locales/en.json" with { type: "json" };
import zhCN from "../../locales/zh-CN.json" with { type: "json" };
import zhTW from "../../locales/zh-TW.json" with { type: "json" };
import vi from "../../locales/vi.json" with { type: "json" };
import th from "../../locales/th.json" with { type: "json" };
import ja from "../../locales/ja.json" with { type: "json" };
import de from "../../locales/de.json" with { type: "json" };
import fr from "../../locales/fr.json" with { type: "json" };
import es from "../../locales/es.json" with { type: "json" };
import uk from "../../locales/uk.json" with { type: "json" };
import ko from "../../locales/ko.json" with { type: "json" };

export type Messages = typeof en;
export const RESOURCES: Record<LocaleId, Messages> = {
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

const i18n = i18next.createInstance();
await i18n.init({
  resources: Object.fromEntries(LOCALES.map((l) => [l, { translation: RESOURCES[l] }])),
  lng: "en",
  fallbackLng: "en",
  supportedLngs: [...LOCALES],
  // Output goes through Preact (which escapes) or JSON; never into raw HTML.
  interpolation: { escapeValue: false },
  initAsync: false,
});

const fixed = new Map<LocaleId, TFunction>(LOCALES.map((l) => [l, i18n.getFixedT(l)]));

/** A translate function bound to one locale. */
export type T = (key: string, params?: Record<string, string | number>) => string;

export function translator(locale: LocaleId): T {
  const t = fixed.get(locale)!;
  return (key, params) => t(key, params ?? {}) as string;
}

export function hasKey(locale: LocaleId, key: string): boolean {
  return i18n.exists(key, { lng: locale, fallbackLng: false });
}

/** Pick translated strings for an island (islands ship strings, not i18next). */
export function pickTexts(t: T, keys: readonly string[]): Record<string, string> {
  return Object.fromEntries(keys.map((k) => [k, t(k)]));
}
