/**
 * Server-rendered times use the customer's time zone from the `tz` cookie (the browser's, as the
 * boot script writes it), validated against Intl's zones; otherwise the language's zone.
 */
import { assert, assertEquals } from "../assert.ts";
import { MOBILE_UA, signIn, startServer } from "../server.ts";

Deno.test("the tz cookie chooses the zone of server-rendered times; a bad one is ignored", async () => {
  const srv = await startServer({ seed: true });
  try {
    const token = await signIn(srv);
    const flow = await srv.call<{ items: { at: number }[] }>("/api/account/flow?limit=1", {
      token,
    });
    const at = flow.body.data.items[0]!.at;
    const hour = (timeZone: string) =>
      new Intl.DateTimeFormat("de", { timeZone, hour: "2-digit", minute: "2-digit" }).format(at);
    const page = async (tz?: string) => {
      const r = await srv.page("/wp/trade/statistics", {
        ua: MOBILE_UA,
        headers: { cookie: `tw_session=${token}; wplocale=de${tz ? `; tz=${tz}` : ""}` },
      });
      assertEquals(r.status, 200);
      return await r.text();
    };
    // Tokyo is never on Berlin's hour, so the two are told apart
    assert((await page("Asia%2FTokyo")).includes(hour("Asia/Tokyo")));
    // no cookie yet, an unknown zone or markup: the language's zone (de: Europe/Berlin)
    for (const tz of [undefined, "Mars%2FOlympus", "%3Cscript%3E", "x".repeat(80)]) {
      const html = await page(tz);
      assert(html.includes(hour("Europe/Berlin")), `tz=${tz}`);
      assert(!html.includes(hour("Asia/Tokyo")), `tz=${tz}`);
    }
  } finally {
    await srv.close();
  }
});
