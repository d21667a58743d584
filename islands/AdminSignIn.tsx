import { useEffect, useRef, useState } from "preact/hooks";
import type { z } from "zod";
import type { OperatorLoginReply } from "../edge/operators/schemas.ts";
import { adminCall } from "./lib/admin.ts";
import { Field, PasswordInput, type Texts } from "./lib/fields.tsx";
import { failureMessage } from "./lib/form.ts";

export const SIGNIN_TEXTS = [
  "admin.title",
  "admin.signIn",
  "admin.username",
  "admin.password",
  "admin.totp",
  "admin.login",
  "app.networkError",
  "app.timeout",
  "validation.codeInvalid",
  "validation.required",
  "validation.passwordRequired",
] as const;

/**
 * Operator sign-in (username, password, TOTP code). The server keeps the session in an
 * HttpOnly cookie; on success the console opens where the operator was going (`next`).
 */
export default function AdminSignIn({ tx, next }: { tx: Texts; next: string }) {
  const [username, setUsername] = useState("");
  const [password, setPassword] = useState("");
  const [totp, setTotp] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState("");
  const [busy, setBusy] = useState(false);
  const first = useRef<HTMLInputElement>(null);

  // The first field takes focus: an operator types straight away.
  useEffect(() => first.current?.focus(), []);

  async function submit(e: Event) {
    e.preventDefault();
    if (busy) return;
    const errs: Record<string, string> = {};
    if (!username.trim()) errs.username = tx["validation.required"]!;
    if (!password) errs.password = tx["validation.passwordRequired"]!;
    if (!/^\d{6}$/.test(totp.trim())) errs.totp = tx["validation.codeInvalid"]!;
    setErrors(errs);
    setFailure("");
    if (Object.keys(errs).length) {
      document.getElementById(Object.keys(errs)[0]!)?.focus();
      return;
    }
    setBusy(true);
    const env = await adminCall<z.infer<typeof OperatorLoginReply>>("/api/admin/login", {
      body: { username: username.trim(), password, totp: totp.trim() },
    });
    if (env.code === 0) {
      location.replace(next);
      return;
    }
    setBusy(false);
    setErrors(env.data.fields ?? {});
    // A code is good once and for 30 seconds: the next attempt needs a fresh one.
    setTotp("");
    setFailure(failureMessage(env, tx));
  }

  return (
    <section class="auth-card admin-signin" aria-labelledby="admin-signin-title">
      <p class="muted small admin-kicker">{tx["admin.title"]}</p>
      <h1 id="admin-signin-title">{tx["admin.signIn"]}</h1>
      <form class="form" onSubmit={submit} noValidate data-testid="admin-signin">
        <Field id="username" label={tx["admin.username"]!} error={errors.username}>
          <input
            ref={first}
            id="username"
            name="username"
            autoComplete="username"
            autoCapitalize="none"
            spellcheck={false}
            maxLength={64}
            value={username}
            onInput={(e) => setUsername(e.currentTarget.value)}
            aria-invalid={errors.username ? true : undefined}
            aria-describedby={errors.username ? "username-error" : undefined}
          />
        </Field>
        <PasswordInput
          id="password"
          label={tx["admin.password"]!}
          value={password}
          set={setPassword}
          error={errors.password}
          autoComplete="current-password"
          maxLength={128}
        />
        <Field id="totp" label={tx["admin.totp"]!} error={errors.totp}>
          <input
            id="totp"
            name="totp"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            placeholder="000000"
            value={totp}
            onInput={(e) => setTotp(e.currentTarget.value.replace(/\D/g, ""))}
            aria-invalid={errors.totp ? true : undefined}
            aria-describedby={errors.totp ? "totp-error" : undefined}
          />
        </Field>
        {failure && <p class="admin-alert" role="alert" data-testid="signin-error">{failure}</p>}
        <button class="btn btn-primary btn-block" type="submit" disabled={busy}>
          {tx["admin.login"]}
        </button>
      </form>
    </section>
  );
}
