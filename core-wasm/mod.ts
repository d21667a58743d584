/**
 * The one facade over the pricing core (core.wasm): every money and market computation of the
 * product goes through here, on the server and in islands. Values are bigint units of 10^-8
 * (rates too: 0.5% = 500_000n); times are ms since the epoch (UTC). Errors are typed
 * exceptions; nothing wraps silently.
 */
export { DecimalError, formatDecimal, parseDecimal, SCALE } from "./decimal.ts";

export {
  CoreError,
  DivisionByZeroError,
  InvalidInputError,
  mulDiv,
  OverflowError,
  roundingRemainder,
  UnsortedError,
} from "./runtime.ts";
export * from "./indicators.ts";
export * from "./kline.ts";
export * from "./money.ts";
