import { useState } from "preact/hooks";
import { type BodyOf, toast } from "./lib/api.ts";
import { Field, TextField, type Texts } from "./lib/fields.tsx";
import { useForm } from "./lib/form.ts";
import type { DocType } from "../contract/identity.ts";
import { ImageUpload, UPLOAD_TEXTS } from "./lib/upload.tsx";

export const CERTIFY_TEXTS = [
  "certify.name",
  "certify.docType",
  "certify.docNumber",
  "certify.country",
  "certify.doc.idCard",
  "certify.doc.passport",
  "certify.doc.drivingLicence",
  "certify.front",
  "certify.back",
  "certify.handheld",
  "certify.submit",
  "funds.submitted",
  "validation.nameRequired",
  "validation.docNumberRequired",
  "validation.countryRequired",
  "validation.imageMissing",
  "app.timeout",
  ...UPLOAD_TEXTS,
] as const;

/** the server's document types, in the order the form offers them */
const DOC_TYPES: readonly DocType[] = ["idCard", "passport", "drivingLicence"];
const PHOTOS = ["front", "back", "handheld"] as const;

/** A document's issuing country: its ISO 3166-1 code and its name in the page's language. */
export type CountryOption = { code: string; name: string };

/**
 * Junior (name, document and its issuing country) or advanced (three photos) verification, sent
 * for review. The countries come sorted and named from the page; `country` preselects the phone's.
 */
export default function CertifyForm(
  { tx, level, countries = [], country: preset = "" }: {
    tx: Texts;
    level: "junior" | "advanced";
    countries?: CountryOption[];
    country?: string;
  },
) {
  const [name, setName] = useState("");
  const [docType, setDocType] = useState<DocType>("idCard");
  const [docNumber, setDocNumber] = useState("");
  const [country, setCountry] = useState(preset);
  const [photos, setPhotos] = useState<Record<string, string | null>>({});
  const { errors, busy, check, send } = useForm(tx);

  async function submit(e: Event) {
    e.preventDefault();
    const errs: Record<string, string> = {};
    let body: BodyOf<"/certify/junior", "post"> | BodyOf<"/certify/advanced", "post">;
    if (level === "junior") {
      if (!name.trim()) errs.name = tx["validation.nameRequired"]!;
      if (!docNumber.trim()) errs.docNumber = tx["validation.docNumberRequired"]!;
      if (!country) errs.country = tx["validation.countryRequired"]!;
      body = { name: name.trim(), docType, docNumber: docNumber.trim(), country };
    } else {
      for (const p of PHOTOS) if (!photos[p]) errs[`${p}ImageId`] = tx["validation.imageMissing"]!;
      body = {
        frontImageId: photos.front!,
        backImageId: photos.back!,
        handheldImageId: photos.handheld!,
      };
    }
    if (!check(errs)) return;
    const env = await send((c) => c.POST(`/certify/${level}`, { body: body as never }));
    if (env) {
      toast(tx["funds.submitted"]!);
      setTimeout(() => location.reload(), 600);
    }
  }

  return (
    <form class="form" onSubmit={submit} noValidate data-testid={`certify-${level}`}>
      {level === "junior"
        ? (
          <>
            <TextField
              id="name"
              label={tx["certify.name"]!}
              autoComplete="name"
              maxLength={64}
              value={name}
              set={setName}
              error={errors.name}
            />
            <Field id="docType" label={tx["certify.docType"]!} error={errors.docType}>
              <select
                id="docType"
                value={docType}
                onChange={(e) => setDocType(e.currentTarget.value as typeof docType)}
              >
                {DOC_TYPES.map((d) => <option key={d} value={d}>{tx[`certify.doc.${d}`]}</option>)}
              </select>
            </Field>
            <TextField
              id="docNumber"
              label={tx["certify.docNumber"]!}
              autoComplete="off"
              maxLength={32}
              value={docNumber}
              set={setDocNumber}
              error={errors.docNumber}
            />
            <Field id="country" label={tx["certify.country"]!} error={errors.country}>
              <select
                id="country"
                value={country}
                onChange={(e) => setCountry(e.currentTarget.value)}
              >
                <option value="" disabled>—</option>
                {countries.map((o) => <option key={o.code} value={o.code}>{o.name}</option>)}
              </select>
            </Field>
          </>
        )
        : (
          <div class="photo-grid">
            {PHOTOS.map((p) => (
              <ImageUpload
                key={p}
                id={p}
                label={tx[`certify.${p}`]!}
                tx={tx}
                error={errors[`${p}ImageId`]}
                onChange={(id) => setPhotos((prev) => ({ ...prev, [p]: id }))}
              />
            ))}
          </div>
        )}
      <button class="btn btn-primary btn-block" type="submit" disabled={busy}>
        {tx["certify.submit"]}
      </button>
    </form>
  );
}
