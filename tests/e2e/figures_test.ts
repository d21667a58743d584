/**
 * Every figure adds up as shown (issue 28, section 5): the confirmations are read off the screen
 * (the text a customer sees, in English) and their arithmetic is checked exactly, at amounts
 * whose exact values have more places than a currency shows.
 */
import { parseDecimal } from "../../core-wasm/mod.ts";
import {
  bindMethod,
  recharge,
  setDrawPassword,
  usdtAddress,
  verifyJunior,
} from "../api/funds_helpers.ts";
import { assertEquals, assertMatch } from "../assert.ts";
import { operatorToken } from "../operator.ts";
import { registerUser } from "../server.ts";
import { shot } from "./browser.ts";
import { browserTest, customerPage, hydrated, PHONE, quotesNow } from "./session.ts";

/** The figures of a text before a currency code, as shown ("1,224.69 USDT" -> 122469000000n). */
function figures(text: string, currency: string): bigint[] {
  const re = new RegExp(`(-?[\\d,]+(?:\\.\\d+)?) ${currency}`, "g");
  return [...text.matchAll(re)].map((m) => parseDecimal(m[1]!.replaceAll(",", "")));
}

/** One figure of a text: the first number in it, as shown. */
function figure(text: string): bigint {
  return parseDecimal(/(-?[\d,]+(?:\.\d+)?)/.exec(text)![1]!.replaceAll(",", ""));
}

browserTest("figures: the early-redemption example and quote add up to the amount as shown", async (
  srv,
  browser,
) => {
  const { ctx, page, errors } = await customerPage(srv, browser, PHONE);
  await page.goto(`${srv.base}/wp/wealth`);
  await page.getByTestId("product-usdt-5d").click();
  await hydrated(page, "WealthSubscribe");
  // 0.4 % a day: 1,234.57 x 0.4 % x 2 days = 9.87656, more places than USDT shows
  await page.locator("#amount").fill("1234.57");
  await page.getByRole("button", { name: "Show the figures" }).click();
  const rule = await page.getByTestId("redeem-rule").innerText();
  const [penalty, refund] = figures(rule, "USDT");
  assertEquals(penalty! + refund!, parseDecimal("1234.57"), rule);
  assertEquals(penalty, parseDecimal("9.87656"), rule);
  await page.screenshot({ path: shot("figures-wealth-preview"), fullPage: true });
  await page.getByRole("button", { name: "Confirm subscription" }).click();
  await page.waitForURL(/\/wp\/wealth\/detail/);
  await hydrated(page, "WealthRedeem");
  await page.getByTestId("redeem").click();
  const quote = await page.getByTestId("redeem-quote").innerText();
  const [p2, r2] = figures(quote, "USDT");
  assertEquals(p2! + r2!, parseDecimal("1234.57"), quote);
  await page.getByRole("button", { name: /Confirm redemption/ }).click();
  const end = await page.getByTestId("wealth-end").innerText();
  assertEquals(figures(end, "USDT"), [p2!, r2!], end);
  await page.screenshot({ path: shot("figures-wealth-redeemed"), fullPage: true });
  assertEquals(errors, []);
  await ctx.close();
});

browserTest("figures: the exchange quote reads amount x rate - fee = what you receive", async (
  srv,
  browser,
) => {
  await quotesNow(srv, { BTCUSDT: "61234.57", ETHUSDT: "3012.34" });
  const { ctx, page, errors } = await customerPage(srv, browser, PHONE);
  await page.goto(srv.base + "/wp/product/gjmarket");
  await hydrated(page, "ExchangeForm");
  // BTC -> USDT: 0.123457 x 61,234.57 = 7,559.8363..., a fee of 0.1 % = 7.5598...
  await page.locator("#amount").fill("0.123457");
  await page.getByRole("button", { name: "Get quote" }).click();
  await page.getByTestId("exchange-quote").waitFor();
  const rate = figure((await page.getByTestId("exchange-rate").innerText()).split("=")[1]!);
  const fee = figure(await page.getByTestId("exchange-fee").innerText());
  const receive = figure(await page.getByTestId("exchange-receive").innerText());
  // the value is amount x rate rounded down to the cent (what the customer receives rounds down)
  const cent = 1_000_000n;
  const value = parseDecimal("0.123457") * rate / 100_000_000n / cent * cent;
  assertEquals(value - fee, receive, await page.getByTestId("exchange-quote").innerText());
  await page.screenshot({ path: shot("figures-exchange-quote"), fullPage: true });
  assertEquals(errors, []);
  await ctx.close();
});

browserTest(
  "figures: the withdrawal form shows no fee beyond the maximum; an error clears as the field changes",
  async (srv, browser) => {
    const op = await operatorToken(srv);
    const { token } = await registerUser(srv, "+12025550293");
    await verifyJunior(srv, token, op, "Ada Lovelace");
    await setDrawPassword(srv, token, "135790");
    await bindMethod(srv, token, usdtAddress());
    const id = await recharge(srv, token, "1000");
    await srv.call(`/api/admin/recharges/${id}/pass`, { token: op, method: "POST" });
    const { ctx, page, errors } = await customerPage(srv, browser, PHONE, { token });
    await page.goto(srv.base + "/wp/user/withdraw");
    await hydrated(page, "WithdrawForm");
    await page.fill("#amount", "100");
    await page.getByTestId("withdraw-fee").getByText("1.00 USDT").waitFor();
    // beyond the maximum (50,000): no fee and no net, not even the last amount's
    await page.fill("#amount", "60000");
    await page.getByTestId("withdraw-fee").getByText("—").waitFor();
    assertEquals(await page.getByTestId("withdraw-net").innerText(), "— USDT");
    await page.fill("#drawPassword", "135790");
    await page.getByRole("button", { name: "Withdraw", exact: true }).click();
    assertMatch(await page.locator("#amount-error").innerText(), /maximum withdrawal/);
    await page.screenshot({ path: shot("figures-withdraw-max"), fullPage: true });
    // the customer corrects the amount: the old message goes at once
    await page.fill("#amount", "6000");
    await page.locator("#amount-error").waitFor({ state: "detached" });
    assertEquals(errors, []);
    await ctx.close();
  },
);

browserTest(
  "figures: wealth below the minimum names the grouped limits; beyond the balance, no Confirm but the links",
  async (srv, browser) => {
    const { ctx, page, errors } = await customerPage(srv, browser, PHONE);
    await page.goto(`${srv.base}/wp/wealth`);
    await page.getByTestId("product-usdt-5d").click();
    await hydrated(page, "WealthSubscribe");
    const figures = page.getByRole("button", { name: "Show the figures" });
    await page.locator("#amount").fill("50");
    await figures.click();
    assertEquals(
      await page.locator("#amount-error").innerText(),
      "Enter an amount from 100 to 100,000 USDT",
    );
    // the spot wallet holds 10,000 USDT: 20,000 is refused before any figure or "Confirm"
    await page.locator("#amount").fill("20000");
    await figures.click();
    await page.getByTestId("wealth-shortfall").waitFor();
    assertMatch(await page.locator("#amount-error").innerText(), /10,000/);
    assertEquals(
      await page.getByTestId("wealth-shortfall").locator("a").evaluateAll((as) =>
        as.map((a) => a.getAttribute("href"))
      ),
      ["/wp/trade/transfer", "/wp/trade/recharge"],
    );
    assertEquals(await page.getByTestId("wealth-preview").count(), 0);
    await page.screenshot({ path: shot("figures-wealth-shortfall"), fullPage: true });
    assertEquals(errors, []);
    await ctx.close();
  },
);

browserTest(
  "figures: at 390 px no quotes header or symbol is split mid-word (de, th, en)",
  async (srv, browser) => {
    await quotesNow(srv, { BTCUSDT: "61234.57", ETHUSDT: "3012.34" }, srv.deps.now());
    for (const locale of ["de", "th", "en"]) {
      const { ctx, page, errors } = await customerPage(srv, browser, {
        ...PHONE,
        viewport: { width: 390, height: 844 },
      }, { locale });
      await page.goto(srv.base + "/wp/quotes/list");
      await page.locator(".quotes-table").waitFor();
      // every word of the headers and every symbol on one line: a word split in two has two boxes
      const split = await page.evaluate(() => {
        const out: string[] = [];
        for (const el of document.querySelectorAll(".quotes-table th")) {
          const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
          for (let n = walker.nextNode(); n; n = walker.nextNode()) {
            const text = n.textContent ?? "";
            for (const m of text.matchAll(/\S+/g)) {
              const r = document.createRange();
              r.setStart(n, m.index!);
              r.setEnd(n, m.index! + m[0].length);
              const lines = new Set([...r.getClientRects()].map((b) => Math.round(b.top)));
              if (lines.size > 1) out.push(m[0]);
            }
          }
        }
        return out;
      });
      assertEquals(split, [], locale);
      // and the table fits the phone's width
      const overflow = await page.evaluate(() =>
        document.documentElement.scrollWidth > document.documentElement.clientWidth
      );
      assertEquals(overflow, false, locale);
      assertEquals(errors, []);
      await ctx.close();
    }
  },
);

browserTest("figures: at 390 px every duration tile's lines stay on one line (th, de)", async (
  srv,
  browser,
) => {
  await quotesNow(srv, { BTCUSDT: "61234.57" }, srv.deps.now());
  for (const locale of ["th", "de"]) {
    const { ctx, page, errors } = await customerPage(srv, browser, {
      ...PHONE,
      viewport: { width: 390, height: 844 },
    }, { locale });
    await page.goto(srv.base + "/wp/product/order?symbol=BTCUSDT");
    await hydrated(page, "FastTicket");
    // a line box per line: the text of a tile's part laid out on more than one line is wrapped
    const wrapped = await page.evaluate(() =>
      [...document.querySelectorAll(".chips .chip-btn > *")].filter((el) => {
        const r = document.createRange();
        r.selectNodeContents(el);
        return new Set([...r.getClientRects()].map((b) => Math.round(b.top))).size > 1;
      }).map((el) => el.textContent)
    );
    assertEquals(wrapped, [], locale);
    assertEquals(errors, []);
    await ctx.close();
  }
});
