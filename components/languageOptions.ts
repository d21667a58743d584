import type { T } from "../edge/platform/locale.ts";
import { type LanguageOptions, LANGUAGES } from "../locales/languages.ts";

/** Serializable language list for the picker island. */
export function languageOptions(t: T): LanguageOptions {
  return {
    items: LANGUAGES.filter((l) => l.isShow).map((l) => ({
      id: l.id,
      name: l.name,
      flag: l.flag,
      currencySymbol: l.currencySymbol,
    })),
    currentLabel: t("language.current"),
    currencyLabel: t("language.currency"),
  };
}
export type { LanguageOptions };
