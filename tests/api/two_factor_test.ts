/**
 * Customer two-factor through HTTP: setup, enable, sign-in, disable and withdrawals, each code
 * used once; the account security routes in the OpenAPI document.
 */
import { bindMethod, setDrawPassword, verifyJunior } from "./funds_helpers.ts";
import { assert, assertEquals, assertMatch } from "../assert.ts";
import { makePng, uploadForm } from "../images.ts";
import { operatorToken } from "../operator.ts";
import { registerUser, startServer, type TestServer } from "../server.ts";
import { A, B, codeAt, enableTwoFactor, login, PROXY } from "./security_helpers.ts";

Deno.test("customer two-factor: setup, enable, sign-in, disable; each code once", async (t) => {
  const srv = await startServer({ env: PROXY });
  try {
    const phone = "+12025550171";
    const { token } = await registerUser(srv, phone, "Secure-pass1");
    let secret = "";

    await t.step("setup hands out a secret and its otpauth URI; nothing is on yet", async () => {
      const s = await srv.call<{ secret: string; uri: string }>("/api/user/2fa/setup", {
        token,
        body: {},
      });
      assertEquals(s.body.code, 0);
      secret = s.body.data.secret;
      assertMatch(secret, /^[A-Z2-7]{32}$/);
      const uri = new URL(s.body.data.uri);
      assertEquals(uri.protocol, "otpauth:");
      assertEquals(uri.searchParams.get("secret"), secret);
      assertEquals(uri.searchParams.get("issuer"), "Tradewind");
      const info = await srv.call<{ twoFactor: boolean }>("/api/user/info", { token });
      assertEquals(info.body.data.twoFactor, false);
      const noSession = await srv.call("/api/user/2fa/setup", { body: {} });
      assertEquals(noSession.body.code, -99);
    });

    await t.step("enable: a wrong code is refused, the right one turns it on", async () => {
      const code = codeAt(srv, secret);
      const wrong = await srv.call("/api/user/2fa/enable", {
        token,
        body: { code: code === "000000" ? "111111" : "000000" },
      });
      assertEquals([wrong.status, wrong.body.data.error], [400, "TOTP_INVALID"]);
      const bad = await srv.call("/api/user/2fa/enable", { token, body: { code: "12ab" } });
      assertEquals(bad.body.data.error, "VALIDATION");
      assert(bad.body.data.fields?.code);
      const on = await srv.call<{ twoFactor: boolean }>("/api/user/2fa/enable", {
        token,
        body: { code },
      });
      assertEquals(on.body.code, 0, JSON.stringify(on.body));
      assertEquals(on.body.data.twoFactor, true);
      // the code just used cannot be used again (replay), not even to turn it off
      const replay = await srv.call("/api/user/2fa/disable", { token, body: { code } });
      assertEquals(replay.body.data.error, "TOTP_INVALID");
      const again = await srv.call("/api/user/2fa/setup", { token, body: {} });
      assertEquals([again.status, again.body.data.error], [409, "TWO_FACTOR_ON"]);
      srv.advance(30_000);
    });

    await t.step("sign-in asks for the code, then takes phone, password and code", async () => {
      const first = await login(srv, A, { phone, password: "Secure-pass1" });
      assertEquals([first.status, first.body.data.error], [400, "TOTP_REQUIRED"]);
      assertEquals(first.body.data.twoFactor, true);
      assertEquals(first.headers.get("authorization"), null);
      // a wrong password never reveals whether two-factor is on
      const wrongPw = await login(srv, A, { phone, password: "Wrong-pass1" });
      assertEquals(wrongPw.body.data.error, "BAD_CREDENTIALS");
      const wrongCode = await login(srv, A, { phone, password: "Secure-pass1", totp: "000000" });
      assertEquals(wrongCode.body.data.error, "TOTP_INVALID");
      const code = codeAt(srv, secret);
      const ok = await login(srv, A, { phone, password: "Secure-pass1", totp: code });
      assertEquals(ok.body.code, 0, JSON.stringify(ok.body));
      assert(ok.headers.get("authorization"));
      const replay = await login(srv, B, { phone, password: "Secure-pass1", totp: code });
      assertEquals(replay.body.data.error, "TOTP_INVALID");
      srv.advance(30_000);
    });

    await t.step("disable with a current code; sign-in is one step again", async () => {
      const off = await srv.call<{ twoFactor: boolean }>("/api/user/2fa/disable", {
        token,
        body: { code: codeAt(srv, secret) },
      });
      assertEquals(off.body.code, 0, JSON.stringify(off.body));
      assertEquals(off.body.data.twoFactor, false);
      const again = await srv.call("/api/user/2fa/disable", {
        token,
        body: { code: codeAt(srv, secret) },
      });
      assertEquals([again.status, again.body.data.error], [409, "TWO_FACTOR_OFF"]);
      const r = await login(srv, A, { phone, password: "Secure-pass1" });
      assertEquals(r.body.code, 0);
    });
  } finally {
    await srv.close();
  }
});

/** Upload a receipt and have the operator credit a recharge (the customer's balance). */
async function creditUsdt(srv: TestServer, token: string, op: string, amount: string) {
  const up = await srv.call<{ imageId: string }>("/api/upload", {
    method: "POST",
    raw: uploadForm(await makePng(8, 8)),
    token,
  });
  const rc = await srv.call<{ id: string }>("/api/recharge", {
    token,
    body: {
      currency: "USDT",
      channelId: "bank-usdt",
      amount,
      remitterName: "Grace Hopper",
      remitterAccount: "GB82WEST12345698765432",
      voucherImageId: up.body.data.imageId,
    },
  });
  assertEquals(rc.body.code, 0, JSON.stringify(rc.body));
  const pass = await srv.call(`/api/admin/recharges/${rc.body.data.id}/pass`, {
    token: op,
    method: "POST",
  });
  assertEquals(pass.body.code, 0, JSON.stringify(pass.body));
}

Deno.test("withdrawals need the two-factor code when it is on", async () => {
  const srv = await startServer({ seed: true, env: PROXY });
  try {
    const op = await operatorToken(srv);
    const { token } = await registerUser(srv, "+12025550176", "Withdraw-pass1");
    await setDrawPassword(srv, token, "135790");
    await verifyJunior(srv, token, op, "Grace Hopper");
    // no turnover requirement for this test: the rule is the funds tests' business
    const settings = await srv.call<Record<string, unknown>>("/api/admin/withdraw-settings", {
      token: op,
    });
    await srv.call("/api/admin/withdraw-settings", {
      token: op,
      method: "PUT",
      body: { ...settings.body.data, turnoverRatio: "0" },
    });
    await creditUsdt(srv, token, op, "500");
    const m = await bindMethod(srv, token, {
      kind: "crypto",
      type: "USDT-TRC20",
      address: "TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL",
    });
    const body = { methodId: m.id, amount: "100", drawPassword: "135790" };

    const secret = await enableTwoFactor(srv, token);
    const missing = await srv.call("/api/withdraw", { token, body });
    assertEquals([missing.status, missing.body.data.error], [400, "TOTP_REQUIRED"]);
    assert(missing.body.data.fields?.totp);
    const wrong = await srv.call("/api/withdraw", { token, body: { ...body, totp: "000000" } });
    assertEquals(wrong.body.data.error, "TOTP_INVALID");
    assert(wrong.body.data.fields?.totp);
    const code = codeAt(srv, secret);
    const ok = await srv.call<{ status: string }>("/api/withdraw", {
      token,
      body: { ...body, totp: code },
    });
    assertEquals(ok.body.code, 0, JSON.stringify(ok.body));
    assertEquals(ok.body.data.status, "auditing");
    const replay = await srv.call("/api/withdraw", { token, body: { ...body, totp: code } });
    assertEquals(replay.body.data.error, "TOTP_INVALID");
  } finally {
    await srv.close();
  }
});

Deno.test("the account security routes are published in the OpenAPI document", async () => {
  const srv = await startServer();
  try {
    const doc = await (await fetch(srv.base + "/api/doc")).json();
    for (
      const [p, m] of [
        ["/user/2fa/setup", "post"],
        ["/user/2fa/enable", "post"],
        ["/user/2fa/disable", "post"],
        ["/user/sessions", "get"],
        ["/user/sessions/{id}", "delete"],
        ["/user/logins", "get"],
      ] as const
    ) assert(doc.paths[p]?.[m], `missing ${m} ${p}`);
    const schemas = doc.components.schemas;
    assert(schemas.LoginRequest.properties.totp);
    assert(!schemas.LoginRequest.required.includes("totp"));
    assert(schemas.WithdrawRequest.properties.totp);
    assert(schemas.UserInfo.properties.twoFactor);
  } finally {
    await srv.close();
  }
});
