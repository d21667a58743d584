/**
 * The console's shared page parts through HTTP: the pager of a list (a next page while there is
 * one, back to the first page once past it, the list's own filter kept) and the one-time notice
 * of `?flash=` (a success as a status, a refusal as an alert, nothing without it).
 */
import { assert, assertEquals, assertMatch } from "../assert.ts";
import { operatorToken } from "../operator.ts";
import { startServer, type TestServer } from "../server.ts";

const html = async (srv: TestServer, token: string, path: string) => {
  const r = await srv.page(path, { headers: { cookie: `tw_op=${token}` } });
  assertEquals(r.status, 200, path);
  return await r.text();
};
const hrefs = (page: string, attrs: string) =>
  [...page.matchAll(new RegExp(`<a [^>]*href="([^"]*)"[^>]*${attrs}`, "g"))].map((m) =>
    m[1]!.replaceAll("&amp;", "&")
  );

Deno.test("console pages: the pager of a list and the notice of ?flash=", async () => {
  const srv = await startServer({ seed: true });
  try {
    const admin = await operatorToken(srv);
    // one more pending proposal than a page of the list holds (20)
    for (let i = 0; i < 21; i++) {
      const r = await srv.call("/api/admin/proposals", {
        token: admin,
        body: { kind: "wealth.reserve", amount: String(10 + i), reason: `top-up ${i}` },
      });
      assertEquals(r.body.code, 0, JSON.stringify(r.body));
    }
    const first = await html(srv, admin, "/admin/proposals?status=pending");
    assert(!first.includes("First page"), "the first page links to no first page");
    const [next] = hrefs(first, 'data-testid="next-page"');
    assertMatch(next!, /^\/admin\/proposals\?status=pending&cursor=[^&]+$/);
    const second = await html(srv, admin, next!);
    assertEquals(hrefs(second, ">First page<"), ["/admin/proposals?status=pending"]);
    assert(!second.includes('data-testid="next-page"'), "the last page has no next page");

    assert(!first.includes('data-testid="notice"'), "no notice without ?flash=");
    const done = await html(srv, admin, "/admin/proposals?flash=done");
    assertMatch(done, /<p[^>]*class="admin-notice"[^>]*role="status"[^>]*>Done<\/p>/);
    const refused = await html(srv, admin, "/admin/proposals?flash=ALREADY_DECIDED");
    assertMatch(refused, /<p[^>]*class="admin-alert admin-flash"[^>]*role="alert"/);
  } finally {
    await srv.close();
  }
});
