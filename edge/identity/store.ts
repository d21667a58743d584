/** The store of identity verification: its keys, record types and typed reads. */
export { DOC_TYPES, type DocType } from "../../contract/identity.ts";
import { type DocType } from "../../contract/identity.ts";
export type Level = "junior" | "advanced";
export type CertState = "authenticating" | "authenticated" | "rejected";

export interface Submission {
  id: string;
  userId: string;
  level: Level;
  junior: { name: string; docType: DocType; docNumber: string; country?: string } | null;
  advanced: { frontImageId: string; backImageId: string; handheldImageId: string } | null;
  status: CertState;
  reason: string | null;
  createdAt: number;
  decidedAt: number | null;
  decidedBy: string | null;
}

export interface LevelState {
  status: CertState;
  submissionId: string;
  reason: string | null;
  updatedAt: number;
}

export interface IdentityStatus {
  junior: LevelState | null;
  advanced: LevelState | null;
  /** the authenticated junior name (bank card holders must match it) */
  verifiedName: string | null;
}

export const EMPTY: IdentityStatus = { junior: null, advanced: null, verifiedName: null };

/** Every key of the capability. */
export const identityKeys = {
  /** the customer's upload rate limit (images for verification and vouchers) */
  uploadRate: (t: string, userId: string) => [t, "identity", "uploadRate", userId],
  status: (t: string, userId: string) => [t, "identity", "status", userId],
  submission: (t: string, id: string) => [t, "identity", "cert", id],
  byStatus: (t: string, status: CertState, id: string) => [t, "identity", "certBy", status, id],
  byStatusPrefix: (t: string, status: CertState) => [t, "identity", "certBy", status],
  byUser: (t: string, userId: string, id: string) => [t, "identity", "certByUser", userId, id],
  byUserPrefix: (t: string, userId: string) => [t, "identity", "certByUser", userId],
  /** a document number belongs to one customer per tenant while not rejected */
  doc: (t: string, docType: string, docNumber: string) => [
    t,
    "identity",
    "doc",
    docType,
    docNumber,
  ],
};

/** The customer's verification state (empty when nothing was submitted). */
export async function identityStatus(kv: Deno.Kv, t: string, userId: string) {
  return (await kv.get<IdentityStatus>(identityKeys.status(t, userId))).value ?? EMPTY;
}
