/**
 * The junior verification form sends the document's issuing country on both layouts (issue 30,
 * section 4): the phone's country comes preselected, the names are in the page's language, and the
 * customer's choice is what the operator reviews. Screenshots at 390 and 1280 px, en and th.
 */
import type { Page } from "playwright-core";
import { assertEquals } from "../assert.ts";
import { operatorToken } from "../operator.ts";
import { registerUser, type TestServer } from "../server.ts";
import { shot } from "./browser.ts";
import { browserTest, customerPage, DESKTOP, hydrated, type Layout, PHONE } from "./session.ts";

const PATHS: Record<Layout, string> = {
  mobile: "/wp/user/certify/first",
  desktop: "/pc/userCenter/certify",
};

/** The country of the customer's pending junior submission, as the console lists it. */
async function submittedCountry(srv: TestServer, op: string, name: string) {
  const q = await srv.call<{ items: { junior: { name: string; country?: string } | null }[] }>(
    "/api/admin/certifications?status=authenticating&limit=100",
    { token: op },
  );
  return q.body.data.items.find((i) => i.junior?.name === name)?.junior?.country;
}

async function shots(page: Page, name: string) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: shot(`${name}-${width}`), fullPage: true });
  }
}

browserTest(
  "certify country: the form sends the issuing country on both layouts",
  async (srv, browser, t) => {
    const op = await operatorToken(srv);
    const cases = [
      { layout: "mobile", phone: "+447400123456", preset: "GB", pick: "FR", name: "Ada Lovelace" },
      { layout: "desktop", phone: "+12025550231", preset: "US", pick: "GB", name: "Grace Hopper" },
    ] as const;
    for (const c of cases) {
      await t.step(
        `${c.layout}: the phone's country preselected, the chosen one sent`,
        async () => {
          const { token } = await registerUser(srv, c.phone);
          const { ctx, page, errors } = await customerPage(
            srv,
            browser,
            c.layout === "mobile" ? PHONE : DESKTOP,
            { token },
          );
          await page.goto(srv.base + PATHS[c.layout]);
          await hydrated(page, "CertifyForm");
          assertEquals(await page.inputValue("#country"), c.preset);
          assertEquals(
            await page.locator('#country option[value="GB"]').textContent(),
            "United Kingdom",
          );
          await page.fill("#name", c.name);
          await page.fill("#docNumber", `P${c.phone.slice(-7)}`);
          await page.selectOption("#country", c.pick);
          await shots(page, `certify-country-${c.layout}-en`);
          await page.getByRole("button", { name: "Submit for review" }).click();
          await page.locator('[data-testid="certify-state-junior"][data-status="authenticating"]')
            .waitFor();
          assertEquals(await submittedCountry(srv, op, c.name), c.pick);
          assertEquals(errors, []);
          await ctx.close();
        },
      );
    }

    await t.step("th: the countries named and sorted in Thai", async () => {
      const { token } = await registerUser(srv, "+12025550232");
      for (const layout of ["mobile", "desktop"] as const) {
        const { ctx, page } = await customerPage(
          srv,
          browser,
          layout === "mobile" ? PHONE : DESKTOP,
          { token, locale: "th" },
        );
        await page.goto(srv.base + PATHS[layout]);
        await hydrated(page, "CertifyForm");
        const names = await page.locator("#country option:not([value=''])").allTextContents();
        assertEquals(names, [...names].sort(new Intl.Collator("th").compare));
        assertEquals(
          await page.locator('#country option[value="GB"]').textContent(),
          new Intl.DisplayNames(["th"], { type: "region" }).of("GB"),
        );
        await shots(page, `certify-country-${layout}-th`);
        await ctx.close();
      }
    });
  },
);
