import { api, clearSession } from "./lib/api.ts";

export default function LogoutButton(
  { label, home, variant }: { label: string; home: string; variant: "link" | "block" },
) {
  return (
    <button
      type="button"
      class={variant === "link" ? "btn-link" : "btn btn-ghost btn-block"}
      data-testid="logout"
      onClick={async () => {
        await api((c) => c.POST("/logout", { body: {} }), { keepOn401: true });
        clearSession();
        location.href = home;
      }}
    >
      {label}
    </button>
  );
}
