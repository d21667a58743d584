/**
 * Failures, as the domain names them. Capabilities throw a DomainError: a stable identifier
 * (`data.error` on the wire), interpolation values for its localized message (`errors.<id>`) and,
 * for input failures, per-field message keys. They name no HTTP status: the platform's one table
 * (`http_errors.ts`) maps each identifier to its status and envelope code.
 */
export type ErrorId =
  | "VALIDATION"
  | "MALFORMED_JSON"
  | "PAYLOAD_TOO_LARGE"
  /** the request's body did not arrive within the deadline (a slow client) */
  | "REQUEST_TIMEOUT"
  | "NOT_FOUND"
  | "UNAUTHORIZED"
  | "FORBIDDEN"
  | "UNKNOWN_TENANT"
  | "SITE_CLOSED"
  | "RATE_LIMITED"
  | "LOCKED"
  | "BAD_CREDENTIALS"
  /** an operator locked the account: no sign-in, trading or withdrawing */
  | "ACCOUNT_LOCKED"
  | "TOTP_REQUIRED"
  | "TOTP_INVALID"
  | "TWO_FACTOR_ON"
  | "TWO_FACTOR_OFF"
  | "CODE_INVALID"
  | "SECURITY_CODE_REQUIRED"
  | "INVITE_INVALID"
  | "REGISTRATION_FAILED"
  | "WRONG_OLD_PASSWORD"
  | "SAME_PASSWORD"
  | "DRAW_PASSWORD_WRONG"
  | "DRAW_PASSWORD_OLD_REQUIRED"
  | "CONFLICT"
  | "INSUFFICIENT_BALANCE"
  | "NO_TRANSFERABLE"
  | "IDEMPOTENCY_CONFLICT"
  | "HOLD_SETTLED"
  | "HOLD_MISMATCH"
  | "PRODUCT_DISABLED"
  /** the tenant closed this product to the customer's country (issue 30, jurisdictions) */
  | "PRODUCT_RESTRICTED"
  /** the order could break the customer's daily or monthly loss limit (with the limit, reset) */
  | "DAILY_LOSS_LIMIT"
  | "MONTHLY_LOSS_LIMIT"
  /** the recharge would break the customer's deposit limit (30 days) */
  | "DEPOSIT_LIMIT"
  /** the customer's cooling-off period or self-exclusion runs (until) */
  | "COOLING_OFF"
  | "SELF_EXCLUDED"
  | "STAKE_OUT_OF_RANGE"
  | "MARKET_STALE"
  | "LEVERAGE_BRACKET"
  /** a trailing stop's callback rate outside 0.1 % - 10 % */
  | "TRAILING_RATE"
  /** a one-cancels-other pair for more lots than the position holds */
  | "OCO_LOTS"
  | "POSITION_CLOSED"
  /** a waiting order (pending leveraged, open spot) was already cancelled, or already filled */
  | "ORDER_CANCELLED"
  | "ORDER_FILLED"
  | "QUOTE_EXPIRED"
  /** alerts: the customer has the most price alerts allowed (delete one first) */
  | "ALERT_LIMIT"
  /** wealth: the amount is outside the product's single-order limits */
  | "WEALTH_LIMITS"
  /** wealth: the product hosts its cap already */
  | "WEALTH_CAP"
  /** wealth: the reserve cannot cover every promised payout with this order's */
  | "WEALTH_COVERAGE"
  /** wealth: the order has ended (matured or redeemed) */
  | "WEALTH_RETIRED"
  /** four-eyes: the proposer cannot decide their own proposal */
  | "PROPOSAL_OWN"
  | "PROPOSAL_NOT_OWN"
  /** four-eyes: the proposal is past its time; propose again */
  | "PROPOSAL_EXPIRED"
  /** four-eyes: this proposal's target already has one waiting for a decision */
  | "PROPOSAL_PENDING"
  /** four-eyes: what the proposal changes has changed since it was made; propose again */
  | "PROPOSAL_STALE"
  /** four-eyes: the stored payload does not match the hash approved operators see */
  | "PROPOSAL_TAMPERED"
  /** four-eyes: this needs a second operator (propose it instead) */
  | "FOUR_EYES_REQUIRED"
  /** four-eyes: the approver created the proposer's account or gave its roles (or vice versa) */
  | "PROPOSAL_RELATED"
  /** erasure: the customer has open positions or orders (close or settle them first) */
  | "ERASURE_OPEN_POSITIONS"
  /** erasure: a withdrawal or a recharge of the customer's is still under way */
  | "ERASURE_PENDING_FUNDS"
  /** erasure: the customer has money on the account (any wallet, available or frozen) */
  | "ERASURE_BALANCE"
  /** erasure: the customer's personal data was erased already */
  | "ALREADY_ERASED"
  /** operator administration needs a second enabled admin to decide it */
  | "SECOND_ADMIN_REQUIRED"
  /** an operator invitation's code is wrong, used up or expired */
  | "OPERATOR_INVITATION_INVALID"
  /** trading: the product terms changed after the ticket showed them (rate, fee, leverage) */
  | "TERMS_CHANGED"
  /** operators: an operator cannot change their own roles or disable themselves */
  | "OPERATOR_SELF"
  /** operators: the change would leave no enabled operator with the admin role */
  | "LAST_ADMIN"
  /** operators: the username is taken */
  | "OPERATOR_EXISTS"
  /** operators: another operator already has this phone (each invitation goes to its own phone) */
  | "OPERATOR_PHONE_TAKEN"
  /** operators: the account is disabled (told only to whoever gave every factor right) */
  | "OPERATOR_DISABLED"
  /** operators: the first sign-in's enrolment is unknown, expired or used up: sign in again */
  | "ENROLMENT_INVALID"
  /** demo: a demo account cannot do this (money in or out, payment methods, identity, security) */
  | "DEMO_LIVE_ONLY"
  /** demo: only a demo account can do this (reset) */
  | "DEMO_ONLY"
  /** demo: a visitor's demo session has no live account to switch to (register first) */
  | "DEMO_VISITOR"
  /** demo: something was opened while resetting: try again */
  | "DEMO_BUSY"
  /** another reset of the same practice period got there first */
  | "DEMO_ALREADY_RESET"
  /** content: a legal or risk text lacks a variant in some of the tenant's languages */
  | "CONTENT_LANGUAGES_MISSING"
  /** proof of liabilities: no epoch has been published yet (the first is at 00:00 UTC) */
  | "POL_NOT_PUBLISHED"
  /** proof of liabilities: the customer had no balance record when the epoch was built */
  | "POL_NOT_INCLUDED"
  | "METHOD_NOT_ALLOWED"
  | "UNSUPPORTED_MEDIA_TYPE"
  | "UNAVAILABLE"
  /** the store stayed busy (contention between instances) past the retry bound: try again */
  | "STORE_BUSY"
  | "CERTIFY_PENDING"
  | "DOC_IN_USE"
  | "CERTIFY_JUNIOR_FIRST"
  | "CERTIFY_REQUIRED"
  | "ALREADY_DECIDED"
  /** bulk pass asked of a queue the tenant has not set it for */
  | "BULK_PASS_OFF"
  /** a record over the tenant's bulk-pass amount (or of a level not set): decide it alone */
  | "BULK_PASS_OVER"
  | "ALREADY_BOUND"
  | "RECHARGE_CLOSED"
  | "WITHDRAW_CLOSED"
  | "WITHDRAW_RESET_BAN"
  | "METHOD_ON_HOLD"
  | "WITHDRAW_LIMITS"
  | "TURNOVER_REQUIRED"
  | "DRAW_PASSWORD_NOT_SET"
  | "DRAW_PASSWORD_INCORRECT"
  | "IMAGE_TOO_LARGE"
  | "IMAGE_TYPE"
  | "IMAGE_INVALID"
  | "IMAGE_TOO_MANY_PIXELS"
  | "IMAGE_UNREADABLE"
  | "SMS_SEND_FAILED"
  | "INTERNAL";

export class DomainError extends Error {
  constructor(
    readonly error: ErrorId,
    /** Interpolation values for the localized message. */
    readonly params: Record<string, string | number> = {},
    /** Per-field message keys (validation), localized when sent. */
    readonly fields?: Record<string, string>,
    /** Extra data for the client (e.g. retryAfterSeconds). */
    readonly extra: Record<string, unknown> = {},
  ) {
    super(error);
    this.name = "DomainError";
  }
}

export interface Envelope<T = unknown> {
  code: number;
  message: string;
  data: T;
}
