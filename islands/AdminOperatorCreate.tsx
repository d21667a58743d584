import { useRef, useState } from "preact/hooks";
import type { OperatorRole } from "../contract/operators.ts";
import { toast } from "./lib/api.ts";
import { adminCall, toSignIn } from "./lib/admin.ts";
import { Field, TextInput, type Texts } from "./lib/fields.tsx";
import { failureMessage } from "./lib/form.ts";
import { RoleBoxes } from "./lib/roles.tsx";

export const OPERATOR_CREATE_TEXTS = [
  "admin.newOperator",
  "admin.username",
  "admin.opPhone",
  "admin.opPhoneHint",
  "admin.roles",
  "admin.proposeOperator",
  "validation.required",
  "validation.usernameRule",
  "validation.phoneRequired",
  "validation.phoneInvalid",
  "validation.rolesRequired",
  "app.networkError",
  "app.timeout",
] as const;

/** The username rule of the server (`edge/operators/staff.ts`). */
const USERNAME = /^[a-z][a-z0-9._-]{2,31}$/;

/**
 * An admin proposes a new operator: username, the operator's own phone (E.164: their one-time
 * invitation goes there on approval) and roles. No password: nobody but the operator sets it.
 * Then the page again with a notice (a second admin approves in Proposals).
 */
export default function AdminOperatorCreate(
  { tx, roles }: { tx: Texts; roles: { role: OperatorRole; label: string }[] },
) {
  const [username, setUsername] = useState("");
  const [phone, setPhone] = useState("");
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
    if (!phone) errs.phone = tx["validation.phoneRequired"]!;
    else if (!/^\+[1-9]\d{5,14}$/.test(phone)) errs.phone = tx["validation.phoneInvalid"]!;
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
    const body = { username, phone, roles: picked };
    const env = await adminCall((c) => c.POST("/admin/operators", { body }));
    if (env.code === 0) {
      location.replace(`/admin/operators?flash=proposed`);
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
      <Field id="new-phone" label={tx["admin.opPhone"]!} error={errors.phone}>
        <TextInput
          id="new-phone"
          type="tel"
          value={phone}
          set={(v) => setPhone(v.replace(/[\s()-]/g, ""))}
          error={errors.phone}
          autoComplete="off"
          maxLength={16}
          placeholder="+12025550123"
          describedBy="new-phone-hint"
        />
      </Field>
      <p class="muted small admin-hint" id="new-phone-hint">{tx["admin.opPhoneHint"]}</p>
      <RoleBoxes
        idPrefix="new-role"
        legend={tx["admin.roles"]!}
        roles={roles}
        value={picked}
        set={setPicked}
        error={errors.roles}
      />
      <button type="submit" class="btn btn-primary" disabled={busy} data-testid="create-operator">
        {tx["admin.proposeOperator"]}
      </button>
    </form>
  );
}
