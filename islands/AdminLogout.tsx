import { useEffect, useState } from "preact/hooks";
import { adminCall } from "./lib/admin.ts";

/** Sign out: the server ends the session and clears its cookie; whatever the reply, leave. */
export default function AdminLogout({ label }: { label: string }) {
  const [leaving, setLeaving] = useState(false);
  // This button is on every console page: it also drops the one-time notice (`?flash=`) from
  // the address, so a reload or a copied link does not announce it again.
  useEffect(() => {
    const u = new URL(location.href);
    if (!u.searchParams.has("flash")) return;
    u.searchParams.delete("flash");
    history.replaceState(history.state, "", u.pathname + u.search + u.hash);
  }, []);
  return (
    <button
      type="button"
      class="btn btn-ghost btn-small"
      disabled={leaving}
      data-testid="admin-logout"
      onClick={async () => {
        setLeaving(true);
        await adminCall("/api/admin/logout");
        location.replace("/admin");
      }}
    >
      {label}
    </button>
  );
}
