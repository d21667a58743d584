/**
 * Every figure adds up, every message fits (issue 28, section 5), through HTTP: the withdrawal
 * preview quotes a fee and a net only for an amount that could be withdrawn; a recharge says what
 * is wrong with its amount or its voucher, each case in its own words.
 */
import { parseDecimal } from "../../core-wasm/mod.ts";
import { assert, assertEquals } from "../assert.ts";
import { operatorToken } from "../operator.ts";
import { DESKTOP_UA, MOBILE_UA, registerUser, signIn, startServer, tick } from "../server.ts";
import {
  bankCard,
  bindMethod,
  recharge,
  rechargeBody,
  upload,
  verifyJunior,
} from "./funds_helpers.ts";

Deno.test("figures: the withdrawal preview has no fee or net for an amount it would refuse", async () => {
  const srv = await startServer({ seed: true });
  try {
    const op = await operatorToken(srv);
    const { token } = await registerUser(srv, "+12025550291");
    const id = await recharge(srv, token, "1000");
    await srv.call(`/api/admin/recharges/${id}/pass`, { token: op, method: "POST" });
    const preview = async (amount: string) => {
      const r = await srv.call<{ fee: string | null; net: string | null }>(
        `/api/withdraw/preview?amount=${amount}`,
        { token },
      );
      return [r.body.data.fee, r.body.data.net];
    };
    // USDT: 10 to 50,000, 1 % with a minimum of 1; the balance is 1,000
    assertEquals(await preview("100"), ["1", "99"]);
    assertEquals(await preview("60000"), [null, null], "beyond the maximum");
    assertEquals(await preview("2000"), [null, null], "beyond the balance");
    assertEquals(await preview("5"), [null, null], "below the minimum");
  } finally {
    await srv.close();
  }
});

Deno.test("figures: a recharge says what is wrong with the amount and the voucher", async () => {
  const srv = await startServer({ seed: true });
  try {
    const { token } = await registerUser(srv, "+12025550292");
    const voucherImageId = await upload(srv, token);
    const withoutVoucher = (amount: string) => {
      const { voucherImageId: _, ...body } = rechargeBody(amount, "");
      return body;
    };
    const send = async (amount: string, voucher: string | null = voucherImageId) => {
      const r = await srv.call<{ error: string; fields: Record<string, string> }>("/api/recharge", {
        token,
        body: voucher === null ? withoutVoucher(amount) : rechargeBody(amount, voucher),
      });
      assertEquals(r.body.data.error, "VALIDATION", JSON.stringify(r.body));
      return r.body.data.fields;
    };
    const cases: [string, string][] = [
      ["12abc", "Enter the amount in digits, for example 100.5"],
      ["-5", "The amount cannot be negative"],
      ["0", "Enter an amount above zero"],
      ["0.00", "Enter an amount above zero"],
      ["1.005", "Too many decimal places: USDT takes 2, BTC 6, ETH 5"],
      ["12345678901234567", "Too many digits: the amount can be at most 100,000,000"],
    ];
    for (const [amount, message] of cases) {
      assertEquals((await send(amount)).amount, message, amount);
    }
    assertEquals(
      (await send("100", null)).voucherImageId,
      "Add the voucher image (a photo or screenshot of your transfer)",
    );
    assertEquals(
      (await send("100", "")).voucherImageId,
      (await send("100", null)).voucherImageId,
    );
  } finally {
    await srv.close();
  }
});

Deno.test("figures: a reserve coverage above 1,000 % reads over 1,000 %", async () => {
  const srv = await startServer({ seed: true });
  try {
    const login = await srv.call("/api/login", {
      body: { phone: "+12025550123", password: "Demo-2026" },
    });
    const token = login.headers.get("authorization")!;
    // 100 USDT for 5 days promises 1.50 USDT: the seeded reserve covers it many thousand times
    const order = await srv.call("/api/wealth/order", {
      token,
      body: { productId: "usdt-5d", amount: "100" },
      headers: { "Idempotency-Key": crypto.randomUUID() },
    });
    assertEquals(order.body.code, 0, JSON.stringify(order.body));
    const page = await srv.page("/wp/wealth", { headers: { cookie: `tw_session=${token}` } });
    const html = await page.text();
    assert(html.includes("coverage of promised payouts over 1,000%"), html.slice(0, 4000));
  } finally {
    await srv.close();
  }
});

Deno.test("figures: Rising lists only what rose in 24 h, or says that nothing did", async () => {
  const srv = await startServer({ seed: true });
  try {
    const login = await srv.call("/api/login", {
      body: { phone: "+12025550123", password: "Demo-2026" },
    });
    const cookie = `tw_session=${login.headers.get("authorization")}`;
    const start = srv.deps.now() - 10 * 60_000;
    const tick = async (symbol: string, minute: number, price: string) => {
      await srv.deps.market.tape.ingest({
        symbol,
        time: start + minute * 60_000,
        price: parseDecimal(price),
        qty: 100_000_000n,
      });
    };
    const rising = async () =>
      await (await srv.page("/wp/quotes/list?tab=rising", { headers: { cookie } })).text();
    // flat: nothing rose, and the page says so instead of listing everything
    await tick("BTCUSDT", 0, "60000");
    await tick("ETHUSDT", 0, "3000");
    let html = await rising();
    assert(!html.includes("data-symbol="), "a flat market lists nothing under Rising");
    assert(html.includes("Nothing has risen in the last 24 h."), html.slice(0, 4000));
    // BTC rises, ETH falls: only BTC
    await tick("BTCUSDT", 2, "60120");
    await tick("ETHUSDT", 2, "2994");
    srv.advance(1_000); // the quotes list is rebuilt at most every 200 ms of the server's clock
    html = await rising();
    assert(html.includes('data-symbol="BTCUSDT"'), "BTC rose");
    assert(!html.includes('data-symbol="ETHUSDT"'), "ETH fell: not rising");
  } finally {
    await srv.close();
  }
});

Deno.test("figures: devices and sign-ins are in the customer's zone, not the language's", async () => {
  const srv = await startServer({ seed: true });
  try {
    const login = await srv.call("/api/login", {
      body: { phone: "+12025550123", password: "Demo-2026" },
    });
    const token = login.headers.get("authorization")!;
    // English's zone is New York's; this customer's browser is in Bangkok
    const zoneName = (timeZone: string) =>
      new Intl.DateTimeFormat("en", { timeZone, timeZoneName: "short" })
        .formatToParts(srv.deps.now()).find((p) => p.type === "timeZoneName")!.value;
    for (const path of ["/wp/user/setSafe/devices", "/pc/userCenter/security"]) {
      const r = await srv.page(path, {
        ua: path.startsWith("/pc/") ? DESKTOP_UA : MOBILE_UA,
        headers: { cookie: `tw_session=${token}; tz=Asia%2FBangkok` },
      });
      assertEquals(r.status, 200, path);
      const html = await r.text();
      assert(html.includes('data-testid="login-row"'), `${path}: a sign-in is listed`);
      assert(html.includes(zoneName("Asia/Bangkok")), `${path}: in Bangkok's time`);
      assert(!html.includes(zoneName("America/New_York")), `${path}: not in New York's`);
    }
  } finally {
    await srv.close();
  }
});

Deno.test("figures: a signed-in customer is sent home from the sign-in pages; desktop pages know them", async () => {
  const srv = await startServer({ seed: true });
  try {
    const login = await srv.call("/api/login", {
      body: { phone: "+12025550123", password: "Demo-2026" },
    });
    const cookie = `tw_session=${login.headers.get("authorization")}`;
    const go = async (path: string, signedIn: boolean) => {
      const r = await srv.page(path, {
        ua: path.startsWith("/pc/") ? DESKTOP_UA : MOBILE_UA,
        headers: signedIn ? { cookie } : {},
      });
      return { status: r.status, location: r.headers.get("location"), html: await r.text() };
    };
    for (
      const [path, home] of [
        ["/wp/user/login", "/wp/home"],
        ["/pc/user/login", "/pc/home"],
        ["/pc/userAction", "/pc/home"],
      ]
    ) {
      const r = await go(path!, true);
      assertEquals([r.status, r.location], [302, home], path);
    }
    // signed out, the sign-in pages are still there
    assertEquals((await go("/wp/user/login", false)).status, 200);
    assertEquals((await go("/pc/user/login", false)).status, 200);
    assertEquals((await go("/pc/userAction", false)).location, "/pc/user/login");
    // the desktop 404's header: messages and the user centre, not "Log in"
    const missing = await go("/pc/no-such-page", true);
    assertEquals(missing.status, 404);
    assert(missing.html.includes('data-testid="nav-messages"'), "the 404 knows who is signed in");
    assert(
      !missing.html.includes('href="/pc/user/login"'),
      "no Log in link for a signed-in customer",
    );
    // the desktop funds pages sit in the user centre, with its side navigation
    for (
      const path of [
        "/pc/handle/recharge",
        "/pc/handle/withdraw",
        "/pc/handle/transfer",
        "/pc/handle/gatheringWay",
      ]
    ) {
      const r = await go(path, true);
      assertEquals(r.status, 200, path);
      assert(r.html.includes('<nav class="d-side"'), `${path}: the user-centre navigation`);
    }
  } finally {
    await srv.close();
  }
});

Deno.test("figures: a new account is welcomed, not back; Bank transfer in German; no address is not no method", async () => {
  const srv = await startServer({ seed: true });
  try {
    const op = await operatorToken(srv);
    const { token } = await registerUser(srv, "+12025550294");
    const page = async (path: string, tok: string, locale = "en") =>
      await (await srv.page(path, {
        ua: MOBILE_UA,
        headers: { cookie: `tw_session=${tok}; wplocale=${locale}` },
      })).text();
    // just registered: "Welcome to ...", not "Welcome back"
    const fresh = await page("/wp/home", token);
    assert(fresh.includes("Welcome to "), "a new account is welcomed");
    assert(!fresh.includes("Welcome back"), "a new account has not been here before");
    // the demo customer signing in a second time is back
    const demo = { phone: "+12025550123", password: "Demo-2026" };
    await srv.call("/api/login", { body: demo });
    const again = (await srv.call("/api/login", { body: demo })).headers.get("authorization")!;
    assert((await page("/wp/home", again)).includes("Welcome back"), "a returning customer");
    // the seeded bank channel in the customer's language
    const recharge = await page("/wp/trade/recharge", token, "de");
    assert(recharge.includes("Banküberweisung"), "the channel name in German");
    assert(!recharge.includes('"name":"Bank transfer"'), "not the seed's English name");
    // a bank card bound and no address: the address page says there is no address yet
    await verifyJunior(srv, token, op, "Ada Lovelace");
    await bindMethod(srv, token, bankCard());
    const addresses = await page("/wp/user/gatheringWay/crypAdress", token);
    assert(addresses.includes("No crypto address bound yet"), "what is missing");
    assert(!addresses.includes("No payment method bound yet"), "a bank card is bound");
  } finally {
    await srv.close();
  }
});

Deno.test("figures: 1 lot, 2 lots: counted through i18next's plural forms", async () => {
  const srv = await startServer({ seed: true });
  try {
    await tick(srv, "60000", 0, "BTCUSDT", 100_000_000n);
    const login = await srv.call("/api/login", {
      body: { phone: "+12025550123", password: "Demo-2026" },
    });
    const token = login.headers.get("authorization")!;
    for (const [side, lots] of [["long", 1], ["short", 2]] as const) {
      const r = await srv.call("/api/contract/order", {
        token,
        body: { symbol: "BTCUSDT", side, lots, leverage: 10, type: "market" },
      });
      assertEquals(r.body.code, 0, JSON.stringify(r.body));
    }
    const page = async (locale: string) =>
      await (await srv.page("/wp/positions/heyue", {
        ua: MOBILE_UA,
        headers: { cookie: `tw_session=${token}; wplocale=${locale}` },
      })).text();
    const en = await page("en");
    assert(/\b1 lot\b(?!s)/.test(en), "en: 1 lot");
    assert(en.includes("2 lots"), "en: 2 lots");
    const uk = await page("uk");
    assert(uk.includes("1 лот<") || /1 лот(?![а-яії])/.test(uk), "uk: 1 лот");
    assert(uk.includes("2 лоти"), "uk: 2 лоти");
  } finally {
    await srv.close();
  }
});

Deno.test("figures: Thai times in digits on one line, not hours spelled out", async () => {
  const srv = await startServer({ seed: true });
  try {
    const token = await signIn(srv);
    const html = await (await srv.page("/wp/user/setSafe/devices", {
      ua: MOBILE_UA,
      headers: { cookie: `tw_session=${token}; wplocale=th; tz=Asia%2FBangkok` },
    })).text();
    assert(/\d\d:\d\d:\d\d GMT\+7/.test(html), "th: 07:00:00 GMT+7");
    assert(!html.includes("นาฬิกา"), "th: no spelled-out hours");
  } finally {
    await srv.close();
  }
});
