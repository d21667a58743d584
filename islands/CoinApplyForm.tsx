import { useState } from "preact/hooks";
import { useForm } from "./lib/form.ts";
import { Field, TextField, type Texts } from "./lib/fields.tsx";

export const COIN_TEXTS = [
  "content.project",
  "content.symbol",
  "content.website",
  "content.contact",
  "content.description",
  "content.send",
  "content.coinSent",
  "content.required",
  "content.messageShort",
  "app.networkError",
  "app.timeout",
] as const;

const FIELDS = ["project", "symbol", "website", "contact"] as const;

/** The coin application form (`/page/coinApply`): into the operators' queue. */
export default function CoinApplyForm({ tx }: { tx: Texts }) {
  const [v, setV] = useState({ project: "", symbol: "", website: "https://", contact: "" });
  const [description, setDescription] = useState("");
  const [done, setDone] = useState(false);
  const { errors, busy, check, send } = useForm(tx);

  async function submit(e: Event) {
    e.preventDefault();
    const errs: Record<string, string> = {};
    for (const f of FIELDS) if (!v[f].trim()) errs[f] = tx["content.required"]!;
    if (description.trim().length < 10) errs.description = tx["content.messageShort"]!;
    if (!check(errs)) return;
    const body = {
      project: v.project.trim(),
      symbol: v.symbol.trim(),
      website: v.website.trim(),
      contact: v.contact.trim(),
      description: description.trim(),
    };
    if (await send((c) => c.POST("/coin-application", { body }), { keepOn401: true })) {
      setDone(true);
    }
  }

  if (done) {
    return <p class="notice" role="status" data-testid="coin-sent">{tx["content.coinSent"]}</p>;
  }
  return (
    <form class="form" onSubmit={submit} noValidate data-testid="coin-form">
      {FIELDS.map((f) => (
        <TextField
          key={f}
          id={f}
          label={tx[`content.${f}`]!}
          value={v[f]}
          set={(x) => setV({ ...v, [f]: x })}
          error={errors[f]}
          maxLength={f === "symbol" ? 12 : f === "website" ? 200 : 120}
        />
      ))}
      <Field id="description" label={tx["content.description"]!} error={errors.description}>
        <textarea
          id="description"
          name="description"
          rows={5}
          maxLength={2000}
          value={description}
          onInput={(e) => setDescription(e.currentTarget.value)}
          aria-invalid={errors.description ? true : undefined}
          aria-describedby={errors.description ? "description-error" : undefined}
        />
      </Field>
      <button class="btn btn-primary btn-block" type="submit" disabled={busy}>
        {tx["content.send"]}
      </button>
    </form>
  );
}
