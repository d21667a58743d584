/**
 * Content and service over HTTP: language fallback and `servedLocale`, legal items refused for
 * publishing with a missing language, Markdown bodies neutralised, scheduling, the pop-up modes
 * and acknowledgement, the visitors' queues (validated, throttled), the rates page following an
 * operator's change, and registration recording the agreement version.
 */
import { assert, assertEquals } from "../assert.ts";
import { makePng, uploadForm } from "../images.ts";
import { approvedBy, operatorToken } from "../operator.ts";
import { lastCode, registerUser, startServer, type TestServer } from "../server.ts";

const lang = (l: string) => ({ "accept-language": l });

async function notice(
  srv: TestServer,
  op: string,
  body: Record<string, unknown>,
  publish = true,
) {
  const r = await srv.call<{ id: string }>("/api/admin/content", { body, token: op });
  assertEquals(r.body.code, 0, JSON.stringify(r.body));
  if (publish) {
    const p = await srv.call(`/api/admin/content/${r.body.data.id}/publish`, {
      method: "POST",
      token: op,
    });
    assertEquals(p.body.code, 0, JSON.stringify(p.body));
  }
  return r.body.data.id;
}

const v = (title: string, body = "Body") => ({ title, summary: `${title} summary`, body });

Deno.test("content: fallback chain, servedLocale, rendering, scheduling, operator role", async (t) => {
  const srv = await startServer({ seed: true });
  try {
    const op = await operatorToken(srv);

    await t.step("only operators with the content role edit content", async () => {
      const anon = await srv.call("/api/admin/content", { body: { kind: "news" } });
      assertEquals(anon.body.code, -99);
      const list = await srv.call<{ items: { id: string; shipped: boolean }[] }>(
        "/api/admin/content?kind=page",
        { token: op },
      );
      assertEquals(list.body.code, 0);
      assert(list.body.data.items.some((i) => i.id === "page-agreement" && i.shipped));
    });

    await t.step("fallback chain: zh-TW -> zh-CN -> en, others -> en", async () => {
      const id = await notice(srv, op, {
        kind: "notice",
        variants: { en: v("Maintenance"), "zh-CN": v("系统维护") },
      });
      const get = (l: string) =>
        srv.call<{ title: string; servedLocale: string }>(`/api/notice/${id}`, {
          headers: lang(l),
        });
      const cases: [string, string, string][] = [
        ["zh-CN", "zh-CN", "系统维护"],
        ["zh-TW", "zh-CN", "系统维护"],
        ["th", "en", "Maintenance"],
        ["de", "en", "Maintenance"],
        ["en", "en", "Maintenance"],
      ];
      for (const [l, served, title] of cases) {
        const r = await get(l);
        assertEquals(r.body.code, 0);
        assertEquals([r.body.data.servedLocale, r.body.data.title], [served, title], l);
      }
      const list = await srv.call<{ items: { id: string; servedLocale: string }[] }>(
        "/api/notice",
        { headers: lang("th") },
      );
      assertEquals(list.body.data.items.find((i) => i.id === id)?.servedLocale, "en");
      // a language without its own text and no English: not shown to that reader
      const zhOnly = await notice(srv, op, { kind: "news", variants: { "zh-CN": v("仅中文") } });
      assertEquals((await srv.call(`/api/news/${zhOnly}`, { headers: lang("th") })).status, 404);
      const tw = await srv.call<{ servedLocale: string }>(`/api/news/${zhOnly}`, {
        headers: lang("zh-TW"),
      });
      assertEquals(tw.body.data.servedLocale, "zh-CN");
    });

    await t.step("script and HTML in bodies are neutralised", async () => {
      const body = [
        "<script>alert(1)</script>",
        "<img src=x onerror=alert(2)>",
        "[bad](javascript:alert(3)) [data](data:text/html,hi) [ok](https://example.com/x)",
        "![remote](https://evil.example/p.png) [rel](/wp/home) [mail](mailto:help@example.com)",
        // scheme-relative and slash-runs leave the site; entities decode to the same
        "[x](//elsewhere.example/) [y](///elsewhere.example/a) [z](&#47;&#47;elsewhere.example/b) [q](?page=2)",
      ].join("\n\n");
      const id = await notice(srv, op, { kind: "news", variants: { en: v("Safe", body) } });
      const r = await srv.call<{ html: string }>(`/api/news/${id}`, { headers: lang("en") });
      const html = r.body.data.html;
      assert(!/<script/i.test(html), html);
      assert(!/<img[^>]*onerror/i.test(html), html);
      assert(!/href="(javascript|data):/i.test(html), html);
      assert(!html.includes("evil.example"), html);
      assert(html.includes('href="https://example.com/x" rel="noopener nofollow"'), html);
      assert(html.includes('href="/wp/home" rel="noopener nofollow"'), html);
      assert(html.includes('href="mailto:help@example.com"'), html);
      assert(html.includes('href="?page=2" rel="noopener nofollow"'), html);
      assert(!/href="[^"]*elsewhere/.test(html), html);
      assert(html.includes("&lt;script&gt;"), html);
    });

    await t.step("bodies are bounded", async () => {
      const r = await srv.call("/api/admin/content", {
        body: { kind: "news", variants: { en: v("Long", "x".repeat(20_001)) } },
        token: op,
      });
      assertEquals(r.status, 400);
    });

    await t.step("scheduled items show only within [from, to)", async () => {
      const now = srv.deps.now();
      const id = await notice(srv, op, {
        kind: "notice",
        from: now + 3600_000,
        to: now + 7200_000,
        variants: { en: v("Scheduled") },
      });
      const seen = async () =>
        (await srv.call<{ items: { id: string }[] }>("/api/notice?limit=100", {
          headers: lang("en"),
        })).body.data.items.some((i) => i.id === id);
      assertEquals(await seen(), false);
      assertEquals((await srv.call(`/api/notice/${id}`)).status, 404);
      srv.advance(3600_000);
      assertEquals(await seen(), true);
      srv.advance(3600_000);
      assertEquals(await seen(), false);
    });

    await t.step("unpublished items disappear; the edit is audited", async () => {
      const id = await notice(srv, op, { kind: "news", variants: { en: v("Gone soon") } });
      assertEquals((await srv.call(`/api/news/${id}`)).status, 200);
      const u = await srv.call(`/api/admin/content/${id}/unpublish`, {
        method: "POST",
        token: op,
      });
      assertEquals(u.body.code, 0);
      assertEquals((await srv.call(`/api/news/${id}`)).status, 404);
      const audit = await srv.call<{ items: { action: string; target: string }[] }>(
        "/api/admin/audit?limit=50",
        { token: op },
      );
      const actions = audit.body.data.items.filter((e) => e.target === `content:${id}`)
        .map((e) => e.action);
      assertEquals(actions, ["content.unpublish", "content.publish", "content.create"]);
    });

    await t.step("help centre: categories, search", async () => {
      await notice(srv, op, {
        kind: "help",
        category: "Deposits",
        variants: { en: v("How to deposit", "Use a recharge channel.") },
      });
      await notice(srv, op, {
        kind: "help",
        category: "Security",
        variants: { en: v("Two-factor sign-in", "Turn on TOTP.") },
      });
      const all = await srv.call<{ categories: { name: string; items: unknown[] }[] }>(
        "/api/help",
        { headers: lang("en") },
      );
      // beside the shipped articles' categories (tests/api/help_test.ts)
      const names = all.body.data.categories.map((c) => c.name);
      assert(names.includes("Deposits") && names.includes("Security"), names.join());
      const q = await srv.call<{ categories: { name: string; items: { title: string }[] }[] }>(
        "/api/help?q=totp",
        { headers: lang("en") },
      );
      assertEquals(q.body.data.categories.map((c) => c.name), ["Security"]);
    });

    await t.step("banners: public images only, in order", async () => {
      const up = await srv.call<{ imageId: string }>("/api/admin/content/image", {
        method: "POST",
        raw: uploadForm(await makePng(8, 4)),
        token: op,
      });
      assertEquals(up.body.code, 0, JSON.stringify(up.body));
      const bad = await srv.call("/api/admin/content", {
        body: {
          kind: "banner",
          image: "00000000-0000-4000-8000-000000000000",
          variants: { en: v("x") },
        },
        token: op,
      });
      assertEquals(bad.status, 400);
      await notice(srv, op, {
        kind: "banner",
        image: up.body.data.imageId,
        link: "/wp/wealth",
        order: 2,
        variants: { en: v("Second") },
      });
      await notice(srv, op, {
        kind: "banner",
        image: up.body.data.imageId,
        link: "https://example.com/promo",
        order: 1,
        variants: { en: v("First") },
      });
      const b = await srv.call<{ items: { title: string; image: string }[] }>("/api/banner", {
        headers: lang("ja"),
      });
      assertEquals(b.body.data.items.map((i) => i.title), ["First", "Second"]);
      // anyone may read a public image
      const img = await fetch(`${srv.base}${b.body.data.items[0]!.image}`);
      assertEquals(img.status, 200);
      await img.body?.cancel();
    });
  } finally {
    await srv.close();
  }
});

Deno.test("content: legal pages need every tenant language; agreement version at registration", async (t) => {
  const srv = await startServer({
    seed: true,
    tenants: {
      defaultTenant: "demo",
      tenants: [{ id: "demo", name: "Tradewind" }, {
        id: "small",
        name: "Small",
        languages: ["en", "de", "zh-CN"],
      }],
    },
  });
  try {
    const op = await operatorToken(srv);

    await t.step(
      "shipped pages: real text, risk warning says so, versions start at 1",
      async () => {
        const risk = await srv.call<{ html: string; servedLocale: string; legal: boolean }>(
          "/api/page/risk",
          { headers: lang("en") },
        );
        assertEquals(risk.body.code, 0);
        assert(risk.body.data.html.includes("We never ask for your password"));
        assertEquals(risk.body.data.legal, true);
        const de = await srv.call<{ title: string; servedLocale: string }>("/api/page/agreement", {
          headers: lang("de"),
        });
        assertEquals([de.body.data.title, de.body.data.servedLocale], ["Nutzervereinbarung", "de"]);
        const agreement = await srv.call<{ version: number }>("/api/page/agreement");
        assertEquals(agreement.body.data.version, 1);
      },
    );

    await t.step("a legal item with a language missing is refused, then published", async () => {
      const created = await srv.call<{ id: string; missingLocales: string[] }>(
        "/api/admin/content",
        {
          body: {
            kind: "notice",
            legal: true,
            variants: { en: v("Risk update"), "zh-CN": v("风险提示更新") },
          },
          token: op,
        },
      );
      assertEquals(created.body.code, 0, JSON.stringify(created.body));
      const id = created.body.data.id;
      assertEquals(created.body.data.missingLocales.length, 9);
      const refused = await srv.call<{ missing: string[] }>(
        `/api/admin/content/${id}/publish`,
        { method: "POST", token: op, headers: lang("en") },
      );
      assertEquals(refused.status, 409);
      assertEquals(refused.body.data.error, "CONTENT_LANGUAGES_MISSING");
      assert(refused.body.data.missing.includes("th"));
      assert(!refused.body.data.missing.includes("zh-CN"));
      assert(refused.body.message.includes("th"), refused.body.message);
      assertEquals((await srv.call(`/api/notice/${id}`)).status, 404);
      const rest = Object.fromEntries(
        refused.body.data.missing.map((l) => [l, v(`Risk update (${l})`)]),
      );
      const e = await srv.call(`/api/admin/content/${id}`, {
        method: "PUT",
        body: { variants: rest },
        token: op,
      });
      assertEquals(e.body.code, 0, JSON.stringify(e.body));
      const p = await srv.call(`/api/admin/content/${id}/publish`, { method: "POST", token: op });
      assertEquals(p.body.code, 0, JSON.stringify(p.body));
      const th = await srv.call<{ servedLocale: string }>(`/api/notice/${id}`, {
        headers: lang("th"),
      });
      assertEquals(th.body.data.servedLocale, "th");
      // a page's legal flag is its slug's
      const flip = await srv.call("/api/admin/content/page-terms", {
        method: "PUT",
        body: { legal: false },
        token: op,
      });
      assertEquals(flip.status, 400);
    });

    await t.step("legal pages ship in every language: an edit publishes as version 2", async () => {
      for (const l of ["zh-TW", "vi", "th", "ja", "fr", "es", "uk", "ko"]) {
        const r = await srv.call<{ servedLocale: string; html: string }>("/api/page/risk", {
          headers: lang(l),
        });
        assertEquals(r.body.data.servedLocale, l);
      }
      const edit = await srv.call("/api/admin/content/page-agreement", {
        method: "PUT",
        body: { variants: { en: v("User agreement", "Version two.") } },
        token: op,
      });
      assertEquals(edit.body.code, 0, JSON.stringify(edit.body));
      // readers still get version 1 until it is published
      const still = await srv.call<{ version: number }>("/api/page/agreement");
      assertEquals(still.body.data.version, 1);
      const preview = await srv.call<{ html: string; state: string }>(
        "/api/admin/content/page-agreement/preview?locale=en",
        { token: op },
      );
      assertEquals(preview.body.data.state, "draft");
      assert(preview.body.data.html.includes("Version two."));
      const p = await srv.call<{ version: number }>("/api/admin/content/page-agreement/publish", {
        method: "POST",
        token: op,
      });
      assertEquals(p.body.code, 0, JSON.stringify(p.body));
      assertEquals(p.body.data.version, 2);
      const page = await srv.call<{ version: number; html: string }>("/api/page/agreement", {
        headers: lang("en"),
      });
      assertEquals(page.body.data.version, 2);
      assert(page.body.data.html.includes("Version two."));
      const dePage = await srv.call<{ title: string }>("/api/page/agreement", {
        headers: lang("de"),
      });
      assertEquals(dePage.body.data.title, "Nutzervereinbarung");
      // versions customers accepted never go back: a legal page is not deleted
      const del = await srv.call("/api/admin/content/page-agreement", {
        method: "DELETE",
        token: op,
      });
      assertEquals(del.status, 409);
      // another page returns to its shipped text when deleted
      await srv.call("/api/admin/content/page-about", {
        method: "PUT",
        body: { variants: { en: v("About", "Edited.") } },
        token: op,
      });
      await srv.call("/api/admin/content/page-about/publish", { method: "POST", token: op });
      const edited = await srv.call<{ html: string }>("/api/page/about", { headers: lang("en") });
      assert(edited.body.data.html.includes("Edited."));
      const gone = await srv.call("/api/admin/content/page-about", { method: "DELETE", token: op });
      assertEquals(gone.body.code, 0);
      const back = await srv.call<{ html: string; version: number }>("/api/page/about", {
        headers: lang("en"),
      });
      assertEquals(back.body.data.version, 1);
      assert(!back.body.data.html.includes("Edited."));

      // a tenant with three languages: a legal notice in those three publishes
      const small = { appKey: "small" };
      const tok = await operatorIn(srv, "small");
      const n = await srv.call<{ id: string }>("/api/admin/content", {
        body: {
          kind: "notice",
          legal: true,
          variants: { en: v("Risk"), de: v("Risiko"), "zh-CN": v("风险") },
        },
        token: tok,
        headers: small,
      });
      const sp = await srv.call(`/api/admin/content/${n.body.data.id}/publish`, {
        method: "POST",
        token: tok,
        headers: small,
      });
      assertEquals(sp.body.code, 0, JSON.stringify(sp.body));
    });

    await t.step("registration records the agreement version", async () => {
      const a = await registerUser(srv, "+12025550171");
      assertEquals((a.user as { agreementVersion?: number }).agreementVersion, 2);
      const b = await registerUser(srv, "+12025550172", "Passw0rd!", { appKey: "small" });
      assertEquals((b.user as { agreementVersion?: number }).agreementVersion, 1);
      // a client that showed version 1 records version 1; a version not yet published is refused
      const shown = async (phone: string, agreementVersion: number) => {
        await srv.call("/api/sms/code", { body: { phone, purpose: "register" } });
        const code = await lastCode(srv, phone);
        return await srv.call<{ agreementVersion: number }>("/api/register", {
          body: { phone, code, password: "Passw0rd!", agree: true, agreementVersion },
        });
      };
      assertEquals((await shown("+12025550173", 1)).body.data.agreementVersion, 1);
      assertEquals((await shown("+12025550174", 3)).status, 400);
    });
  } finally {
    await srv.close();
  }
});

/** An operator with the content role in another tenant. */
async function operatorIn(srv: TestServer, tenant: string) {
  const username = "editor";
  const secret = "KRSXG5CTMVRXEZLUKRSXG5CT";
  const existing = await srv.deps.operators.create(tenant, {
    username,
    password: "Operator-2026-test",
    totpSecret: secret,
    roles: ["content"],
  }).catch(() => null);
  void existing;
  return await operatorToken(srv, { username, password: "Operator-2026-test", secret }, tenant);
}

Deno.test("content: pop-up modes and acknowledgement", async () => {
  const srv = await startServer({ seed: true });
  try {
    const op = await operatorToken(srv);
    const alice = await registerUser(srv, "+12025550181");
    const dialog = (token?: string) =>
      srv.call<{ id: string; popup: string; servedLocale: string } | null>("/api/notice/dialog", {
        token,
        headers: lang("zh-CN"),
      });
    assertEquals((await dialog(alice.token)).body.data, null);

    // untilAck: pops up until acknowledged
    const ack = await notice(srv, op, {
      kind: "notice",
      popup: "untilAck",
      variants: { en: v("Ack me"), "zh-CN": v("请确认") },
    });
    assertEquals((await dialog(alice.token)).body.data?.id, ack);
    assertEquals((await dialog(alice.token)).body.data?.id, ack);
    assertEquals((await dialog(alice.token)).body.data?.servedLocale, "zh-CN");
    const a = await srv.call(`/api/notice/${ack}/ack`, { method: "POST", token: alice.token });
    assertEquals(a.body.code, 0);
    assertEquals((await dialog(alice.token)).body.data, null);
    assertEquals(
      (await srv.call(`/api/notice/${ack}/ack`, { method: "POST" })).body.code,
      -99,
    );

    // once: shown once per customer
    const once = await notice(srv, op, {
      kind: "notice",
      popup: "once",
      variants: { en: v("Once") },
    });
    assertEquals((await dialog(alice.token)).body.data?.id, once);
    assertEquals((await dialog(alice.token)).body.data, null);
    // a new session of the same customer does not see it again
    const login = await srv.call("/api/login", {
      body: { phone: "+12025550181", password: "Passw0rd!" },
    });
    const second = login.headers.get("authorization")!;
    assertEquals((await dialog(second)).body.data, null);

    // everyLogin: once per session
    const every = await notice(srv, op, {
      kind: "notice",
      popup: "everyLogin",
      variants: { en: v("Every login") },
    });
    assertEquals((await dialog(alice.token)).body.data?.id, every);
    assertEquals((await dialog(alice.token)).body.data, null);
    assertEquals((await dialog(second)).body.data?.id, every);
    assertEquals((await dialog(second)).body.data, null);

    // a visitor gets the newest pop-up (the client remembers)
    assertEquals((await dialog()).body.data?.id, every);
    // a new version of an acknowledged notice pops up again
    await srv.call(`/api/admin/content/${ack}`, {
      method: "PUT",
      body: { variants: { en: v("Ack me again") } },
      token: op,
    });
    await srv.call(`/api/admin/content/${ack}/publish`, { method: "POST", token: op });
    assertEquals((await dialog(alice.token)).body.data?.id, ack);
  } finally {
    await srv.close();
  }
});

Deno.test("content: coin applications and contact messages are validated, throttled, queued", async () => {
  const srv = await startServer({ seed: true });
  try {
    const op = await operatorToken(srv);
    const good = {
      project: "Example Chain",
      symbol: "exc",
      website: "https://example.org",
      contact: "listing@example.org",
      description: "A layer-one chain with audited contracts.",
    };
    for (
      const bad of [
        { ...good, symbol: "E" },
        { ...good, website: "javascript:alert(1)" },
        { ...good, description: "short" },
        { ...good, extra: 1 },
        { ...good, project: "x".repeat(81) },
      ]
    ) {
      const r = await srv.call("/api/coin-application", { body: bad });
      assertEquals(r.status, 400, JSON.stringify(bad));
    }
    for (let i = 0; i < 3; i++) {
      const r = await srv.call("/api/coin-application", { body: good });
      assertEquals(r.body.code, 0, JSON.stringify(r.body));
    }
    const throttled = await srv.call("/api/coin-application", { body: good });
    assertEquals(throttled.status, 429);
    const q = await srv.call<{ items: { symbol: string }[] }>("/api/admin/coin-applications", {
      token: op,
    });
    assertEquals(q.body.data.items.length, 3);
    assertEquals(q.body.data.items[0]!.symbol, "EXC");
    assertEquals((await srv.call("/api/admin/coin-applications")).body.code, -99);

    const msg = { name: "Ada", email: "ada@example.com", message: "Where is my deposit?" };
    assertEquals((await srv.call("/api/contact", { body: { ...msg, email: "nope" } })).status, 400);
    assertEquals((await srv.call("/api/contact", { body: msg })).body.code, 0);
    const m = await srv.call<{ items: { email: string }[] }>("/api/admin/contact-messages", {
      token: op,
    });
    assertEquals(m.body.data.items.map((i) => i.email), ["ada@example.com"]);
  } finally {
    await srv.close();
  }
});

Deno.test("content: the rates page follows the live configuration", async () => {
  const srv = await startServer({ seed: true });
  try {
    const op = await operatorToken(srv);
    type Rates = {
      rates: {
        wealth: { id: string; dailyRate: string }[];
        fast: { duration: number; rate: string }[];
        leveraged: { symbol: string; brackets: unknown[] }[];
        withdraw: { rules: { currency: string; feeRate: string }[] };
      };
    };
    const before = await srv.call<Rates>("/api/page/rates", { headers: lang("en") });
    assertEquals(before.body.code, 0);
    const r = before.body.data.rates;
    assert(r.fast.some((o) => o.duration === 30 && o.rate === "0.85"));
    assert(r.leveraged.some((s) => s.symbol === "BTCUSDT" && s.brackets.length > 0));
    assertEquals(r.wealth.find((p) => p.id === "usdt-5d")?.dailyRate, "0.003");

    const current = await srv.call<{ items: Record<string, unknown>[] }>(
      "/api/admin/products/wealth",
      { token: op },
    );
    const items = current.body.data.items.map((p) =>
      p.id === "usdt-5d" ? { ...p, dailyRate: "0.0045" } : p
    );
    const put = await srv.call("/api/admin/products/wealth", {
      method: "PUT",
      body: { items },
      token: op,
    });
    await approvedBy(srv, put);
    const ws = await srv.call<{ rules: Record<string, Record<string, string>> }>(
      "/api/admin/withdraw-settings",
      { token: op },
    );
    const w = ws.body.data as Record<string, unknown> & {
      rules: Record<string, Record<string, string>>;
    };
    w.rules.USDT!.feeRate = "0.02";
    const wput = await srv.call("/api/admin/withdraw-settings", {
      method: "PUT",
      body: w,
      token: op,
    });
    assertEquals(wput.body.code, 0, JSON.stringify(wput.body));

    const after = await srv.call<Rates>("/api/page/rates", { headers: lang("en") });
    assertEquals(after.body.data.rates.wealth.find((p) => p.id === "usdt-5d")?.dailyRate, "0.0045");
    assertEquals(
      after.body.data.rates.withdraw.rules.find((x) => x.currency === "USDT")?.feeRate,
      "0.02",
    );
  } finally {
    await srv.close();
  }
});
