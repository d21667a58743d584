/**
 * Content and service: what readers get (banners, notices and the pop-up, news, help centre,
 * information pages with the generated rates page), what visitors send (coin applications,
 * contact messages; throttled per source), and the operators' content editing (role `content`,
 * every write audited) and queues.
 */
import { createRoute, OpenAPIHono } from "@hono/zod-openapi";
import {
  AckReply,
  AdminItem,
  AdminItems,
  BannerList,
  CoinApplicationBody,
  CoinApplicationPage,
  ContactBody,
  ContactMessagePage,
  ContentCreate,
  ContentDetail,
  ContentEdit,
  ContentList,
  Deleted,
  Dialog,
  HelpCentre,
  HelpQuery,
  IdParam,
  KindQuery,
  ListQuery,
  Page,
  Preview,
  PreviewQuery,
  Received,
  SlugParam,
} from "../../contract/content.ts";
import { PageQuery } from "../../contract/funds.ts";
import { UploadForm, UploadReply } from "../../contract/identity.ts";
import type { AppEnv, Ctx } from "../../edge/http/context.ts";
import { ok } from "../../edge/http/envelope.ts";
import { sessionOf, signedIn } from "../../edge/http/middleware.ts";
import { type ConsoleReads, operatorAuth } from "../../edge/http/operator_auth.ts";
import type { LocaleId } from "../../locales/languages.ts";
import { itemReads, queueRead } from "../../edge/content/console_reads.ts";
import { AUTH_ERRORS, ERRORS, formFile, jsonBody, okReply } from "./openapi.ts";

const tags = ["content"];
const adminTags = ["operators"];
const content = [operatorAuth("content")];

/** A content route whose reads of the tenant go with the operator's session (`ConsoleReads`). */
const contentReading = (reads: ConsoleReads) => [operatorAuth("content", reads)];

/** One item's reads (and, with `locale`, its texts in that language). */
const itemOf = (c: Ctx, locale?: LocaleId) =>
  itemReads(t(c), c.req.param("id") ?? "", locale).map((key) => ({ key }));

/** The first page of an operators' queue. */
const queueReads = (queue: "coinApps" | "contacts") => (c: Ctx) => {
  const q = PageQuery.parse(c.req.query());
  return q.cursor ? [] : [queueRead(t(c), queue, q.limit)];
};
const actor = (c: Ctx) => ({ operator: c.var.operator.username, ip: c.var.ip });
const t = (c: Ctx) => c.var.tenant.id;

/** The readers' side (public; the pop-up and its acknowledgement know the signed-in reader). */
const readers = new OpenAPIHono<AppEnv>()
  .openapi(
    createRoute({
      method: "get",
      path: "/banner",
      tags,
      summary: "Home banners in the reader's language (fallback chain), in order, as scheduled",
      responses: { ...okReply(BannerList), ...ERRORS },
    }),
    async (c) => ok(c, await c.var.deps.content.banners(t(c), c.var.locale)),
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/notice",
      tags,
      summary: "Notices, newest first; each says which language it served",
      request: { query: ListQuery },
      responses: { ...okReply(ContentList), ...ERRORS },
    }),
    async (c) => {
      const q = c.req.valid("query");
      return ok(c, await c.var.deps.content.list(t(c), "notice", c.var.locale, q.limit, q.cursor));
    },
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/notice/dialog",
      tags,
      summary:
        "The notice to pop up now for this reader, or null (once: until seen; everyLogin: once " +
        "per session; untilAck: until acknowledged). Serving it counts as seen",
      responses: { ...okReply(Dialog), ...ERRORS },
    }),
    async (c) =>
      ok(
        c,
        await c.var.deps.content.dialog(t(c), {
          locale: c.var.locale,
          session: await sessionOf(c),
        }),
      ),
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/notice/{id}/ack",
      tags,
      summary: "Acknowledge a pop-up notice: it no longer pops up for this customer",
      middleware: signedIn,
      request: { params: IdParam },
      responses: { ...okReply(AckReply), ...AUTH_ERRORS },
    }),
    async (c) =>
      ok(
        c,
        await c.var.deps.content.ack(c.var.tenant.id, c.var.session, c.req.valid("param").id),
      ),
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/notice/{id}",
      tags,
      summary: "One notice with its body (HTML rendered from Markdown on the server)",
      request: { params: IdParam },
      responses: { ...okReply(ContentDetail), ...ERRORS },
    }),
    async (c) =>
      ok(c, await c.var.deps.content.notice(t(c), c.req.valid("param").id, c.var.locale)),
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/news",
      tags,
      summary: "News, newest first",
      request: { query: ListQuery },
      responses: { ...okReply(ContentList), ...ERRORS },
    }),
    async (c) => {
      const q = c.req.valid("query");
      return ok(c, await c.var.deps.content.list(t(c), "news", c.var.locale, q.limit, q.cursor));
    },
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/news/{id}",
      tags,
      summary: "One news article with its body",
      request: { params: IdParam },
      responses: { ...okReply(ContentDetail), ...ERRORS },
    }),
    async (c) => ok(c, await c.var.deps.content.news(t(c), c.req.valid("param").id, c.var.locale)),
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/help",
      tags,
      summary: "Help centre: categories with their articles; `q` searches titles and bodies",
      request: { query: HelpQuery },
      responses: { ...okReply(HelpCentre), ...ERRORS },
    }),
    async (c) => ok(c, await c.var.deps.content.help(t(c), c.var.locale, c.req.valid("query").q)),
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/help/{id}",
      tags,
      summary: "One help article",
      request: { params: IdParam },
      responses: { ...okReply(ContentDetail), ...ERRORS },
    }),
    async (c) =>
      ok(c, await c.var.deps.content.helpArticle(t(c), c.req.valid("param").id, c.var.locale)),
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/page/{slug}",
      tags,
      summary:
        "An information page (shipped defaults until an operator edits it; `version` of the " +
        "agreement is what registration records); `rates` is generated from live configuration",
      request: { params: SlugParam },
      responses: { ...okReply(Page), ...ERRORS },
    }),
    async (c) =>
      ok(c, await c.var.deps.content.page(c.var.tenant, c.req.valid("param").slug, c.var.locale)),
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/coin-application",
      tags,
      summary: "Apply to list a coin (throttled per source); lands in the operators' queue",
      request: jsonBody(CoinApplicationBody),
      responses: { ...okReply(Received), ...ERRORS },
    }),
    async (c) => {
      const s = await sessionOf(c);
      return ok(
        c,
        await c.var.deps.content.applyCoin(
          t(c),
          { ip: c.var.ip, userId: s?.userId ?? null },
          c.req.valid("json"),
        ),
      );
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/contact",
      tags,
      summary:
        "A message to customer service (the contact form when no service link is configured; " +
        "throttled per source); lands in the operators' queue",
      request: jsonBody(ContactBody),
      responses: { ...okReply(Received), ...ERRORS },
    }),
    async (c) => {
      const s = await sessionOf(c);
      return ok(
        c,
        await c.var.deps.content.contact(
          t(c),
          { ip: c.var.ip, userId: s?.userId ?? null },
          c.req.valid("json"),
        ),
      );
    },
  );

/** The operators' side: role `content`, every write audited. */
const operators = new OpenAPIHono<AppEnv>()
  .openapi(
    createRoute({
      method: "get",
      path: "/admin/content",
      tags: adminTags,
      summary: "Content items with every language's draft and published state (pages included)",
      middleware: content,
      request: { query: KindQuery },
      responses: { ...okReply(AdminItems), ...AUTH_ERRORS },
    }),
    async (c) => ok(c, await c.var.deps.content.adminList(c.var.tenant, c.req.valid("query").kind)),
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/admin/content",
      tags: adminTags,
      summary: "Create an item (drafts per language; a page starts from its shipped text); audited",
      middleware: content,
      request: jsonBody(ContentCreate),
      responses: { ...okReply(AdminItem), ...AUTH_ERRORS },
    }),
    async (c) =>
      ok(c, await c.var.deps.content.create(c.var.tenant, actor(c), c.req.valid("json"))),
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/admin/content/image",
      tags: adminTags,
      summary:
        "Upload a public content image (multipart `file`; sniffed, re-encoded without metadata)",
      middleware: content,
      request: {
        body: { content: { "multipart/form-data": { schema: UploadForm } }, required: true },
      },
      responses: { ...okReply(UploadReply), ...AUTH_ERRORS },
    }),
    async (c) => {
      const file = formFile(c.req.valid("form"));
      return ok(c, {
        imageId: await c.var.deps.content.uploadImage(t(c), actor(c), file),
      });
    },
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/admin/content/{id}",
      tags: adminTags,
      summary: "One item with every language's state",
      middleware: contentReading((c) => itemOf(c)),
      request: { params: IdParam },
      responses: { ...okReply(AdminItem), ...AUTH_ERRORS },
    }),
    async (c) => ok(c, await c.var.deps.content.adminGet(c.var.tenant, c.req.valid("param").id)),
  )
  .openapi(
    createRoute({
      method: "put",
      path: "/admin/content/{id}",
      tags: adminTags,
      summary:
        "Edit settings and schedule, set a language's draft (null removes the draft); audited",
      middleware: content,
      request: { params: IdParam, ...jsonBody(ContentEdit) },
      responses: { ...okReply(AdminItem), ...AUTH_ERRORS },
    }),
    async (c) =>
      ok(
        c,
        await c.var.deps.content.edit(
          c.var.tenant,
          actor(c),
          c.req.valid("param").id,
          c.req.valid("json"),
        ),
      ),
  )
  .openapi(
    createRoute({
      method: "delete",
      path: "/admin/content/{id}",
      tags: adminTags,
      summary: "Delete an item (a page returns to its shipped text); audited",
      middleware: content,
      request: { params: IdParam },
      responses: { ...okReply(Deleted), ...AUTH_ERRORS },
    }),
    async (c) =>
      ok(c, await c.var.deps.content.remove(c.var.tenant, actor(c), c.req.valid("param").id)),
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/admin/content/{id}/preview",
      tags: adminTags,
      summary: "A language's draft (else its published text) rendered as readers would get it",
      middleware: contentReading((c) =>
        itemOf(c, PreviewQuery.parse(c.req.query()).locale ?? "en")
      ),
      request: { params: IdParam, query: PreviewQuery },
      responses: { ...okReply(Preview), ...AUTH_ERRORS },
    }),
    async (c) =>
      ok(
        c,
        await c.var.deps.content.preview(
          t(c),
          c.req.valid("param").id,
          c.req.valid("query").locale,
        ),
      ),
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/admin/content/{id}/publish",
      tags: adminTags,
      summary:
        "Publish every draft (versions + 1); a legal or risk item only with a variant in every " +
        "tenant language (409 CONTENT_LANGUAGES_MISSING); audited",
      middleware: content,
      request: { params: IdParam },
      responses: { ...okReply(AdminItem), ...AUTH_ERRORS },
    }),
    async (c) =>
      ok(c, await c.var.deps.content.publish(c.var.tenant, actor(c), c.req.valid("param").id)),
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/admin/content/{id}/unpublish",
      tags: adminTags,
      summary: "Take an item off the readers' screens (pages cannot be); audited",
      middleware: content,
      request: { params: IdParam },
      responses: { ...okReply(AdminItem), ...AUTH_ERRORS },
    }),
    async (c) =>
      ok(c, await c.var.deps.content.unpublish(c.var.tenant, actor(c), c.req.valid("param").id)),
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/admin/coin-applications",
      tags: adminTags,
      summary: "The coin application queue, newest first",
      middleware: contentReading(queueReads("coinApps")),
      request: { query: PageQuery },
      responses: { ...okReply(CoinApplicationPage), ...AUTH_ERRORS },
    }),
    async (c) => {
      const q = c.req.valid("query");
      return ok(c, await c.var.deps.content.coinApplications(t(c), q.limit, q.cursor));
    },
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/admin/contact-messages",
      tags: adminTags,
      summary: "Messages to customer service from the contact form, newest first",
      middleware: contentReading(queueReads("contacts")),
      request: { query: PageQuery },
      responses: { ...okReply(ContactMessagePage), ...AUTH_ERRORS },
    }),
    async (c) => {
      const q = c.req.valid("query");
      return ok(c, await c.var.deps.content.contactMessages(t(c), q.limit, q.cursor));
    },
  );

export const contentApi = new OpenAPIHono<AppEnv>().route("/", readers).route("/", operators);
