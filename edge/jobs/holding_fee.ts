/**
 * The daily holding fee (charged for each 00:00 UTC a position was held): at start and hourly,
 * so a failed charge is retried within the hour; a run with nothing due and nothing to retry
 * changes nothing (idempotent per position and day).
 */
import type { HoldingFees } from "../trading/holding_fee.ts";
import type { Job } from "./scheduler.ts";

export const holdingFeeJob = (fees: HoldingFees): Job => ({
  name: "holding-fee",
  run: () => fees.run(),
  atStart: true,
  hourlyAt: 0,
  leased: {},
});
