/**
 * Ways into trading, over HTTP: the Trade tab lists what the tenant offers and the customer's open
 * positions and orders, the product page offers the trade actions of that symbol, every ticket has
 * a symbol picker and opens with the side chosen on the product page, and the unread-messages
 * badge is served with the page.
 */
import { parseDecimal } from "../../core-wasm/mod.ts";
import { assert, assertEquals, assertMatch } from "../assert.ts";
import { operatorToken } from "../operator.ts";
import { DESKTOP_UA, MOBILE_UA, registerUser, startServer, type TestServer } from "../server.ts";

const TENANTS = {
  defaultTenant: "demo",
  tenants: [
    { id: "demo", name: "Demo Broker" },
    { id: "lite", name: "Lite Broker", products: ["fast", "spot", "wealth"] },
  ],
};

async function html(srv: TestServer, path: string, ua: string, headers: Record<string, string>) {
  const r = await srv.page(path, { ua, headers });
  assertEquals(r.status, 200, path);
  return await r.text();
}

const attrs = (body: string, name: string) =>
  [...body.matchAll(new RegExp(`${name}="([^"]+)"`, "g"))].map((m) => m[1]!);

/** The part of a page inside the element with this test id (to the next test id). */
function part(body: string, testid: string): string {
  const mark = `data-testid="${testid}"`;
  const i = body.indexOf(mark);
  assert(i >= 0, `no ${testid}`);
  const rest = body.slice(i + mark.length);
  const j = rest.indexOf('data-testid="');
  return rest.slice(0, j < 0 ? undefined : j);
}

async function tick(srv: TestServer, symbol: string, price: string) {
  await srv.deps.market.tape.ingest({
    symbol,
    time: srv.deps.now(),
    price: parseDecimal(price),
    qty: 1n,
  });
}

Deno.test("trade hub, product actions, symbol pickers and presets follow the tenant", async (t) => {
  const srv = await startServer({ tenants: TENANTS, seed: true });
  try {
    const login = await srv.call("/api/login", {
      body: { phone: "+12025550123", password: "Demo-2026" },
    });
    const demo = { cookie: `tw_session=${login.headers.get("authorization")!}` };
    const token = login.headers.get("authorization")!;
    const lite = await registerUser(srv, "+12025550181", "Passw0rd!", { appKey: "lite" });
    const liteH = { cookie: `tw_session=${lite.token}`, appKey: "lite" };

    await t.step("the Trade tab shows only the products the tenant enabled", async () => {
      const all = await html(srv, "/wp/product", MOBILE_UA, demo);
      assertEquals(attrs(part(all, "hub-products"), "data-product"), [
        "fast",
        "leveraged",
        "spot",
        "exchange",
      ]);
      assert(!all.includes('data-testid="coming-soon"'));
      assert(!/trading engine/i.test(all), "stale coming-soon text");
      const few = await html(srv, "/wp/product", MOBILE_UA, liteH);
      assertEquals(attrs(part(few, "hub-products"), "data-product"), ["fast", "spot"]);
      const records = attrs(part(few, "hub-records").split("</ul>")[0]!, "href");
      assertEquals(records, [
        "/wp/product/tradeRecord",
        "/wp/product/bibi/list",
        "/wp/trade/statistics",
      ]);
      assertMatch(few, /data-testid="open-book-empty"/);
      // the home page leads to the same tickets, and to the positions screen
      const home = await html(srv, "/wp/home", MOBILE_UA, liteH);
      assertEquals(attrs(part(home, "hub-products"), "data-product"), [
        "fast",
        "spot",
        "positions",
      ]);
    });

    await t.step("open positions and orders of every product are listed with links", async () => {
      for (const [s, p] of [["BTCUSDT", "60000"], ["ETHUSDT", "3000"]] as const) {
        await tick(srv, s, p);
      }
      const fast = await srv.call("/api/fast/order", {
        token,
        body: { symbol: "ETHUSDT", direction: "down", duration: 60, stake: "10" },
      });
      assertEquals(fast.body.code, 0, JSON.stringify(fast.body));
      const pending = await srv.call("/api/contract/order", {
        token,
        body: {
          symbol: "BTCUSDT",
          side: "short",
          lots: 2,
          leverage: 10,
          type: "limit",
          price: "65000",
        },
      });
      assertEquals(pending.body.code, 0, JSON.stringify(pending.body));
      const spot = await srv.call("/api/spot/order", {
        token,
        body: { symbol: "BTCUSDT", side: "buy", type: "limit", qty: "0.01", price: "50000" },
      });
      assertEquals(spot.body.code, 0, JSON.stringify(spot.body));

      const hub = await html(srv, "/wp/product", MOBILE_UA, demo);
      const f = part(hub, "open-fast");
      assertMatch(f, /href="\/wp\/product\/order\?symbol=ETHUSDT"/);
      assertMatch(f, /ETH\/USDT/);
      assertMatch(f, /Buy down/);
      const c = part(hub, "open-positions");
      assertMatch(c, /href="\/wp\/product\/leveragedDeals\?symbol=BTCUSDT"/);
      assertMatch(c, /Sell short/);
      assertMatch(c, /Pending/);
      const o = part(hub, "open-spot");
      assertMatch(o, /href="\/wp\/product\/bibi\?symbol=BTCUSDT"/);
      assertMatch(o, /50,000\.00/);
      // the positions screen shows the same book
      const positions = await html(srv, "/wp/positions", MOBILE_UA, demo);
      for (const id of ["open-fast", "open-positions", "open-spot", "hub-records"]) {
        assertMatch(positions, new RegExp(`data-testid="${id}"`));
      }
    });

    await t.step("the product page offers what the tenant offers for that symbol", async () => {
      const btc = await html(srv, "/wp/product/detail/BTCUSDT", MOBILE_UA, demo);
      assertEquals(attrs(part(btc, "trade-actions"), "data-action"), [
        "fast-up",
        "fast-down",
        "leveraged-long",
        "leveraged-short",
        "spot-buy",
      ]);
      assertMatch(btc, /href="\/wp\/product\/leveragedDeals\?symbol=BTCUSDT&amp;side=long"/);
      assertMatch(btc, /href="\/wp\/product\/order\?symbol=BTCUSDT&amp;direction=down"/);
      assert(!/trading engine/i.test(btc), "stale coming-soon text");
      const doge = await html(srv, "/wp/product/detail/DOGEUSDT", MOBILE_UA, demo);
      assertEquals(attrs(part(doge, "trade-actions"), "data-action"), ["fast-up", "fast-down"]);
      const few = await html(srv, "/wp/product/detail/BTCUSDT", MOBILE_UA, liteH);
      assertEquals(attrs(part(few, "trade-actions"), "data-action"), [
        "fast-up",
        "fast-down",
        "spot-buy",
      ]);
    });

    await t.step("tickets have a symbol picker and open with the preselected side", async () => {
      const cases = [
        ["/wp/product/order?symbol=ETHUSDT&direction=down", MOBILE_UA, '"direction":"down"'],
        ["/wp/product/leveragedDeals?symbol=ETHUSDT&side=short", MOBILE_UA, '"side":"short"'],
        ["/wp/product/bibi?symbol=ETHUSDT&side=sell", MOBILE_UA, '"side":"sell"'],
        ["/pc/trade/fast?symbol=ETHUSDT&direction=down", DESKTOP_UA, '"direction":"down"'],
        ["/pc/trade/future?symbol=ETHUSDT&side=short", DESKTOP_UA, '"side":"short"'],
        ["/pc/trade/bibi?symbol=ETHUSDT&side=sell", DESKTOP_UA, '"side":"sell"'],
      ] as const;
      for (const [path, ua, preset] of cases) {
        const body = await html(srv, path, ua, demo);
        const picker = part(body, "symbol-picker");
        assertMatch(picker, /aria-current="page" data-symbol="ETHUSDT"/, path);
        assert(body.includes(preset), `${path}: preset`);
      }
      // each picker lists the symbols offered in its product
      const pick = async (path: string, h = demo) =>
        attrs(part(await html(srv, path, MOBILE_UA, h), "symbol-picker"), "data-symbol");
      assertEquals((await pick("/wp/product/order")).length, 6);
      assert(!(await pick("/wp/product/leveragedDeals")).includes("DOGEUSDT"));
      assertEquals(await pick("/wp/product/bibi"), ["BTCUSDT", "ETHUSDT"]);
      // an invalid preset opens the ticket with its default; a symbol not offered falls back
      const odd = await html(
        srv,
        "/wp/product/leveragedDeals?symbol=DOGEUSDT&side=up",
        MOBILE_UA,
        demo,
      );
      assert(!odd.includes('"side":"up"'));
      assertMatch(part(odd, "symbol-picker"), /aria-current="page" data-symbol="BTCUSDT"/);
      // a product the tenant switched off shows no ticket
      const off = await html(srv, "/wp/product/leveragedDeals", MOBILE_UA, liteH);
      assertMatch(off, /data-testid="not-offered"/);
      assert(!off.includes('data-name="ContractTicket"'));
      // desktop: the same symbol in the other products
      const pc = await html(srv, "/pc/trade/future?symbol=ETHUSDT", DESKTOP_UA, demo);
      assertMatch(pc, /href="\/pc\/trade\/fast\?symbol=ETHUSDT" data-product="fast"/);
      assertMatch(pc, /href="\/pc\/trade\/bibi\?symbol=ETHUSDT" data-product="spot"/);
    });

    await t.step(
      "desktop home leads to the enabled tickets without coming-soon notes",
      async () => {
        const home = await html(srv, "/pc/home", DESKTOP_UA, demo);
        // each product card's button (data-testid home-<product>)
        const buttons = (body: string) =>
          [...body.matchAll(/<a [^>]*data-testid="home-(?:fast|leveraged|spot|exchange)"[^>]*>/g)]
            .map((m) => /href="([^"]+)"/.exec(m[0])![1]!.replaceAll("&amp;", "&"));
        assertEquals(buttons(home), [
          "/pc/trade/fast?symbol=BTCUSDT",
          "/pc/trade/future?symbol=BTCUSDT",
          "/pc/trade/bibi?symbol=BTCUSDT",
          "/pc/trade/exchange",
        ]);
        assert(!/trading engine/i.test(home), "stale coming-soon text");
        const few = await html(srv, "/pc/home", DESKTOP_UA, liteH);
        assertEquals(buttons(few).length, 2);
      },
    );
  } finally {
    await srv.close();
  }
});

Deno.test("unread messages: counted in the commits that write and read them, badges on both layouts", async (t) => {
  const srv = await startServer({ seed: true });
  try {
    const { token } = await registerUser(srv, "+12025550182");
    const cookie = { cookie: `tw_session=${token}` };
    const unread = async () =>
      (await srv.call<{ unread: number }>("/api/message", { token })).body.data.unread;

    await t.step("no messages: zero and no badge", async () => {
      assertEquals(await unread(), 0);
      const me = await html(srv, "/wp/user/userCenter", MOBILE_UA, cookie);
      assert(!me.includes('data-testid="unread-badge"'));
    });

    await t.step(
      "an operator decision writes a message: the count and badges show it",
      async () => {
        const op = await operatorToken(srv);
        const sub = await srv.call("/api/certify/junior", {
          token,
          body: { name: "Ada Lovelace", docType: "passport", docNumber: "P7788123", country: "US" },
        });
        assertEquals(sub.body.code, 0, JSON.stringify(sub.body));
        const q = await srv.call<{ items: { id: string }[] }>(
          "/api/admin/certifications?status=authenticating&limit=100",
          { token: op },
        );
        for (const item of q.body.data.items) {
          const pass = await srv.call(`/api/admin/certifications/${item.id}/pass`, {
            token: op,
            method: "POST",
          });
          assertEquals(pass.body.code, 0, JSON.stringify(pass.body));
        }
        assertEquals(await unread(), 1);
        const me = await html(srv, "/wp/user/userCenter", MOBILE_UA, cookie);
        assertMatch(part(me, "unread-badge"), /^[^>]*>1</);
        assertMatch(part(me, "menu-messages"), /1 unread/);
        const pc = await html(srv, "/pc/home", DESKTOP_UA, cookie);
        assertMatch(part(pc, "nav-messages"), />Messages/);
        assertMatch(pc, /data-testid="unread-badge"[^>]*>1</);
        // desktop user centre links to messages and payment methods
        const uc = await html(srv, "/pc/userCenter/property", DESKTOP_UA, cookie);
        assertMatch(uc, /href="\/pc\/article\/message"/);
        assertMatch(uc, /href="\/pc\/handle\/gatheringWay"/);
      },
    );

    await t.step("reading the message (twice) takes the count to zero once", async () => {
      const list = await srv.call<{ items: { id: string }[] }>("/api/message", { token });
      const id = list.body.data.items[0]!.id;
      await Promise.all([
        srv.call(`/api/message/detail/${id}`, { token }),
        srv.call(`/api/message/detail/${id}`, { token }),
      ]);
      await srv.call(`/api/message/detail/${id}`, { token });
      assertEquals(await unread(), 0);
      const me = await html(srv, "/wp/home", MOBILE_UA, cookie);
      assert(!me.includes('data-testid="unread-badge"'));
    });
  } finally {
    await srv.close();
  }
});
