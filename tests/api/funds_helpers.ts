/** Helpers of the money-loop tests (funds, identity, withdrawal): uploads, recharges, verification. */
import { parseDecimal } from "../../core-wasm/mod.ts";
import { maskPhone } from "../../edge/customers/service.ts";
import { METHOD_HOLD_MS, type PaymentMethod } from "../../edge/funds/methods.ts";
import { methodKeys } from "../../edge/funds/store.ts";
import { assertEquals } from "../assert.ts";
import { makePng, uploadForm } from "../images.ts";
import { registerUser, type TestServer } from "../server.ts";

export type Row = { wallet: string; currency: string; available: string; frozen: string };

export async function balance(srv: TestServer, token: string, currency = "USDT") {
  const a = await srv.call<{ rows: Row[] }>("/api/account/assets", { token });
  const r = a.body.data.rows.find((r) => r.wallet === "spot" && r.currency === currency)!;
  return { available: r.available, frozen: r.frozen };
}

export async function upload(srv: TestServer, token: string, bytes?: Uint8Array) {
  const r = await srv.call<{ imageId: string }>("/api/upload", {
    method: "POST",
    raw: uploadForm(bytes ?? await makePng(8, 8)),
    token,
  });
  if (r.body.code !== 0) throw new Error(`upload: ${JSON.stringify(r.body)}`);
  return r.body.data.imageId;
}

/** The demo tenant whose operators may pass in bulk recharges up to 100 USDT and junior checks. */
export const BULK_PASS_TENANTS = {
  defaultTenant: "demo",
  tenants: [{
    id: "demo",
    name: "Tradewind",
    bulkPass: { recharges: { USDT: "100" }, certifications: ["junior"] },
  }],
};

/** A bank-transfer recharge as the customer submits it: the amount and the transfer's voucher. */
export const rechargeBody = (
  amount: string,
  voucherImageId: string,
  remitterName = "Ada Lovelace",
) => ({
  currency: "USDT",
  channelId: "bank-usdt",
  amount,
  remitterName,
  remitterAccount: "GB82WEST12345698765432",
  voucherImageId,
});

/**
 * A bank-transfer recharge submitted (its voucher uploaded first: an 8x8 PNG unless `voucher`
 * says otherwise), waiting for an operator; its id and the voucher's image id.
 */
export async function submitRecharge(
  srv: TestServer,
  token: string,
  amount: string,
  o: { remitterName?: string; voucher?: Uint8Array } = {},
) {
  const imageId = await upload(srv, token, o.voucher);
  const r = await srv.call<{ id: string; status: string }>("/api/recharge", {
    token,
    body: rechargeBody(amount, imageId, o.remitterName),
  });
  assertEquals(r.body.code, 0, JSON.stringify(r.body));
  return { id: r.body.data.id, imageId };
}

export async function recharge(srv: TestServer, token: string, amount: string) {
  return (await submitRecharge(srv, token, amount)).id;
}

/**
 * Three new customers (Ann, Ben and Cat Lee) who each submitted a junior verification, waiting
 * for an operator (`op` finds them in the queue); the verifications' ids.
 */
export async function threeJuniorsWaiting(srv: TestServer, op: string): Promise<string[]> {
  const subs: string[] = [];
  for (const [n, name] of [[1, "Ann Lee"], [2, "Ben Lee"], [3, "Cat Lee"]] as const) {
    const u = await registerUser(srv, `+1202555018${n}`);
    const r = await srv.call("/api/certify/junior", {
      token: u.token,
      body: { name, docType: "passport", docNumber: `X${n}4455667`, country: "US" },
    });
    assertEquals(r.body.code, 0, JSON.stringify(r.body));
    const q = await srv.call<{ items: { id: string }[] }>(
      `/api/admin/certifications?customer=${u.user.userId}`,
      { token: op },
    );
    assertEquals(q.body.code, 0, JSON.stringify(q.body));
    subs.push(q.body.data.items[0]!.id);
  }
  return subs;
}

/** Junior verification submitted by the customer and passed by the operator. */
export async function verifyJunior(
  srv: TestServer,
  token: string,
  op: string,
  name: string,
  country = "US",
) {
  const docNumber = `P${crypto.getRandomValues(new Uint32Array(1))[0]}`;
  const sub = await srv.call("/api/certify/junior", {
    token,
    body: { name, docType: "passport", docNumber, country },
  });
  assertEquals(sub.body.code, 0, JSON.stringify(sub.body));
  const q = await srv.call<{ items: { id: string; junior: { docNumber: string } }[] }>(
    "/api/admin/certifications?status=authenticating&limit=100",
    { token: op },
  );
  const item = q.body.data.items.find((i) => i.junior?.docNumber === docNumber)!;
  const pass = await srv.call(`/api/admin/certifications/${item.id}/pass`, {
    token: op,
    method: "POST",
  });
  assertEquals(pass.body.code, 0, JSON.stringify(pass.body));
}

export async function feedPrices(srv: TestServer) {
  const time = srv.deps.now();
  for (const [symbol, price] of [["BTCUSDT", "60000"], ["ETHUSDT", "3000"]] as const) {
    await srv.deps.market.tape.ingest({ symbol, time, price: parseDecimal(price), qty: 1n });
  }
}

export function fmt(units: bigint) {
  const s = units.toString().padStart(9, "0");
  return `${s.slice(0, -8)}.${s.slice(-8)}`.replace(/\.?0+$/, "");
}

/**
 * A fresh `security` SMS code for the signed-in customer (sent to their own phone, read from the
 * dev outbox). One code a minute goes to a phone: a second one within the minute moves the test
 * server's clock past that limit.
 */
export async function securityCode(srv: TestServer, token: string): Promise<string> {
  let sent = await srv.call<{ error?: string }>("/api/user/security-code", { token, body: {} });
  if (sent.body.data?.error === "RATE_LIMITED") {
    srv.advance(61_000);
    sent = await srv.call("/api/user/security-code", { token, body: {} });
  }
  assertEquals(sent.body.code, 0, JSON.stringify(sent.body));
  const info = await srv.call<{ phone: string }>("/api/user/info", { token });
  for (let i = 0; i < 20; i++) {
    const res = await srv.call<
      { items: { phone: string; purpose: string; code: string | null }[] }
    >(
      "/dev/outbox?format=json",
    );
    const item = res.body.data.items.find((x) =>
      x.purpose === "security" && maskPhone(x.phone) === info.body.data.phone
    );
    if (item?.code) return item.code;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error("no security code in the outbox");
}

/**
 * Set the withdrawal password through the API, with a fresh security code (or the TOTP code
 * given, for a customer with two-factor on).
 */
export async function setDrawPassword(
  srv: TestServer,
  token: string,
  password = "135790",
  proof?: { totp: string },
) {
  const r = await srv.call("/api/user/draw-password", {
    token,
    body: { password, confirm: password, ...(proof ?? { code: await securityCode(srv, token) }) },
  });
  assertEquals(r.body.code, 0, JSON.stringify(r.body));
}

/** A bank account to bind as a payment method (an international transfer). */
export const bankCard = (holder = "Ada Lovelace", number = "GB82WEST12345698765432") => ({
  kind: "bank",
  region: "international",
  holder,
  number,
  bankName: "West Bank",
  bankAddress: "1 High St, London",
  branch: "City",
  swift: "NEDSZAJJXXX",
});

/** A USDT (TRC-20) address to bind as a payment method. */
export const usdtAddress = () => ({
  kind: "crypto",
  type: "USDT-TRC20",
  address: "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t",
});

/**
 * Bind a payment method through the API (with a fresh security code). Tests about other things
 * than the 24 h hold get a method past it: its bound time is moved a day back in the store.
 */
export async function bindMethod(
  srv: TestServer,
  token: string,
  body: Record<string, unknown>,
  opts: { hold?: boolean; tenant?: string; totp?: string } = {},
): Promise<{ id: string; usableAt: number }> {
  const proof = opts.totp ? { totp: opts.totp } : { code: await securityCode(srv, token) };
  const r = await srv.call<{ id: string; usableAt: number }>("/api/payment-methods", {
    token,
    body: { ...body, ...proof },
  });
  assertEquals(r.body.code, 0, JSON.stringify(r.body));
  if (!opts.hold) await endHold(srv, token, r.body.data.id, opts.tenant);
  return r.body.data;
}

/** A fixture: move a bound method's bound time a day back (past its 24 h hold) in the store. */
export async function endHold(srv: TestServer, token: string, methodId: string, tenant = "demo") {
  const info = await srv.call<{ userId: string }>("/api/user/info", { token });
  const key = methodKeys.method(tenant, info.body.data.userId, methodId);
  const m = (await srv.kv.get<PaymentMethod>(key)).value!;
  await srv.kv.set(key, { ...m, createdAt: m.createdAt - METHOD_HOLD_MS });
}

/**
 * Payout references "Mark paid" (complete) takes: a bank transfer's reference, a transaction hash
 * of BTC or TRON (64 hex) and of an EVM chain (0x + 64 hex).
 */
export const PAYOUT_REF = {
  bank: "BANK-REF-2026-0001",
  hex: "ab".repeat(32),
  evm: "0x" + "cd".repeat(32),
} as const;

/** The body of an operator's decision: "Mark paid" carries the payout reference. */
export const decisionBody = (action: string, reference: string = PAYOUT_REF.bank) =>
  action === "complete" ? { body: { reference } } : { method: "POST" };

/** A bank card (IBAN) of "Ada Lovelace", to bind for a customer verified under that name. */
export const ADA_CARD = {
  kind: "bank",
  region: "international",
  holder: "Ada Lovelace",
  number: "GB82WEST12345698765432",
  bankName: "West Bank",
  bankAddress: "1 High St, London",
  branch: "City",
  swift: "NEDSZAJJXXX",
} as const;
