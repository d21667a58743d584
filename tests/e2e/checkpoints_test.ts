/**
 * Signed checkpoints on the console's audit page, in Chromium: before the first one the page
 * says when they are made; "Checkpoint now" signs one (checked through the public API) and the
 * page shows it with the public key; a rewritten log is named with the checkpoint it disagrees
 * with. en, zh-CN and th at 1280 and 390 px, screenshots.
 */
import type { BrowserContextOptions } from "playwright-core";
import { auditHash } from "../../edge/audit/audit.ts";
import type { AuditEntry } from "../../edge/operators/store.ts";
import { assertEquals, assertMatch } from "../assert.ts";
import { operatorToken } from "../operator.ts";
import { shot } from "./browser.ts";
import { browserTest, hydrated, watchedPage } from "./session.ts";

const WIDE: BrowserContextOptions = { viewport: { width: 1280, height: 900 } };
const PHONE: BrowserContextOptions = { viewport: { width: 390, height: 844 } };

browserTest("audit page: the latest signed checkpoint, 'Checkpoint now', a rewrite named", async (
  srv,
  browser,
) => {
  const op = await operatorToken(srv);
  const open = async (locale: string, size: BrowserContextOptions) => {
    const ctx = await browser.newContext(size);
    await ctx.addCookies([
      { name: "tw_op", value: op, url: srv.base },
      { name: "wplocale", value: locale, url: srv.base },
    ]);
    const { page, errors } = await watchedPage(ctx);
    await page.goto(`${srv.base}/admin/audit`);
    await hydrated(page, "AdminPublish");
    return { ctx, page, errors };
  };
  {
    const { ctx, page, errors } = await open("en", WIDE);
    assertMatch(await page.getByTestId("audit-checkpoint").innerText(), /every hour/);
    await page.getByTestId("checkpoint-now").click();
    await page.getByTestId("notice").filter({ hasText: "Checkpoint signed" }).waitFor();
    const list = (await srv.call<{ publicKey: string; items: { audit: { seq: number } }[] }>(
      "/api/checkpoints",
    )).body.data;
    assertEquals(list.items.length, 1);
    const text = await page.getByTestId("audit-checkpoint").innerText();
    assertMatch(text, new RegExp(`audit seq ${list.items[0]!.audit.seq}`));
    assertMatch(text, new RegExp(list.publicKey));
    assertMatch(
      await page.getByTestId("audit-chain").innerText(),
      /checked against signed checkpoints: 1/,
    );
    await page.screenshot({ path: shot("checkpoints-audit-en-1280"), fullPage: true });
    assertEquals(errors, []);
    await ctx.close();
  }
  for (
    const [locale, size, tag] of [
      ["en", PHONE, "390"],
      ["zh-CN", WIDE, "1280"],
      ["zh-CN", PHONE, "390"],
      ["th", WIDE, "1280"],
      ["th", PHONE, "390"],
    ] as const
  ) {
    const { ctx, page, errors } = await open(locale, size);
    await page.screenshot({ path: shot(`checkpoints-audit-${locale}-${tag}`), fullPage: true });
    assertEquals(errors, []);
    await ctx.close();
  }
  // the forger rewrites entry 1 and re-hashes everything after it: the page names the checkpoint
  let prev: string | null = null, last: AuditEntry | null = null;
  for await (const x of srv.kv.list<string>({ prefix: ["demo", "audit", "seq"] })) {
    const key = ["demo", "operators", "audit", x.value];
    const e = { ...(await srv.kv.get<AuditEntry>(key)).value! };
    if (e.seq === 1) e.operator = "mallory";
    if (prev !== null) e.prevHash = prev;
    e.hash = auditHash(e);
    await srv.kv.set(key, e);
    prev = e.hash;
    last = e;
  }
  await srv.kv.set(["demo", "audit", "head"], { seq: last!.seq, hash: last!.hash, id: last!.id });
  for (const [size, tag] of [[WIDE, "1280"], [PHONE, "390"]] as const) {
    const { ctx, page, errors } = await open("en", size);
    assertMatch(
      await page.getByTestId("audit-chain").innerText(),
      /differs from signed checkpoint .+: the log was rewritten/,
    );
    await page.screenshot({ path: shot(`checkpoints-audit-rewritten-en-${tag}`), fullPage: true });
    assertEquals(errors, []);
    await ctx.close();
  }
});
