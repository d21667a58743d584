import { useState } from "preact/hooks";
import { renderSVG } from "uqr";
import { api, toast } from "./lib/api.ts";
import { type Texts, TotpField } from "./lib/fields.tsx";
import { failureMessage, useForm } from "./lib/form.ts";

export const TWO_FACTOR_TEXTS = [
  "twofa.on",
  "twofa.off",
  "twofa.hint",
  "twofa.turnOn",
  "twofa.scan",
  "twofa.secret",
  "twofa.secretOnce",
  "twofa.qrAlt",
  "twofa.enable",
  "twofa.enabled",
  "twofa.disableHint",
  "twofa.disable",
  "twofa.disabled",
  "twofa.code",
  "twofa.codePlaceholder",
  "validation.totpRequired",
  "validation.totpInvalid",
  "app.cancel",
  "app.networkError",
  "app.timeout",
] as const;

/** Groups of four characters, easier to type into an authenticator app. */
function grouped(secret: string) {
  return secret.replace(/(.{4})/g, "$1 ").trim();
}

/**
 * Turn two-factor sign-in on (a new secret as QR code and key, shown once, confirmed by a first
 * code) or off (with a current code).
 */
export default function TwoFactorForm({ tx, enabled }: { tx: Texts; enabled: boolean }) {
  const [on, setOn] = useState(enabled);
  const [setup, setSetup] = useState<null | { secret: string; uri: string }>(null);
  const [code, setCode] = useState("");
  const { errors, busy, check, send, setBusy } = useForm(tx);

  function codeOk() {
    const errs: Record<string, string> = {};
    if (!code) errs.totp = tx["validation.totpRequired"]!;
    else if (!/^\d{6}$/.test(code)) errs.totp = tx["validation.totpInvalid"]!;
    return check(errs);
  }

  async function start() {
    setBusy(true);
    const env = await api((c) => c.POST("/user/2fa/setup", { body: {} }));
    setBusy(false);
    if (env.code !== 0) return toast(failureMessage(env, tx), "error");
    setSetup(env.data);
    setCode("");
  }

  async function submit(e: Event) {
    e.preventDefault();
    if (!codeOk()) return;
    const env = await send((c) =>
      c.POST(on ? "/user/2fa/disable" : "/user/2fa/enable", { body: { code } })
    );
    setCode("");
    if (!env) return;
    toast(tx[on ? "twofa.disabled" : "twofa.enabled"]!);
    setOn(!on);
    setSetup(null);
  }

  const status = (
    <div>
      <p data-testid="twofa-status">
        <span class={on ? "badge" : "badge warn"}>{tx[on ? "twofa.on" : "twofa.off"]}</span>
      </p>
      <p class="muted">{tx["twofa.hint"]}</p>
    </div>
  );
  const codeField = (
    <TotpField
      value={code}
      set={setCode}
      error={errors.code ?? errors.totp}
      tx={tx}
    />
  );

  if (on) {
    return (
      <form class="form" onSubmit={submit} noValidate data-testid="twofa-form">
        {status}
        <p class="muted small">{tx["twofa.disableHint"]}</p>
        {codeField}
        <button class="btn btn-ghost btn-block" type="submit" disabled={busy}>
          {tx["twofa.disable"]}
        </button>
      </form>
    );
  }
  if (!setup) {
    return (
      <div class="form" data-testid="twofa-form">
        {status}
        <button
          class="btn btn-primary btn-block"
          type="button"
          disabled={busy}
          onClick={start}
          data-testid="twofa-start"
        >
          {tx["twofa.turnOn"]}
        </button>
      </div>
    );
  }
  const qr = "data:image/svg+xml," + encodeURIComponent(renderSVG(setup.uri, { border: 2 }));
  return (
    <form class="form" onSubmit={submit} noValidate data-testid="twofa-form">
      {status}
      <p>{tx["twofa.scan"]}</p>
      <img class="qr" src={qr} width={180} height={180} alt={tx["twofa.qrAlt"]} />
      <div>
        <p class="muted small">{tx["twofa.secret"]}</p>
        <code class="secret" data-testid="twofa-secret" data-secret={setup.secret}>
          {grouped(setup.secret)}
        </code>
      </div>
      <p class="notice small">{tx["twofa.secretOnce"]}</p>
      {codeField}
      <div class="row">
        <button class="btn btn-primary" type="submit" disabled={busy}>{tx["twofa.enable"]}</button>
        <button class="btn btn-ghost" type="button" onClick={() => setSetup(null)}>
          {tx["app.cancel"]}
        </button>
      </div>
    </form>
  );
}
