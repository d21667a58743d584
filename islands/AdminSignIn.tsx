import type { Ref } from "preact";
import { useEffect, useRef, useState } from "preact/hooks";
import { renderSVG } from "uqr";
import type { OperatorSignInReply } from "../contract/operators.ts";
import { adminCall } from "./lib/admin.ts";
import { useNewPassword } from "./lib/credentials.tsx";
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
  "validation.passwordRule",
  "validation.passwordMismatch",
  "validation.totpRequired",
  "validation.totpInvalid",
  "admin.enrolTitle",
  "admin.enrolIntro",
  "admin.enrolSubmit",
  "admin.newPassword",
  "auth.confirmPassword",
  "twofa.scan",
  "twofa.secret",
  "twofa.secretOnce",
  "twofa.qrAlt",
  "twofa.code",
  "twofa.codePlaceholder",
  "admin.haveInvitation",
  "admin.invitationTitle",
  "admin.invitationIntro",
  "admin.invitationCode",
  "admin.invitationSubmit",
  "admin.backToSignIn",
] as const;

type Enrolment = Extract<OperatorSignInReply, { status: "enrolmentRequired" }>;

/** Groups of four characters, easier to type into an authenticator app. */
const grouped = (secret: string) => secret.replace(/(.{4})/g, "$1 ").trim();

/** An operator's username as typed (no capitals, no spell check); named as the API names it. */
function UsernameField(
  { id, label, value, set, error, inputRef }: {
    id: string;
    label: string;
    value: string;
    set: (v: string) => void;
    error?: string;
    inputRef?: Ref<HTMLInputElement>;
  },
) {
  return (
    <Field id={id} label={label} error={error}>
      <input
        ref={inputRef}
        id={id}
        name="username"
        autoComplete="username"
        autoCapitalize="none"
        spellcheck={false}
        maxLength={64}
        value={value}
        onInput={(e) => set(e.currentTarget.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
    </Field>
  );
}

/** A one-time code of `length` digits: what is not a digit is dropped as it is typed. */
function DigitsField(
  { id, name, label, length, placeholder, value, set, error }: {
    id: string;
    name: string;
    label: string;
    length: number;
    placeholder?: string;
    value: string;
    set: (v: string) => void;
    error?: string;
  },
) {
  return (
    <Field id={id} label={label} error={error}>
      <input
        id={id}
        name={name}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={length}
        placeholder={placeholder}
        value={value}
        onInput={(e) => set(e.currentTarget.value.replace(/\D/g, ""))}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
    </Field>
  );
}

/**
 * A step's state (sign-in, invitation, enrolment): field errors, the failure line, busy, and
 * the element that takes focus when the step shows (the screen changed: a screen reader
 * announces it). `checked` shows the client's errors, clears the failure and focuses the first
 * invalid field (`prefix` + its name); true when the step may be sent.
 */
function useStep<T extends HTMLElement>(notice = "") {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState(notice);
  const [busy, setBusy] = useState(false);
  const focus = useRef<T>(null);
  useEffect(() => focus.current?.focus(), []);
  function checked(errs: Record<string, string>, prefix = "") {
    setErrors(errs);
    setFailure("");
    const first = Object.keys(errs)[0];
    if (first) document.getElementById(prefix + first)?.focus();
    return first === undefined;
  }
  return { errors, setErrors, failure, setFailure, busy, setBusy, focus, checked };
}

/**
 * Operator sign-in (username, password, TOTP code). The server keeps the session in an
 * HttpOnly cookie; on success the console opens where the operator was going (`next`).
 * An invited operator gives username and the code their phone received instead, and is shown
 * the enrolment: the new secret as QR code and key (this once), a code from it and their own
 * password. (An operator created with a temporary password before invitations existed signs in
 * without a code to reach the same enrolment.)
 */
export default function AdminSignIn({ tx, next }: { tx: Texts; next: string }) {
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null);
  const [invited, setInvited] = useState(false);
  // why the enrolment ended (expired, too many wrong codes): shown on the sign-in form
  const [ended, setEnded] = useState("");
  if (enrolment) {
    const restart = (why: string) => {
      setEnded(why);
      setEnrolment(null);
    };
    return <EnrolForm tx={tx} next={next} enrolment={enrolment} restart={restart} />;
  }
  if (invited) return <InviteForm tx={tx} enrol={setEnrolment} back={() => setInvited(false)} />;
  return (
    <>
      <SignInForm tx={tx} next={next} enrol={setEnrolment} notice={ended} />
      <p class="admin-signin-alt">
        <button
          type="button"
          class="btn btn-ghost"
          onClick={() => setInvited(true)}
          data-testid="have-invitation"
        >
          {tx["admin.haveInvitation"]}
        </button>
      </p>
    </>
  );
}

/** An invitation: username and the 8-digit code from the SMS, then the enrolment. */
function InviteForm(
  { tx, enrol, back }: { tx: Texts; enrol: (e: Enrolment) => void; back: () => void },
) {
  const [username, setUsername] = useState("");
  const [code, setCode] = useState("");
  const { errors, failure, setFailure, busy, setBusy, focus: heading, checked } = useStep<
    HTMLHeadingElement
  >();

  async function submit(e: Event) {
    e.preventDefault();
    if (busy) return;
    const errs: Record<string, string> = {};
    if (!username.trim()) errs["invite-username"] = tx["validation.required"]!;
    if (!/^\d{8}$/.test(code)) errs["invite-code"] = tx["validation.codeInvalid"]!;
    if (!checked(errs)) return;
    setBusy(true);
    const body = { username: username.trim(), code };
    const env = await adminCall((c) => c.POST("/admin/invitation", { body }));
    if (env.code === 0) return enrol(env.data);
    setBusy(false);
    setFailure(failureMessage(env, tx));
  }

  return (
    <section class="auth-card admin-signin" aria-labelledby="admin-invite-title">
      <p class="muted small admin-kicker">{tx["admin.title"]}</p>
      <h1 id="admin-invite-title" ref={heading} tabIndex={-1}>{tx["admin.invitationTitle"]}</h1>
      <form class="form" onSubmit={submit} noValidate data-testid="admin-invitation">
        <p class="small">{tx["admin.invitationIntro"]}</p>
        <UsernameField
          id="invite-username"
          label={tx["admin.username"]!}
          value={username}
          set={setUsername}
          error={errors["invite-username"]}
        />
        <DigitsField
          id="invite-code"
          name="code"
          label={tx["admin.invitationCode"]!}
          length={8}
          placeholder="00000000"
          value={code}
          set={setCode}
          error={errors["invite-code"]}
        />
        {failure && <p class="admin-alert" role="alert" data-testid="invite-error">{failure}</p>}
        <button class="btn btn-primary btn-block" type="submit" disabled={busy}>
          {tx["admin.invitationSubmit"]}
        </button>
        <button type="button" class="btn btn-ghost btn-block" onClick={back}>
          {tx["admin.backToSignIn"]}
        </button>
      </form>
    </section>
  );
}

function SignInForm(
  { tx, next, enrol, notice }: {
    tx: Texts;
    next: string;
    enrol: (e: Enrolment) => void;
    notice: string;
  },
) {
  const [username, setUsername] = useState("");
  const [password, setPassword] = useState("");
  const [totp, setTotp] = useState("");
  // the first field takes focus: an operator types straight away
  const { errors, setErrors, failure, setFailure, busy, setBusy, focus: first, checked } = useStep<
    HTMLInputElement
  >(notice);

  async function submit(e: Event) {
    e.preventDefault();
    if (busy) return;
    const errs: Record<string, string> = {};
    if (!username.trim()) errs.username = tx["validation.required"]!;
    if (!password) errs.password = tx["validation.passwordRequired"]!;
    // no code: the first sign-in of an operator who has not enrolled yet
    if (totp.trim() && !/^\d{6}$/.test(totp.trim())) errs.totp = tx["validation.codeInvalid"]!;
    if (!checked(errs)) return;
    setBusy(true);
    const body = {
      username: username.trim(),
      password,
      ...(totp.trim() ? { totp: totp.trim() } : {}),
    };
    const env = await adminCall((c) => c.POST("/admin/login", { body }));
    if (env.code === 0) {
      if (env.data.status === "enrolmentRequired") return enrol(env.data);
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
        <UsernameField
          id="username"
          label={tx["admin.username"]!}
          value={username}
          set={setUsername}
          error={errors.username}
          inputRef={first}
        />
        <PasswordInput
          id="password"
          label={tx["admin.password"]!}
          value={password}
          set={setPassword}
          error={errors.password}
          autoComplete="current-password"
          maxLength={128}
        />
        <DigitsField
          id="totp"
          name="totp"
          label={tx["admin.totp"]!}
          length={6}
          placeholder="000000"
          value={totp}
          set={setTotp}
          error={errors.totp}
        />
        {failure && <p class="admin-alert" role="alert" data-testid="signin-error">{failure}</p>}
        <button class="btn btn-primary btn-block" type="submit" disabled={busy}>
          {tx["admin.login"]}
        </button>
      </form>
    </section>
  );
}

/** The first sign-in's enrolment: scan or type the key, confirm a code, choose a password. */
function EnrolForm(
  { tx, next, enrolment, restart }: {
    tx: Texts;
    next: string;
    enrolment: Enrolment;
    restart: (why: string) => void;
  },
) {
  const [code, setCode] = useState("");
  const pw = useNewPassword(tx, {
    id: "newPassword",
    label: tx["admin.newPassword"]!,
    prefix: "enrol-",
  });
  const { errors, setErrors, failure, setFailure, busy, setBusy, focus: heading, checked } =
    useStep<HTMLHeadingElement>();

  async function submit(e: Event) {
    e.preventDefault();
    if (busy) return;
    const errs: Record<string, string> = {};
    if (!code) errs.totp = tx["validation.totpRequired"]!;
    else if (!/^\d{6}$/.test(code)) errs.totp = tx["validation.totpInvalid"]!;
    if (!checked({ ...errs, ...pw.check() }, "enrol-")) return;
    setBusy(true);
    const body = { enrolToken: enrolment.enrolToken, totp: code, newPassword: pw.password };
    const env = await adminCall((c) => c.POST("/admin/enrol", { body }));
    if (env.code === 0) {
      location.replace(next);
      return;
    }
    setBusy(false);
    setCode("");
    if (env.data.error === "ENROLMENT_INVALID") return restart(failureMessage(env, tx));
    setErrors(env.data.fields ?? {});
    setFailure(failureMessage(env, tx));
  }

  const qr = "data:image/svg+xml," + encodeURIComponent(renderSVG(enrolment.uri, { border: 2 }));
  return (
    <section class="auth-card admin-signin" aria-labelledby="admin-enrol-title">
      <p class="muted small admin-kicker">{tx["admin.title"]}</p>
      <h1 id="admin-enrol-title" ref={heading} tabIndex={-1}>{tx["admin.enrolTitle"]}</h1>
      <form class="form" onSubmit={submit} noValidate data-testid="admin-enrol">
        <p class="small">{tx["admin.enrolIntro"]}</p>
        <p class="muted small">{tx["twofa.scan"]}</p>
        <img class="qr admin-qr" src={qr} width={180} height={180} alt={tx["twofa.qrAlt"]} />
        <div>
          <p class="muted small" id="enrol-secret-label">{tx["twofa.secret"]}</p>
          <code
            class="secret"
            aria-labelledby="enrol-secret-label"
            data-testid="enrol-secret"
            data-secret={enrolment.secret}
          >
            {grouped(enrolment.secret)}
          </code>
        </div>
        <p class="notice small">{tx["twofa.secretOnce"]}</p>
        <DigitsField
          id="enrol-totp"
          name="totp"
          label={tx["twofa.code"]!}
          length={6}
          placeholder={tx["twofa.codePlaceholder"]}
          value={code}
          set={setCode}
          error={errors.totp}
        />
        {pw.fields(errors)}
        {failure && <p class="admin-alert" role="alert" data-testid="enrol-error">{failure}</p>}
        <button class="btn btn-primary btn-block" type="submit" disabled={busy}>
          {tx["admin.enrolSubmit"]}
        </button>
      </form>
    </section>
  );
}
