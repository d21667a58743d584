import { assertEquals } from "../tests/assert.ts";
import { pickLocale } from "./languages.ts";

Deno.test("stored preference wins over Accept-Language", () => {
  assertEquals(pickLocale("de", "fr-FR,fr;q=0.9"), "de");
  assertEquals(pickLocale("xx", "fr-FR,fr;q=0.9"), "fr");
});

Deno.test("Accept-Language by q-value with Chinese script rules", () => {
  assertEquals(pickLocale(null, "pt-BR,ja;q=0.5,ko;q=0.8"), "ko");
  assertEquals(pickLocale(null, "zh-HK"), "zh-TW");
  assertEquals(pickLocale(null, "zh-Hant-TW"), "zh-TW");
  assertEquals(pickLocale(null, "zh"), "zh-CN");
  assertEquals(pickLocale(null, "uk-UA,en;q=0.1"), "uk");
  assertEquals(pickLocale(null, "pt-BR, *;q=0.1"), "en");
  assertEquals(pickLocale(undefined, "en;q=0, th"), "th");
  assertEquals(pickLocale(undefined, undefined), "en");
});
