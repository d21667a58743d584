/**
 * The shipped help articles: what the help centre of a new tenant answers on day one, until an
 * operator edits or deletes an article (then it is stored like every content item, with these
 * texts as its published version 1; a deleted one stays deleted). The texts are data files, one
 * Markdown file per article and language under `help/<locale>/<article>.md`, so they read and
 * diff as documents: the first line is the title (`# ...`), the next `> ...` line the summary,
 * the rest the body. Full texts in en, de and zh-CN; short ones in the other eight languages.
 * Links name the mobile pages; the desktop help centre maps them (`DESKTOP_LINKS`).
 *
 * Facts in the texts point to the live figures (the rates page) instead of repeating numbers an
 * operator can change; what they state as rules is what the code does (README, domain rules).
 */
import { type LocaleId, LOCALES } from "../../locales/languages.ts";
import type { VariantText } from "./store.ts";

/** The shipped categories: an item's `category` holds the English name (translated below). */
export const HELP_CATEGORIES = {
  start: "Getting started",
  funds: "Deposits and withdrawals",
  trading: "Trading",
  wealth: "Wealth",
  security: "Account security",
} as const;
type CategoryKey = keyof typeof HELP_CATEGORIES;

/** The shipped articles: item id, the data file's name, category and order in the list. */
export const SHIPPED_HELP: readonly {
  id: string;
  file: string;
  category: CategoryKey;
  order: number;
}[] = [
  { id: "help-start", file: "getting-started", category: "start", order: 100 },
  { id: "help-demo", file: "demo", category: "start", order: 110 },
  { id: "help-fees", file: "fees", category: "start", order: 120 },
  { id: "help-deposits", file: "deposits", category: "funds", order: 200 },
  { id: "help-withdrawals", file: "withdrawals", category: "funds", order: 210 },
  { id: "help-fast", file: "fast-contracts", category: "trading", order: 300 },
  { id: "help-leverage", file: "leverage", category: "trading", order: 310 },
  { id: "help-wealth", file: "wealth", category: "wealth", order: 400 },
  { id: "help-security", file: "security", category: "security", order: 500 },
];

const CATEGORY_NAMES: Record<CategoryKey, Partial<Record<LocaleId, string>>> = {
  start: {
    "zh-CN": "新手入门",
    "zh-TW": "新手入門",
    vi: "Bắt đầu",
    th: "เริ่มต้นใช้งาน",
    ja: "はじめに",
    de: "Erste Schritte",
    fr: "Premiers pas",
    es: "Primeros pasos",
    uk: "Початок роботи",
    ko: "시작하기",
  },
  funds: {
    "zh-CN": "充值与提现",
    "zh-TW": "充值與提現",
    vi: "Nạp và rút tiền",
    th: "ฝากและถอนเงิน",
    ja: "入金と出金",
    de: "Ein- und Auszahlungen",
    fr: "Dépôts et retraits",
    es: "Depósitos y retiros",
    uk: "Поповнення та виведення",
    ko: "입금과 출금",
  },
  trading: {
    "zh-CN": "交易",
    "zh-TW": "交易",
    vi: "Giao dịch",
    th: "การเทรด",
    ja: "取引",
    de: "Handel",
    fr: "Trading",
    es: "Trading",
    uk: "Торгівля",
    ko: "거래",
  },
  wealth: {
    "zh-CN": "理财",
    "zh-TW": "理財",
    vi: "Tiết kiệm",
    th: "การออม",
    ja: "資産運用",
    de: "Geldanlage",
    fr: "Épargne",
    es: "Ahorro",
    uk: "Заощадження",
    ko: "재테크",
  },
  security: {
    "zh-CN": "账户安全",
    "zh-TW": "帳戶安全",
    vi: "Bảo mật tài khoản",
    th: "ความปลอดภัยของบัญชี",
    ja: "アカウントの安全",
    de: "Kontosicherheit",
    fr: "Sécurité du compte",
    es: "Seguridad de la cuenta",
    uk: "Безпека акаунта",
    ko: "계정 보안",
  },
};

/** A category as the reader sees it: a shipped one in their language, any other as written. */
export function categoryName(category: string, locale: LocaleId): string {
  const key = (Object.keys(HELP_CATEGORIES) as CategoryKey[]).find((k) =>
    HELP_CATEGORIES[k] === category
  );
  return (key && CATEGORY_NAMES[key][locale]) ?? category;
}

/**
 * Mobile page -> the desktop page that does the same (the articles link to the mobile pages;
 * a phone path on a desktop would send the reader to the root).
 */
export const DESKTOP_LINKS: Record<string, string> = {
  "/wp/home": "/pc/home",
  "/wp/user/register": "/pc/user/register",
  "/wp/user/login": "/pc/user/login",
  "/wp/trade/recharge": "/pc/handle/recharge",
  "/wp/trade/transfer": "/pc/handle/transfer",
  "/wp/trade/property": "/pc/userCenter/property",
  "/wp/user/withdraw": "/pc/handle/withdraw",
  "/wp/user/gatheringWay/crypAdress": "/pc/handle/gatheringWay",
  "/wp/user/gatheringWay/bankCard": "/pc/handle/gatheringWay",
  "/wp/user/certify/first": "/pc/userCenter/certify",
  "/wp/user/setSafe": "/pc/userCenter/security",
  "/wp/user/setSafe/antiPhishing": "/pc/userCenter/security",
  "/wp/user/setSafe/twoFactor": "/pc/userCenter/security",
  "/wp/user/setSafe/devices": "/pc/userCenter/security",
  "/wp/user/setDrawPassword": "/pc/userCenter/security",
  "/wp/product/order": "/pc/trade/fast",
  "/wp/product/leveragedDeals": "/pc/trade/future",
  "/wp/positions": "/pc/userCenter/records",
  "/wp/product/tradeRecord": "/pc/userCenter/records",
  "/wp/wealth": "/pc/userCenter/wealth",
  "/wp/wealth/list": "/pc/userCenter/wealth",
  "/wp/liabilities": "/pc/liabilities",
  "/wp/kefu": "/pc/kefu",
  "/wp/help/center": "/pc/help/center",
  "/wp/message": "/pc/article/message",
};

/** Rendered article HTML with its mobile links turned into the desktop pages that match. */
export function desktopLinks(html: string): string {
  return html.replace(/href="(\/wp\/[^"?#]*)([^"]*)"/g, (all, path: string, rest: string) => {
    const to = DESKTOP_LINKS[path];
    return to ? `href="${to}${rest}"` : all;
  });
}

const HELP_DIR = new URL("./help/", import.meta.url);
let loaded: Map<string, VariantText> | null = null;

/**
 * `# Title`, then the `> summary` (its lines, as `deno fmt` wraps them), then the body (see the
 * module comment).
 */
export function parseArticle(source: string, name: string): VariantText {
  const lines = source.replace(/\r\n/g, "\n").split("\n");
  const title = lines.shift()?.match(/^# (.+)$/)?.[1]?.trim();
  while (lines[0]?.trim() === "") lines.shift();
  const quoted: string[] = [];
  while (lines[0]?.startsWith(">")) quoted.push(lines.shift()!.replace(/^>\s?/, "").trim());
  const summary = quoted.join(" ").trim();
  if (!title || !summary) throw new Error(`${name}: needs "# title" and "> summary" first`);
  return { title, summary, body: lines.join("\n").trim() };
}

function texts(): Map<string, VariantText> {
  if (loaded) return loaded;
  const out = new Map<string, VariantText>();
  for (const l of LOCALES) {
    for (const a of SHIPPED_HELP) {
      const file = new URL(`${l}/${a.file}.md`, HELP_DIR);
      let source: string;
      try {
        source = Deno.readTextFileSync(file);
      } catch (e) {
        if (e instanceof Deno.errors.NotFound) continue;
        throw e;
      }
      out.set(`${a.id}|${l}`, parseArticle(source, `${l}/${a.file}.md`));
    }
  }
  return loaded = out;
}

/** The shipped text of a help article in one language, or null (that language falls back). */
export function shippedHelpText(id: string, locale: LocaleId): VariantText | null {
  return texts().get(`${id}|${locale}`) ?? null;
}

export const isShippedHelp = (id: string) => SHIPPED_HELP.some((a) => a.id === id);
