import { useState } from "preact/hooks";
import type { LocaleId } from "../locales/languages.ts";
import { toast } from "./lib/api.ts";
import { adminCall, reloadWith, toSignIn } from "./lib/admin.ts";
import { Field, fill, TextField, type Texts } from "./lib/fields.tsx";
import { failureMessage } from "./lib/form.ts";
import { ConfirmDialog, CustomerPreview } from "./lib/confirm_dialog.tsx";

export const EDITOR_TEXTS = [
  "content.edKind",
  "content.edTitle",
  "content.edSummary",
  "content.edBody",
  "content.edBodyHint",
  "content.edPopup",
  "content.edPopupNone",
  "content.edPopupOnce",
  "content.edPopupEveryLogin",
  "content.edPopupUntilAck",
  "content.edCategory",
  "content.edLegal",
  "content.edSave",
  "content.edCreate",
  "content.edPreview",
  "content.edPublish",
  "content.edUnpublish",
  "content.edSaved",
  "content.notices",
  "content.news",
  "content.edHelp",
  "admin.confirmPopupTitle",
  "admin.confirmPopupBody",
  "admin.confirmPopupDo",
  "admin.previewCustomers",
  "app.cancel",
  "app.networkError",
  "app.timeout",
] as const;

type Kind = "notice" | "news" | "help" | "page" | "banner";
const POPUPS = ["", "once", "everyLogin", "untilAck"] as const;
const POPUP_LABEL = {
  "": "content.edPopupNone",
  once: "content.edPopupOnce",
  everyLogin: "content.edPopupEveryLogin",
  untilAck: "content.edPopupUntilAck",
};

type Props = {
  tx: Texts;
  /** null: a new item */
  id: string | null;
  kind: Kind;
  locale: string;
  initial: { title: string; summary: string; body: string };
  popup: string | null;
  category: string | null;
  published: boolean;
};

/**
 * The content editor: one language's title, summary and Markdown body (a draft until published),
 * the item's pop-up mode (notices) or category (help), a preview rendered by the server as
 * readers get it, publish and unpublish. Every write is the operator API's (audited).
 */
export default function AdminContentEditor(p: Props) {
  const { tx } = p;
  const [kind, setKind] = useState<Kind>(p.kind);
  const [v, setV] = useState(p.initial);
  const [popup, setPopup] = useState(p.popup ?? "");
  const [category, setCategory] = useState(p.category ?? "");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [preview, setPreview] = useState<string | null>(null);
  /** a pop-up for everyone waits for a confirmation showing it as customers will see it */
  const [popupCheck, setPopupCheck] = useState<string | null>(null);

  function fail(env: { code: number; message: string; data: { fields?: Record<string, string> } }) {
    setBusy(false);
    if (env.code === -99) return toSignIn();
    const f: Record<string, string> = {};
    for (const [k, m] of Object.entries(env.data.fields ?? {})) {
      f[k.replace(/^variants\.[\w-]+\./, "")] = m;
    }
    setErrors(f);
    toast(failureMessage(env, tx), "error");
  }

  function payload() {
    const body: Record<string, unknown> = {
      variants: { [p.locale]: { title: v.title.trim(), summary: v.summary.trim(), body: v.body } },
    };
    if (kind === "notice") body.popup = popup || null;
    if (kind === "help") body.category = category.trim() || null;
    return body;
  }

  /** Save the draft; true when saved (then the page is the server's again, or a preview shows). */
  async function save(): Promise<string | null> {
    if (busy) return null;
    setBusy(true);
    setErrors({});
    if (p.id === null) {
      const body = { kind, ...payload() };
      const env = await adminCall((c) => c.POST("/admin/content", { body }));
      if (env.code !== 0) return fail(env), null;
      location.assign(`/admin/content?id=${env.data.id}&lang=${p.locale}&flash=done`);
      return null;
    }
    const path = { id: p.id };
    const env = await adminCall((c) =>
      c.PUT("/admin/content/{id}", { params: { path }, body: payload() })
    );
    setBusy(false);
    if (env.code !== 0) return fail(env), null;
    return p.id;
  }

  async function onSave(e: Event) {
    e.preventDefault();
    if (await save()) reloadWith("done");
  }

  /** Save, then the server's render as readers get it (null when either failed). */
  async function rendered(): Promise<string | null> {
    const id = await save();
    if (!id) return null;
    const params = { path: { id }, query: { locale: p.locale as LocaleId } };
    const env = await adminCall((c) => c.GET("/admin/content/{id}/preview", { params }));
    if (env.code !== 0) return fail(env), null;
    return env.data.html;
  }

  async function onPreview() {
    const html = await rendered();
    if (html === null) return;
    toast(tx["content.edSaved"]!);
    setPreview(html);
  }

  /** Publish; a notice that pops up for every customer asks first, with its preview. */
  async function onPublish() {
    if (kind !== "notice" || !popup) return act("publish");
    const html = await rendered();
    if (html !== null) setPopupCheck(html);
  }

  async function act(what: "publish" | "unpublish", saved = false) {
    if (what === "publish" && !saved && !(await save())) return;
    setBusy(true);
    const path = { id: p.id! };
    const env = await adminCall((c) => c.POST(`/admin/content/{id}/${what}`, { params: { path } }));
    if (env.code !== 0) return fail(env);
    reloadWith("done");
  }

  return (
    <form class="form admin-content" onSubmit={onSave} noValidate data-testid="content-editor">
      {p.id === null && (
        <Field id="kind" label={tx["content.edKind"]!}>
          <select
            id="kind"
            name="kind"
            value={kind}
            onChange={(e) => setKind(e.currentTarget.value as Kind)}
          >
            <option value="notice">{tx["content.notices"]}</option>
            <option value="news">{tx["content.news"]}</option>
            <option value="help">{tx["content.edHelp"]}</option>
          </select>
        </Field>
      )}
      {kind === "notice" && (
        <Field id="popup" label={tx["content.edPopup"]!} error={errors.popup}>
          <select
            id="popup"
            name="popup"
            value={popup}
            onChange={(e) => setPopup(e.currentTarget.value)}
          >
            {POPUPS.map((m) => <option key={m} value={m}>{tx[POPUP_LABEL[m]]}</option>)}
          </select>
        </Field>
      )}
      {kind === "help" && (
        <TextField
          id="category"
          label={tx["content.edCategory"]!}
          value={category}
          set={setCategory}
          error={errors.category}
          maxLength={40}
        />
      )}
      <TextField
        id="title"
        label={tx["content.edTitle"]!}
        value={v.title}
        set={(title) => setV({ ...v, title })}
        error={errors.title}
        maxLength={120}
      />
      <TextField
        id="summary"
        label={tx["content.edSummary"]!}
        value={v.summary}
        set={(summary) => setV({ ...v, summary })}
        error={errors.summary}
        maxLength={400}
      />
      <Field id="body" label={tx["content.edBody"]!} error={errors.body}>
        <textarea
          id="body"
          name="body"
          rows={14}
          maxLength={20000}
          value={v.body}
          onInput={(e) => setV({ ...v, body: e.currentTarget.value })}
          aria-describedby="body-hint"
        />
        <p class="muted small" id="body-hint">{tx["content.edBodyHint"]}</p>
      </Field>
      <div class="row admin-actions">
        <button class="btn btn-primary" type="submit" disabled={busy} data-testid="content-save">
          {p.id === null ? tx["content.edCreate"] : tx["content.edSave"]}
        </button>
        {p.id !== null && (
          <>
            <button
              class="btn btn-ghost"
              type="button"
              disabled={busy}
              onClick={onPreview}
              data-testid="content-preview"
            >
              {tx["content.edPreview"]}
            </button>
            <button
              class="btn btn-primary"
              type="button"
              disabled={busy}
              onClick={onPublish}
              data-testid="content-publish"
            >
              {tx["content.edPublish"]}
            </button>
            {p.published && kind !== "page" && (
              <button
                class="btn btn-danger"
                type="button"
                disabled={busy}
                onClick={() => act("unpublish")}
                data-testid="content-unpublish"
              >
                {tx["content.edUnpublish"]}
              </button>
            )}
          </>
        )}
      </div>
      <ConfirmDialog
        open={popupCheck !== null}
        id="confirm-popup"
        title={tx["admin.confirmPopupTitle"]!}
        confirm={tx["admin.confirmPopupDo"]!}
        cancel={tx["app.cancel"]!}
        busy={busy}
        danger={false}
        onConfirm={() => act("publish", true)}
        onClose={() => setPopupCheck(null)}
      >
        <p>
          {fill(tx["admin.confirmPopupBody"]!, { mode: tx[POPUP_LABEL[popup as "once"]] ?? "" })}
        </p>
        <CustomerPreview
          label={tx["admin.previewCustomers"]!}
          title={v.title}
          body={
            <div
              class="prose"
              // deno-lint-ignore react-no-danger
              dangerouslySetInnerHTML={{ __html: popupCheck ?? "" }}
            />
          }
        />
      </ConfirmDialog>
      {preview !== null && (
        <section class="card admin-preview" data-testid="content-preview-box">
          <h3 class="admin-h3">{tx["content.edPreview"]}</h3>
          <div
            class="prose"
            // deno-lint-ignore react-no-danger
            dangerouslySetInnerHTML={{ __html: preview }}
          />
        </section>
      )}
    </form>
  );
}
