import { useRef } from "preact/hooks";

/**
 * One evidence image: a thumbnail that opens the full image in a modal dialog (Esc, the button
 * or the backdrop closes it). The image comes from /api/admin/images (the operator's cookie).
 */
export default function AdminEvidence(
  { src, label, close }: { src: string; label: string; close: string },
) {
  const dialog = useRef<HTMLDialogElement>(null);
  return (
    <figure class="admin-figure">
      <button
        type="button"
        class="admin-thumb"
        onClick={() => dialog.current?.showModal()}
        data-testid="evidence"
      >
        <img src={src} alt={label} data-testid="evidence-img" />
      </button>
      <figcaption class="small muted">{label}</figcaption>
      <dialog
        ref={dialog}
        class="admin-lightbox"
        aria-label={label}
        data-testid="lightbox"
        onClick={(e) => {
          if (e.target === e.currentTarget) e.currentTarget.close();
        }}
      >
        <div class="admin-lightbox-bar">
          <strong>{label}</strong>
          <button
            type="button"
            class="btn btn-ghost btn-small"
            onClick={() => dialog.current?.close()}
            autoFocus
          >
            {close}
          </button>
        </div>
        <img src={src} alt={label} />
      </dialog>
    </figure>
  );
}
