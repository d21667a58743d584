/**
 * The content editor (role `content`): every item with its languages' states; one item's
 * language variant in a form (title, summary, Markdown body), preview, publish and unpublish
 * through the operator API (audited). A minimal editor; the full console comes later.
 */
import type { ComponentProps } from "preact";
import { type LocaleId, LOCALES } from "../../../locales/languages.ts";
import { DomainError } from "../../../edge/platform/errors.ts";
import { pickTexts } from "../../../edge/platform/locale.ts";
import { Island } from "../../../edge/render/island.tsx";
import AdminContentEditor, { EDITOR_TEXTS } from "../../../islands/AdminContentEditor.tsx";
import { consoleDocument, sectionPage } from "./frame.tsx";
import { AdminTable, FlashNotice, fmtOf } from "./parts.tsx";
import type { Ctx } from "../../../edge/http/context.ts";
import type { PrivateRead } from "../../../edge/platform/kv_round_trips.ts";
import { itemReads, queueRead } from "../../../edge/content/console_reads.ts";

const ID = /^[A-Za-z0-9_-]{1,64}$/;

/** The language an item's title is shown in on the list: English, else its first. */
const titleLocale = (i: { variants: Partial<Record<LocaleId, unknown>> }) =>
  (["en", ...LOCALES] as LocaleId[]).find((l) => i.variants[l]) ?? "en";

/**
 * What the page reads, with the operator's session: the inbox's two queues, or one item's
 * texts, or (the list, its ids from memory) every item and its title's texts.
 */
async function contentReads(c: Ctx): Promise<PrivateRead[]> {
  const svc = c.var.deps.content;
  const t = c.var.tenant.id;
  const id = c.req.query("id");
  if (c.req.query("view") === "inbox") {
    return [queueRead(t, "coinApps", 50), queueRead(t, "contacts", 50)];
  }
  if (id) return [];
  const { items } = await svc.adminList(c.var.tenant);
  return items.flatMap((i) => itemReads(t, i.id, titleLocale(i)).map((key) => ({ key })));
}

export const contentPage = sectionPage("content", async (c, op) => {
  const f = fmtOf(c);
  const t = f.t;
  const svc = c.var.deps.content;
  const tenant = c.var.tenant;
  const id = c.req.query("id");
  const lang = (LOCALES as readonly string[]).includes(c.req.query("lang") ?? "")
    ? c.req.query("lang") as LocaleId
    : "en";
  const done = c.req.query("flash") === "done";
  const flash = <FlashNotice text={done && t("admin.done")} />;
  const tx = pickTexts(t, EDITOR_TEXTS);
  /** The editor of an item (a new one: `id` null), in the language chosen. */
  const editor = (
    p: Omit<ComponentProps<typeof AdminContentEditor>, "tx" | "locale">,
  ) => (
    <div class="card admin-pane">
      <Island
        of={AdminContentEditor}
        props={{ tx, locale: lang, ...p }}
      />
    </div>
  );
  const kindLabel = (k: string) =>
    t(
      ({
        notice: "content.notices",
        news: "content.news",
        help: "content.edHelp",
        page: "content.edPage",
        banner: "content.banners",
      } as Record<string, string>)[k] ?? k,
    );

  const views = (active: "items" | "inbox") => (
    <nav class="admin-tabs" aria-label={t("admin.content")} data-testid="content-views">
      {(["items", "inbox"] as const).map((v) => (
        <a
          key={v}
          href={v === "items" ? "/admin/content" : "/admin/content?view=inbox"}
          class={v === active ? "active" : undefined}
          aria-current={v === active ? "page" : undefined}
        >
          {t(v === "items" ? "content.edItems" : "content.edInbox")}
        </a>
      ))}
    </nav>
  );

  let body;
  if (c.req.query("view") === "inbox") {
    const [coins, messages] = await Promise.all([
      svc.coinApplications(tenant.id, 50),
      svc.contactMessages(tenant.id, 50),
    ]);
    const table = (
      testid: string,
      title: string,
      head: string[],
      rows: { id: string; at: number; cells: string[] }[],
    ) => (
      <div class="card admin-list">
        <h3 class="admin-h3">{title}</h3>
        {rows.length === 0
          ? <p class="muted admin-empty">{t("admin.empty")}</p>
          : (
            <AdminTable testid={testid} head={[t("funds.time"), ...head]}>
              {rows.map((r) => (
                <tr key={r.id}>
                  <td class="nowrap">{f.time(r.at)}</td>
                  {r.cells.map((v, i) => <td key={i} class="admin-text">{v}</td>)}
                </tr>
              ))}
            </AdminTable>
          )}
      </div>
    );
    body = (
      <section class="admin-queue" aria-labelledby="content-title">
        <div class="admin-bar">
          <h2 id="content-title">{t("admin.content")}</h2>
        </div>
        {views("inbox")}
        {table(
          "contact-messages",
          t("content.edMessages"),
          [t("content.name"), t("content.email"), t("content.message")],
          messages.items.map((m) => ({ id: m.id, at: m.at, cells: [m.name, m.email, m.message] })),
        )}
        {table(
          "coin-applications",
          t("content.edCoinApps"),
          [
            t("content.project"),
            t("content.symbol"),
            t("content.website"),
            t("content.contact"),
            t("content.description"),
          ],
          coins.items.map((a) => ({
            id: a.id,
            at: a.at,
            cells: [a.project, a.symbol, a.website, a.contact, a.description],
          })),
        )}
      </section>
    );
  } else if (id === "new") {
    body = (
      <section class="admin-queue" aria-labelledby="content-title">
        <div class="admin-bar">
          <h2 id="content-title">{t("content.edNew")} · {lang}</h2>
          <a class="btn btn-ghost btn-small" href="/admin/content">{t("content.backToList")}</a>
        </div>
        {editor({
          id: null,
          kind: "notice",
          initial: { title: "", summary: "", body: "" },
          popup: null,
          category: null,
          published: false,
        })}
      </section>
    );
  } else if (id && ID.test(id)) {
    let item;
    try {
      item = await svc.adminGet(tenant, id);
    } catch (e) {
      if (!(e instanceof DomainError)) throw e;
      return c.redirect("/admin/content", 302);
    }
    const text = await svc.editable(tenant.id, id, lang);
    body = (
      <section class="admin-queue" aria-labelledby="content-title">
        <div class="admin-bar">
          <h2 id="content-title">
            {kindLabel(item.kind)} · <span class="mono">{item.id}</span>
          </h2>
          <a class="btn btn-ghost btn-small" href="/admin/content">{t("content.backToList")}</a>
        </div>
        {flash}
        <p class="muted small" data-testid="content-state">
          {t(item.status === "published" ? "content.edPublished" : "content.edDraft")} · v
          {item.version}
          {item.missingLocales.length > 0 &&
            ` · ${t("content.edMissing", { languages: item.missingLocales.join(", ") })}`}
        </p>
        <nav class="admin-tabs" aria-label={t("nav.language")} data-testid="content-langs">
          {LOCALES.map((l) => {
            const s = item.variants[l];
            const mark = s?.draft ? " ✎" : s?.published ? " ✓" : "";
            return (
              <a
                key={l}
                href={`/admin/content?id=${id}&lang=${l}`}
                class={l === lang ? "active" : undefined}
                aria-current={l === lang ? "page" : undefined}
              >
                {l}
                {mark}
              </a>
            );
          })}
        </nav>
        {editor({
          id,
          kind: item.kind,
          initial: { title: text.title, summary: text.summary, body: text.body },
          popup: item.popup,
          category: item.category,
          published: item.status === "published",
        })}
      </section>
    );
  } else {
    const { items } = await svc.adminList(tenant);
    const titles = await Promise.all(
      items.map(async (i) =>
        (await svc.editable(tenant.id, i.id, titleLocale(i)).catch(() => null))?.title ?? ""
      ),
    );
    body = (
      <section class="admin-queue" aria-labelledby="content-title">
        <div class="admin-bar">
          <h2 id="content-title">{t("admin.content")}</h2>
          <a
            class="btn btn-primary btn-small"
            href="/admin/content?id=new"
            data-testid="content-new"
          >
            {t("content.edNew")}
          </a>
        </div>
        {views("items")}
        {flash}
        <div class="card admin-list">
          <AdminTable
            testid="content-table"
            head={[
              t("content.edKind"),
              t("content.edTitle"),
              t("admin.state"),
              t("content.edLanguages"),
              t("funds.time"),
            ]}
          >
            {items.map((i, n) => (
              <tr key={i.id} data-id={i.id}>
                <td>
                  {kindLabel(i.kind)}
                  {i.popup && <div class="muted small">{t("content.edPopup")}</div>}
                </td>
                <td>
                  <a href={`/admin/content?id=${i.id}`}>{titles[n] || i.id}</a>
                  <div class="muted small mono">{i.slug ?? i.id}</div>
                </td>
                <td>
                  <span
                    class={`admin-status ${
                      i.status === "published" ? "s-passed" : "s-withdrawing"
                    }`}
                  >
                    {t(i.status === "published" ? "content.edPublished" : "content.edDraft")}
                  </span>
                  <div class="muted small">v{i.version}</div>
                </td>
                <td class="small mono">{Object.keys(i.variants).join(" ")}</td>
                <td class="nowrap">{f.time(i.updatedAt)}</td>
              </tr>
            ))}
          </AdminTable>
        </div>
      </section>
    );
  }
  return consoleDocument(c, `${t("admin.content")} · ${t("admin.title")}`, body, {
    session: op,
    section: "content",
  });
}, contentReads);
