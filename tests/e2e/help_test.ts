/**
 * The help centre on a fresh install in Chromium (issue 29, section 4), both layouts: from home
 * (no notice published: no empty notice tile, the help tile instead) to the help centre, a
 * search, an article whose links lead to the layout's own pages; news and notices empty say so
 * honestly. Screenshots at 390 and 1366 px in en, de, zh-CN and th.
 */
import { assert, assertEquals } from "../assert.ts";
import { shot } from "./browser.ts";
import { browserTest, customerPage, type Layout, layoutBrowser } from "./session.ts";

const PHONE_390 = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

const SEARCH: Record<string, { q: string; article: string; title: RegExp }> = {
  en: { q: "anti-phishing", article: "help-security", title: /anti-phishing code/i },
  de: { q: "gebuehr", article: "help-fees", title: /Gebühren/ },
  "zh-CN": { q: "提前赎回", article: "help-wealth", title: /提前赎回/ },
  th: { q: "ฟิชชิ่ง", article: "help-security", title: /ฟิชชิ่ง/ },
};

browserTest(
  "help centre: from home to an article through search, both layouts",
  async (srv, browser) => {
    for (const layout of ["mobile", "desktop"] as Layout[]) {
      const base = layout === "mobile" ? "/wp" : "/pc";
      const size = layout === "mobile" ? 390 : 1366;
      for (const locale of ["en", "de", "zh-CN", "th"]) {
        const s = SEARCH[locale]!;
        const options = layout === "mobile"
          ? { ...layoutBrowser("mobile"), ...PHONE_390 }
          : layoutBrowser("desktop");
        const { ctx, page, errors } = await customerPage(srv, browser, options, { locale });
        const what = `${layout} ${locale}`;

        // home: no empty notice tile on a new install; the help tile leads to the help centre
        await page.goto(`${srv.base}${base}/home`);
        assertEquals(await page.locator('[data-testid="notices"]').count(), 0, what);
        if (locale === "en") {
          await page.screenshot({
            path: shot(`help-home-${size}`),
            fullPage: true,
          });
        }
        await page.click('[data-testid="home-help"]');
        await page.waitForURL(`**${base}/help/center`);
        assertEquals(await page.locator('[data-testid="help-category"]').count(), 5, what);
        await page.screenshot({ path: shot(`help-centre-${size}-${locale}`), fullPage: true });

        // search in the reader's language
        await page.fill("#help-q", s.q);
        await page.press("#help-q", "Enter");
        await page.waitForSelector('[data-testid="help-results"]');
        const first = page.locator('[data-testid="help-article-link"]').first();
        assertEquals(
          await first.getAttribute("href"),
          `${base}/help/center/detail?id=${s.article}`,
          what,
        );
        await page.screenshot({ path: shot(`help-search-${size}-${locale}`), fullPage: true });

        // the article, with links to this layout's pages
        await first.click();
        await page.waitForSelector('[data-testid="article-body"]');
        const title = page.locator(layout === "mobile" ? "article > h2" : "h1.d-title");
        assert(s.title.test(await title.innerText()), what);
        const hrefs = await page.locator('[data-testid="article-body"] a').evaluateAll((as) =>
          as.map((a) => a.getAttribute("href") ?? "")
        );
        assert(hrefs.length > 0, what);
        const other = layout === "mobile" ? "/pc/" : "/wp/";
        assertEquals(hrefs.filter((h) => h.startsWith(other)), [], `${what}: ${hrefs.join(" ")}`);
        await page.screenshot({ path: shot(`help-article-${size}-${locale}`), fullPage: true });

        // a link of the article opens a real page of the layout
        const link = page.locator(`[data-testid="article-body"] a[href^="/"]`).first();
        const to = await link.getAttribute("href");
        await link.click();
        await page.waitForURL((u) => u.pathname === new URL(to!, srv.base).pathname);
        assertEquals(await page.locator(".not-found, [data-testid='not-found']").count(), 0, to!);

        // news and notices, empty on a new install, say so and point to help
        await page.goto(
          `${srv.base}${
            layout === "mobile" ? "/wp/news/noticeDetail" : "/pc/article/notice/detail"
          }`,
        );
        const empty = page.locator('[data-testid="articles-empty"]');
        assert((await empty.innerText()).length > 20, what);
        assertEquals(await empty.locator(`a[href="${base}/help/center"]`).count(), 1, what);
        if (locale !== "en") {
          await page.screenshot({
            path: shot(`help-news-empty-${size}-${locale}`),
            fullPage: true,
          });
        }
        assertEquals(errors, [], what);
        await ctx.close();
      }
    }
  },
);
