/** Request and reply schemas of the identity capability (verification, uploads). */
import { z } from "zod";
import { ImageId } from "./funds.ts";
import { getCountries } from "libphonenumber-js";

/** the countries a document may be issued by: ISO 3166-1 alpha-2, as the phone numbers know them */
export const ISO_COUNTRIES: ReadonlySet<string> = new Set(
  getCountries().filter((c) => !["AC", "TA", "XK"].includes(c)), // not ISO 3166-1 codes
);

export const DOC_TYPES = ["idCard", "passport", "drivingLicence"] as const;
export type DocType = typeof DOC_TYPES[number];

export const JuniorBody = z.strictObject({
  name: z.string({ error: "nameRequired" }).trim().min(1, { error: "nameRequired" })
    .max(64, { error: "tooLong" })
    .refine((s) => /^[\p{L}\p{M} .'-]+$/u.test(s), { error: "nameInvalid" }),
  docType: z.enum(DOC_TYPES, { error: "docTypeRequired" }),
  docNumber: z.string({ error: "docNumberRequired" }).trim().min(1, { error: "docNumberRequired" })
    .max(32, { error: "tooLong" })
    .regex(/^[A-Za-z0-9][A-Za-z0-9 -]{2,31}$/, { error: "docNumberInvalid" }),
  /** the document's issuing country (ISO 3166-1 alpha-2): once verified, the customer's country */
  country: z.string({ error: "countryRequired" }).trim().toUpperCase()
    .refine((c) => ISO_COUNTRIES.has(c), { error: "countryInvalid" }),
}).meta({ id: "JuniorCertifyRequest" });

export const AdvancedBody = z.strictObject({
  frontImageId: ImageId,
  backImageId: ImageId,
  handheldImageId: ImageId,
}).meta({ id: "AdvancedCertifyRequest" });

/** A multipart upload: the image in the field `file`. */
export const UploadForm = z.object({ file: z.any().meta({ type: "string", format: "binary" }) });

export const UploadReply = z.object({ imageId: z.string() }).meta({ id: "Upload" });
export type UploadReplyJson = z.infer<typeof UploadReply>;

const LevelJson = z.object({
  status: z.enum(["authenticating", "authenticated", "rejected"]),
  reason: z.string().nullable(),
  updatedAt: z.number().int(),
}).nullable();

export const CertifyStatus = z.object({
  certifyLevel: z.enum(["none", "junior", "advanced"]),
  junior: LevelJson,
  advanced: LevelJson,
  verifiedName: z.string().nullable(),
}).meta({ id: "CertifyStatus" });
export type CertifyStatusJson = z.infer<typeof CertifyStatus>;
