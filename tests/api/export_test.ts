/**
 * Data requests: a customer with every kind of record (verification with photos, a payment
 * method, a recharge, a withdrawal, fast, spot, leveraged and wealth orders, messages, sign-ins)
 * downloads their data; each section holds what the screens show, masked where they mask, the
 * document images only when asked for.
 */
import { assert, assertEquals } from "../assert.ts";
import { parseDecimal } from "../../core-wasm/mod.ts";
import { DESKTOP_UA, MOBILE_UA, signIn, startServer } from "../server.ts";
import { operatorToken } from "../operator.ts";
import { bankCard, bindMethod, recharge, upload, verifyJunior } from "./funds_helpers.ts";

const IBAN = "DE89370400440532013000";

type Export = {
  format: string;
  profile: { phone: string; userId: string };
  verification: {
    status: { certifyLevel: string; verifiedName: string | null };
    submissions: {
      level: string;
      junior: { name: string } | null;
      images: { role: string; id: string; mime: string | null; base64?: string }[] | null;
    }[];
  };
  paymentMethods: { bank: { number: string } | null }[];
  orders: { fast: unknown[]; spot: unknown[]; wealth: unknown[] };
  positions: unknown[];
  fundFlow: { type: string }[];
  recharges: unknown[];
  withdrawals: unknown[];
  messages: { title: string }[];
  signIns: { result: string }[];
};

Deno.test("data export: a customer with every kind of record gets all of it, masked, images on request", async () => {
  const srv = await startServer({ seed: true });
  try {
    const op = await operatorToken(srv);
    const phone = "+12025550123";
    // a failed sign-in, then the real one: both in the sign-in log
    await srv.call("/api/login", { body: { phone, password: "wrong-Password-1" } });
    const token = (await srv.call("/api/login", { body: { phone, password: "Demo-2026" } }))
      .headers.get("authorization")!;
    const ok = async (path: string, body: unknown, who = token) => {
      const r = await srv.call(path, { token: who, body, method: "POST" });
      assertEquals(r.body.code, 0, `${path}: ${JSON.stringify(r.body)}`);
      return r.body.data as Record<string, string>;
    };
    await verifyJunior(srv, token, op, "Ada Lovelace");
    const photos = [await upload(srv, token), await upload(srv, token), await upload(srv, token)];
    await ok("/api/certify/advanced", {
      frontImageId: photos[0],
      backImageId: photos[1],
      handheldImageId: photos[2],
    });
    const method = await bindMethod(srv, token, bankCard("Ada Lovelace", IBAN));
    const rid = await recharge(srv, token, "100");
    await ok(`/api/admin/recharges/${rid}/pass`, undefined, op);
    for (const [symbol, price] of [["BTCUSDT", "60000"], ["ETHUSDT", "3000"]] as const) {
      await srv.deps.market.tape.ingest({
        symbol,
        time: srv.deps.now(),
        price: parseDecimal(price),
        qty: 1_000_000n,
      });
    }
    await ok("/api/spot/order", { symbol: "BTCUSDT", side: "buy", type: "market", qty: "0.01" });
    await ok("/api/fast/order", { symbol: "BTCUSDT", direction: "up", duration: 60, stake: "20" });
    await ok("/api/contract/order", {
      symbol: "BTCUSDT",
      side: "long",
      lots: 1,
      leverage: 10,
      type: "market",
    });
    await ok("/api/wealth/order", { productId: "usdt-5d", amount: "1000" });
    await ok("/api/withdraw", { methodId: method.id, amount: "20", drawPassword: "246810" });

    const full = await srv.call<Export>("/api/account/export", { token });
    assertEquals(full.status, 200);
    assert(
      full.headers.get("content-disposition")?.startsWith("attachment;"),
      "offered as a download",
    );
    const e = full.body.data;
    assertEquals(e.format, "tradewind-account-export");
    assertEquals(e.profile.phone, phone);
    assertEquals(e.verification.status.certifyLevel, "junior");
    assertEquals(e.verification.status.verifiedName, "Ada Lovelace");
    assertEquals(e.verification.submissions.map((s) => s.level), ["junior", "advanced"]);
    assertEquals(e.verification.submissions[0]!.junior?.name, "Ada Lovelace");
    const imgs = e.verification.submissions[1]!.images!;
    assertEquals(imgs.map((i) => [i.role, i.id]), [
      ["front", photos[0]],
      ["back", photos[1]],
      ["handheld", photos[2]],
    ]);
    assert(imgs.every((i) => i.base64 === undefined), "no document images unless asked");
    // the payment method masked: the full account number appears nowhere in the export
    assertEquals(e.paymentMethods.length, 1);
    assert(!JSON.stringify(e).includes(IBAN), "the account number is masked");
    assert(e.paymentMethods[0]!.bank!.number.includes("*"));
    assertEquals(
      [e.orders.fast.length, e.orders.spot.length, e.orders.wealth.length, e.positions.length],
      [1, 1, 1, 1],
    );
    assertEquals([e.recharges.length, e.withdrawals.length], [1, 1]);
    const types = new Set(e.fundFlow.map((l) => l.type));
    for (const t of ["deposit", "withdrawal", "spot", "fast", "contract", "wealth"]) {
      assert(types.has(t), `fund flow has ${t}: ${[...types]}`);
    }
    assert(e.fundFlow.length >= 6, "every journal line of the customer");
    assert(e.messages.length >= 3, "messages (verification, recharge, method, withdrawal)");
    assert(e.messages.every((m) => m.title && !m.title.startsWith("messages.")), "in English");
    assertEquals(
      new Set(e.signIns.map((s) => s.result)),
      new Set(["success", "wrongPassword"]),
    );

    // with ?images=1 the document photos come along, byte for byte
    const withImages = await srv.call<Export>("/api/account/export?images=1", { token });
    const got = withImages.body.data.verification.submissions[1]!.images!;
    assert(got.every((i) => i.mime === "image/png" && (i.base64?.length ?? 0) > 20));
    const png = Uint8Array.from(atob(got[0]!.base64!), (c) => c.charCodeAt(0));
    assertEquals([...png.slice(1, 4)].map((b) => String.fromCharCode(b)).join(""), "PNG");

    // signed out: refused
    const anon = await srv.call("/api/account/export");
    assertEquals(anon.body.code, -99);
    // another customer sees only their own
    const other = (await srv.call("/api/login", {
      body: { phone: "+12025550124", password: "Demo-2026" },
    })).headers.get("authorization")!;
    const theirs = (await srv.call<Export>("/api/account/export", { token: other })).body.data;
    assertEquals(theirs.profile.phone, "+12025550124");
    assertEquals([theirs.orders.fast.length, theirs.recharges.length], [0, 0]);
  } finally {
    await srv.close();
  }
});

Deno.test("data export: linked from the user centre in both layouts; the link downloads with the session cookie", async () => {
  const srv = await startServer({ seed: true });
  try {
    const token = await signIn(srv);
    const cookie = `tw_session=${token}`;
    for (
      const [path, ua] of [["/wp/user/userCenter", MOBILE_UA], [
        "/pc/userCenter/security",
        DESKTOP_UA,
      ]]
    ) {
      const html = await (await srv.page(path!, { ua, headers: { cookie } })).text();
      assert(html.includes('href="/api/account/export"'), `${path} links the export`);
      assert(html.includes("Download my data"), `${path} names it`);
    }
    const res = await fetch(`${srv.base}/api/account/export`, { headers: { cookie } });
    assert(res.headers.get("content-disposition")?.includes("tradewind-data-"));
    const body = await res.json();
    assertEquals([body.code, body.data.profile.phone], [0, "+12025550123"]);
  } finally {
    await srv.close();
  }
});
