import { useRef, useState } from "preact/hooks";
import type { OperatorItem } from "../contract/operators.ts";
import type { OperatorRole } from "../contract/operators.ts";
import { toast } from "./lib/api.ts";
import { adminCall, reloadWith, toSignIn } from "./lib/admin.ts";
import { fill, type Texts } from "./lib/fields.tsx";
import { failureMessage } from "./lib/form.ts";
import { RoleBoxes } from "./lib/roles.tsx";
import { ConfirmDialog } from "./lib/confirm_dialog.tsx";

export const OPERATOR_EDIT_TEXTS = [
  "admin.rolesOf",
  "admin.proposeRolesChange",
  "admin.disableOperator",
  "admin.proposeEnable",
  "admin.proposeResetTotp",
  "admin.resetTotpHint",
  "admin.disableConfirm",
  "validation.rolesRequired",
  "app.confirm",
  "app.cancel",
  "app.networkError",
  "app.timeout",
] as const;

/**
 * An admin's actions on one operator, as the server allows them (`actions`): propose roles (a
 * group of checkboxes), propose enabling or a second-factor reset (a second admin approves each
 * in Proposals), or disable at once (confirmed first in a modal dialog, focus on Cancel: their
 * sessions end). Each is one request, then the page rendered again by the server with a notice.
 */
export default function AdminOperatorEdit(
  { tx, username, roles, current, actions }: {
    tx: Texts;
    username: string;
    roles: { role: OperatorRole; label: string }[];
    current: OperatorRole[];
    actions: OperatorItem["actions"];
  },
) {
  const [picked, setPicked] = useState<OperatorRole[]>(current);
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const inFlight = useRef(false);
  const path = { username };

  async function call(what: "roles" | "enable" | "reset-totp" | "disable") {
    if (inFlight.current) return;
    inFlight.current = true;
    setBusy(true);
    const env = await adminCall((c) =>
      what === "roles"
        ? c.POST("/admin/operators/{username}/roles", { params: { path }, body: { roles: picked } })
        : c.POST(`/admin/operators/{username}/${what}`, { params: { path } })
    );
    if (env.code === 0) return reloadWith(what === "disable" ? "done" : "proposed");
    if (env.code === -99) return toSignIn();
    inFlight.current = false;
    setBusy(false);
    setConfirming(false);
    toast(failureMessage(env, tx), "error");
  }

  function save(e: Event) {
    e.preventDefault();
    if (!picked.length) return setError(tx["validation.rolesRequired"]!);
    setError("");
    call("roles");
  }

  return (
    <div class="admin-actions admin-op-actions" data-testid="operator-edit">
      {actions.includes("roles") && (
        <form class="form" onSubmit={save} noValidate data-testid="operator-roles">
          <RoleBoxes
            idPrefix="edit-role"
            legend={fill(tx["admin.rolesOf"]!, { name: username })}
            roles={roles}
            value={picked}
            set={setPicked}
            error={error}
          />
          <button type="submit" class="btn btn-primary" disabled={busy} data-testid="save-roles">
            {tx["admin.proposeRolesChange"]}
          </button>
        </form>
      )}
      {actions.includes("enable") && (
        <div class="row">
          <button
            type="button"
            class="btn btn-primary"
            disabled={busy}
            onClick={() => call("enable")}
            data-testid="operator-enable"
          >
            {tx["admin.proposeEnable"]}
          </button>
        </div>
      )}
      {actions.includes("resetTotp") && (
        <div class="row">
          <button
            type="button"
            class="btn btn-ghost"
            disabled={busy}
            onClick={() => call("reset-totp")}
            aria-describedby="reset-totp-hint"
            data-testid="operator-reset-totp"
          >
            {tx["admin.proposeResetTotp"]}
          </button>
          <p class="muted small" id="reset-totp-hint">{tx["admin.resetTotpHint"]}</p>
        </div>
      )}
      {actions.includes("disable") && (
        <div class="row">
          <button
            type="button"
            class="btn btn-danger"
            disabled={busy}
            aria-haspopup="dialog"
            onClick={() => setConfirming(true)}
            data-testid="operator-disable"
          >
            {tx["admin.disableOperator"]}
          </button>
        </div>
      )}
      {actions.includes("disable") && (
        <ConfirmDialog
          open={confirming}
          id="operator-disable"
          testid="operator-disable-dialog"
          title={tx["admin.disableOperator"]!}
          confirm={tx["admin.disableOperator"]!}
          cancel={tx["app.cancel"]!}
          busy={busy}
          onConfirm={() => call("disable")}
          onClose={() => setConfirming(false)}
        >
          <p>{fill(tx["admin.disableConfirm"]!, { name: username })}</p>
        </ConfirmDialog>
      )}
    </div>
  );
}
