import { useState } from "preact/hooks";
import { adminCall } from "./lib/admin.ts";

/** Sign out: the server ends the session and clears its cookie; whatever the reply, leave. */
export default function AdminLogout({ label }: { label: string }) {
  const [leaving, setLeaving] = useState(false);
  return (
    <button
      type="button"
      class="btn btn-ghost btn-small"
      disabled={leaving}
      data-testid="admin-logout"
      onClick={async () => {
        setLeaving(true);
        await adminCall((c) => c.POST("/admin/logout"));
        location.replace("/admin");
      }}
    >
      {label}
    </button>
  );
}
