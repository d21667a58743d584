/**
 * Playwright (playwright-core) in Debian's Chromium. E2E tests run when the browser is present;
 * with E2E_REQUIRED=1 (CI, `deno task e2e`) a missing browser is a failure, not a skip.
 */
import { type Browser, chromium, type Locator, type Page } from "playwright-core";

export const CHROMIUM = Deno.env.get("CHROMIUM_PATH") ?? "/usr/bin/chromium";
const required = Deno.env.get("E2E_REQUIRED") === "1";

function exists(path: string) {
  try {
    return Deno.statSync(path).isFile;
  } catch {
    return false;
  }
}

export const hasBrowser = exists(CHROMIUM);
if (!hasBrowser && required) throw new Error(`E2E_REQUIRED=1 but ${CHROMIUM} is missing`);
export const ignoreE2E = !hasBrowser;

export async function launch(): Promise<Browser> {
  return await chromium.launch({
    executablePath: CHROMIUM,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
}

export const SHOTS = new URL("./screenshots/", import.meta.url);
await Deno.mkdir(SHOTS, { recursive: true });
export const shot = (name: string) => new URL(`${name}.png`, SHOTS).pathname;

/** Options for Deno.test: Playwright keeps pipes and timers open between steps. */
export const E2E = { ignore: ignoreE2E, sanitizeOps: false, sanitizeResources: false };

/**
 * Do `act` (a save that reloads the page: the console's `reloadWith`) and wait for the new page's
 * load: a notice of an earlier save ("Done") may still be on the old page while the new save is
 * in flight, so waiting for the notice alone could read the page before the save.
 */
export async function reloadsAfter(page: Page, act: () => Promise<unknown>) {
  const loaded = page.waitForEvent("load");
  await act();
  await loaded;
}

/**
 * The natural width of an image once the browser has finished with it, loaded or failed (0 when
 * it failed). Scrolls it into view first: a `loading="lazy"` image is not fetched off screen, and
 * a visible `<img>` may still be loading when `waitFor` returns.
 */
export async function loadedImageWidth(img: Locator): Promise<number> {
  await img.scrollIntoViewIfNeeded();
  const el = await img.elementHandle();
  if (!el) throw new Error("image not found");
  await img.page().waitForFunction((i) => (i as HTMLImageElement).complete, el);
  return await img.evaluate((i) => (i as HTMLImageElement).naturalWidth);
}
