/** The recharge channels as customers see them (the recharge form, `GET /api/recharge/channels`). */
import { listChannels, publicChannel } from "./settings.ts";

export class RechargeChannels {
  constructor(private kv: Deno.Kv) {}

  /** Every channel of the tenant; a disabled one without its account or address. */
  async forCustomers(t: string) {
    return (await listChannels(this.kv, t)).map(publicChannel);
  }
}
