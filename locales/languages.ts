/** The 11 interface languages (the spec's "language option" entity). */
export interface LanguageOption {
  id: LocaleId;
  /** Name in its own language (proper name, not translated). */
  name: string;
  /** ISO 3166 region shown as the flag. */
  flag: string;
  isShow: boolean;
  /** Currency symbol used when a value is shown in the customer's local currency style. */
  currencySymbol: string;
  timezone: string;
}

/** The language picker's props (built on the server by `components/languageOptions.ts`). */
export interface LanguageOptions {
  items: Pick<LanguageOption, "id" | "name" | "flag" | "currencySymbol">[];
  currentLabel: string;
  currencyLabel: string;
}

export const LOCALES = [
  "zh-CN",
  "zh-TW",
  "en",
  "vi",
  "th",
  "ja",
  "de",
  "fr",
  "es",
  "uk",
  "ko",
] as const;
export type LocaleId = typeof LOCALES[number];
export const DEFAULT_LOCALE: LocaleId = "en";

export const LANGUAGES: readonly LanguageOption[] = [
  {
    id: "zh-CN",
    name: "简体中文",
    flag: "CN",
    isShow: true,
    currencySymbol: "¥",
    timezone: "Asia/Shanghai",
  },
  {
    id: "zh-TW",
    name: "繁體中文",
    flag: "TW",
    isShow: true,
    currencySymbol: "NT$",
    timezone: "Asia/Taipei",
  },
  {
    id: "en",
    name: "English",
    flag: "US",
    isShow: true,
    currencySymbol: "$",
    timezone: "America/New_York",
  },
  {
    id: "vi",
    name: "Tiếng Việt",
    flag: "VN",
    isShow: true,
    currencySymbol: "₫",
    timezone: "Asia/Ho_Chi_Minh",
  },
  {
    id: "th",
    name: "ไทย",
    flag: "TH",
    isShow: true,
    currencySymbol: "฿",
    timezone: "Asia/Bangkok",
  },
  {
    id: "ja",
    name: "日本語",
    flag: "JP",
    isShow: true,
    currencySymbol: "¥",
    timezone: "Asia/Tokyo",
  },
  {
    id: "de",
    name: "Deutsch",
    flag: "DE",
    isShow: true,
    currencySymbol: "€",
    timezone: "Europe/Berlin",
  },
  {
    id: "fr",
    name: "Français",
    flag: "FR",
    isShow: true,
    currencySymbol: "€",
    timezone: "Europe/Paris",
  },
  {
    id: "es",
    name: "Español",
    flag: "ES",
    isShow: true,
    currencySymbol: "€",
    timezone: "Europe/Madrid",
  },
  {
    id: "uk",
    name: "Українська",
    flag: "UA",
    isShow: true,
    currencySymbol: "₴",
    timezone: "Europe/Kyiv",
  },
  {
    id: "ko",
    name: "한국어",
    flag: "KR",
    isShow: true,
    currencySymbol: "₩",
    timezone: "Asia/Seoul",
  },
];

export function isLocale(x: unknown): x is LocaleId {
  return typeof x === "string" && (LOCALES as readonly string[]).includes(x);
}

/** Map a BCP 47 tag to one of ours: exact, then Chinese script/region rules, then language. */
export function matchLocale(tag: string): LocaleId | undefined {
  const t = tag.trim().toLowerCase();
  if (!t || t === "*") return undefined;
  const exact = LOCALES.find((l) => l.toLowerCase() === t);
  if (exact) return exact;
  const [lang, ...rest] = t.split("-");
  if (lang === "zh") {
    const traditional = rest.some((p) => p === "hant" || p === "tw" || p === "hk" || p === "mo");
    return traditional ? "zh-TW" : "zh-CN";
  }
  return LOCALES.find((l) => l === lang);
}

/** Locale from the stored preference, then Accept-Language (by q-value), else English. */
export function pickLocale(
  stored: string | undefined | null,
  acceptLanguage?: string | null,
): LocaleId {
  if (stored && isLocale(stored)) return stored;
  if (acceptLanguage) {
    const ranked = acceptLanguage.split(",").slice(0, 20).map((part, i) => {
      const [tag = "", ...params] = part.split(";");
      const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
      const qv = q ? Number(q.slice(2)) : 1;
      return { tag, q: Number.isFinite(qv) ? qv : 0, i };
    }).filter((x) => x.q > 0).sort((a, b) => b.q - a.q || a.i - b.i);
    for (const r of ranked) {
      const m = matchLocale(r.tag);
      if (m) return m;
    }
  }
  return DEFAULT_LOCALE;
}

export function languageOf(id: LocaleId): LanguageOption {
  return LANGUAGES.find((l) => l.id === id)!;
}
