import { useEffect, useState } from "preact/hooks";
import { api, apiHref, customerHeaders, typedClient } from "./api.ts";
import type { Texts } from "./fields.tsx";

const MAX_EDGE = 2560;

/**
 * Redraw a photo onto a canvas and re-encode it as JPEG: the browser applies the EXIF
 * orientation, and nothing but pixels leaves the device (no location, no appended data such as
 * phone HDR gain maps). The server sanitizes again whatever arrives. Falls back to the original
 * file where the browser cannot decode it.
 */
async function reencode(file: File): Promise<Blob> {
  try {
    const bmp = await createImageBitmap(file, { imageOrientation: "from-image" });
    const scale = Math.min(1, MAX_EDGE / Math.max(bmp.width, bmp.height));
    const canvas = document.createElement("canvas");
    canvas.width = Math.max(1, Math.round(bmp.width * scale));
    canvas.height = Math.max(1, Math.round(bmp.height * scale));
    canvas.getContext("2d")!.drawImage(bmp, 0, 0, canvas.width, canvas.height);
    bmp.close();
    const blob = await new Promise<Blob | null>((r) => canvas.toBlob(r, "image/jpeg", 0.9));
    return blob ?? file;
  } catch {
    return file;
  }
}

/** Uploads: the customer's client with a longer wait (a photo over a slow mobile link). */
const uploads = typedClient({ baseUrl: "/api", headers: customerHeaders, timeoutMs: 120_000 });

/** POST /api/upload (multipart: the form goes as it is) with the same headers as every call. */
function upload(blob: Blob) {
  const form = new FormData();
  form.append("file", blob, "photo.jpg");
  return api(() => uploads.POST("/upload", { body: form as unknown as { file: string } }));
}

/**
 * A photo picker that uploads on choice and reports the image id; shows a preview, progress and
 * the server's (localized) refusal.
 */
export function ImageUpload(
  { id, label, tx, error, onChange, initial = null }: {
    id: string;
    label: string;
    tx: Texts;
    error?: string;
    onChange: (imageId: string | null) => void;
    /** an image of the customer's already uploaded (a restored draft): previewed from the API */
    initial?: string | null;
  },
) {
  const [preview, setPreview] = useState<string | null>(null);
  const [kept, setKept] = useState<string | null>(null);
  useEffect(() => {
    if (initial && !preview) setKept(apiHref("/image/{id}", { path: { id: initial } }));
  }, [initial]);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => () => {
    if (preview) URL.revokeObjectURL(preview);
  }, [preview]);

  async function choose(file: File | undefined) {
    if (!file) return;
    setBusy(true);
    setProblem(null);
    onChange(null);
    const blob = await reencode(file);
    const env = await upload(blob);
    setBusy(false);
    if (env.code !== 0) {
      setProblem(env.code === -1 ? tx["app.networkError"]! : env.message);
      return;
    }
    setPreview(URL.createObjectURL(blob));
    setKept(null);
    onChange(env.data.imageId);
  }

  const shown = problem ?? error;
  return (
    <div class={shown ? "field upload has-error" : "field upload"}>
      <span class="label" id={`${id}-label`}>{label}</span>
      <label class="upload-box" for={id}>
        {preview || kept
          ? (
            <img
              src={preview ?? kept!}
              alt=""
              class="upload-preview"
              data-testid={`${id}-preview`}
            />
          )
          : <span class="upload-plus" aria-hidden="true">+</span>}
        <span>
          {busy
            ? tx["funds.uploading"]
            : preview || kept
            ? tx["funds.uploadAgain"]
            : tx["funds.upload"]}
        </span>
      </label>
      <input
        id={id}
        type="file"
        accept="image/jpeg,image/png,image/webp"
        class="visually-hidden"
        aria-labelledby={`${id}-label`}
        disabled={busy}
        data-testid={`${id}-input`}
        onChange={(e) => choose(e.currentTarget.files?.[0])}
      />
      <p class="muted small">{tx["recharge.voucherHint"]}</p>
      {shown && <p class="field-error" role="alert">{shown}</p>}
    </div>
  );
}

export const UPLOAD_TEXTS = [
  "funds.uploading",
  "funds.upload",
  "funds.uploadAgain",
  "recharge.voucherHint",
  "app.networkError",
] as const;
