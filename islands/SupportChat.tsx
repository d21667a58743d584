/**
 * The built-in support chat, customer side (`/wp/kefu`, `/wp/myIframe`, `/pc/kefu`): the
 * conversation, a text box and (signed in) an image from the voucher upload, read receipts on
 * the customer's own messages. The `support` socket channel says when the conversation changed
 * (a reply, a receipt, on any server instance); the island then reads it again, and after every
 * reconnect too, so nothing is missed. Text is rendered as text (never HTML).
 */
import { useEffect, useRef, useState } from "preact/hooks";
import { SUPPORT_TEXT_MAX, type SupportThreadJson } from "../contract/support.ts";
import { api, apiHref, toast } from "./lib/api.ts";
import type { Texts } from "./lib/fields.tsx";
import { failureMessage } from "./lib/form.ts";
import { onStatus, subscribe } from "./lib/socket.ts";
import { ImageUpload, UPLOAD_TEXTS } from "./lib/upload.tsx";

export const SUPPORT_TEXTS = [
  "support.title",
  "support.empty",
  "support.message",
  "support.send",
  "support.attach",
  "support.imageHint",
  "support.you",
  "support.agent",
  "support.read",
  "support.sent",
  "support.image",
  "support.visitorNote",
  "support.signIn",
  "support.continue",
  "support.continueButton",
  "support.closed",
  "support.offline",
  "support.loading",
  "validation.required",
  "app.timeout",
  ...UPLOAD_TEXTS,
] as const;

const time = (ms: number) => {
  const lang = document.documentElement.lang || "en";
  const d = new Date(ms);
  const today = new Date().toDateString() === d.toDateString();
  return today
    ? d.toLocaleTimeString(lang, { hour: "2-digit", minute: "2-digit" })
    : d.toLocaleString(lang, { dateStyle: "short", timeStyle: "short" });
};

export default function SupportChat(
  { tx, signedIn, login }: { tx: Texts; signedIn: boolean; login: string },
) {
  const [thread, setThread] = useState<SupportThreadJson | null>(null);
  const [text, setText] = useState("");
  const [imageId, setImageId] = useState<string | null>(null);
  const [uploadKey, setUploadKey] = useState(0);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [online, setOnline] = useState(true);
  const logRef = useRef<HTMLOListElement>(null);

  async function load() {
    const env = await api((c) => c.GET("/support/messages"), { keepOn401: true });
    if (env.code === 0) setThread(env.data);
  }

  useEffect(() => {
    let off = () => {};
    let offStatus = () => {};
    let first = true;
    // the first read first: a visitor's page set the conversation cookie the socket needs
    void load().then(() => {
      off = subscribe("support", () => void load());
      offStatus = onStatus((up) => {
        setOnline(up);
        // after a reconnect: read again what changed meanwhile
        if (up && !first) void load();
        first = false;
      });
    });
    return () => {
      off();
      offStatus();
    };
  }, []);

  const count = thread?.messages.length ?? 0;
  useEffect(() => {
    const el = logRef.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [count]);

  async function send(e: Event) {
    e.preventDefault();
    if (busy) return;
    const body = text.trim();
    if (!body && !imageId) return setError(tx["validation.required"]!);
    setBusy(true);
    setError(null);
    const env = await api((c) =>
      c.POST("/support/messages", {
        body: imageId ? { text: body, imageId } : { text: body },
      })
    );
    setBusy(false);
    if (env.code !== 0) {
      const field = env.data && "fields" in env.data ? env.data.fields : undefined;
      const msg = field?.text ?? field?.imageId ?? failureMessage(env, tx);
      setError(msg);
      return toast(msg, "error");
    }
    setText("");
    setImageId(null);
    setUploadKey((k) => k + 1);
    await load();
  }

  async function continueVisitor() {
    const env = await api((c) => c.POST("/support/continue"));
    if (env.code !== 0) return toast(failureMessage(env, tx), "error");
    await load();
  }

  const status = thread?.conversation?.status;
  return (
    <section class="card support-chat" aria-labelledby="support-title" data-testid="support-chat">
      <h2 id="support-title">{tx["support.title"]}</h2>
      {!signedIn && (
        <p class="notice small" data-testid="support-visitor">
          {tx["support.visitorNote"]} <a href={login}>{tx["support.signIn"]}</a>
        </p>
      )}
      {thread?.visitorOffer && (
        <div class="notice support-offer" data-testid="support-offer">
          <p>
            {tx["support.continue"]!.replace("{{count}}", String(thread.visitorOffer.messages))}
          </p>
          <button type="button" class="btn btn-small" onClick={continueVisitor}>
            {tx["support.continueButton"]}
          </button>
        </div>
      )}
      {!online && <p class="muted small" role="status">{tx["support.offline"]}</p>}
      <ol class="chat-log" ref={logRef} aria-live="polite" data-testid="chat-log" tabIndex={0}>
        {thread === null && <li class="muted small">{tx["support.loading"]}</li>}
        {thread && count === 0 && <li class="muted small chat-empty">{tx["support.empty"]}</li>}
        {thread?.messages.map((m) => (
          <li key={m.id} class={`chat-msg ${m.from}`} data-testid="chat-msg" data-from={m.from}>
            <span class="chat-who">
              {m.from === "customer" ? tx["support.you"] : tx["support.agent"]}
            </span>
            {m.text && <p class="chat-text">{m.text}</p>}
            {m.imageId && (
              <a href={apiHref("/image/{id}", { path: { id: m.imageId } })} target="_blank">
                <img
                  class="chat-img"
                  src={apiHref("/image/{id}", { path: { id: m.imageId } })}
                  alt={tx["support.image"]}
                  loading="lazy"
                  data-testid="chat-img"
                />
              </a>
            )}
            <span class="chat-meta">
              <time dateTime={new Date(m.at).toISOString()}>{time(m.at)}</time>
              {m.from === "customer" && (
                <span data-testid="chat-receipt">
                  {" · "}
                  {m.read ? tx["support.read"] : tx["support.sent"]}
                </span>
              )}
            </span>
          </li>
        ))}
      </ol>
      {status === "closed" && <p class="muted small">{tx["support.closed"]}</p>}
      <form class="chat-form" onSubmit={send} noValidate>
        <div class={error ? "field has-error" : "field"}>
          <label for="chat-text">{tx["support.message"]}</label>
          <textarea
            id="chat-text"
            rows={3}
            maxLength={SUPPORT_TEXT_MAX}
            value={text}
            onInput={(e) =>
              setText(e.currentTarget.value)}
            aria-describedby={error ? "chat-text-error" : undefined}
            data-testid="chat-text"
          />
          {error && <p class="field-error" id="chat-text-error" role="alert">{error}</p>}
        </div>
        {signedIn && (
          <ImageUpload
            key={uploadKey}
            id="chat-image"
            label={tx["support.attach"]!}
            tx={{ ...tx, "recharge.voucherHint": tx["support.imageHint"]! }}
            onChange={setImageId}
          />
        )}
        <button type="submit" class="btn btn-primary" disabled={busy} data-testid="chat-send">
          {tx["support.send"]}
        </button>
      </form>
    </section>
  );
}
