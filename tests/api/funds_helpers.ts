/** Helpers of the money-loop tests (funds, identity, withdrawal): uploads, recharges, verification. */
import { parseDecimal } from "../../core-wasm/mod.ts";
import { assertEquals } from "../assert.ts";
import { makePng, uploadForm } from "../images.ts";
import type { TestServer } from "../server.ts";

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

export async function recharge(srv: TestServer, token: string, amount: string) {
  const voucherImageId = await upload(srv, token);
  const r = await srv.call<{ id: string; status: string }>("/api/recharge", {
    token,
    body: {
      currency: "USDT",
      channelId: "bank-usdt",
      amount,
      remitterName: "Ada Lovelace",
      remitterAccount: "GB82WEST12345698765432",
      voucherImageId,
    },
  });
  assertEquals(r.body.code, 0, JSON.stringify(r.body));
  return r.body.data.id;
}

/** Junior verification submitted by the customer and passed by the operator. */
export async function verifyJunior(srv: TestServer, token: string, op: string, name: string) {
  const docNumber = `P${crypto.getRandomValues(new Uint32Array(1))[0]}`;
  const sub = await srv.call("/api/certify/junior", {
    token,
    body: { name, docType: "passport", docNumber },
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
