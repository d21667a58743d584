/**
 * Operator invitations: the one-time code an approved create or second-factor reset sends, kept
 * only as its hash. Apart from `accounts.ts` (which issues them) because the sign-in
 * (`service.ts`) redeems them and `accounts.ts` ends sessions through the service.
 */
import { sha256Hex } from "../customers/passwords.ts";
import type { OperatorInvitation } from "./store.ts";

/** An invitation is good for 48 hours; 5 wrong codes end it. */
export const INVITATION_MS = 48 * 3600_000;
export const INVITATION_MAX_ATTEMPTS = 5;

/** The hash an invitation code is kept under (per tenant and operator). */
export const invitationHash = (t: string, username: string, code: string) =>
  sha256Hex(`operator-invitation:${t}:${username}:${code}`);

/** A new one-time invitation: the 8-digit code (for the SMS only) and the record to store. */
export async function newInvitation(t: string, username: string, now: number) {
  const n = crypto.getRandomValues(new Uint32Array(1))[0]! % 100_000_000;
  const code = String(n).padStart(8, "0");
  const record: OperatorInvitation = {
    codeHash: await invitationHash(t, username, code),
    expiresAt: now + INVITATION_MS,
    attempts: 0,
  };
  return { code, record };
}
