/**
 * The demo capability's KV keys and records. A demo account is a customer record of its own
 * (id `D` and nine digits, so its money is in the demo book: see `bookOfUser`), owned by a live
 * customer (`of`) or by a visitor's session (`of` null). Records under `[tenant, "demo", ...]`.
 */

export interface DemoAccount {
  id: string;
  /** the live customer it belongs to; null: a visitor's, until they register */
  of: string | null;
  createdAt: number;
  /** the current practice period (1 at creation, +1 at every reset) and when it started */
  period: number;
  periodStart: number;
  /** the starting balance of the period, USDT units (the tenant's setting at that time) */
  startBalance: bigint;
  resets: number;
}

export const demoKeys = {
  account: (t: string, id: string) => [t, "demo", "account", id],
  accountPrefix: (t: string) => [t, "demo", "account"],
  /** the live customer's demo account */
  of: (t: string, liveUserId: string) => [t, "demo", "of", liveUserId],
  /**
   * visitors' demo accounts, for the cleanup job: their session's token hash ("" from the
   * account's commit until the session is written)
   */
  visitor: (t: string, id: string) => [t, "demo", "visitor", id],
  visitorPrefix: (t: string) => [t, "demo", "visitor"],
};
