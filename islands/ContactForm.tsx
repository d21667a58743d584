import { useState } from "preact/hooks";
import { useForm } from "./lib/form.ts";
import { Field, TextField, type Texts } from "./lib/fields.tsx";

export const CONTACT_TEXTS = [
  "content.name",
  "content.email",
  "content.message",
  "content.send",
  "content.contactSent",
  "content.required",
  "content.messageShort",
  "app.networkError",
  "app.timeout",
] as const;

/** The contact form (no service link configured): a message into the operators' queue. */
export default function ContactForm({ tx }: { tx: Texts }) {
  const [name, setName] = useState("");
  const [email, setEmail] = useState("");
  const [message, setMessage] = useState("");
  const [done, setDone] = useState(false);
  const { errors, busy, check, send } = useForm(tx);

  async function submit(e: Event) {
    e.preventDefault();
    const errs: Record<string, string> = {};
    if (!name.trim()) errs.name = tx["content.required"]!;
    if (!email.trim()) errs.email = tx["content.required"]!;
    if (message.trim().length < 10) errs.message = tx["content.messageShort"]!;
    if (!check(errs)) return;
    const body = { name: name.trim(), email: email.trim(), message: message.trim() };
    if (await send((c) => c.POST("/contact", { body }), { keepOn401: true })) setDone(true);
  }

  if (done) {
    return (
      <p class="notice" role="status" data-testid="contact-sent">{tx["content.contactSent"]}</p>
    );
  }
  return (
    <form class="form" onSubmit={submit} noValidate data-testid="contact-form">
      <TextField
        id="name"
        label={tx["content.name"]!}
        value={name}
        set={setName}
        error={errors.name}
        maxLength={80}
        autoComplete="name"
      />
      <TextField
        id="email"
        label={tx["content.email"]!}
        value={email}
        set={setEmail}
        error={errors.email}
        maxLength={254}
        autoComplete="email"
      />
      <Field id="message" label={tx["content.message"]!} error={errors.message}>
        <textarea
          id="message"
          name="message"
          rows={5}
          maxLength={4000}
          value={message}
          onInput={(e) => setMessage(e.currentTarget.value)}
          aria-invalid={errors.message ? true : undefined}
          aria-describedby={errors.message ? "message-error" : undefined}
        />
      </Field>
      <button class="btn btn-primary btn-block" type="submit" disabled={busy}>
        {tx["content.send"]}
      </button>
    </form>
  );
}
