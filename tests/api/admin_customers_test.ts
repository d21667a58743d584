/**
 * The console's customers section through HTTP: search (phone, id, name, document), the
 * customer's page, sensitive fields by role (audited), lock/unlock (sign-in refused, sessions
 * end, no trading or withdrawing, open contracts still settle), a message, the role matrix.
 */
import { assert, assertEquals } from "../assert.ts";
import { operatorToken, operatorWithRoles } from "../operator.ts";
import { registerUser, startServer, tick } from "../server.ts";
import { verifyJunior } from "./funds_helpers.ts";

type Reply<T> = { body: { code: number; data: T } };
function ok<T>(r: Reply<T>, what: string): T {
  assertEquals(r.body.code, 0, `${what}: ${JSON.stringify(r.body)}`);
  return r.body.data;
}
const err = (r: Reply<unknown>) => (r.body.data as { error?: string })?.error;
type Hit = { userId: string; matched: string; locked: boolean };
type Page = Record<string, unknown> & {
  phone: string;
  locked: { reason: string } | null;
  verification: { verifiedName: string | null; document: { docNumber: string } | null };
};

const PHONE = "+12025550123";
const PASSWORD = "Demo-2026";

Deno.test("operators: customers search, page, sensitive fields, lock/unlock, message, roles", async (t) => {
  const srv = await startServer({ seed: true });
  try {
    const ops = await operatorToken(srv); // admin, funds, identity, audit, content
    const support = await operatorWithRoles(srv, "sup", ["support"]);
    const auditor = await operatorWithRoles(srv, "aud", ["audit"]);
    const content = await operatorWithRoles(srv, "cnt", ["content"]);
    const admin = await operatorWithRoles(srv, "adm", ["admin"]);
    const login = (password = PASSWORD) =>
      srv.call("/api/login", { body: { phone: PHONE, password } });
    const customer = await login();
    const token = customer.headers.get("authorization")!;
    const userId = (customer.body.data as { userId: string }).userId;
    await verifyJunior(srv, token, ops, "Ada Lovelace");
    const grace = await registerUser(srv, "+12025550188");

    await t.step(
      "search by phone (exact and prefix, with or without + and country code), id, verified name, document",
      async () => {
        const q = async (s: string) =>
          ok(
            await srv.call<{ items: Hit[] }>(`/api/admin/customers?q=${encodeURIComponent(s)}`, {
              token: support,
            }),
            s,
          ).items;
        assertEquals((await q(PHONE)).map((h) => [h.userId, h.matched]), [[userId, "phone"]]);
        assert((await q("+1202555")).some((h) => h.userId === grace.user.userId));
        // typed without the +: with the country code, with 00, or without any (every code tried)
        const digits = PHONE.slice(1);
        for (const typed of [digits, `00${digits}`, digits.slice(1), "(202) 555-0188"]) {
          const hits = (await q(typed)).filter((h) => h.matched === "phone").map((h) => h.userId);
          assertEquals(hits, [typed.includes("0188") ? grace.user.userId : userId], typed);
        }
        assertEquals((await q(userId))[0]?.userId, userId);
        assertEquals((await q("lovelace")).map((h) => [h.userId, h.matched]), [[userId, "name"]]);
        const page = ok(
          await srv.call<Page & { verification: { document: { docNumber: string } } }>(
            `/api/admin/customers/${userId}?sensitive=true`,
            { token: ops },
          ),
          "page",
        );
        const doc = page.verification.document.docNumber;
        assertEquals((await q(doc)).map((h) => [h.userId, h.matched]), [[userId, "document"]]);
        assertEquals(await q("nobody-like-this"), []);
        const bad = await srv.call("/api/admin/customers?q=", { token: support });
        assertEquals(err(bad), "VALIDATION");
        const long = await srv.call(`/api/admin/customers?q=${"x".repeat(65)}`, { token: support });
        assertEquals(err(long), "VALIDATION");
      },
    );

    await t.step("the page has every section; sensitive fields by role, audited", async () => {
      const masked = ok(
        await srv.call<Page>(`/api/admin/customers/${userId}`, { token: support }),
        "page",
      );
      for (
        const k of [
          "balances",
          "positions",
          "fastOrders",
          "spotOrders",
          "wealthOrders",
          "recharges",
          "withdrawals",
          "verification",
          "paymentMethods",
          "messages",
          "sessions",
          "logins",
        ]
      ) assert(k in masked, k);
      assert((masked.balances as unknown[]).length > 0);
      assert((masked.sessions as unknown[]).length > 0);
      assert(masked.phone.includes("****"));
      assertEquals(masked.verification.verifiedName, "Ada Lovelace");
      assert(masked.verification.document!.docNumber.startsWith("****"));
      const refused = await srv.call(`/api/admin/customers/${userId}?sensitive=true`, {
        token: support,
      });
      assertEquals(err(refused), "FORBIDDEN");
      const full = ok(
        await srv.call<Page>(`/api/admin/customers/${userId}?sensitive=true`, { token: ops }),
        "sensitive",
      );
      assertEquals(full.phone, PHONE);
      assert(!full.verification.document!.docNumber.includes("*"));
      const audit = ok(
        await srv.call<{ items: { action: string; operator: string; target: string }[] }>(
          "/api/admin/audit?limit=100",
          { token: ops },
        ),
        "audit",
      );
      const views = audit.items.filter((e) => e.action === "customer.viewSensitive");
      assert(views.length >= 2 && views.every((v) => v.target === `customer:${userId}`));
    });

    await t.step("role matrix", async () => {
      const read = `/api/admin/customers/${userId}`;
      const lock = { method: "POST", body: { reason: "matrix" } };
      const cases: [string, string, Record<string, unknown>, boolean][] = [
        [support, read, {}, true],
        [ops, read, {}, true],
        [admin, read, {}, true],
        [auditor, read, {}, false],
        [content, read, {}, false],
        [auditor, `/api/admin/customers?q=${userId}`, {}, false],
        [ops, `/api/admin/customers/${userId}/unlock`, lock, true], // admin writes
        [auditor, `/api/admin/customers/${userId}/lock`, lock, false],
        [content, `/api/admin/customers/${userId}/message`, {
          method: "POST",
          body: { title: "x", body: "y" },
        }, false],
      ];
      for (const [tok, path, opts, allowed] of cases) {
        const r = await srv.call(path, { token: tok, ...opts });
        assertEquals(r.body.code === 0, allowed, `${path}: ${JSON.stringify(r.body)}`);
        if (!allowed) assertEquals(err(r), "FORBIDDEN");
      }
      const anon = await srv.call(read);
      assertEquals(anon.body.code, -99);
      const noReason = await srv.call(`/api/admin/customers/${userId}/lock`, {
        token: support,
        body: {},
      });
      assertEquals(err(noReason), "VALIDATION");
      const nobody = await srv.call("/api/admin/customers/999999999/lock", {
        token: support,
        body: { reason: "x" },
      });
      assertEquals(err(nobody), "NOT_FOUND");
    });

    await t.step("lock: sign-in refused, sessions end, no trading or withdrawing", async () => {
      await tick(srv, "60000");
      const fast = ok(
        await srv.call<{ orderNo: string; status: string }>("/api/fast/order", {
          token,
          body: { symbol: "BTCUSDT", direction: "up", duration: 30, stake: "100" },
        }),
        "fast",
      );
      const position = ok(
        await srv.call<{ orderNo: string }>("/api/contract/order", {
          token,
          body: {
            symbol: "BTCUSDT",
            lots: 1,
            leverage: 20,
            type: "market",
            side: "long",
            stopLoss: "59500",
          },
        }),
        "contract",
      );
      const locked = ok(
        await srv.call<{ locked: { reason: string } | null }>(
          `/api/admin/customers/${userId}/lock`,
          { token: support, body: { reason: "suspicious activity" } },
        ),
        "lock",
      );
      assertEquals(locked.locked?.reason, "suspicious activity");
      const refused = await login();
      assertEquals(err(refused), "ACCOUNT_LOCKED");
      assertEquals(refused.body.code, 403);
      assert((refused.body as unknown as { message: string }).message.includes("locked"));
      const wrong = await login("Wrong-2026");
      assertEquals(err(wrong), "BAD_CREDENTIALS");
      for (
        const [path, body] of [
          ["/api/fast/order", { symbol: "BTCUSDT", direction: "up", duration: 30, stake: "10" }],
          ["/api/withdraw", { methodId: "x", amount: "10", drawPassword: "123456" }],
          ["/api/contract/order", {
            symbol: "BTCUSDT",
            lots: 1,
            leverage: 20,
            type: "market",
            side: "long",
          }],
          [`/api/contract/positions/${position.orderNo}/close`, {}],
          ["/api/spot/order", { symbol: "BTCUSDT", side: "buy", type: "market", amount: "10" }],
          ["/api/exchange/quote", { from: "USDT", to: "BTC", amount: "10" }],
          ["/api/user/info", undefined],
        ] as const
      ) {
        const r = await srv.call(path, { token, ...(body ? { body } : {}) });
        assertEquals(r.body.code, -99, `${path}: ${JSON.stringify(r.body)}`);
      }
      const page = ok(
        await srv.call<Page & { sessions: unknown[] }>(`/api/admin/customers/${userId}`, {
          token: support,
        }),
        "page",
      );
      assertEquals(page.sessions, []);
      assertEquals(page.locked?.reason, "suspicious activity");
      // the open contract still settles on the engine's ticks
      for (let i = 0; i < 31; i++) await tick(srv, "60100");
      const settled = await srv.deps.fast.get("demo", fast.orderNo);
      assertEquals(settled?.status, "settled");
      // and the open position still closes at its stop-loss
      await tick(srv, "59000");
      const closed = await srv.deps.contracts.get("demo", position.orderNo);
      assertEquals([closed?.status, closed?.closeReason], ["closed", "stopLoss"]);
    });

    await t.step("unlock restores sign-in; both writes audited", async () => {
      ok(
        await srv.call(`/api/admin/customers/${userId}/unlock`, {
          token: admin,
          body: { reason: "cleared" },
        }),
        "unlock",
      );
      const again = await login();
      assertEquals(again.body.code, 0, JSON.stringify(again.body));
      const tok = again.headers.get("authorization")!;
      assertEquals((await srv.call("/api/user/info", { token: tok })).body.code, 0);
      const audit = ok(
        await srv.call<{ items: { action: string; operator: string }[] }>(
          "/api/admin/audit?limit=100",
          { token: ops },
        ),
        "audit",
      );
      assert(audit.items.some((e) => e.action === "customer.lock" && e.operator === "sup"));
      assert(audit.items.some((e) => e.action === "customer.unlock" && e.operator === "adm"));
    });

    await t.step("a message arrives in the customer's inbox (audited)", async () => {
      const bad = await srv.call(`/api/admin/customers/${userId}/message`, {
        token: support,
        body: { title: "", body: "x".repeat(2001) },
      });
      assertEquals(err(bad), "VALIDATION");
      ok(
        await srv.call(`/api/admin/customers/${userId}/message`, {
          token: support,
          body: { title: "About your account", body: "Please contact us." },
        }),
        "message",
      );
      const tok = (await login()).headers.get("authorization")!;
      const inbox = ok(
        await srv.call<{ items: { title: string; body: string }[] }>("/api/message", {
          token: tok,
        }),
        "inbox",
      );
      assertEquals(inbox.items[0]?.title, "About your account");
      assertEquals(inbox.items[0]?.body, "Please contact us.");
    });
    await t.step(
      "the console pages: search, the customer's page, sensitive on request",
      async () => {
        const page = async (path: string, tok: string) => {
          const r = await srv.page(path, { headers: { cookie: `tw_op=${tok}` } });
          return { status: r.status, html: await r.text(), location: r.headers.get("location") };
        };
        const home = await srv.page("/admin", { headers: { cookie: `tw_op=${support}` } });
        assertEquals(home.headers.get("location"), "/admin/customers");
        await home.body?.cancel();
        const found = await page(`/admin/customers?q=${encodeURIComponent(PHONE)}`, support);
        assertEquals(found.status, 200);
        assert(found.html.includes(`data-user="${userId}"`));
        const one = await page(`/admin/customers?id=${userId}`, support);
        for (const part of ["balances", "positions", "fast", "recharges", "methods", "logins"]) {
          assert(one.html.includes(`data-testid="part-${part}"`), part);
        }
        assert(one.html.includes('data-testid="customer-message"'));
        assert(!one.html.includes('data-testid="show-sensitive"'));
        const fid = await operatorWithRoles(srv, "fid", ["funds", "identity"]);
        const before = (await srv.deps.operators.auditLog("demo", 100)).items.length;
        // support asking for sensitive fields gets the masked page (and no audit entry)
        const masked = await page(`/admin/customers?id=${userId}&sensitive=true`, support);
        assert(masked.html.includes("****"));
        assertEquals((await srv.deps.operators.auditLog("demo", 100)).items.length, before);
        const full = await page(`/admin/customers?id=${userId}&sensitive=true`, fid);
        assert(!full.html.includes('data-testid="customer-message"'), "funds/identity: read only");
        const after = (await srv.deps.operators.auditLog("demo", 100)).items;
        assertEquals(after.length, before + 1);
        assertEquals(after[0]?.action, "customer.viewSensitive");
        const denied = await srv.page("/admin/customers", {
          headers: { cookie: `tw_op=${content}` },
        });
        assertEquals(denied.headers.get("location"), "/admin/content");
        await denied.body?.cancel();
      },
    );
  } finally {
    await srv.close();
  }
});
