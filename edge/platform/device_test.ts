import { assertEquals } from "../../tests/assert.ts";
import { isMobileDevice, layoutOfPath } from "./device.ts";

const h = (init: Record<string, string>) => new Headers(init);
const IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148";
const DESKTOP = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/156.0 Safari/537.36";
const ANDROID = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/156 Mobile";

Deno.test("device by Client Hints, then User-Agent", () => {
  assertEquals(isMobileDevice(h({ "user-agent": IPHONE })), true);
  assertEquals(isMobileDevice(h({ "user-agent": ANDROID })), true);
  assertEquals(isMobileDevice(h({ "user-agent": DESKTOP })), false);
  assertEquals(isMobileDevice(h({ "user-agent": DESKTOP, "sec-ch-ua-mobile": "?1" })), true);
  assertEquals(isMobileDevice(h({ "user-agent": ANDROID, "sec-ch-ua-mobile": "?0" })), false);
  assertEquals(isMobileDevice(h({})), false);
});

Deno.test("layout of a path", () => {
  assertEquals(layoutOfPath("/wp/home"), "wp");
  assertEquals(layoutOfPath("/m"), "wp");
  assertEquals(layoutOfPath("/pc"), "pc");
  assertEquals(layoutOfPath("/pc/userCenter/security"), "pc");
  assertEquals(layoutOfPath("/wpx"), null);
  assertEquals(layoutOfPath("/demo"), null);
  assertEquals(layoutOfPath("/api/config"), null);
});
