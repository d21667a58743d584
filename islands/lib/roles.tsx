/** The operator roles as a group of labelled checkboxes (create and edit an operator). */
import type { OperatorRole } from "../../contract/operators.ts";

export function RoleBoxes(
  { idPrefix, legend, roles, value, set, error, disabled }: {
    idPrefix: string;
    legend: string;
    roles: { role: OperatorRole; label: string }[];
    value: OperatorRole[];
    set: (v: OperatorRole[]) => void;
    error?: string;
    disabled?: boolean;
  },
) {
  const errorId = `${idPrefix}-error`;
  return (
    <fieldset
      class={error ? "admin-roles has-error" : "admin-roles"}
      aria-describedby={error ? errorId : undefined}
      disabled={disabled}
    >
      <legend>{legend}</legend>
      <div class="admin-role-grid">
        {roles.map(({ role, label }) => (
          <label key={role} class="admin-role" for={`${idPrefix}-${role}`}>
            <input
              type="checkbox"
              id={`${idPrefix}-${role}`}
              name="roles"
              value={role}
              checked={value.includes(role)}
              onChange={(e) =>
                set(
                  e.currentTarget.checked
                    ? roles.map((r) =>
                      r.role
                    ).filter((r) =>
                      r === role || value.includes(r)
                    )
                    : value.filter((r) => r !== role),
                )}
            />
            {label}
          </label>
        ))}
      </div>
      {error && <p class="field-error" id={errorId} role="alert">{error}</p>}
    </fieldset>
  );
}
