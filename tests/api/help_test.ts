/**
 * The help centre on a fresh install (issue 29, section 4): the shipped articles answer in every
 * language, search finds them in en, de (compounds, with and without umlauts) and zh-CN (no
 * spaces), and operators edit and delete a shipped article like any content item (a deleted one
 * does not come back from the defaults).
 */
import { assert, assertEquals } from "../assert.ts";
import { operatorToken } from "../operator.ts";
import { startServer, type TestServer } from "../server.ts";
import { LOCALES } from "../../locales/languages.ts";

interface Help {
  categories: {
    name: string;
    items: { id: string; title: string; servedLocale: string }[];
  }[];
}

async function help(srv: TestServer, locale: string, q?: string) {
  const r = await srv.call<Help>(
    `/api/help${q === undefined ? "" : `?q=${encodeURIComponent(q)}`}`,
    {
      headers: { "accept-language": locale },
    },
  );
  assertEquals(r.body.code, 0, JSON.stringify(r.body));
  return r.body.data.categories;
}

const ids = (cats: Help["categories"]) => cats.flatMap((c) => c.items.map((i) => i.id));

Deno.test("help centre: a fresh store answers in every language and search finds the articles", async (t) => {
  const srv = await startServer();
  try {
    await t.step("categories with the shipped articles, in the reader's language", async () => {
      const en = await help(srv, "en");
      assertEquals(en.map((c) => c.name), [
        "Getting started",
        "Deposits and withdrawals",
        "Trading",
        "Wealth",
        "Account security",
      ]);
      assertEquals(ids(en).length, 9);
      const zh = await help(srv, "zh-CN");
      assertEquals(zh[0]!.name, "新手入门");
      assert(zh.every((c) => c.items.every((i) => i.servedLocale === "zh-CN")));
      // every language has its own text of every article (short versions beyond en, de, zh-CN)
      for (const l of LOCALES) {
        const cats = await help(srv, l);
        assertEquals(ids(cats).length, 9, l);
        assert(cats.every((c) => c.items.every((i) => i.servedLocale === l)), l);
      }
    });

    await t.step("an article reads as rendered Markdown with working links", async () => {
      const r = await srv.call<{ title: string; html: string; category: string }>(
        "/api/help/help-withdrawals",
        { headers: { "accept-language": "de" } },
      );
      assertEquals(r.body.data.title, "Auszahlungen und ihre Regeln");
      assertEquals(r.body.data.category, "Ein- und Auszahlungen");
      // a summary the formatter wrapped over two "> " lines is one summary, not a quote in the body
      const sec = await srv.call<{ summary: string; html: string }>("/api/help/help-security");
      assertEquals(
        sec.body.data.summary,
        "Keep your account safe: two-factor sign-in, the withdrawal password, devices and the " +
          "anti-phishing code.",
      );
      assert(!sec.body.data.html.includes("<blockquote>"), sec.body.data.html);
      assert(r.body.data.html.includes('href="/wp/user/certify/first"'), r.body.data.html);
    });

    await t.step("English: words, a question, nothing for nonsense", async () => {
      assertEquals(ids(await help(srv, "en", "anti-phishing"))[0], "help-security");
      assertEquals(ids(await help(srv, "en", "liquidation price"))[0], "help-leverage");
      assertEquals(ids(await help(srv, "en", "how do I withdraw"))[0], "help-withdrawals");
      assertEquals(ids(await help(srv, "en", "early redemption"))[0], "help-wealth");
      assertEquals(await help(srv, "en", "xylophone"), []);
    });

    await t.step("German: inside compounds, with or without umlauts", async () => {
      // "gebühr" only inside "Auszahlungsgebühr"-like compounds and "Gebühren"
      const fees = ids(await help(srv, "de", "Gebühr"));
      assert(fees.includes("help-fees"), fees.join());
      assertEquals(ids(await help(srv, "de", "gebuehr")), fees);
      assertEquals(ids(await help(srv, "de", "GEBUHR")), fees);
      assertEquals(ids(await help(srv, "de", "vorzeitige Rücknahme"))[0], "help-wealth");
      assertEquals(ids(await help(srv, "de", "Zwei-Faktor"))[0], "help-security");
    });

    await t.step("Chinese without spaces: substrings and character pairs", async () => {
      assertEquals(ids(await help(srv, "zh-CN", "防钓鱼码"))[0], "help-security");
      assertEquals(ids(await help(srv, "zh-CN", "提前赎回"))[0], "help-wealth");
      assertEquals(ids(await help(srv, "zh-CN", "强平价格"))[0], "help-leverage");
      // a question the texts do not contain verbatim
      assertEquals(ids(await help(srv, "zh-CN", "怎么验证极速合约结算"))[0], "help-fast");
      assertEquals(await help(srv, "zh-CN", "区块链游戏"), []);
    });

    await t.step("Vietnamese and Thai find their short versions", async () => {
      assertEquals(ids(await help(srv, "vi", "rut tien"))[0], "help-withdrawals");
      assertEquals(ids(await help(srv, "th", "ฟิชชิ่ง"))[0], "help-security");
    });
  } finally {
    await srv.close();
  }
});

Deno.test("help centre: operators edit and delete a shipped article like any item", async () => {
  const srv = await startServer({ seed: true });
  try {
    const op = await operatorToken(srv);
    const list = await srv.call<{ items: { id: string; shipped: boolean; category: string }[] }>(
      "/api/admin/content?kind=help",
      { token: op },
    );
    const shipped = list.body.data.items.filter((i) => i.shipped).map((i) => i.id);
    assertEquals(shipped.length, 9);
    // edit the English text and publish: readers get it, the other languages keep theirs
    const edit = await srv.call("/api/admin/content/help-fees", {
      method: "PUT",
      token: op,
      body: {
        variants: { en: { title: "Fees", summary: "All fees.", body: "Zero-fee Fridays." } },
      },
    });
    assertEquals(edit.body.code, 0, JSON.stringify(edit.body));
    assertEquals(
      (await srv.call(`/api/admin/content/help-fees/publish`, { method: "POST", token: op }))
        .body.code,
      0,
    );
    assertEquals(ids(await help(srv, "en", "zero-fee fridays")), ["help-fees"]);
    assertEquals(ids(await help(srv, "de", "Gebühren und Limits"))[0], "help-fees");
    // delete: gone for readers and operators, and it stays gone
    const del = await srv.call("/api/admin/content/help-demo", { method: "DELETE", token: op });
    assertEquals(del.body.code, 0, JSON.stringify(del.body));
    assertEquals((await srv.call("/api/help/help-demo")).status, 404);
    assert(!ids(await help(srv, "en")).includes("help-demo"));
    const after = await srv.call<{ items: { id: string }[] }>("/api/admin/content?kind=help", {
      token: op,
    });
    assert(!after.body.data.items.some((i) => i.id === "help-demo"));
    assertEquals(
      (await srv.call("/api/admin/content/help-demo", { method: "DELETE", token: op })).status,
      404,
    );
  } finally {
    await srv.close();
  }
});
