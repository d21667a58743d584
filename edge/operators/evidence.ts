import type { ImageStore } from "../uploads/service.ts";
import { DomainError } from "../platform/errors.ts";
import type { OperatorSession } from "./service.ts";

/**
 * An evidence image for an operator: only an image attached to a review record of the
 * operator's role (vouchers: funds; identity documents: identity). Anything else is NOT_FOUND
 * (no hint that the id exists).
 */
export async function evidenceImage(
  images: ImageStore,
  t: string,
  op: OperatorSession,
  id: string,
) {
  const use = await images.use(t, id);
  // public images (banners) are not evidence; evidence belongs to the roles that review it
  // support chat images: the inbox's operators (support, admin)
  const reader = use === "support" && op.roles.includes("admin");
  if (use === null || use === "public" || (!op.roles.includes(use) && !reader)) {
    throw new DomainError("NOT_FOUND");
  }
  const img = await images.read(t, id);
  if (!img) throw new DomainError("NOT_FOUND");
  return img;
}
