/**
 * The one table from a domain failure to HTTP: its status and the envelope's `code` (-99 for an
 * invalid session, else the status). Capabilities never name a status; the API layer looks it
 * up here when it replies.
 */
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { DomainError, ErrorId } from "./errors.ts";

export const HTTP_STATUS: { readonly [K in ErrorId]: ContentfulStatusCode } = {
  // the request itself
  VALIDATION: 400,
  MALFORMED_JSON: 400,
  PAYLOAD_TOO_LARGE: 413,
  REQUEST_TIMEOUT: 408,
  UNSUPPORTED_MEDIA_TYPE: 415,
  METHOD_NOT_ALLOWED: 405,
  NOT_FOUND: 404,
  POL_NOT_PUBLISHED: 404,
  POL_NOT_INCLUDED: 404,
  UNKNOWN_TENANT: 400,
  // who is asking
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  SITE_CLOSED: 503,
  RATE_LIMITED: 429,
  LOCKED: 429,
  BAD_CREDENTIALS: 400,
  ACCOUNT_LOCKED: 403,
  TOTP_REQUIRED: 400,
  TOTP_INVALID: 400,
  TWO_FACTOR_ON: 409,
  TWO_FACTOR_OFF: 409,
  CODE_INVALID: 400,
  /** a change to money settings without the fresh SMS code (edge/accounts `withFreshProof`) */
  SECURITY_CODE_REQUIRED: 400,
  INVITE_INVALID: 400,
  REGISTRATION_FAILED: 409,
  WRONG_OLD_PASSWORD: 400,
  SAME_PASSWORD: 400,
  DRAW_PASSWORD_WRONG: 400,
  DRAW_PASSWORD_OLD_REQUIRED: 400,
  DRAW_PASSWORD_NOT_SET: 400,
  DRAW_PASSWORD_INCORRECT: 400,
  SMS_SEND_FAILED: 503,
  // money and orders
  CONFLICT: 409,
  INSUFFICIENT_BALANCE: 400,
  NO_TRANSFERABLE: 400,
  IDEMPOTENCY_CONFLICT: 409,
  HOLD_SETTLED: 409,
  HOLD_MISMATCH: 400,
  PRODUCT_DISABLED: 403,
  STAKE_OUT_OF_RANGE: 400,
  MARKET_STALE: 503,
  LEVERAGE_BRACKET: 400,
  TRAILING_RATE: 400,
  OCO_LOTS: 400,
  POSITION_CLOSED: 409,
  ORDER_CANCELLED: 409,
  ORDER_FILLED: 409,
  QUOTE_EXPIRED: 409,
  WEALTH_LIMITS: 400,
  WEALTH_CAP: 409,
  WEALTH_COVERAGE: 409,
  WEALTH_RETIRED: 409,
  PROPOSAL_OWN: 403,
  PROPOSAL_NOT_OWN: 403,
  PROPOSAL_EXPIRED: 409,
  PROPOSAL_PENDING: 409,
  PROPOSAL_STALE: 409,
  PROPOSAL_TAMPERED: 409,
  FOUR_EYES_REQUIRED: 409,
  PROPOSAL_RELATED: 403,
  SECOND_ADMIN_REQUIRED: 409,
  OPERATOR_INVITATION_INVALID: 400,
  TERMS_CHANGED: 409,
  OPERATOR_SELF: 403,
  LAST_ADMIN: 409,
  OPERATOR_EXISTS: 409,
  OPERATOR_PHONE_TAKEN: 409,
  OPERATOR_DISABLED: 403,
  ENROLMENT_INVALID: 400,
  DEMO_LIVE_ONLY: 403,
  DEMO_ONLY: 403,
  DEMO_VISITOR: 409,
  DEMO_BUSY: 409,
  DEMO_ALREADY_RESET: 409,
  // funds and identity
  CERTIFY_PENDING: 409,
  DOC_IN_USE: 409,
  CERTIFY_JUNIOR_FIRST: 403,
  CERTIFY_REQUIRED: 403,
  ALREADY_DECIDED: 409,
  ALREADY_BOUND: 409,
  RECHARGE_CLOSED: 503,
  WITHDRAW_CLOSED: 503,
  WITHDRAW_RESET_BAN: 403,
  /** a withdrawal to a payment method bound less than 24 hours ago */
  METHOD_ON_HOLD: 403,
  WITHDRAW_LIMITS: 400,
  TURNOVER_REQUIRED: 403,
  IMAGE_TOO_LARGE: 413,
  IMAGE_TYPE: 415,
  IMAGE_INVALID: 400,
  IMAGE_TOO_MANY_PIXELS: 400,
  IMAGE_UNREADABLE: 400,
  // content
  CONTENT_LANGUAGES_MISSING: 409,
  // the platform
  UNAVAILABLE: 503,
  STORE_BUSY: 503,
  INTERNAL: 500,
};

export function httpStatus(e: DomainError): ContentfulStatusCode {
  return HTTP_STATUS[e.error];
}

/** Envelope code for a failure: -99 for an invalid session, else the HTTP status. */
export function envelopeCode(e: DomainError): number {
  const status = httpStatus(e);
  return status === 401 ? -99 : status;
}
