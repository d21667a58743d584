import { useRef, useState } from "preact/hooks";
import type { OperatorItem } from "../edge/operators/schemas.ts";
import type { OperatorRole } from "../edge/operators/store.ts";
import { passwordProblem } from "../edge/platform/credentials.ts";
import { toast } from "./lib/api.ts";
import { adminCall, toSignIn } from "./lib/admin.ts";
import { Field, PasswordInput, TextInput, type Texts } from "./lib/fields.tsx";
import { failureMessage } from "./lib/form.ts";
import { RoleBoxes } from "./lib/roles.tsx";

export const OPERATOR_CREATE_TEXTS = [
  "admin.newOperator",
  "admin.username",
  "admin.tempPassword",
  "admin.tempPasswordHint",
  "admin.roles",
  "admin.createOperator",
  "validation.required",
  "validation.usernameRule",
  "validation.passwordRequired",
  "validation.passwordRule",
  "validation.rolesRequired",
  "app.networkError",
  "app.timeout",
] as const;

/** The username rule of the server (`edge/operators/accounts.ts`). */
const USERNAME = /^[a-z][a-z0-9._-]{2,31}$/;

/**
 * An admin creates an operator: username, a temporary password (handed over in person; replaced
 * at first sign-in with the authenticator enrolment) and roles. Then the page again, opened on
 * the new operator.
 */
export default function AdminOperatorCreate(
  { tx, roles }: { tx: Texts; roles: { role: OperatorRole; label: string }[] },
) {
  const [username, setUsername] = useState("");
  const [password, setPassword] = useState("");
  const [picked, setPicked] = useState<OperatorRole[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const inFlight = useRef(false);

  async function submit(e: Event) {
    e.preventDefault();
    if (inFlight.current) return;
    const errs: Record<string, string> = {};
    if (!username) errs.username = tx["validation.required"]!;
    else if (!USERNAME.test(username)) errs.username = tx["validation.usernameRule"]!;
    const problem = passwordProblem(password);
    if (problem) errs.password = tx[`validation.${problem}`]!;
    if (!picked.length) errs.roles = tx["validation.rolesRequired"]!;
    setErrors(errs);
    if (Object.keys(errs).length) {
      const first = Object.keys(errs)[0]!;
      document.getElementById(first === "roles" ? `new-role-${roles[0]!.role}` : `new-${first}`)
        ?.focus();
      return;
    }
    inFlight.current = true;
    setBusy(true);
    const env = await adminCall<OperatorItem>("/api/admin/operators", {
      body: { username, password, roles: picked },
    });
    if (env.code === 0) {
      location.replace(`/admin/operators?id=${encodeURIComponent(username)}&flash=created`);
      return;
    }
    if (env.code === -99) return toSignIn();
    inFlight.current = false;
    setBusy(false);
    setErrors(
      env.data.fields ?? (env.data.error === "OPERATOR_EXISTS" ? { username: env.message } : {}),
    );
    toast(failureMessage(env, tx), "error");
  }

  return (
    <form class="form admin-form" onSubmit={submit} noValidate data-testid="operator-create">
      <Field id="new-username" label={tx["admin.username"]!} error={errors.username}>
        <TextInput
          id="new-username"
          value={username}
          set={(v) => setUsername(v.trim().toLowerCase())}
          error={errors.username}
          autoComplete="off"
          maxLength={32}
        />
      </Field>
      <PasswordInput
        id="new-password"
        label={tx["admin.tempPassword"]!}
        value={password}
        set={setPassword}
        error={errors.password}
        autoComplete="new-password"
        describedBy="new-password-hint"
      />
      <p class="muted small admin-hint" id="new-password-hint">{tx["admin.tempPasswordHint"]}</p>
      <RoleBoxes
        idPrefix="new-role"
        legend={tx["admin.roles"]!}
        roles={roles}
        value={picked}
        set={setPicked}
        error={errors.roles}
      />
      <button type="submit" class="btn btn-primary" disabled={busy} data-testid="create-operator">
        {tx["admin.createOperator"]}
      </button>
    </form>
  );
}
