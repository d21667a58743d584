import { useState } from "preact/hooks";
import { reloadWith, useAdminForm } from "./lib/admin.ts";
import type { Texts } from "./lib/fields.tsx";

export const CUSTOMER_MESSAGE_TEXTS = [
  "admin.messageTitle",
  "admin.messageBody",
  "admin.sendMessage",
  "app.networkError",
  "app.timeout",
  "validation.required",
] as const;

/**
 * A message to one customer's inbox (title and text): one request, then the page rendered again
 * by the server with a notice.
 */
export default function AdminCustomerMessage({ userId, tx }: { userId: string; tx: Texts }) {
  const [title, setTitle] = useState("");
  const [body, setBody] = useState("");
  const form = useAdminForm(tx);
  const { errors, busy } = form;

  async function send(e: Event) {
    e.preventDefault();
    const missing: Record<string, string> = {};
    if (!title.trim()) missing.title = tx["validation.required"]!;
    if (!body.trim()) missing.body = tx["validation.required"]!;
    if (!form.check(missing)) return;
    const [path, message] = [{ userId }, { title: title.trim(), body: body.trim() }];
    const env = await form.send((c) =>
      c.POST("/admin/customers/{userId}/message", { params: { path }, body: message })
    );
    if (env) reloadWith("done");
  }

  const field = (
    name: "title" | "body",
    label: string,
    input: preact.JSX.Element,
  ) => (
    <div class={errors[name] ? "field has-error" : "field"}>
      <label for={`msg-${name}`}>{label}</label>
      {input}
      {errors[name] && (
        <p class="field-error" id={`msg-${name}-error`} role="alert">{errors[name]}</p>
      )}
    </div>
  );
  return (
    <form class="form" onSubmit={send} noValidate data-testid="customer-message">
      {field(
        "title",
        tx["admin.messageTitle"]!,
        <input
          id="msg-title"
          maxLength={100}
          value={title}
          onInput={(e) => setTitle(e.currentTarget.value)}
          aria-invalid={errors.title ? true : undefined}
          aria-describedby={errors.title ? "msg-title-error" : undefined}
        />,
      )}
      {field(
        "body",
        tx["admin.messageBody"]!,
        <textarea
          id="msg-body"
          rows={3}
          maxLength={2000}
          value={body}
          onInput={(e) => setBody(e.currentTarget.value)}
          aria-invalid={errors.body ? true : undefined}
          aria-describedby={errors.body ? "msg-body-error" : undefined}
        />,
      )}
      <button type="submit" class="btn btn-primary" disabled={busy} data-testid="send-message">
        {tx["admin.sendMessage"]}
      </button>
    </form>
  );
}
