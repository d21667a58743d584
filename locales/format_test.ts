import { assertEquals } from "../tests/assert.ts";
import {
  canonicalDecimal,
  formatAmount,
  formatExact,
  formatMoney,
  formatNumber,
  formatPct,
  formatPrice,
  formatTime,
  isTimeZone,
  shortId,
  symbolName,
  withDisplay,
} from "./format.ts";

const nb = (s: string) => s.replace(/[\u00a0\u202f]/g, " ");

Deno.test("amounts by language with the currency's precision", () => {
  const v = 1_234_567_891_234n; // 12,345.67891234
  assertEquals(formatAmount(v, "USDT", "en"), "12,345.67");
  assertEquals(formatAmount(v, "USDT", "de"), "12.345,67");
  assertEquals(formatAmount(v, "USDT", "vi"), "12.345,67");
  assertEquals(formatAmount(v, "USDT", "zh-CN"), "12,345.67");
  assertEquals(nb(formatAmount(v, "USDT", "fr")), "12 345,67");
  assertEquals(formatAmount(v, "BTC", "de"), "12.345,678912");
  assertEquals(formatAmount(v, "ETH", "en"), "12,345.67891");
  assertEquals(formatMoney("0.5", "BTC", "de"), "0,500000 BTC");
});

Deno.test("figures are cut toward zero, never rounded up, and a zero has no sign", () => {
  assertEquals(formatAmount("1.999", "USDT", "en"), "1.99");
  assertEquals(formatAmount("-1.999", "USDT", "en"), "-1.99");
  assertEquals(formatAmount("-0.001", "USDT", "de"), "0,00");
  assertEquals(formatAmount(-1n, "USDT", "en"), "0.00");
  assertEquals(formatNumber("5", 2, "en", { sign: true }), "+5.00");
  assertEquals(formatNumber("0", 2, "en", { sign: true }), "0.00");
  assertEquals(formatNumber("-2.5", 2, "de", { sign: true }), "-2,50");
});

Deno.test("huge values stay exact (no float on the way)", () => {
  const max = (1n << 63n) - 1n; // 92,233,720,368.54775807
  assertEquals(formatAmount(max, "BTC", "en"), "92,233,720,368.547758");
  assertEquals(formatPrice("9007199254740993.99", 2, "de"), "9.007.199.254.740.993,99");
});

Deno.test("prices with the symbol's precision and percentages by language", () => {
  assertEquals(formatPrice("60000.5", 2, "de"), "60.000,50");
  assertEquals(formatPrice("0.123456", 4, "en"), "0.1234");
  assertEquals(formatPct("0.0123", "en"), "+1.23%");
  assertEquals(nb(formatPct("-0.01239", "de")), "-1,23 %");
  assertEquals(formatPct("0", "en"), "+0.00%");
  assertEquals(formatPct("0.85", "zh-CN", { sign: false }), "85.00%");
});

Deno.test("German, English, French, Vietnamese, Chinese input becomes the canonical decimal", () => {
  const cases: [string, string, string | null][] = [
    ["de", "0,5", "0.5"],
    ["de", "1.000,5", "1000.5"],
    ["de", "1.000", "1000"],
    ["de", "0.5", "0.5"],
    ["de", "1.5", "1.5"],
    ["de", "1,000.5", "1000.5"],
    ["de", "1.00,5", null],
    ["de", "1,5,5", null],
    ["vi", "12.345,67", "12345.67"],
    ["en", "1,000.25", "1000.25"],
    ["en", "1,000", "1000"],
    ["en", "0,5", "0.5"],
    ["en", "0.50", "0.50"],
    ["fr", "1 000,5", "1000.5"],
    ["fr", "1\u202f000,5", "1000.5"],
    ["fr", "0.5", "0.5"],
    ["zh-CN", "０．５", "0.5"],
    ["en", "", null],
    ["en", "-1", null],
    ["en", "1e5", null],
    ["en", ".5", "0.5"],
    ["en", "00012", "12"],
  ];
  for (const [locale, input, want] of cases) {
    assertEquals(canonicalDecimal(input, locale), want, `${locale} ${input}`);
  }
});

Deno.test("times in the given zone; zones validated against Intl", () => {
  const t = Date.UTC(2026, 0, 15, 12, 0, 0);
  assertEquals(formatTime(t, "de", "America/New_York").includes("07:00:00"), true);
  assertEquals(formatTime(t, "de", "Europe/Berlin").includes("13:00:00"), true);
  assertEquals(isTimeZone("America/New_York"), true);
  assertEquals(isTimeZone("UTC"), true);
  assertEquals(isTimeZone("Mars/Olympus"), false);
  assertEquals(isTimeZone("<script>"), false);
});

Deno.test("display names and short order numbers", () => {
  assertEquals(symbolName("BTCUSDT"), "BTC/USDT");
  assertEquals(symbolName("ETHBTC"), "ETH/BTC");
  assertEquals(shortId("01JABCDEFGHJKMNPQRSTVWXYZ0"), "…STVWXYZ0");
  assertEquals(shortId("12345"), "12345");
});

Deno.test("an island's times on the server are in the request's zone, as in the browser", () => {
  const at = Date.UTC(2026, 0, 1, 12, 0);
  assertEquals(
    withDisplay("en", "Asia/Bangkok", () => formatTime(at, "en")),
    formatTime(at, "en", "Asia/Bangkok"),
  );
});

Deno.test("exact amounts keep the places the value has beyond the currency's", () => {
  assertEquals(formatExact("9.87656", "USDT", "en"), "9.87656");
  assertEquals(formatExact("1224.69344", "USDT", "de"), "1.224,69344");
  assertEquals(formatExact("12", "USDT", "en"), "12.00");
});

Deno.test("Thai times are short enough for one line: digits, not hours spelled out", () => {
  const at = Date.UTC(2026, 10, 28, 0, 0, 0);
  assertEquals(formatTime(at, "th", "Asia/Bangkok"), "28/11/69 07:00:00 GMT+7");
  assertEquals(formatTime(at, "th", "UTC"), "28/11/69 00:00:00 UTC");
});
