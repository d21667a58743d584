import type { LocaleId } from "../../locales/languages.ts";
import type { SmsHttpConfig } from "../platform/config.ts";
import { DomainError } from "../platform/errors.ts";
import { translator } from "../platform/locale.ts";
import { exporting } from "../platform/telemetry.ts";
import { keys, type OutboxItem } from "./store.ts";

/** Sends verification codes and account notices by SMS. */
export interface SmsSender {
  readonly kind: string;
  /** Resolves once the message is accepted for delivery; throws DomainError SMS_SEND_FAILED. */
  send(tenant: string, item: OutboxItem): Promise<void>;
}

/**
 * The text of a message in the customer's language, led by the account's anti-phishing code when
 * it has one (a text without it did not come from us).
 */
export function smsText(item: OutboxItem): string {
  const t = translator((item.locale ?? "en") as LocaleId);
  if (item.purpose === "operatorInvite") {
    return t("outbox.textOperatorInvite", { code: item.code ?? "", hours: 48 });
  }
  const text = item.code
    ? t("outbox.textCode", { code: item.code, minutes: 10 })
    : t(item.note === "no-account" ? "outbox.textNoAccount" : "outbox.textRegistered");
  return item.antiPhishing
    ? `${t("outbox.antiPhishingPrefix", { word: item.antiPhishing })} ${text}`
    : text;
}

/**
 * Development sender: nothing leaves the machine. Messages go to a per-tenant outbox in KV
 * (kept one day, readable at /dev/outbox from this machine only) and to the server log (without
 * the phone and the code while telemetry is exported).
 */
export class DevOutboxSender implements SmsSender {
  readonly kind = "dev";
  constructor(private kv: Deno.Kv, private log: (line: string) => void = console.log) {}

  async send(tenant: string, item: OutboxItem) {
    const key = [...keys.outbox(tenant), item.sentAt, crypto.randomUUID()];
    await this.kv.set(key, { ...item, text: smsText(item) }, { expireIn: 24 * 3600_000 });
    // exported logs (OpenTelemetry) must not carry phones or codes: the outbox page has them
    this.log(
      exporting
        ? `[dev-sms] tenant=${tenant} purpose=${item.purpose} (to and code at /dev/outbox)`
        : `[dev-sms] tenant=${tenant} to=${item.phone} purpose=${item.purpose} ${
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

/**
 * An SMS provider over HTTP speaking the Twilio Messages API:
 * `POST {baseUrl}/2010-04-01/Accounts/{account}/Messages.json`, form-encoded `To`, `From`,
 * `Body`, HTTP Basic auth `account:token`. A reply other than 2xx, a network failure or no reply
 * within the timeout is SMS_SEND_FAILED; the code itself is never logged.
 */
export class HttpSmsSender implements SmsSender {
  readonly kind = "http";
  constructor(
    private cfg: SmsHttpConfig,
    private log: (line: string) => void = console.error,
  ) {}

  async send(tenant: string, item: OutboxItem) {
    const url = `${this.cfg.baseUrl}/2010-04-01/Accounts/${
      encodeURIComponent(this.cfg.account)
    }/Messages.json`;
    const body = new URLSearchParams({ To: item.phone, From: this.cfg.from, Body: smsText(item) });
    let res: Response;
    try {
      res = await fetch(url, {
        method: "POST",
        headers: {
          authorization: `Basic ${btoa(`${this.cfg.account}:${this.cfg.token}`)}`,
          "content-type": "application/x-www-form-urlencoded",
          accept: "application/json",
        },
        body,
        redirect: "error",
        signal: AbortSignal.timeout(this.cfg.timeoutMs),
      });
    } catch (err) {
      const why = err instanceof DOMException && err.name === "TimeoutError"
        ? `no reply within ${this.cfg.timeoutMs} ms`
        : String(err);
      this.log(`[sms] tenant=${tenant} purpose=${item.purpose} failed: ${why}`);
      throw new DomainError("SMS_SEND_FAILED");
    }
    const text = await res.text().catch(() => "");
    if (!res.ok) {
      // Twilio errors: {"code": 21211, "message": "...", "status": 400}
      let detail = text.slice(0, 200);
      try {
        const j = JSON.parse(text) as { code?: unknown; message?: unknown };
        detail = `code=${j.code} ${String(j.message ?? "").slice(0, 200)}`;
      } catch { /* not JSON */ }
      this.log(`[sms] tenant=${tenant} purpose=${item.purpose} HTTP ${res.status}: ${detail}`);
      throw new DomainError("SMS_SEND_FAILED");
    }
  }
}
