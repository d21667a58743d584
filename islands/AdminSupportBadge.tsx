/**
 * The console tab's badge: how many support conversations wait for an answer (status open),
 * kept live by the `support` socket channel (any instance's change), read again on reconnect.
 */
import { useEffect, useState } from "preact/hooks";
import { adminCall } from "./lib/admin.ts";
import { onStatus, subscribe } from "./lib/socket.ts";

export default function AdminSupportBadge({ label }: { label: string }) {
  const [n, setN] = useState(0);
  useEffect(() => {
    const load = async () => {
      const env = await adminCall((c) =>
        c.GET("/admin/support/conversations", { params: { query: { status: "open" } } })
      );
      if (env.code === 0) setN(env.data.counts.open);
    };
    void load();
    const off = subscribe("support", () => void load());
    const offStatus = onStatus((up) => up && void load());
    return () => {
      off();
      offStatus();
    };
  }, []);
  if (!n) return null;
  return (
    <span class="badge" data-testid="support-badge" title={label.replace("{{count}}", String(n))}>
      <span aria-hidden="true">{n > 99 ? "99+" : n}</span>
      <span class="sr-only">{label.replace("{{count}}", String(n))}</span>
    </span>
  );
}
