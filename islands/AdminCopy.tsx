import { toast } from "./lib/api.ts";

/** Copy one payout detail (an account number, an address) to the clipboard. */
export default function AdminCopy(
  { text, label, tx }: { text: string; label: string; tx: { copy: string; copied: string } },
) {
  return (
    <button
      type="button"
      class="btn-link admin-copy"
      aria-label={`${tx.copy}: ${label}`}
      onClick={async () => {
        try {
          await navigator.clipboard.writeText(text);
          toast(tx.copied);
        } catch {
          toast(tx.copy, "error");
        }
      }}
    >
      {tx.copy}
    </button>
  );
}
