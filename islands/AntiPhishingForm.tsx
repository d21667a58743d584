import { useState } from "preact/hooks";
import { isAntiPhishingWord } from "../contract/credentials.ts";
import { toast } from "./lib/api.ts";
import { Field, TextInput, type Texts } from "./lib/fields.tsx";
import { useForm } from "./lib/form.ts";
import { FRESH_PROOF_TEXTS, useFreshProof } from "./lib/fresh_proof.tsx";

export const ANTI_PHISHING_TEXTS = [
  "security.antiPhishingWord",
  "security.antiPhishingSaved",
  "validation.antiPhishingRule",
  "app.submit",
  "app.networkError",
  "app.timeout",
  ...FRESH_PROOF_TEXTS,
] as const;

/**
 * Set or change the anti-phishing code: a word of the customer's (4-20 letters or digits) that
 * leads every SMS and shows with every message; the change needs a fresh code like other money
 * settings.
 */
export default function AntiPhishingForm(
  { tx, twoFactor, done }: { tx: Texts; twoFactor: boolean; done: string },
) {
  const [word, setWord] = useState("");
  const form = useForm(tx);
  const { errors, busy, check, send } = form;
  // the security page of the desktop layout has the withdrawal password's code field too
  const proof = useFreshProof(tx, twoFactor, form, "anti-phishing-");

  async function submit(e: Event) {
    e.preventDefault();
    const w = word.trim();
    const errs: Record<string, string> = isAntiPhishingWord(w)
      ? {}
      : { word: tx["validation.antiPhishingRule"]! };
    if (!check({ ...errs, ...proof.check() })) return;
    const body = { word: w, ...proof.body() };
    if (await send((c) => c.POST("/user/anti-phishing", { body }))) {
      toast(tx["security.antiPhishingSaved"]!);
      setTimeout(() => location.href = done, 1000);
    }
  }

  return (
    <form class="form" onSubmit={submit} noValidate data-testid="anti-phishing-form">
      <Field id="word" label={tx["security.antiPhishingWord"]!} error={errors.word}>
        <TextInput
          id="word"
          value={word}
          set={setWord}
          autoComplete="off"
          maxLength={20}
          error={errors.word}
          describedBy="word-hint"
        />
        {!errors.word && (
          <p class="muted small" id="word-hint">{tx["validation.antiPhishingRule"]}</p>
        )}
      </Field>
      {proof.fields(errors)}
      <button class="btn btn-primary btn-block" type="submit" disabled={busy}>
        {tx["app.submit"]}
      </button>
    </form>
  );
}
