import { useEffect, useRef } from "preact/hooks";

/**
 * The one-time notice after a decision or a saved setting (`?flash=`): it takes focus, so a
 * keyboard or screen reader user hears the outcome after the page is rendered again, and drops
 * `flash` from the address, so a reload or a copied link does not announce it again.
 */
export default function AdminNotice({ text, ok }: { text: string; ok: boolean }) {
  const ref = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    ref.current?.focus({ preventScroll: true });
    const u = new URL(location.href);
    if (!u.searchParams.has("flash")) return;
    u.searchParams.delete("flash");
    history.replaceState(history.state, "", u.pathname + u.search + u.hash);
  }, []);
  return (
    <p
      ref={ref}
      tabIndex={-1}
      class={ok ? "admin-notice" : "admin-alert admin-flash"}
      role={ok ? "status" : "alert"}
      data-testid="notice"
    >
      {text}
    </p>
  );
}
