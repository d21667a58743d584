/**
 * The 404 (and the closed site's 503) page, apart from the router (`mod.tsx`) so that a page
 * module answering 404 (`content.tsx`) does not import the router that imports it.
 */
import { NotFoundBody } from "../../components/blocks.tsx";
import type { Ctx } from "../../edge/http/context.ts";
import { layoutOfPath } from "../../edge/platform/device.ts";
import { sessionOf } from "../../edge/http/middleware.ts";
import { desktopPage, mobilePage } from "./frame.tsx";

/**
 * The 404 page in the layout the path (or the device) belongs to, its header knowing whether the
 * customer is signed in (no route looked the session up before a path that matched nothing).
 */
export async function notFoundPage(c: Ctx, closed = false) {
  await sessionOf(c);
  const t = c.get("t");
  const layout = layoutOfPath(c.req.path) ?? (c.get("mobile") ? "wp" : "pc");
  const status = closed ? 503 : 404;
  const title = t(closed ? "notFound.closedTitle" : "page.notFound");
  const home = layout === "wp" ? "/wp/home" : "/pc/home";
  const body = <NotFoundBody t={t} closed={closed} home={home} />;
  return layout === "wp"
    ? mobilePage(c, { title, back: closed ? undefined : home, status }, body)
    : desktopPage(c, { title, status }, body);
}
