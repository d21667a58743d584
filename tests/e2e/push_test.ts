/**
 * The installable app and web push in Chromium (issue 29, section 3): the manifest is valid and
 * its icons load; every customer page registers the service worker, which caches only public
 * static files and the offline page (never a page, never /api) and shows the offline page when
 * the network is gone; the user centre's switch asks for permission, subscribes and stores the
 * subscription, which a delivery then reaches (decrypted with the page's keys), and turning it
 * off forgets it. Screens at 390 and 1280 px in en, zh-CN and th.
 *
 * Headless Chromium cannot reach a real push service (a Playwright context is incognito, where
 * Chrome refuses the Push API; a persistent profile waits forever on the vendor's registration),
 * so the page's `PushManager` is given a stand-in that makes a subscription the way a browser
 * does: a fresh P-256 key pair and auth secret, with an endpoint on the test's push service.
 */
import { Buffer } from "node:buffer";
import { createECDH } from "node:crypto";
import type { BrowserContext, Page } from "playwright-core";
import { assert, assertEquals } from "../assert.ts";
import { open, PUSH_CA_FILE, startPushService } from "../push_service.ts";
import type { TestServer } from "../server.ts";
import { E2E, shot } from "./browser.ts";
import { DESKTOP, hydrated, PHONE, signInContext, watchedPage, withBrowser } from "./session.ts";

/** Replace the page's PushManager with one that subscribes like a browser (see above). */
function standInPushManager(endpoint: string) {
  const w = globalThis as unknown as Record<string, unknown>;
  let current: unknown = null;
  const b64u = (b: ArrayBuffer) =>
    btoa(String.fromCharCode(...new Uint8Array(b))).replace(/\+/g, "-").replace(/\//g, "_")
      .replace(/=+$/, "");
  const pm = PushManager.prototype as unknown as Record<string, unknown>;
  pm.getSubscription = () => Promise.resolve(current);
  pm.subscribe = async (o: { applicationServerKey: Uint8Array }) => {
    const pair = await crypto.subtle.generateKey({ name: "ECDH", namedCurve: "P-256" }, true, [
      "deriveBits",
    ]) as CryptoKeyPair;
    const raw = await crypto.subtle.exportKey("raw", pair.publicKey);
    const jwk = await crypto.subtle.exportKey("jwk", pair.privateKey);
    const auth = b64u(crypto.getRandomValues(new Uint8Array(16)).buffer);
    const keys = { p256dh: b64u(raw), auth };
    w.__push = { d: jwk.d, ...keys };
    current = {
      endpoint,
      options: { applicationServerKey: o.applicationServerKey },
      toJSON: () => ({ endpoint, expirationTime: null, keys }),
      unsubscribe: () => {
        current = null;
        return Promise.resolve(true);
      },
    };
    return current;
  };
}

async function switchState(page: Page) {
  return await page.getAttribute('[data-testid="push-switch"]', "data-state");
}

async function cachedPaths(page: Page): Promise<string[]> {
  return await page.evaluate(async () => {
    const out: string[] = [];
    for (const name of await caches.keys()) {
      for (const r of await (await caches.open(name)).keys()) out.push(new URL(r.url).pathname);
    }
    return out.sort();
  });
}

async function customer(srv: TestServer, ctx: BrowserContext, locale = "en") {
  await ctx.grantPermissions(["notifications"], { origin: srv.base });
  return await signInContext(srv, ctx, locale);
}

Deno.test({
  name: "installable app: manifest, service worker (static files and offline page only), offline",
  ...E2E,
  fn: () =>
    withBrowser({ seed: true }, async (srv, browser) => {
      const m = await (await fetch(srv.base + "/manifest.webmanifest")).json();
      assertEquals([m.display, m.start_url, m.scope], ["standalone", "/wp/home", "/"]);
      assert(m.name && m.short_name.length <= 12, JSON.stringify(m));
      const sizes = m.icons.map((i: { sizes: string }) => i.sizes);
      assert(sizes.includes("192x192") && sizes.includes("512x512"), sizes.join());
      for (const i of m.icons) {
        const r = await fetch(srv.base + i.src);
        assertEquals([r.status, r.headers.get("content-type")], [200, "image/png"], i.src);
        await r.body?.cancel();
      }
      const ctx = await browser.newContext({ ...PHONE });
      await customer(srv, ctx);
      const { page, errors } = await watchedPage(ctx);
      await page.goto(srv.base + "/wp/user/userCenter");
      assertEquals(
        await page.getAttribute('link[rel="manifest"]', "href"),
        "/manifest.webmanifest",
      );
      const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
      assertEquals(scope, srv.base + "/");
      // controlled from the next page on: browse pages, call the API, load images
      for (const path of ["/wp/home", "/wp/user/userCenter", "/wp/user/assets", "/wp/message"]) {
        await page.goto(srv.base + path);
      }
      assert(await page.evaluate(() => !!navigator.serviceWorker.controller), "controlled");
      await page.evaluate(() => fetch("/api/user/info", { headers: { authorization: "x" } }));
      const paths = await cachedPaths(page);
      assert(paths.includes("/offline"), paths.join());
      assert(paths.some((p) => p.startsWith("/static/build/")), paths.join());
      const bad = paths.filter((p) => p !== "/offline" && !p.startsWith("/static/"));
      assertEquals(bad, [], "only static files and the offline page are cached");

      await ctx.setOffline(true);
      await page.goto(srv.base + "/wp/user/withdraw").catch(() => {});
      await page.waitForSelector('[data-testid="offline-page"]');
      await page.screenshot({ path: shot("push-offline-390-en") });
      await ctx.setOffline(false);
      assertEquals(errors, []);
      await ctx.close();
    }),
});

Deno.test({
  name: "notifications on this device: permission, subscription stored and reached, off forgets",
  ...E2E,
  fn: () =>
    withBrowser({ seed: true, env: { PUSH_CA_FILE } }, async (srv, browser) => {
      const push = await startPushService();
      try {
        for (
          const [layout, path, view] of [
            ["wp", "/wp/user/userCenter", { ...PHONE, viewport: { width: 390, height: 844 } }],
            ["pc", "/pc/userCenter/security", {
              ...DESKTOP,
              viewport: { width: 1280, height: 900 },
            }],
          ] as const
        ) {
          const endpoint = `${push.base}/push/${layout}`;
          const ctx = await browser.newContext(view);
          const token = await customer(srv, ctx);
          await ctx.addInitScript(standInPushManager, endpoint);
          const { page, errors } = await watchedPage(ctx);
          await page.goto(srv.base + path);
          await hydrated(page, "PushSwitch");
          await page.waitForSelector('[data-testid="push-switch"][data-state="off"]');
          await page.click('[data-testid="push-toggle"]');
          await page.waitForSelector('[data-testid="push-switch"][data-state="on"]');
          const keys = await page.evaluate(() =>
            (globalThis as unknown as { __push: { d: string; p256dh: string; auth: string } })
              .__push
          );
          // stored: a delivery to the customer reaches this browser, readable with its keys
          const info = await srv.call<{ userId: string }>("/api/user/info", { token });
          const uid = info.body.data.userId;
          const n = { kind: "test", title: "Hello", body: "From the e2e", url: "/wp/message" };
          await srv.deps.push.deliver("demo", uid, n);
          const [got] = await push.waitFor(`/push/${layout}`);
          const ecdh = createECDH("prime256v1");
          ecdh.setPrivateKey(Buffer.from(keys.d, "base64url"));
          assertEquals(ecdh.getPublicKey().toString("base64url"), keys.p256dh);
          assertEquals(JSON.parse(open(got!, { ecdh, p256dh: keys.p256dh, auth: keys.auth })), n);
          await page.screenshot({ path: shot(`push-switch-on-${layout}-en`), fullPage: true });
          // off: unsubscribed here and forgotten there (the next delivery reaches nothing)
          await page.click('[data-testid="push-toggle"]');
          await page.waitForSelector('[data-testid="push-switch"][data-state="off"]');
          await srv.deps.push.deliver("demo", uid, n);
          assertEquals(await srv.deps.push.devices("demo", uid), 0);
          assertEquals(push.received.filter((r) => r.path === `/push/${layout}`).length, 1);
          assertEquals(errors, []);
          // the other languages (and the state after a reload: off)
          for (const lang of ["zh-CN", "th"]) {
            await ctx.addCookies([{ name: "wplocale", value: lang, url: srv.base }]);
            await page.goto(srv.base + path);
            await hydrated(page, "PushSwitch");
            // the switch checks the browser's subscription after it hydrates ("checking" first)
            await page.waitForSelector('[data-testid="push-switch"][data-state="off"]');
            assertEquals(await switchState(page), "off");
            const card = page.locator('[data-testid="push-card"]');
            await card.scrollIntoViewIfNeeded();
            await page.screenshot({ path: shot(`push-switch-${layout}-${lang}`) });
          }
          await ctx.close();
        }
      } finally {
        await push.close();
      }
    }),
});

Deno.test({
  name: "notifications blocked by the browser: the switch says so",
  ...E2E,
  fn: () =>
    withBrowser({ seed: true }, async (srv, browser) => {
      const ctx = await browser.newContext({ ...PHONE, viewport: { width: 390, height: 844 } });
      await signInContext(srv, ctx, "en");
      await ctx.addInitScript(() => {
        Object.defineProperty(Notification, "permission", { get: () => "denied" });
      });
      const { page } = await watchedPage(ctx);
      await page.goto(srv.base + "/wp/user/userCenter");
      await hydrated(page, "PushSwitch");
      await page.waitForSelector('[data-testid="push-switch"][data-state="denied"]');
      assert(await page.isDisabled('[data-testid="push-toggle"]'));
      await page.locator('[data-testid="push-card"]').scrollIntoViewIfNeeded();
      await page.screenshot({ path: shot("push-switch-denied-wp-en") });
      await ctx.close();
    }),
});
