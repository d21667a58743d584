import { assert, assertEquals } from "../../tests/assert.ts";
import { LOCALES } from "../../locales/languages.ts";
import { RESOURCES, translator } from "./locale.ts";

function flatten(o: Record<string, unknown>, prefix = ""): Map<string, string> {
  const out = new Map<string, string>();
  for (const [k, v] of Object.entries(o)) {
    if (v && typeof v === "object") {
      for (const [kk, vv] of flatten(v as Record<string, unknown>, `${prefix}${k}.`)) {
        out.set(kk, vv);
      }
    } else out.set(`${prefix}${k}`, String(v));
  }
  return out;
}

const en = flatten(RESOURCES.en);
/** Values that are the same in every language: proper names, codes, symbols. */
const SAME_EVERYWHERE = new Set(["app.name", "user.uid", "app.demoBadge"]);

for (const locale of LOCALES.filter((l) => l !== "en")) {
  Deno.test(`locale ${locale}: same keys as English, placeholders kept, no English left`, () => {
    const tr = flatten(RESOURCES[locale]);
    // plural forms (i18next `_one`, `_few`, `_many`, ...) follow each language's own categories
    const categories = new Intl.PluralRules(locale).resolvedOptions().pluralCategories;
    const base = (k: string) => k.replace(/_(zero|one|two|few|many|other)$/, "");
    const plural = new Set([...en.keys()].filter((k) => base(k) !== k).map(base));
    const plain = (keys: Iterable<string>) =>
      [...new Set([...keys].map((k) => plural.has(base(k)) ? base(k) : k))].sort();
    assertEquals(plain(tr.keys()), plain(en.keys()));
    for (const p of plural) {
      const forms = categories.filter((c) => c !== "zero" || tr.has(`${p}_zero`));
      for (const c of forms) assert(tr.has(`${p}_${c}`), `${locale} ${p} lacks its ${c} form`);
    }
    const untranslated: string[] = [];
    for (const [key, value] of en) {
      const other = tr.get(key) ?? tr.get(`${base(key)}_other`)!;
      assert(other.trim().length > 0, `${locale} ${key} is empty`);
      for (const ph of value.match(/\{\{\w+\}\}/g) ?? []) {
        assert(other.includes(ph), `${locale} ${key} lost ${ph}`);
      }
      // A whole sentence identical to the English one is an untranslated string.
      if (!SAME_EVERYWHERE.has(key) && other === value && /[a-z]{3,}\s+[a-z]{3,}/i.test(value)) {
        untranslated.push(key);
      }
    }
    assertEquals(untranslated, [], `${locale} has English left`);
  });
}

Deno.test("translator interpolates and is bound to its locale", () => {
  assertEquals(
    translator("en")("errors.LOCKED", { minutes: 15 }),
    "Too many attempts. Try again in 15 min",
  );
  assert(translator("zh-CN")("nav.login") !== translator("en")("nav.login"));
});
