/**
 * Issue 28 in Chromium, on a 390 px phone and a 1366 px desktop, in en, de, zh-CN and th: the
 * chart with two indicators and the crosshair readout (OHLC, volume and the indicators at the
 * candle under the cursor), the interval tabs reachable on a phone, full screen, the 24 h
 * figures; recent trades moving with the tape (a tap shows the tape number and its link); a
 * fast contract from its entry line on the chart (counting down) to the result card (tape
 * numbers of both ticks) to the Verify view; a position's entry, stop and liquidation lines.
 */
import { assert, assertEquals, assertMatch } from "../assert.ts";
import { shot } from "./browser.ts";
import {
  browserTest,
  customerPage,
  demoToken,
  freshTick,
  hydrated,
  type Layout,
  layoutBrowser,
  tickAt,
  ticketPath,
} from "./session.ts";
import type { TestServer } from "../server.ts";
import type { Locator, Page } from "playwright-core";

const LOCALES = ["en", "de", "zh-CN", "th"] as const;
const chart = '[data-testid="chart"]';
const PHONE_390 = { ...layoutBrowser("mobile"), viewport: { width: 390, height: 844 } };
const browserOf = (layout: Layout) => layout === "mobile" ? PHONE_390 : layoutBrowser("desktop");

/** Three hours of trades on the server's clock, three a minute (a seeded walk): warm-up for MA and RSI. */
/** The tape numbers of the entry and exit ticks in `scope` (test ids `<prefix>-entry`, `-exit`). */
async function ticksShown(scope: { getByTestId(id: string): Locator }, prefix: string) {
  const seq = async (end: string) =>
    Number(await scope.getByTestId(`${prefix}-${end}`).getAttribute("data-seq"));
  return [await seq("entry"), await seq("exit")];
}

async function history(srv: TestServer) {
  let seed = 7, cents = 2_700_000;
  const start = srv.deps.now();
  for (let i = 0; i < 540; i++) {
    seed = (seed * 48_271) % 2_147_483_647;
    cents += Math.round((seed / 2_147_483_647 - 0.5) * 4_000);
    await tickAt(srv, start + i * 20_000, (cents / 100).toFixed(2));
  }
}

/** The chart of `page` on its 5m tab (the second), with MA and RSI chosen. */
async function chartWithTwoIndicators(page: Page) {
  await page.evaluate(() =>
    localStorage.setItem(
      "tw-chart-indicators",
      JSON.stringify({ vol: true, overlays: ["ma"], lower: "rsi" }),
    )
  );
  await page.reload();
  await hydrated(page, "PriceChart");
  await page.locator('[data-testid="chart-tabs"] button').nth(1).click();
  await page.waitForSelector(`${chart}[data-state="ready"][data-core="ready"][data-panes="2"]`);
  assertEquals(await page.locator(chart).getAttribute("data-indicators"), "vol ma rsi");
}

for (const layout of ["mobile", "desktop"] as const) {
  browserTest(
    `chart: two indicators and the crosshair readout; tabs, full screen, 24 h figures (${layout}; en, de, zh-CN, th)`,
    async (srv, browser, t) => {
      await history(srv);
      const token = await demoToken(srv);
      for (const locale of LOCALES) {
        await t.step(locale, async () => {
          const { ctx, page, errors } = await customerPage(srv, browser, browserOf(layout), {
            token,
            locale,
          });
          await page.goto(
            srv.base +
              (layout === "mobile"
                ? "/wp/product/detail/BTCUSDT"
                : "/pc/trade/fast?symbol=BTCUSDT"),
          );
          await chartWithTwoIndicators(page);
          await page.getByTestId("chart-card").screenshot({
            path: shot(`charts-${layout}-5m-${locale}`),
          });
          const readout = page.getByTestId("chart-readout");
          // without a crosshair: the latest candle
          assertEquals(await readout.getAttribute("data-at"), "last");
          const lastClose = await page.getByTestId("readout-close").innerText();
          const legendLast = await page.getByTestId("chart-legend").innerText();
          assertMatch(legendLast, /MA\(5\)\s+[\d.,\s]+/);
          assertMatch(legendLast, /RSI\(14\)\s+\d/);
          // the cursor over an earlier candle: the readout and the legend follow it
          const box = (await page.locator(chart).boundingBox())!;
          await page.mouse.move(box.x + box.width * 0.45, box.y + box.height * 0.3);
          await page.waitForFunction(
            () =>
              document.querySelector('[data-testid="chart-readout"]')?.getAttribute("data-at") !==
                "last",
          );
          const at = Number(await readout.getAttribute("data-at"));
          assert(at > 0 && at < srv.deps.now());
          for (const k of ["open", "high", "low", "close", "volume"]) {
            assertMatch(await page.getByTestId(`readout-${k}`).innerText(), /\d/);
          }
          const hovered = await page.getByTestId("chart-legend").innerText();
          assert(hovered !== legendLast, "the legend shows the values at the cursor");
          // the candle's own figures, as the API serves it
          const k = await srv.call<{ candles: string[][] }>(
            "/api/market/kline?symbol=BTCUSDT&interval=5m&limit=500",
          );
          const row = k.body.data.candles.find((c) => Number(c[0]) === at)!;
          const digits = (s: string) => s.replace(/\D/g, "");
          assertEquals(
            digits(await page.getByTestId("readout-high").innerText()),
            digits(Number(row[2]).toFixed(2)),
          );
          await page.screenshot({ path: shot(`charts-${layout}-readout-${locale}`) });
          await page.mouse.move(1, 1);
          await page.waitForFunction(() =>
            document.querySelector('[data-testid="chart-readout"]')?.getAttribute("data-at") ===
              "last"
          );
          assertEquals(await page.getByTestId("readout-close").innerText(), lastClose);

          // every interval tab reachable: the last (1Y) scrolled into view and chosen
          const tabs = page.locator('[data-testid="chart-tabs"] button');
          if (layout === "mobile") {
            const more = page.getByTestId("chart-tabs-more");
            if (await more.count()) {
              await page.screenshot({ path: shot(`charts-mobile-tabs-${locale}`) });
              await more.click();
            }
          }
          await tabs.last().click();
          assertEquals(await tabs.last().getAttribute("aria-pressed"), "true");
          const vp = page.viewportSize()!;
          const last = (await tabs.last().boundingBox())!;
          assert(last.x >= 0 && last.x + last.width <= vp.width, "1Y is on screen");
          // no sideways scrolling of the page
          assert(
            await page.evaluate(() =>
              document.documentElement.scrollWidth <= document.documentElement.clientWidth
            ),
          );

          // full screen and back
          await page.getByTestId("chart-full").click();
          await page.waitForSelector('[data-testid="chart-card"][data-full="on"]');
          const full = (await page.locator(chart).boundingBox())!;
          assert(full.height > vp.height * 0.5, "the chart fills the window");
          await page.screenshot({ path: shot(`charts-${layout}-fullscreen-${locale}`) });
          await page.keyboard.press("Escape");
          await page.waitForSelector('[data-testid="chart-card"][data-full=""]');

          if (layout === "mobile") {
            // the rolling 24 h figures under the price
            const stats = page.getByTestId("stats-24h");
            for (const s of ["high", "low", "volume", "turnover"]) {
              assertMatch(await stats.getByTestId(`stat-${s}`).innerText(), /\d/);
            }
            assertMatch(await stats.getByTestId("stat-turnover").innerText(), /USDT/);
            await page.screenshot({ path: shot(`charts-mobile-detail-${locale}`), fullPage: true });
          }
          assertEquals(errors, []);
          await ctx.close();
        });
      }
    },
  );

  browserTest(
    `recent trades move with the tape; a fast contract from entry line to result card to Verify (${layout}; en, de, zh-CN, th)`,
    async (srv, browser, t) => {
      const token = await demoToken(srv);
      let clock = Date.now() - 5_000;
      await tickAt(srv, clock, "60000");
      for (const locale of LOCALES) {
        await t.step(locale, async () => {
          const { ctx, page, errors } = await customerPage(srv, browser, browserOf(layout), {
            token,
            locale,
          });
          clock += 1_000;
          await tickAt(srv, clock, "60010");
          await page.goto(
            srv.base + ticketPath("fast", layout),
          );
          await hydrated(page, "FastTicket");
          await hydrated(page, "RecentTrades");

          // recent trades: the newest on the tape first, then live
          const trades = page.getByTestId("recent-trades");
          await page.waitForSelector('[data-testid="recent-trades"] tr.trade');
          const head = async () =>
            (await srv.call<{ seq: number }>("/api/tape/BTCUSDT/head")).body.data.seq;
          assertEquals(
            Number(await trades.locator("tr.trade").first().getAttribute("data-seq")),
            await head(),
          );
          clock += 1_000;
          await tickAt(srv, clock, "60020");
          const seq = await head();
          const row = trades.locator(`tr.trade[data-seq="${seq}"]`);
          await row.waitFor();
          assertEquals(await row.getAttribute("data-move"), "up");
          assertEquals(
            Number(await trades.locator("tr.trade").first().getAttribute("data-seq")),
            seq,
          );
          await row.click();
          const detail = trades.getByTestId("trade-seq");
          assertMatch(await detail.innerText(), new RegExp(String(seq)));
          const tradeVerify = await detail.getByTestId("trade-verify").getAttribute("href");
          assertEquals(tradeVerify, `/${layout === "mobile" ? "wp" : "pc"}/tape/BTCUSDT/${seq}`);
          await page.screenshot({ path: shot(`charts-${layout}-trades-${locale}`) });

          // a fast contract: the stake preset, the payout before confirming
          const ticket = page.getByTestId("fast-ticket");
          await ticket.locator('[data-testid="presets"] button', { hasText: /^100$/ }).click();
          await ticket.locator('button[type="submit"]').click();
          const confirm = page.getByTestId("fast-confirm");
          await confirm.waitFor();
          // 100 + 85 (85 %) = 185: the core's maths, as settled
          const figures = (await confirm.innerText()).replace(/\s/g, "");
          assertMatch(figures, /100(\.|,)00\+85(\.|,)00[(（]85\s?%[)）]=185(\.|,)00/);
          await page.screenshot({ path: shot(`charts-${layout}-fast-confirm-${locale}`) });
          await confirm.locator(".btn-primary").click();

          // the entry line on the chart, counting down
          const line = page.locator('[data-testid="chart-lines"] li[data-kind="fast"]');
          await line.waitFor();
          assertEquals(await line.getAttribute("data-price"), "60020");
          assertMatch(await line.innerText(), /\d+/);
          await page.screenshot({ path: shot(`charts-${layout}-fast-line-${locale}`) });
          const entrySeq = seq;

          // past expiry (30 s on the trading clock): settled, the result card with both ticks
          clock += 20_000;
          await tickAt(srv, clock, "60050");
          const exitSeq = await head();
          clock += 20_000;
          await tickAt(srv, clock, "59000");
          const card = page.getByTestId("fast-result");
          await card.waitFor();
          assertEquals(await card.getAttribute("data-outcome"), "win");
          assertMatch(
            (await card.getByTestId("result-payout").innerText()).replace(/\s/g, ""),
            /185(\.|,)00USDT/,
          );
          assertEquals(await ticksShown(card, "result"), [entrySeq, exitSeq]);
          assertMatch(await card.getByTestId("result-exit").innerText(), new RegExp(`${exitSeq}`));
          // it left the open orders for the settled list; its line left the chart
          assertEquals(await page.locator('[data-testid="fast-orders"] li').count(), 0);
          await page.locator('[data-testid="fast-settled"] li[data-outcome="win"]').waitFor();
          assertEquals(await line.count(), 0);
          await page.screenshot({ path: shot(`charts-${layout}-fast-result-${locale}`) });

          // "repeat last trade" opens the same confirmation
          await ticket.getByTestId("fast-repeat").click();
          await confirm.waitFor();
          assertMatch((await confirm.innerText()).replace(/\s/g, ""), /=185(\.|,)00/);
          await confirm.locator(".btn-ghost").click();

          // Verify: the same ticks, re-derived from the public tape
          await card.getByTestId("verify-link").click();
          await page.waitForURL(/\/verify\//);
          assertEquals(await ticksShown(page, "tick"), [entrySeq, exitSeq]);

          // the trade's own Verify view: its hash recomputed in the browser from the one before
          await page.goto(srv.base + tradeVerify);
          await page.waitForSelector('[data-testid="tape-verify"][data-state="verified"]');
          assertEquals(await page.getByTestId("tape-seq").innerText(), String(seq));
          await page.screenshot({ path: shot(`charts-${layout}-tape-verify-${locale}`) });
          assertEquals(errors, []);
          await ctx.close();
        });
      }
    },
  );
}

browserTest(
  "a position's entry, stop-loss, take-profit and liquidation lines on its chart; pending limit orders' lines, contract and spot (390 and 1366 px)",
  async (srv, browser) => {
    const token = await demoToken(srv);
    await freshTick(srv, "60000");
    const call = (path: string, body: Record<string, unknown>) =>
      srv.call<{ orderNo: string; liquidationPrice: string }>(path, { token, body });
    const held = await call("/api/contract/order", {
      symbol: "BTCUSDT",
      side: "long",
      lots: 1,
      leverage: 10,
      type: "market",
      stopLoss: "58000",
      takeProfit: "63000",
    });
    assertEquals(held.body.code, 0, JSON.stringify(held.body));
    const pending = await call("/api/contract/order", {
      symbol: "BTCUSDT",
      side: "short",
      lots: 1,
      leverage: 10,
      type: "limit",
      price: "61000",
    });
    assertEquals(pending.body.code, 0, JSON.stringify(pending.body));
    for (const layout of ["mobile", "desktop"] as const) {
      const { ctx, page, errors } = await customerPage(srv, browser, browserOf(layout), { token });
      await page.goto(
        srv.base + ticketPath("leveraged", layout),
      );
      await hydrated(page, "ContractTicket");
      const lines = page.getByTestId("chart-lines");
      await lines.waitFor();
      const drawn = await lines.locator("li").evaluateAll((els) =>
        els.map((e) => [e.getAttribute("data-kind"), e.getAttribute("data-price")])
      );
      const key = (x: (string | null)[]) => x.join(" ");
      assertEquals(
        drawn.map(key).sort(),
        [
          ["entry", "60000"],
          ["sl", "58000"],
          ["tp", "63000"],
          ["liq", held.body.data.liquidationPrice],
          ["limit", "61000"],
        ].map(key).sort(),
      );
      await page.screenshot({ path: shot(`charts-${layout}-position-lines`), fullPage: true });
      assertEquals(errors, []);
      await ctx.close();
    }
    // a spot limit order waiting below the market: its line on the spot ticket's chart
    const spot = await srv.call<{ orderNo: string }>("/api/spot/order", {
      token,
      body: { symbol: "BTCUSDT", side: "buy", type: "limit", qty: "0.01", price: "59000" },
    });
    assertEquals(spot.body.code, 0, JSON.stringify(spot.body));
    const { ctx, page, errors } = await customerPage(srv, browser, browserOf("desktop"), { token });
    await page.goto(srv.base + "/pc/trade/bibi?symbol=BTCUSDT");
    await hydrated(page, "SpotTicket");
    const line = page.locator('[data-testid="chart-lines"] li[data-kind="limit"]');
    await line.waitFor();
    assertEquals(await line.getAttribute("data-price"), "59000");
    assertEquals(errors, []);
    await ctx.close();
  },
);
