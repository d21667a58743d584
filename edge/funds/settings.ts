/**
 * Operator-configured funds settings per tenant: recharge channels (offline transfer: a bank
 * account or a crypto deposit address per currency, with instructions) and the withdrawal rules
 * (enabled flag, min/max and fee per currency, turnover ratio). Stored in KV; operators change
 * them through `FundsSettings`, each change audited in its own commit.
 */
import { DomainError } from "../platform/errors.ts";
import { formatDecimal, parseDecimal, SCALE } from "../../core-wasm/mod.ts";
import type { Currency } from "../ledger/accounts.ts";
import { settingsKeys } from "./store.ts";
import type { PrivateRead } from "../platform/kv_round_trips.ts";
import { PublicCache } from "../platform/public_cache.ts";
import { type Actor, audited } from "../audit/audit.ts";
import type { Json } from "../../contract/operators.ts";
import type { ChannelJson } from "../../contract/funds.ts";
import type { WithdrawSettingsJson } from "../../contract/operators.ts";

export interface RechargeChannel {
  id: string;
  currency: Currency;
  kind: "bank" | "crypto";
  /** shown to customers, e.g. "Bank transfer (EUR)" or "USDT TRC20" */
  name: string;
  /** bank: beneficiary, account number, bank name; crypto: network and deposit address */
  details: Record<string, string>;
  instructions: string;
  enabled: boolean;
  updatedAt: number;
}

export interface WithdrawRule {
  /** smallest units (8 decimals) */
  min: bigint;
  max: bigint;
  /** fee = max(minFee, amount x feeRate), rounded up to the currency's precision */
  feeRate: bigint;
  minFee: bigint;
  /**
   * From this amount a withdrawal's pass needs a second operator (a four-eyes proposal);
   * absent in rules stored before it existed: the default's.
   */
  fourEyes?: bigint;
}

export interface WithdrawSettings {
  enabled: boolean;
  /** trading volume since the last deposit must reach this fraction of deposits (1 = 100%) */
  turnoverRatio: bigint;
  rules: Record<Currency, WithdrawRule>;
  updatedAt: number;
}

const u = (n: string) => parseDecimal(n);

export const DEFAULT_WITHDRAW_SETTINGS: WithdrawSettings = {
  enabled: true,
  turnoverRatio: SCALE,
  rules: {
    USDT: {
      min: u("10"),
      max: u("50000"),
      feeRate: u("0.01"),
      minFee: u("1"),
      fourEyes: u("10000"),
    },
    BTC: {
      min: u("0.001"),
      max: u("5"),
      feeRate: u("0.005"),
      minFee: u("0.0001"),
      fourEyes: u("0.5"),
    },
    ETH: {
      min: u("0.01"),
      max: u("100"),
      feeRate: u("0.005"),
      minFee: u("0.001"),
      fourEyes: u("5"),
    },
  },
  updatedAt: 0,
};

export async function listChannels(kv: Deno.Kv, t: string): Promise<RechargeChannel[]> {
  const out: RechargeChannel[] = [];
  for await (const e of kv.list<RechargeChannel>({ prefix: settingsKeys.channels(t) })) {
    out.push(e.value);
  }
  return out;
}

/** A channel as customers see it: a disabled one without its account or address. */
export function publicChannel({ updatedAt: _u, ...ch }: RechargeChannel): ChannelJson {
  return ch.enabled ? ch : { ...ch, details: {}, instructions: "" };
}

export async function getChannel(kv: Deno.Kv, t: string, id: string) {
  return (await kv.get<RechargeChannel>(settingsKeys.channel(t, id))).value;
}

export async function withdrawSettings(kv: Deno.Kv, t: string): Promise<WithdrawSettings> {
  return (await kv.get<WithdrawSettings>(settingsKeys.withdraw(t))).value ??
    DEFAULT_WITHDRAW_SETTINGS;
}

/** The amount from which a withdrawal of `currency` needs a second operator's approval. */
export function fourEyesFrom(s: WithdrawSettings, currency: Currency): bigint {
  return s.rules[currency].fourEyes ?? DEFAULT_WITHDRAW_SETTINGS.rules[currency].fourEyes!;
}

export function withdrawSettingsJson(s: WithdrawSettings): WithdrawSettingsJson {
  const rule = (r: WithdrawRule, c: Currency) => ({
    min: formatDecimal(r.min),
    max: formatDecimal(r.max),
    feeRate: formatDecimal(r.feeRate),
    minFee: formatDecimal(r.minFee),
    fourEyes: formatDecimal(fourEyesFrom(s, c)),
  });
  return {
    enabled: s.enabled,
    turnoverRatio: formatDecimal(s.turnoverRatio),
    rules: {
      USDT: rule(s.rules.USDT, "USDT"),
      BTC: rule(s.rules.BTC, "BTC"),
      ETH: rule(s.rules.ETH, "ETH"),
    },
  };
}

/**
 * The funds settings as a service: customers read the channels; operators read everything and
 * change it, each change audited in the same commit (`audited`).
 */
export class FundsSettings {
  /** the channels customers are shown, in memory (public display data: public_cache.ts) */
  #cache: PublicCache;

  constructor(private kv: Deno.Kv, private now: () => number = Date.now) {
    this.#cache = new PublicCache(kv);
  }

  /**
   * The channels as customers see them (a closed one without its account or address), from
   * process memory; a recharge reads the channel it decides on from the store.
   */
  async publicChannels(t: string): Promise<ChannelJson[]> {
    const all = await this.#cache.get(
      `channels|${t}`,
      [settingsKeys.channels(t)],
      () => listChannels(this.kv, t),
    );
    return all.map(publicChannel);
  }

  /**
   * What the operators' settings read (`channels`, `withdraw`), with the operator's session
   * (edge/http/operator_auth.ts).
   */
  adminReads(t: string): PrivateRead[] {
    return [{ selector: { prefix: settingsKeys.channels(t) } }, { key: settingsKeys.withdraw(t) }];
  }

  /** Every channel, open or closed, with its details (operators). */
  async channels(t: string): Promise<ChannelJson[]> {
    return (await listChannels(this.kv, t)).map(({ updatedAt: _u, ...ch }) => ch);
  }

  /** Create or replace a channel (`channel.create` / `channel.update` in the audit log). */
  async putChannel(t: string, by: Actor, ch: ChannelJson): Promise<ChannelJson> {
    const at = this.now();
    return await audited<RechargeChannel, ChannelJson>(
      this.kv,
      t,
      by,
      at,
      settingsKeys.channel(t, ch.id),
      (cur) => ({
        value: { ...ch, updatedAt: at },
        action: cur ? "channel.update" : "channel.create",
        target: `channel:${ch.id}`,
        before: (cur ?? null) as Json,
        after: ch as Json,
        result: ch,
      }),
    );
  }

  async withdraw(t: string): Promise<WithdrawSettingsJson> {
    return withdrawSettingsJson(await withdrawSettings(this.kv, t));
  }

  /** Replace the withdrawal rules (`withdrawSettings.update` in the audit log). */
  async putWithdraw(
    t: string,
    by: Actor,
    b: Omit<WithdrawSettingsJson, "rules"> & {
      rules: Record<
        Currency,
        Omit<WithdrawSettingsJson["rules"]["USDT"], "fourEyes"> & { fourEyes?: string }
      >;
    },
  ): Promise<WithdrawSettingsJson> {
    const at = this.now();
    return await audited<WithdrawSettings, WithdrawSettingsJson>(
      this.kv,
      t,
      by,
      at,
      settingsKeys.withdraw(t),
      (cur) => {
        // decided on the settings as stored now (a retry after a conflict decides again)
        const current = cur ?? DEFAULT_WITHDRAW_SETTINGS;
        const rule = (r: typeof b.rules.USDT, c: Currency): WithdrawRule => {
          const now = fourEyesFrom(current, c);
          const fourEyes = r.fourEyes === undefined ? now : parseDecimal(r.fourEyes);
          // raising the threshold lets one operator pass more alone: a second operator
          // approves that (a `withdraw.fourEyes` proposal); lowering it is always allowed
          if (fourEyes > now) throw new DomainError("FOUR_EYES_REQUIRED");
          const max = parseDecimal(r.max);
          return {
            min: parseDecimal(r.min),
            max,
            feeRate: parseDecimal(r.feeRate),
            minFee: parseDecimal(r.minFee),
            // never above the largest withdrawal (a lower maximum lowers it too)
            fourEyes: fourEyes > max ? max : fourEyes,
          };
        };
        const next: WithdrawSettings = {
          enabled: b.enabled,
          turnoverRatio: parseDecimal(b.turnoverRatio),
          rules: {
            USDT: rule(b.rules.USDT, "USDT"),
            BTC: rule(b.rules.BTC, "BTC"),
            ETH: rule(b.rules.ETH, "ETH"),
          },
          updatedAt: at,
        };
        const after = withdrawSettingsJson(next);
        return {
          value: next,
          action: "withdrawSettings.update",
          target: "withdrawSettings",
          before: withdrawSettingsJson(current) as unknown as Json,
          after: after as unknown as Json,
          result: after,
        };
      },
    );
  }
}

/** The demo tenant's channels (seeded; operators edit them through the admin API). */
export const DEMO_CHANNELS: Omit<RechargeChannel, "updatedAt">[] = [
  {
    id: "bank-usdt",
    currency: "USDT",
    kind: "bank",
    name: "Bank transfer",
    details: {
      beneficiary: "Tradewind Demo Ltd",
      accountNumber: "GB82WEST12345698765432",
      bankName: "Demo Bank",
      swift: "DEMOGB2L",
    },
    instructions:
      "Transfer the amount, then submit this form with your transfer receipt. Demo account: do not send real money.",
    enabled: true,
  },
  {
    id: "usdt-trc20",
    currency: "USDT",
    kind: "crypto",
    name: "USDT (TRC20)",
    details: { network: "TRON (TRC20)", address: "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t" },
    instructions: "Send USDT on the TRON network only. Demo address: do not send real funds.",
    enabled: true,
  },
  {
    id: "btc",
    currency: "BTC",
    kind: "crypto",
    name: "Bitcoin",
    details: { network: "Bitcoin", address: "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4" },
    instructions: "Send BTC on the Bitcoin network only. Demo address: do not send real funds.",
    enabled: true,
  },
  {
    id: "eth",
    currency: "ETH",
    kind: "crypto",
    name: "Ethereum",
    details: { network: "Ethereum (ERC20)", address: "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed" },
    instructions: "Send ETH on the Ethereum network only. Demo address: do not send real funds.",
    enabled: false,
  },
];

/**
 * A channel's name for customers in their language: a seeded channel still under its seeded
 * (English) name reads as `recharge.channelNames.<id>` ("Bank transfer" -> "Banküberweisung");
 * a name an operator gave is theirs and shown as written.
 */
export function channelLabel(
  t: (key: string) => string,
  channel: { id: string; name: string },
): string {
  const seeded = DEMO_CHANNELS.find((x) => x.id === channel.id);
  if (!seeded || seeded.name !== channel.name) return channel.name;
  const key = `recharge.channelNames.${channel.id}`;
  const label = t(key);
  return label === key ? channel.name : label;
}
