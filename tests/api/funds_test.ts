/**
 * The money loop through HTTP: uploads, recharge review, identity verification, payment
 * methods, withdrawals with every refusal, operator decisions once (races), audit and messages.
 */
import { parseDecimal } from "../../core-wasm/mod.ts";
import { assert, assertEquals } from "../assert.ts";
import { makePng, uploadForm } from "../images.ts";
import { operatorToken, operatorWithRoles } from "../operator.ts";
import { dumpKv, registerUser, startServer, type TestServer } from "../server.ts";

type Row = { wallet: string; currency: string; available: string; frozen: string };

async function balance(srv: TestServer, token: string, currency = "USDT") {
  const a = await srv.call<{ rows: Row[] }>("/api/account/assets", { token });
  const r = a.body.data.rows.find((r) => r.wallet === "spot" && r.currency === currency)!;
  return { available: r.available, frozen: r.frozen };
}

async function upload(srv: TestServer, token: string, bytes?: Uint8Array) {
  const r = await srv.call<{ imageId: string }>("/api/upload", {
    method: "POST",
    raw: uploadForm(bytes ?? await makePng(8, 8)),
    token,
  });
  if (r.body.code !== 0) throw new Error(`upload: ${JSON.stringify(r.body)}`);
  return r.body.data.imageId;
}

async function recharge(srv: TestServer, token: string, amount: string) {
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
async function verifyJunior(srv: TestServer, token: string, op: string, name: string) {
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

async function feedPrices(srv: TestServer) {
  const time = srv.deps.now();
  for (const [symbol, price] of [["BTCUSDT", "60000"], ["ETHUSDT", "3000"]] as const) {
    await srv.deps.market.tape.ingest({ symbol, time, price: parseDecimal(price), qty: 1n });
  }
}

Deno.test("recharge: channels, evidence, review once, credit, audit and message", async (t) => {
  const srv = await startServer({ seed: true });
  try {
    const op = await operatorToken(srv);
    const { token } = await registerUser(srv, "+12025550150");
    const other = await registerUser(srv, "+12025550151");

    await t.step("channels are listed for signed-in customers only", async () => {
      const anon = await srv.call("/api/recharge/channels");
      assertEquals([anon.status, anon.body.code], [401, -99]);
      const r = await srv.call<{ items: { id: string; enabled: boolean }[] }>(
        "/api/recharge/channels",
        { token },
      );
      assert(r.body.data.items.some((c) => c.id === "bank-usdt" && c.enabled));
      assert(r.body.data.items.some((c) => c.id === "eth" && !c.enabled));
    });

    await t.step("refusals change nothing", async () => {
      const mine = await upload(srv, token);
      const theirs = await upload(srv, other.token);
      const base = {
        currency: "USDT",
        channelId: "bank-usdt",
        amount: "100",
        remitterName: "Ada",
        remitterAccount: "123",
        voucherImageId: mine,
      };
      const before = await dumpKv(srv.kv, (k) => k.includes("rate") || k.includes("rechargeRate"));
      const cases: [Record<string, unknown>, number, string][] = [
        [{ ...base, channelId: "eth", currency: "ETH" }, 503, "RECHARGE_CLOSED"],
        [{ ...base, currency: "BTC" }, 400, "VALIDATION"],
        [{ ...base, voucherImageId: theirs }, 400, "VALIDATION"],
        [{ ...base, amount: "0" }, 400, "VALIDATION"],
        [{ ...base, amount: "1.001" }, 400, "VALIDATION"],
        [{ ...base, amount: "1e3" }, 400, "VALIDATION"],
        [{ ...base, remitterName: "<script>" }, 400, "VALIDATION"],
        [{ ...base, extra: 1 }, 400, "VALIDATION"],
        [{ ...base, channelId: "nope" }, 400, "VALIDATION"],
      ];
      for (const [body, status, error] of cases) {
        const r = await srv.call("/api/recharge", { token, body });
        assertEquals([r.status, r.body.data.error], [status, error], JSON.stringify(body));
      }
      const closed = await srv.call("/api/recharge", {
        token,
        body: { ...base, channelId: "eth", currency: "ETH" },
        headers: { "accept-language": "en" },
      });
      assert(/maintenance/i.test(closed.body.message), closed.body.message);
      assertEquals(
        await dumpKv(srv.kv, (k) => k.includes("rate") || k.includes("rechargeRate")),
        before,
      );
    });

    let id = "";
    await t.step("submitted -> auditing; visible to its owner only", async () => {
      id = await recharge(srv, token, "1000");
      const h = await srv.call<{ items: { id: string; status: string; decidedBy?: string }[] }>(
        "/api/recharge/history",
        { token },
      );
      assertEquals(h.body.data.items[0]!.id, id);
      assertEquals(h.body.data.items[0]!.status, "auditing");
      assertEquals(h.body.data.items[0]!.decidedBy, undefined);
      const theirs = await srv.call(`/api/recharge/${id}`, { token: other.token });
      assertEquals(theirs.status, 404);
      const asCustomer = await srv.call("/api/admin/recharges?status=auditing", { token });
      assertEquals([asCustomer.status, asCustomer.body.code], [401, -99]);
    });

    await t.step("one receipt backs one recharge", async () => {
      const r = await srv.call<{ items: { id: string; voucherImageId: string }[] }>(
        "/api/recharge/history",
        { token },
      );
      const again = await srv.call("/api/recharge", {
        token,
        body: {
          currency: "USDT",
          channelId: "bank-usdt",
          amount: "1000",
          remitterName: "Ada Lovelace",
          remitterAccount: "GB82WEST12345698765432",
          voucherImageId: r.body.data.items[0]!.voucherImageId,
        },
      });
      assertEquals(
        again.body.data.fields?.voucherImageId,
        "This photo was already submitted; upload a new one",
      );
      const h = await srv.call<{ items: unknown[] }>("/api/recharge/history", { token });
      assertEquals(h.body.data.items.length, 1);
    });

    await t.step(
      "operator sees the queue and the voucher; the customer next door does not",
      async () => {
        const q = await srv.call<{ items: { id: string; voucherImageId: string }[] }>(
          "/api/admin/recharges?status=auditing",
          { token: op },
        );
        const item = q.body.data.items.find((i) => i.id === id)!;
        const img = await fetch(`${srv.base}/api/image/${item.voucherImageId}`, {
          headers: { authorization: op },
        });
        assertEquals(img.status, 200);
        assertEquals(img.headers.get("content-type"), "image/png");
        assertEquals(img.headers.get("x-content-type-options"), "nosniff");
        await img.arrayBuffer();
        const owner = await fetch(`${srv.base}/api/image/${item.voucherImageId}`, {
          headers: { authorization: token },
        });
        assertEquals(owner.status, 200);
        await owner.arrayBuffer();
        const stranger = await fetch(`${srv.base}/api/image/${item.voucherImageId}`, {
          headers: { authorization: other.token },
        });
        assertEquals(stranger.status, 404);
        await stranger.arrayBuffer();
        const anon = await fetch(`${srv.base}/api/image/${item.voucherImageId}`);
        assertEquals(anon.status, 401);
        await anon.arrayBuffer();
        // a voucher is funds evidence: an identity-only operator cannot read it
        const idOnly = await operatorWithRoles(srv, "kyc-only", ["identity"]);
        const denied = await fetch(`${srv.base}/api/image/${item.voucherImageId}`, {
          headers: { authorization: idOnly },
        });
        assertEquals(denied.status, 404);
        await denied.arrayBuffer();
        const queue = await srv.call("/api/admin/recharges", { token: idOnly });
        assertEquals([queue.status, queue.body.data.error], [403, "FORBIDDEN"]);
      },
    );

    await t.step("two operators pass and reject at once: exactly one decision", async () => {
      const op2 = await operatorToken(srv);
      const [a, b] = await Promise.all([
        srv.call(`/api/admin/recharges/${id}/pass`, { token: op, method: "POST" }),
        srv.call(`/api/admin/recharges/${id}/reject`, {
          token: op2,
          body: { reason: "No funds received" },
        }),
      ]);
      const codes = [a.body.code, b.body.code].sort();
      assertEquals(codes, [0, 409], JSON.stringify([a.body, b.body]));
      const passed = a.body.code === 0;
      assertEquals((await balance(srv, token)).available, passed ? "1000" : "0");
      // the same click again: no second credit
      const again = await srv.call(`/api/admin/recharges/${id}/pass`, {
        token: op,
        method: "POST",
      });
      assertEquals(again.body.code, passed ? 0 : 409);
      assertEquals((await balance(srv, token)).available, passed ? "1000" : "0");
      if (!passed) {
        // make the rest of the test deterministic: a second recharge, passed
        const id2 = await recharge(srv, token, "1000");
        const p = await srv.call(`/api/admin/recharges/${id2}/pass`, { token: op, method: "POST" });
        assertEquals(p.body.code, 0);
        id = id2;
      }
      assertEquals((await balance(srv, token)).available, "1000");
    });

    await t.step("double approval by two operators credits once", async () => {
      const id3 = await recharge(srv, token, "50");
      const op3 = await operatorToken(srv);
      const rs = await Promise.all([
        srv.call(`/api/admin/recharges/${id3}/pass`, { token: op, method: "POST" }),
        srv.call(`/api/admin/recharges/${id3}/pass`, { token: op3, method: "POST" }),
        srv.call(`/api/admin/recharges/${id3}/pass`, { token: op, method: "POST" }),
      ]);
      assert(rs.some((r) => r.body.code === 0));
      assert(rs.every((r) => r.body.code === 0 || r.body.data.error === "ALREADY_DECIDED"));
      assertEquals((await balance(srv, token)).available, "1050");
    });

    await t.step("every decision is in the audit log; the customer got messages", async () => {
      const audit = await srv.call<
        { items: { action: string; target: string; operator: string }[] }
      >(
        "/api/admin/audit?limit=100",
        { token: op },
      );
      const passes = audit.body.data.items.filter((e) => e.action === "recharge.pass");
      assertEquals(passes.length, 2);
      assert(passes.every((e) => e.operator === "ops"));
      const m = await srv.call<
        { items: { kind: string; title: string; body: string }[]; unread: number }
      >(
        "/api/message",
        { token },
      );
      const credited = m.body.data.items.filter((i) => i.kind === "rechargePassed");
      assertEquals(credited.length, 2);
      assert(credited[0]!.body.includes("50"), credited[0]!.body);
      assertEquals(m.body.data.unread, m.body.data.items.length);
      const theirs = await srv.call<{ items: unknown[] }>("/api/message", { token: other.token });
      assertEquals(theirs.body.data.items.length, 0);
    });
  } finally {
    await srv.close();
  }
});

Deno.test("identity: junior then advanced, rejection with reason and resubmission", async (t) => {
  const srv = await startServer({ seed: true });
  try {
    const op = await operatorToken(srv);
    const { token } = await registerUser(srv, "+12025550160");
    const other = await registerUser(srv, "+12025550161");
    const photos = [await upload(srv, token), await upload(srv, token), await upload(srv, token)];

    await t.step("advanced before junior: complete the primary certification first", async () => {
      const r = await srv.call("/api/certify/advanced", {
        token,
        body: { frontImageId: photos[0], backImageId: photos[1], handheldImageId: photos[2] },
      });
      assertEquals([r.status, r.body.data.error], [403, "CERTIFY_JUNIOR_FIRST"]);
      assert(/primary/i.test(r.body.message), r.body.message);
    });

    let subId = "";
    await t.step("junior -> authenticating; a second submission waits", async () => {
      const bad = await srv.call("/api/certify/junior", {
        token,
        body: { name: "", docType: "visa", docNumber: "!" },
      });
      assertEquals(bad.body.data.error, "VALIDATION");
      assert(bad.body.data.fields?.name && bad.body.data.fields?.docType);
      const r = await srv.call<{ junior: { status: string } }>("/api/certify/junior", {
        token,
        body: { name: "Grace Hopper", docType: "idCard", docNumber: "AB 123-456" },
      });
      assertEquals(r.body.data.junior.status, "authenticating");
      const again = await srv.call("/api/certify/junior", {
        token,
        body: { name: "Grace Hopper", docType: "idCard", docNumber: "AB123456" },
      });
      assertEquals(again.body.data.error, "CERTIFY_PENDING");
      const stolen = await srv.call("/api/certify/junior", {
        token: other.token,
        body: { name: "Someone Else", docType: "idCard", docNumber: "ab123456" },
      });
      assertEquals(stolen.body.data.error, "DOC_IN_USE");
      const q = await srv.call<{ items: { id: string; userId: string }[] }>(
        "/api/admin/certifications",
        { token: op },
      );
      subId = q.body.data.items.at(-1)!.id;
    });

    await t.step("rejected with a reason, resubmitted, passed (once)", async () => {
      const noReason = await srv.call(`/api/admin/certifications/${subId}/reject`, {
        token: op,
        body: {},
      });
      assertEquals(noReason.body.data.error, "VALIDATION");
      const rej = await srv.call(`/api/admin/certifications/${subId}/reject`, {
        token: op,
        body: { reason: "Document number unreadable" },
      });
      assertEquals(rej.body.code, 0);
      const st = await srv.call<{ junior: { status: string; reason: string } }>("/api/certify", {
        token,
      });
      assertEquals(st.body.data.junior, {
        ...st.body.data.junior,
        status: "rejected",
        reason: "Document number unreadable",
      });
      const re = await srv.call("/api/certify/junior", {
        token,
        body: { name: "Grace Hopper", docType: "idCard", docNumber: "AB123456" },
      });
      assertEquals(re.body.code, 0);
      const q = await srv.call<{ items: { id: string }[] }>("/api/admin/certifications", {
        token: op,
      });
      const id = q.body.data.items.at(-1)!.id;
      const [a, b] = await Promise.all([
        srv.call(`/api/admin/certifications/${id}/pass`, { token: op, method: "POST" }),
        srv.call(`/api/admin/certifications/${id}/reject`, { token: op, body: { reason: "x" } }),
      ]);
      assertEquals([a.body.code, b.body.code].sort(), [0, 409]);
      if (a.body.code !== 0) {
        // the reject won the race: resubmit, and pass this time
        await srv.call("/api/certify/junior", {
          token,
          body: { name: "Grace Hopper", docType: "idCard", docNumber: "AB123456" },
        });
        const q2 = await srv.call<{ items: { id: string }[] }>("/api/admin/certifications", {
          token: op,
        });
        const p = await srv.call(
          `/api/admin/certifications/${q2.body.data.items.at(-1)!.id}/pass`,
          {
            token: op,
            method: "POST",
          },
        );
        assertEquals(p.body.code, 0);
      }
      const me = await srv.call<{ certifyLevel: string }>("/api/user/info", { token });
      assertEquals(me.body.data.certifyLevel, "junior");
    });

    await t.step("advanced with someone else's photo is refused; own photos pass", async () => {
      const theirs = await upload(srv, other.token);
      const r = await srv.call("/api/certify/advanced", {
        token,
        body: { frontImageId: photos[0], backImageId: photos[1], handheldImageId: theirs },
      });
      assertEquals(
        r.body.data.fields?.handheldImageId,
        "That image was not found, upload it again",
      );
      const ok = await srv.call<{ advanced: { status: string } }>("/api/certify/advanced", {
        token,
        body: { frontImageId: photos[0], backImageId: photos[1], handheldImageId: photos[2] },
      });
      assertEquals(ok.body.data.advanced.status, "authenticating");
      const q = await srv.call<{ items: { id: string; level: string; advanced: unknown }[] }>(
        "/api/admin/certifications",
        { token: op },
      );
      const sub = q.body.data.items.find((i) => i.level === "advanced")!;
      const fundsOnly = await operatorWithRoles(srv, "cashier", ["funds"]);
      for (const [tok, status] of [[fundsOnly, 404], [op, 200]] as const) {
        const img = await fetch(`${srv.base}/api/image/${photos[0]}`, {
          headers: { authorization: tok },
        });
        assertEquals(img.status, status);
        await img.arrayBuffer();
      }
      const pass = await srv.call(`/api/admin/certifications/${sub.id}/pass`, {
        token: op,
        method: "POST",
      });
      assertEquals(pass.body.code, 0);
      const me = await srv.call<{ certifyLevel: string }>("/api/user/info", { token });
      assertEquals(me.body.data.certifyLevel, "advanced");
      const msgs = await srv.call<{ items: { kind: string }[] }>("/api/message", { token });
      const kinds = msgs.body.data.items.map((m) => m.kind);
      // newest first; one more rejection when the reject won the race above
      assertEquals(kinds.slice(0, 2), ["certifyAdvancedPassed", "certifyJuniorPassed"]);
      assertEquals(kinds.at(-1), "certifyJuniorRejected");
    });
  } finally {
    await srv.close();
  }
});

Deno.test("payment methods: verified holder, checksums, one of each, immutable", async () => {
  const srv = await startServer({ seed: true });
  try {
    const op = await operatorToken(srv);
    const { token } = await registerUser(srv, "+12025550170");
    const card = {
      kind: "bank",
      region: "domestic",
      holder: "Alan Turing",
      number: "4111 1111 1111 1111",
      bankName: "Demo Bank",
      bankAddress: "1 Bank Street",
      branch: "Main branch",
    };
    const early = await srv.call("/api/payment-methods", { token, body: card });
    assertEquals(early.body.data.error, "CERTIFY_REQUIRED");
    await verifyJunior(srv, token, op, "Alan Turing");
    const wrongName = await srv.call("/api/payment-methods", {
      token,
      body: { ...card, holder: "Someone Else" },
    });
    assertEquals(wrongName.body.data.fields?.holder !== undefined, true);
    const badLuhn = await srv.call("/api/payment-methods", {
      token,
      body: { ...card, number: "4111111111111112" },
    });
    assert(badLuhn.body.data.fields?.number);
    const ok = await srv.call<{ label: string; bank: { number: string } }>(
      "/api/payment-methods",
      { token, body: { ...card, holder: "alan  turing" } },
    );
    assertEquals(ok.body.code, 0);
    assertEquals(ok.body.data.bank.number.endsWith("1111"), true);
    assert(!ok.body.data.bank.number.includes("4111 1111"));
    const second = await srv.call("/api/payment-methods", {
      token,
      body: {
        ...card,
        region: "international",
        number: "GB82 WEST 1234 5698 7654 32",
        swift: "DEUTDEFF",
      },
    });
    assertEquals([second.status, second.body.data.error], [409, "ALREADY_BOUND"]);
    const badAddr = await srv.call("/api/payment-methods", {
      token,
      body: { kind: "crypto", type: "BTC", address: "1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNb" },
    });
    assert(badAddr.body.data.fields?.address);
    const eth = await srv.call<{ crypto: { address: string } }>("/api/payment-methods", {
      token,
      body: {
        kind: "crypto",
        type: "ETH",
        address: "0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed",
      },
    });
    assertEquals(eth.body.data.crypto.address, "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed");
    const eth2 = await srv.call("/api/payment-methods", {
      token,
      body: { kind: "crypto", type: "ETH", address: "0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359" },
    });
    assertEquals(eth2.body.data.error, "ALREADY_BOUND");
    const list = await srv.call<{ items: unknown[] }>("/api/payment-methods", { token });
    assertEquals(list.body.data.items.length, 2);
  } finally {
    await srv.close();
  }
});

Deno.test("withdrawal: rules first, freeze, review steps once, refund, payout, races", async (t) => {
  const srv = await startServer({ seed: true });
  try {
    const op = await operatorToken(srv);
    const { token } = await registerUser(srv, "+12025550180");
    const dp = await srv.call("/api/user/draw-password", {
      token,
      body: { password: "135790", confirm: "135790" },
    });
    assertEquals(dp.body.code, 0, JSON.stringify(dp.body));
    const body = (methodId: string, amount: string, drawPassword = "135790") => ({
      methodId,
      amount,
      drawPassword,
    });

    await t.step("junior verification is required", async () => {
      const r = await srv.call("/api/withdraw", { token, body: body("x", "10") });
      assertEquals(r.body.data.error, "CERTIFY_REQUIRED");
    });
    await verifyJunior(srv, token, op, "Ada Lovelace");
    const m = await srv.call<{ id: string }>("/api/payment-methods", {
      token,
      body: {
        kind: "bank",
        region: "international",
        holder: "Ada Lovelace",
        number: "GB82WEST12345698765432",
        bankName: "West Bank",
        bankAddress: "1 High St, London",
        branch: "City",
        swift: "NEDSZAJJXXX",
      },
    });
    const methodId = m.body.data.id;
    const id = await recharge(srv, token, "1000");
    await srv.call(`/api/admin/recharges/${id}/pass`, { token: op, method: "POST" });

    await t.step("turnover: what remains is shown; trading clears it", async () => {
      const r = await srv.call("/api/withdraw", { token, body: body(methodId, "100") });
      assertEquals([r.status, r.body.data.error], [403, "TURNOVER_REQUIRED"]);
      assert(r.body.message.includes("1000"), r.body.message);
      const p = await srv.call<{ turnover: { remaining: string }; fee: string; net: string }>(
        `/api/withdraw/preview?methodId=${methodId}&amount=100`,
        { token },
      );
      assertEquals(p.body.data.turnover.remaining, "1000");
      assertEquals([p.body.data.fee, p.body.data.net], ["1", "99"]);
      await feedPrices(srv);
      // trade 1,000 USDT: buy BTC with 600, then 400 more through the exchange
      for (const amount of ["600", "400"]) {
        const q = await srv.call<{ quoteId: string }>("/api/exchange/quote", {
          token,
          body: { from: "USDT", to: "BTC", amount },
        });
        const c = await srv.call("/api/exchange/confirm", {
          token,
          body: { quoteId: q.body.data.quoteId },
        });
        assertEquals(c.body.code, 0, JSON.stringify(c.body));
      }
      const after = await srv.call<{ turnover: { remaining: string } }>(
        `/api/withdraw/preview?methodId=${methodId}`,
        { token },
      );
      assertEquals(after.body.data.turnover.remaining, "0");
      // sell the BTC back: spot holds USDT again
      // BTC input has 6 decimals: sell what that precision allows
      const btc = (await balance(srv, token, "BTC")).available.replace(/(\.\d{6})\d+$/, "$1");
      const q = await srv.call<{ quoteId: string }>("/api/exchange/quote", {
        token,
        body: { from: "BTC", to: "USDT", amount: btc },
      });
      const sold = await srv.call("/api/exchange/confirm", {
        token,
        body: { quoteId: q.body.data.quoteId },
      });
      assertEquals(sold.body.code, 0, JSON.stringify(sold.body));
    });

    const usdt = (await balance(srv, token)).available;
    await t.step("limits, wrong password, nothing frozen", async () => {
      for (
        const [amount, error] of <[string, string][]> [
          ["5", "WITHDRAW_LIMITS"],
          ["50001", "WITHDRAW_LIMITS"],
          ["1.001", "VALIDATION"],
          ["-3", "VALIDATION"],
        ]
      ) {
        const r = await srv.call("/api/withdraw", { token, body: body(methodId, amount) });
        assertEquals(r.body.data.error, error, amount);
      }
      const wrong = await srv.call("/api/withdraw", {
        token,
        body: body(methodId, "10", "000000"),
      });
      assertEquals(wrong.body.data.error, "DRAW_PASSWORD_INCORRECT");
      const other = await srv.call("/api/withdraw", { token, body: body("0000-nope", "10") });
      assertEquals(other.body.data.error, "VALIDATION");
      assertEquals(await balance(srv, token), { available: usdt, frozen: "0" });
    });

    let wid = "";
    await t.step("request: fee shown, amount frozen, auditing", async () => {
      const r = await srv.call<{ id: string; status: string; fee: string; net: string }>(
        "/api/withdraw",
        { token, body: body(methodId, "200"), headers: { "idempotency-key": "w-1" } },
      );
      assertEquals([r.body.data.status, r.body.data.fee, r.body.data.net], [
        "auditing",
        "2",
        "198",
      ], JSON.stringify(r.body));
      wid = r.body.data.id;
      const replay = await srv.call<{ id: string }>("/api/withdraw", {
        token,
        body: body(methodId, "200"),
        headers: { "idempotency-key": "w-1" },
      });
      assertEquals(replay.body.data.id, wid);
      const b = await balance(srv, token);
      assertEquals(b.frozen, "200");
      assertEquals(parseDecimal(b.available), parseDecimal(usdt) - parseDecimal("200"));
    });

    await t.step("freeze blocks decisions; thaw restores; reject refunds once", async () => {
      const fr = await srv.call<{ status: string }>(`/api/admin/withdrawals/${wid}/freeze`, {
        token: op,
        method: "POST",
      });
      assertEquals(fr.body.data.status, "frozen");
      const blocked = await srv.call(`/api/admin/withdrawals/${wid}/pass`, {
        token: op,
        method: "POST",
      });
      assertEquals(blocked.body.data.error, "ALREADY_DECIDED");
      const th = await srv.call<{ status: string }>(`/api/admin/withdrawals/${wid}/thaw`, {
        token: op,
        method: "POST",
      });
      assertEquals(th.body.data.status, "auditing");
      const [a, b] = await Promise.all([
        srv.call(`/api/admin/withdrawals/${wid}/reject`, {
          token: op,
          body: { reason: "Name mismatch at the bank" },
        }),
        srv.call(`/api/admin/withdrawals/${wid}/reject`, {
          token: op,
          body: { reason: "Name mismatch at the bank" },
        }),
      ]);
      assertEquals([a.body.code, b.body.code], [0, 0]); // the same click twice: one journal
      assertEquals(await balance(srv, token), { available: usdt, frozen: "0" });
      const h = await srv.call<{ items: { status: string; reason: string; history: unknown[] }[] }>(
        "/api/withdraw/history",
        { token },
      );
      assertEquals(h.body.data.items[0]!.status, "rejected");
      assertEquals(h.body.data.items[0]!.reason, "Name mismatch at the bank");
    });

    /** which decision won the complete-vs-reject race (the audit log must show that one) */
    let raceWinner: "withdrawal.complete" | "withdrawal.reject" = "withdrawal.reject";
    await t.step("pass -> withdrawing -> complete (paid out) vs reject: one wins", async () => {
      const r = await srv.call<{ id: string }>("/api/withdraw", {
        token,
        body: body(methodId, "100"),
      });
      const id = r.body.data.id;
      const p = await srv.call<{ status: string }>(`/api/admin/withdrawals/${id}/pass`, {
        token: op,
        method: "POST",
      });
      assertEquals(p.body.data.status, "withdrawing");
      const op2 = await operatorToken(srv);
      const [c, j] = await Promise.all([
        srv.call<{ status: string }>(`/api/admin/withdrawals/${id}/complete`, {
          token: op,
          method: "POST",
        }),
        srv.call(`/api/admin/withdrawals/${id}/reject`, { token: op2, body: { reason: "late" } }),
      ]);
      assertEquals([c.body.code, j.body.code].sort(), [0, 409]);
      if (c.body.code === 0) raceWinner = "withdrawal.complete";
      const b = await balance(srv, token);
      assertEquals(b.frozen, "0");
      const expected = parseDecimal(usdt) - (c.body.code === 0 ? parseDecimal("100") : 0n);
      assertEquals(parseDecimal(b.available), expected);
    });

    await t.step("50 concurrent withdrawals on a balance for 10: exactly 10", async () => {
      const avail = parseDecimal((await balance(srv, token)).available);
      // leave exactly 10 x 20 USDT available: move the rest to the contract wallet
      const cent = 1_000_000n; // transfers carry USDT with 2 decimals
      const excess = (avail - parseDecimal("200")) / cent * cent;
      if (excess > 0n) {
        const tr = await srv.call("/api/account/transfer", {
          token,
          body: { from: "spot", to: "contract", currency: "USDT", amount: fmt(excess) },
        });
        assertEquals(tr.body.code, 0, JSON.stringify(tr.body));
      }
      const rs = await Promise.all(
        Array.from(
          { length: 50 },
          () => srv.call("/api/withdraw", { token, body: body(methodId, "20") }),
        ),
      );
      const ok = rs.filter((r) => r.body.code === 0).length;
      assertEquals(ok, 10, JSON.stringify(rs.filter((r) => r.body.code !== 0)[0]?.body));
      assert(rs.every((r) => r.body.code === 0 || r.body.data.error === "INSUFFICIENT_BALANCE"));
      const left = await balance(srv, token);
      assertEquals(left.frozen, "200");
      assert(parseDecimal(left.available) < cent, left.available);
    });

    await t.step("operators close withdrawals: channel under maintenance", async () => {
      const cur = await srv.call<Record<string, unknown>>("/api/admin/withdraw-settings", {
        token: op,
      });
      assertEquals(cur.body.data.turnoverRatio, "1");
      const closed = { ...cur.body.data, enabled: false };
      const bad = await srv.call("/api/admin/withdraw-settings", {
        token: op,
        method: "PUT",
        body: {
          ...closed,
          rules: {
            ...(cur.body.data.rules as Record<string, unknown>),
            USDT: { min: "10", max: "5", feeRate: "0.01", minFee: "1" },
          },
        },
      });
      assertEquals(bad.body.data.error, "VALIDATION");
      const asCustomer = await srv.call("/api/admin/withdraw-settings", {
        token,
        method: "PUT",
        body: closed,
      });
      assertEquals(asCustomer.body.code, -99);
      const put = await srv.call("/api/admin/withdraw-settings", {
        token: op,
        method: "PUT",
        body: closed,
      });
      assertEquals(put.body.code, 0, JSON.stringify(put.body));
      const r = await srv.call("/api/withdraw", { token, body: body(methodId, "10") });
      assertEquals([r.status, r.body.data.error], [503, "WITHDRAW_CLOSED"]);
      assert(/maintenance/.test(r.body.message));
      // a retry of an accepted request still gets its first reply
      const retry = await srv.call<{ id: string }>("/api/withdraw", {
        token,
        body: body(methodId, "200"),
        headers: { "idempotency-key": "w-1" },
      });
      assertEquals(retry.body.data.id, wid);
      await srv.call("/api/admin/withdraw-settings", {
        token: op,
        method: "PUT",
        body: cur.body.data,
      });
    });

    await t.step("24 h after a password reset withdrawals are refused", async () => {
      const phone = "+12025550180";
      await srv.call("/api/sms/code", { body: { phone, purpose: "reset" } });
      const { lastCode } = await import("../server.ts");
      const code = await lastCode(srv, phone, "reset");
      const reset = await srv.call("/api/user/password/reset", {
        body: { phone, code, newPassword: "Another-2026" },
      });
      assertEquals(reset.body.code, 0, JSON.stringify(reset.body));
      const login = await srv.call("/api/login", { body: { phone, password: "Another-2026" } });
      const t2 = login.headers.get("authorization")!;
      const r = await srv.call("/api/withdraw", { token: t2, body: body(methodId, "10") });
      assertEquals([r.status, r.body.data.error], [403, "WITHDRAW_RESET_BAN"]);
      assert(r.body.message.includes("24"), r.body.message);
    });

    await t.step("withdrawal audit trail and messages", async () => {
      // the whole log, page by page (the races above write many entries)
      const actions: string[] = [];
      let cursor = "";
      do {
        const audit = await srv.call<
          { items: { action: string; before: unknown; after: unknown }[]; cursor: string | null }
        >(
          `/api/admin/audit?limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`,
          { token: op },
        );
        assertEquals(audit.body.code, 0, JSON.stringify(audit.body));
        actions.push(...audit.body.data.items.map((e) => e.action));
        cursor = audit.body.data.cursor ?? "";
      } while (cursor);
      for (
        const a of [
          "withdrawal.freeze",
          "withdrawal.thaw",
          "withdrawal.reject",
          "withdrawal.pass",
          raceWinner,
          "withdrawSettings.update",
        ]
      ) {
        assert(actions.includes(a), a);
      }
    });
  } finally {
    await srv.close();
  }
});

function fmt(units: bigint) {
  const s = units.toString().padStart(9, "0");
  return `${s.slice(0, -8)}.${s.slice(-8)}`.replace(/\.?0+$/, "");
}
