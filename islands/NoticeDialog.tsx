import { useEffect, useRef, useState } from "preact/hooks";
import { customer, envelopeOf } from "./lib/api.ts";
import { fill, type Texts } from "./lib/fields.tsx";
import { LANGUAGES } from "../locales/languages.ts";

export const DIALOG_TEXTS = [
  "content.dialogAck",
  "content.dialogClose",
  "content.readMore",
  "content.shownIn",
] as const;

interface DialogNotice {
  id: string;
  title: string;
  html: string;
  version: number;
  servedLocale: string;
}

const SEEN = "tw-dialog-seen";

/**
 * The pop-up notice on the home pages: asks `/api/notice/dialog` (the server decides what a
 * signed-in customer sees: once, every login, until acknowledged); a visitor's browser remembers
 * which version it showed. "Acknowledge" posts `/api/notice/{id}/ack` for a signed-in customer.
 * The body is the server's sanitised render of the notice's Markdown.
 */
export default function NoticeDialog(
  { tx, locale, detail }: { tx: Texts; locale: string; detail: string },
) {
  const [n, setN] = useState<DialogNotice | null>(null);
  const [busy, setBusy] = useState(false);
  const ref = useRef<HTMLDialogElement>(null);
  const token = () => localStorage.getItem("Authorization");

  useEffect(() => {
    (async () => {
      const env = envelopeOf(await customer.GET("/notice/dialog"));
      const d = env.code === 0 ? env.data : null;
      if (!d || !d.id) return;
      if (!token() && localStorage.getItem(SEEN) === `${d.id}:${d.version}`) return;
      setN(d);
    })();
  }, []);

  useEffect(() => {
    if (n && ref.current && !ref.current.open) ref.current.showModal();
  }, [n]);

  async function close(ack: boolean) {
    if (!n) return;
    if (ack && token()) {
      setBusy(true);
      await customer.POST("/notice/{id}/ack", { params: { path: { id: n.id } } });
      setBusy(false);
    }
    localStorage.setItem(SEEN, `${n.id}:${n.version}`);
    ref.current?.close();
    setN(null);
  }

  if (!n) return null;
  const lang = LANGUAGES.find((l) => l.id === n.servedLocale)?.name ?? n.servedLocale;
  return (
    <dialog
      ref={ref}
      class="notice-dialog card"
      aria-labelledby="notice-dialog-title"
      data-testid="notice-dialog"
      onCancel={() => close(false)}
    >
      <h2 id="notice-dialog-title">{n.title}</h2>
      {n.servedLocale !== locale && (
        <p class="served-label" data-testid="served-locale" lang={n.servedLocale}>
          {fill(tx["content.shownIn"]!, { language: lang })}
        </p>
      )}
      <div
        class="prose dialog-body"
        // deno-lint-ignore react-no-danger
        dangerouslySetInnerHTML={{ __html: n.html }}
      />
      <div class="row-between">
        <a href={`${detail}?id=${encodeURIComponent(n.id)}`}>{tx["content.readMore"]}</a>
        <div class="row">
          <button type="button" class="btn btn-ghost btn-small" onClick={() => close(false)}>
            {tx["content.dialogClose"]}
          </button>
          <button
            type="button"
            class="btn btn-primary btn-small"
            disabled={busy}
            onClick={() => close(true)}
            data-testid="notice-ack"
          >
            {tx["content.dialogAck"]}
          </button>
        </div>
      </div>
    </dialog>
  );
}
