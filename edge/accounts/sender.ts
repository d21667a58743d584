import { keys, type OutboxItem } from "./store.ts";

/** Sends verification codes and account notices by SMS. */
export interface SmsSender {
  readonly kind: string;
  send(tenant: string, item: OutboxItem): Promise<void>;
}

/**
 * Development sender: nothing leaves the machine. Messages go to a per-tenant outbox in KV
 * (kept one day, readable at /dev/outbox) and to the server log.
 */
export class DevOutboxSender implements SmsSender {
  readonly kind = "dev";
  constructor(private kv: Deno.Kv, private log: (line: string) => void = console.log) {}

  async send(tenant: string, item: OutboxItem) {
    const key = [...keys.outbox(tenant), item.sentAt, crypto.randomUUID()];
    await this.kv.set(key, item, { expireIn: 24 * 3600_000 });
    this.log(
      `[dev-sms] tenant=${tenant} to=${item.phone} purpose=${item.purpose} ${
        item.code ? `code=${item.code}` : `notice=${item.note}`
      }`,
    );
  }

  async list(tenant: string, limit = 50): Promise<OutboxItem[]> {
    const out: OutboxItem[] = [];
    for await (
      const e of this.kv.list<OutboxItem>({ prefix: keys.outbox(tenant) }, { reverse: true, limit })
    ) out.push(e.value);
    return out;
  }
}
