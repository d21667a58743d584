/**
 * The funds capability's KV keys, in one place: recharges, withdrawals, payment methods,
 * turnover, channels and withdrawal settings (records under `[tenant, "funds", ...]`).
 */
import type { RechargeStatus, WithdrawStatus } from "../../contract/funds.ts";

export const rechargeKeys = {
  recharge: (t: string, id: string) => [t, "funds", "recharge", id],
  byUser: (t: string, userId: string, id: string) => [t, "funds", "rechargeByUser", userId, id],
  byUserPrefix: (t: string, userId: string) => [t, "funds", "rechargeByUser", userId],
  byStatus: (t: string, s: RechargeStatus, id: string) => [t, "funds", "rechargeBy", s, id],
  byStatusPrefix: (t: string, s: RechargeStatus) => [t, "funds", "rechargeBy", s],
  rate: (t: string, userId: string) => [t, "funds", "rechargeRate", userId],
};

export const withdrawKeys = {
  withdrawal: (t: string, id: string) => [t, "funds", "withdrawal", id],
  byUser: (t: string, userId: string, id: string) => [t, "funds", "withdrawByUser", userId, id],
  byUserPrefix: (t: string, userId: string) => [t, "funds", "withdrawByUser", userId],
  byStatus: (t: string, s: WithdrawStatus, id: string) => [t, "funds", "withdrawBy", s, id],
  byStatusPrefix: (t: string, s: WithdrawStatus) => [t, "funds", "withdrawBy", s],
};

export const methodKeys = {
  method: (t: string, userId: string, id: string) => [t, "funds", "method", userId, id],
  methods: (t: string, userId: string) => [t, "funds", "method", userId],
  slot: (t: string, userId: string, slot: string) => [t, "funds", "methodSlot", userId, slot],
};

export const turnoverKeys = {
  volume: (t: string, userId: string) => [t, "funds", "volume", userId],
  requirement: (t: string, userId: string) => [t, "funds", "turnover", userId],
};

export const settingsKeys = {
  channel: (t: string, id: string) => [t, "funds", "channel", id],
  channels: (t: string) => [t, "funds", "channel"],
  withdraw: (t: string) => [t, "funds", "withdrawSettings"],
};
