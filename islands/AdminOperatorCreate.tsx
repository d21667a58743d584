import { useState } from "preact/hooks";
import type { OperatorRole } from "../contract/operators.ts";
import { useAdminForm } from "./lib/admin.ts";
import { Field, TextInput, type Texts } from "./lib/fields.tsx";
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
  const { errors, busy, check, send } = useAdminForm(tx);

  async function submit(e: Event) {
    e.preventDefault();
    const errs: Record<string, string> = {};
    if (!username) errs.username = tx["validation.required"]!;
    else if (!USERNAME.test(username)) errs.username = tx["validation.usernameRule"]!;
    if (!phone) errs.phone = tx["validation.phoneRequired"]!;
    else if (!/^\+[1-9]\d{5,14}$/.test(phone)) errs.phone = tx["validation.phoneInvalid"]!;
    if (!picked.length) errs.roles = tx["validation.rolesRequired"]!;
    const idOf = (f: string) => f === "roles" ? `new-role-${roles[0]!.role}` : `new-${f}`;
    if (!check(errs, idOf)) return;
    const body = { username, phone, roles: picked };
    const env = await send((c) => c.POST("/admin/operators", { body }), {
      OPERATOR_EXISTS: "username",
    });
    if (env) location.replace(`/admin/operators?flash=proposed`);
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
