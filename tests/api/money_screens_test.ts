/**
 * Money where the customer needs it (issue 28, section 4) and section 5 leftovers, through HTTP:
 * the reference rates operators set (console settings: validated, audited, dated per rate) and
 * the assets' approximate value they give (integer maths, the request's language); the detail
 * pages and replies of recharges and withdrawals (owner only, read with the session); the one
 * Chinese name of fast contracts.
 */
import { assert, assertEquals, assertMatch } from "../assert.ts";
import {
  DESKTOP_UA,
  MOBILE_UA,
  registerUser,
  signIn,
  startServer,
  type TestServer,
} from "../server.ts";
import { operatorToken, operatorWithRoles } from "../operator.ts";
import type { AuditEntry } from "../../edge/operators/store.ts";
import type { SiteSettingsJson } from "../../contract/platform.ts";
import { bindMethod, recharge, setDrawPassword, verifyJunior } from "./funds_helpers.ts";

type Settings = SiteSettingsJson;
type Approx = { currency: string; rate: string; rateAt: number; total: string } | null;

async function settings(srv: TestServer, token: string): Promise<Settings> {
  const r = await srv.call<Settings>("/api/admin/settings", { method: "GET", token });
  assertEquals(r.body.code, 0, JSON.stringify(r.body));
  return r.body.data;
}

/** PUT the settings as read, with these reference rates. */
async function putRates(srv: TestServer, token: string, rates: Record<string, string>) {
  const { updatedAt: _a, updatedBy: _b, referenceRates: _r, ...rest } = await settings(srv, token);
  return await srv.call<Settings>("/api/admin/settings", {
    method: "PUT",
    token,
    body: { ...rest, referenceRates: rates },
  });
}

async function assets(srv: TestServer, token: string, lang: string) {
  const r = await srv.call<{ totals: { totalUsdt: string }; approx: Approx }>(
    "/api/account/assets",
    { token, headers: { "accept-language": lang } },
  );
  assertEquals(r.body.code, 0, JSON.stringify(r.body));
  return r.body.data;
}

const page = async (srv: TestServer, path: string, token: string, ua = MOBILE_UA) => {
  const r = await srv.page(path, { ua, headers: { cookie: `tw_session=${token}` } });
  return { status: r.status, html: await r.text(), trips: r.headers.get("x-kv-round-trips") };
};

Deno.test("reference rates: set in the console (validated, audited, dated), approximate assets", async (t) => {
  const srv = await startServer({ seed: true });
  try {
    const admin = await operatorWithRoles(srv, "rates", ["admin"]);
    let customer = await signIn(srv);

    await t.step("no rate: USDT only (null in the reply, nothing on the page)", async () => {
      assertEquals((await assets(srv, customer, "de")).approx, null);
      const p = await page(srv, "/wp/trade/property", customer);
      assert(!p.html.includes('data-testid="total-approx"'), "no approximation without a rate");
    });

    await t.step("bad rates are refused per field, nothing saved", async () => {
      for (const bad of ["0", "-1", "abc", "1.123456789", "1e3", "1234567890123"]) {
        const r = await putRates(srv, admin, { EUR: bad });
        assertEquals([r.status, r.body.data.error], [400, "VALIDATION"], bad);
        assertMatch(
          JSON.stringify(r.body.data.fields),
          /referenceRates\.EUR/,
          `${bad}: ${JSON.stringify(r.body)}`,
        );
      }
      assertEquals((await settings(srv, admin)).referenceRates, {});
    });

    let setAt = 0;
    await t.step("saved: each rate with its time; audited with before and after", async () => {
      const before = srv.deps.now();
      const r = await putRates(srv, admin, { EUR: "0.92", VND: "25400", THB: "35.5", USD: "" });
      assertEquals(r.body.code, 0, JSON.stringify(r.body));
      setAt = r.body.data.referenceRates.EUR!.at;
      assert(setAt >= before && setAt <= srv.deps.now(), "dated by the server's clock");
      assertEquals(r.body.data.referenceRates, {
        EUR: { rate: "0.92", at: setAt },
        VND: { rate: "25400", at: setAt },
        THB: { rate: "35.5", at: setAt },
      });
      const audit = await srv.call<{ items: AuditEntry[] }>("/api/admin/audit?limit=20", {
        method: "GET",
        token: await operatorToken(srv),
      });
      const e = audit.body.data.items.find((x) => x.action === "settings.update")!;
      assertEquals((e.before as { referenceRates: unknown }).referenceRates, {});
      assertEquals(
        (e.after as { referenceRates: Record<string, { rate: string }> }).referenceRates.EUR!.rate,
        "0.92",
      );
    });

    await t.step("a changed rate is dated anew, an unchanged one keeps its time", async () => {
      srv.advance(3 * 3600_000);
      const later = srv.deps.now();
      const r = await putRates(srv, await operatorWithRoles(srv, "rates2", ["admin"]), {
        EUR: "0.920",
        VND: "25500",
        THB: "35.5",
      });
      assertEquals(r.body.code, 0, JSON.stringify(r.body));
      const rates = r.body.data.referenceRates;
      assertEquals(rates.EUR, { rate: "0.92", at: setAt }, "the same rate written otherwise");
      assertEquals(rates.VND!.rate, "25500");
      assert(rates.VND!.at >= later, "a new rate, a new time");
      assertEquals(rates.THB!.at, setAt);
      customer = await signIn(srv);
    });

    await t.step("the customer's total at the rate of their language, rounded down", async () => {
      const a = await assets(srv, customer, "de");
      assert(a.approx, "German reads euro");
      // integer maths: total x rate, cut to the cent (10^-8 units as decimal strings)
      const units = (s: string) => {
        const [i, f = ""] = s.split(".");
        return BigInt(i!) * 100_000_000n + BigInt(f.padEnd(8, "0"));
      };
      const total = units(a.totals.totalUsdt);
      assert(total > 0n, "the demo customer holds something");
      const cents = (total * 92_000_000n / 100_000_000n) / 1_000_000n;
      assertEquals(units(a.approx.total), cents * 1_000_000n);
      assertEquals([a.approx.currency, a.approx.rate, a.approx.rateAt], ["EUR", "0.92", setAt]);
      const vi = await assets(srv, customer, "vi");
      assertEquals(vi.approx!.currency, "VND");
      assertEquals(units(vi.approx!.total) % 100_000_000n, 0n, "dong: whole units");
      // Japanese: no yen rate set, so USDT only
      assertEquals((await assets(srv, customer, "ja")).approx, null);
    });

    await t.step("the assets page shows ≈ and the rate's age (de, th)", async () => {
      for (const [lang, re] of [["de", /≈ [\d.]+,\d\d\s€/], ["th", /≈ ฿[\d,]+\.\d\d/]] as const) {
        const r = await srv.page("/wp/trade/property", {
          ua: MOBILE_UA,
          headers: { cookie: `tw_session=${customer}; wplocale=${lang}` },
        });
        const html = await r.text();
        const approx = /data-testid="total-approx">([^<]*)</.exec(html)?.[1] ?? "";
        assertMatch(approx, re, `${lang}: ${approx}`);
        assert(html.includes('data-testid="approx-rate"'), "the rate and its age are shown");
      }
    });
  } finally {
    await srv.close();
  }
});

Deno.test("recharge and withdrawal details: owner only, fee and status history, one round trip", async (t) => {
  const srv = await startServer({ seed: true });
  try {
    const op = await operatorToken(srv);
    const { token } = await registerUser(srv, "+12025550191");
    const other = (await registerUser(srv, "+12025550192")).token;
    // no turnover rule for these tests: the operator sets the ratio to 0 before the deposit
    const ws = await srv.call<Record<string, unknown>>("/api/admin/withdraw-settings", {
      method: "GET",
      token: op,
    });
    const { ...rules } = ws.body.data;
    const put = await srv.call("/api/admin/withdraw-settings", {
      method: "PUT",
      token: op,
      body: { enabled: rules.enabled, turnoverRatio: "0", rules: rules.rules },
    });
    assertEquals(put.body.code, 0, JSON.stringify(put.body));
    const rid = await recharge(srv, token, "250");

    await t.step("the reply: fee 0 and the steps so far", async () => {
      const r = await srv.call<{ fee: string; history: { action: string }[]; status: string }>(
        `/api/recharge/${rid}`,
        { token },
      );
      assertEquals(r.body.data.fee, "0");
      assertEquals(r.body.data.history.map((h) => h.action), ["submitted"]);
      const pass = await srv.call(`/api/admin/recharges/${rid}/pass`, {
        token: op,
        method: "POST",
      });
      assertEquals(pass.body.code, 0, JSON.stringify(pass.body));
      const after = await srv.call<{ history: { action: string; at: number }[] }>(
        `/api/recharge/${rid}`,
        { token },
      );
      assertEquals(after.body.data.history.map((h) => h.action), ["submitted", "pass"]);
      assertEquals(
        (await srv.call(`/api/recharge/${rid}`, { token: other })).body.data.error,
        "NOT_FOUND",
      );
    });

    await t.step("the list links each record to its detail page", async () => {
      const list = await page(srv, "/wp/trade/recharge/approve", token);
      assert(list.html.includes(`href="/wp/trade/recharge/detail/${rid}"`), "mobile link");
      const pc = await page(srv, "/pc/handle/recharge", token, DESKTOP_UA);
      assert(pc.html.includes(`href="/pc/handle/recharge/detail/${rid}"`), "desktop link");
    });

    await t.step(
      "the detail page: amount, fee, steps, the voucher; the session's one read",
      async () => {
        for (
          const [path, ua] of [[`/wp/trade/recharge/detail/${rid}`, MOBILE_UA], [
            `/pc/handle/recharge/detail/${rid}`,
            DESKTOP_UA,
          ]] as const
        ) {
          await page(srv, path, token, ua); // warm caches
          const p = await page(srv, path, token, ua);
          assertEquals(p.status, 200, path);
          assertMatch(p.html, /data-testid="detail-amount">250\.00 USDT</);
          assertMatch(p.html, /data-testid="detail-fee">0\.00 USDT</);
          assertMatch(p.html, /Submitted[\s\S]*Approved/);
          assertMatch(p.html, /data-testid="voucher-thumb"/);
          assertEquals(p.trips?.split("/")[0], "1", `${path}: ${p.trips}`);
        }
      },
    );

    await t.step("another customer, or a malformed id: 404 and no voucher", async () => {
      for (const path of [`/wp/trade/recharge/detail/${rid}`, "/wp/trade/recharge/detail/x%2F.."]) {
        const p = await page(srv, path, other);
        assertEquals(p.status, 404, path);
        assert(!p.html.includes("voucher-thumb"), "nobody else sees the voucher");
      }
      const img = await srv.call(
        `/api/image/${
          (await srv.call<{ voucherImageId: string }>(`/api/recharge/${rid}`, { token })).body.data
            .voucherImageId
        }`,
        { token: other },
      );
      assertEquals(img.status, 404);
    });

    await t.step("a withdrawal's detail: amount, fee, net, the steps", async () => {
      await setDrawPassword(srv, token, "135790");
      await verifyJunior(srv, token, op, "Ada Lovelace");
      const m = await bindMethod(srv, token, {
        kind: "crypto",
        type: "USDT-TRC20",
        address: "TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL",
      });
      const w = await srv.call<{ id: string }>("/api/withdraw", {
        token,
        body: { methodId: m.id, amount: "100", drawPassword: "135790" },
        headers: { "Idempotency-Key": "w-detail-1" },
      });
      assertEquals(w.body.code, 0, JSON.stringify(w.body));
      const wid = w.body.data.id;
      const p = await page(srv, `/wp/user/withdraw/detail/${wid}`, token);
      assertEquals(p.status, 200);
      assertMatch(p.html, /data-testid="detail-amount">100\.00 USDT</);
      assertMatch(p.html, /data-testid="detail-fee">1\.00 USDT</);
      assertMatch(p.html, /data-testid="detail-net">99\.00 USDT</);
      assertMatch(p.html, /Requested/);
      assertEquals((await page(srv, `/wp/user/withdraw/detail/${wid}`, other)).status, 404);
      const list = await page(srv, "/wp/user/historyList", token);
      assert(list.html.includes(`href="/wp/user/withdraw/detail/${wid}"`), "the list links it");
    });
  } finally {
    await srv.close();
  }
});

Deno.test("fast contracts have one Chinese name everywhere (zh-CN, zh-TW)", async () => {
  const srv = await startServer({ seed: true });
  try {
    for (
      const [lang, name, others] of [
        ["zh-CN", "极速合约", /秒合约|快速合约/],
        ["zh-TW", "極速合約", /秒合約|快速合約/],
      ] as const
    ) {
      for (const path of ["/page/rates", "/wp/product/order", "/wp/product"]) {
        const r = await srv.page(path, {
          ua: MOBILE_UA,
          headers: { "accept-language": lang },
        });
        const html = await r.text();
        assert(!others.test(html), `${lang} ${path}: ${others.exec(html)?.[0]}`);
        if (path === "/page/rates") assert(html.includes(name), `${lang}: ${name} on the rates`);
      }
    }
  } finally {
    await srv.close();
  }
});
