/**
 * Account security through HTTP: sign-in throttles per account *and* source (a guesser elsewhere
 * cannot lock the owner out, a correct password plus TOTP passes a lock of its own source),
 * customer two-factor (setup, enable, disable, sign-in, withdrawals; each code once), signed-in
 * devices with sign-out, and recent sign-ins.
 */
import { bindMethod, setDrawPassword } from "./funds_helpers.ts";
import * as OTPAuth from "otpauth";
import { assert, assertEquals, assertMatch } from "../assert.ts";
import { makePng, uploadForm } from "../images.ts";
import { DEMO_TOTP_SECRET, operatorToken } from "../operator.ts";
import { DESKTOP_UA, registerUser, startServer, type TestServer } from "../server.ts";

const PHONE_UA =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1";

/**
 * Requests from a given client address: the platform's client IP behind a trusted proxy (the
 * proxy's own entry is the rightmost `X-Forwarded-For` address).
 */
const PROXY = { TRUST_PROXY: "1" };
const from = (ip: string, ua = DESKTOP_UA) => ({ "x-forwarded-for": ip, "user-agent": ua });
const A = "198.51.100.7";
const B = "203.0.113.20";

/** A code for the server's clock (otpauth, the library authenticator apps agree with). */
function codeAt(srv: TestServer, secret: string) {
  return new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret) }).generate({
    timestamp: srv.deps.now(),
  });
}

/** Turn two-factor on for a customer through the API; returns the secret. */
async function enableTwoFactor(srv: TestServer, token: string) {
  const setup = await srv.call<{ secret: string; uri: string }>("/api/user/2fa/setup", {
    token,
    body: {},
  });
  assertEquals(setup.body.code, 0, JSON.stringify(setup.body));
  const on = await srv.call("/api/user/2fa/enable", {
    token,
    body: { code: codeAt(srv, setup.body.data.secret) },
  });
  assertEquals(on.body.code, 0, JSON.stringify(on.body));
  srv.advance(30_000); // the code just used is spent: later steps use the next one
  return setup.body.data.secret;
}

const THROTTLE_WINDOW = 30 * 60_000;

const login = (
  srv: TestServer,
  ip: string,
  body: Record<string, string | undefined>,
  ua?: string,
) => srv.call("/api/login", { body, headers: from(ip, ua) });

Deno.test("sign-in lock is per account and source: a guesser elsewhere does not lock the owner out", async (t) => {
  const srv = await startServer({ seed: true, env: PROXY });
  // throttles count in fixed windows (15 and 30 min): start just after a boundary so that a
  // window cannot end in the middle of the test
  srv.advance(THROTTLE_WINDOW - (srv.deps.now() % THROTTLE_WINDOW) + 1000);
  try {
    const phone = "+12025550161";
    await registerUser(srv, phone, "Owner-pass1");

    await t.step("customer: five wrong passwords from A; the owner signs in from B", async () => {
      for (let i = 0; i < 5; i++) {
        const r = await login(srv, A, { phone, password: "guess-" + i });
        assertEquals(r.body.data.error, "BAD_CREDENTIALS");
      }
      const lockedA = await login(srv, A, { phone, password: "Owner-pass1" });
      assertEquals([lockedA.status, lockedA.body.data.error], [429, "LOCKED"]);
      const owner = await login(srv, B, { phone, password: "Owner-pass1" });
      assertEquals(owner.body.code, 0, JSON.stringify(owner.body));
      // a success from B does not unlock A
      const stillA = await login(srv, A, { phone, password: "Owner-pass1" });
      assertEquals(stillA.body.data.error, "LOCKED");
    });

    await t.step("no enumeration: an unknown phone locks and answers the same way", async () => {
      const unknown = "+12025550162";
      const known = "+12025550163";
      await registerUser(srv, known, "Known-pass1");
      const replies = async (p: string) => {
        const out: unknown[] = [];
        for (let i = 0; i < 6; i++) {
          const r = await login(srv, "192.0.2.44", { phone: p, password: "wrong-" + i });
          out.push([r.status, r.body.data.error, r.body.message]);
        }
        const withCode = await login(srv, "192.0.2.44", {
          phone: p,
          password: "wrong-x",
          totp: "123456",
        });
        out.push([withCode.status, withCode.body.data.error, withCode.body.message]);
        return out;
      };
      assertEquals(await replies(unknown), await replies(known));
    });

    await t.step("operator: five wrong from A; the operator signs in from B", async () => {
      for (let i = 0; i < 5; i++) {
        const r = await srv.call("/api/admin/login", {
          body: { username: "ops", password: "guess-" + i, totp: "000000" },
          headers: from(A),
        });
        assertEquals(r.body.data.error, "BAD_CREDENTIALS");
      }
      const lockedA = await srv.call("/api/admin/login", {
        body: { username: "ops", password: "wrong-again", totp: "000000" },
        headers: from(A),
      });
      assertEquals([lockedA.status, lockedA.body.data.error], [429, "LOCKED"]);
      const code = codeAt(srv, DEMO_TOTP_SECRET);
      const fromB = await srv.call("/api/admin/login", {
        body: { username: "ops", password: "Ops-2026-demo", totp: code },
        headers: from(B),
      });
      assertEquals(fromB.body.code, 0, JSON.stringify(fromB.body));
      srv.advance(30_000);
    });

    await t.step(
      "operator: correct password + TOTP passes the lock of its own source",
      async () => {
        const wrongCode = await srv.call("/api/admin/login", {
          body: { username: "ops", password: "Ops-2026-demo", totp: "000000" },
          headers: from(A),
        });
        assertEquals(wrongCode.body.data.error, "LOCKED");
        const r = await srv.call("/api/admin/login", {
          body: { username: "ops", password: "Ops-2026-demo", totp: codeAt(srv, DEMO_TOTP_SECRET) },
          headers: from(A),
        });
        assertEquals(r.body.code, 0, JSON.stringify(r.body));
        srv.advance(30_000);
      },
    );

    await t.step(
      "customer with 2FA: password + code passes the lock of its own source",
      async () => {
        const phone2 = "+12025550164";
        const { token } = await registerUser(srv, phone2, "TwoFa-pass1");
        const secret = await enableTwoFactor(srv, token);
        for (let i = 0; i < 5; i++) {
          await login(srv, A, { phone: phone2, password: "guess-" + i });
        }
        // locked here: neither the password alone nor a wrong code gets through
        for (
          const body of [
            { phone: phone2, password: "TwoFa-pass1" },
            { phone: phone2, password: "TwoFa-pass1", totp: "000000" },
            { phone: phone2, password: "nope-nope", totp: codeAt(srv, secret) },
          ]
        ) {
          const r = await login(srv, A, body);
          assertEquals(r.body.data.error, "LOCKED", JSON.stringify(body));
        }
        const r = await login(srv, A, {
          phone: phone2,
          password: "TwoFa-pass1",
          totp: codeAt(srv, secret),
        });
        assertEquals(r.body.code, 0, JSON.stringify(r.body));
      },
    );

    await t.step("many sources together still hit the account-wide cap", async () => {
      const phone3 = "+12025550165";
      await registerUser(srv, phone3, "Cap-pass1");
      let locked = 0;
      for (let i = 0; i < 60; i++) {
        const r = await login(srv, `10.9.${Math.floor(i / 4)}.${i % 4}`, {
          phone: phone3,
          password: "guess-" + i,
        });
        if (r.body.data.error === "LOCKED") locked++;
      }
      assertEquals(locked, 10); // 50 verified guesses per 15 min across all sources
      const owner = await login(srv, B, { phone: phone3, password: "Cap-pass1" });
      assertEquals(owner.body.data.error, "LOCKED");
      srv.advance(15 * 60_000);
      const later = await login(srv, B, { phone: phone3, password: "Cap-pass1" });
      assertEquals(later.body.code, 0);
    });
  } finally {
    await srv.close();
  }
});

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

Deno.test("signed-in devices: listed with device and IP, one signed out, others' ids are 404", async () => {
  const srv = await startServer({ env: PROXY });
  try {
    const phone = "+12025550172";
    await registerUser(srv, phone, "Devices-pass1");
    const phoneLogin = await login(srv, A, { phone, password: "Devices-pass1" }, PHONE_UA);
    const desk = await login(srv, B, { phone, password: "Devices-pass1" }, DESKTOP_UA);
    const phoneToken = phoneLogin.headers.get("authorization")!;
    const deskToken = desk.headers.get("authorization")!;
    type Dev = { id: string; device: string; ip: string; current: boolean; createdAt: number };
    const list = await srv.call<{ items: Dev[] }>("/api/user/sessions", { token: deskToken });
    assertEquals(list.body.code, 0);
    const items = list.body.data.items;
    assertEquals(items.length, 3); // registration, phone, desktop
    const mine = items.find((i) => i.current)!;
    assertEquals([mine.ip, mine.device], [B, "Chrome · Linux"]);
    const other = items.find((i) => i.ip === A)!;
    assertEquals([other.current, other.device], [false, "Safari · iPhone"]);
    assert(!JSON.stringify(items).includes(deskToken));

    // another customer cannot see or end these sessions
    const stranger = await registerUser(srv, "+12025550173", "Stranger-pass1");
    const denied = await srv.call(`/api/user/sessions/${other.id}`, {
      method: "DELETE",
      token: stranger.token,
    });
    assertEquals([denied.status, denied.body.data.error], [404, "NOT_FOUND"]);
    assertEquals((await srv.call("/api/user/info", { token: phoneToken })).body.code, 0);

    const out = await srv.call(`/api/user/sessions/${other.id}`, {
      method: "DELETE",
      token: deskToken,
    });
    assertEquals(out.body.code, 0, JSON.stringify(out.body));
    const gone = await srv.call("/api/user/info", { token: phoneToken });
    assertEquals([gone.status, gone.body.code], [401, -99]);
    assertEquals((await srv.call("/api/user/info", { token: deskToken })).body.code, 0);
    const after = await srv.call<{ items: Dev[] }>("/api/user/sessions", { token: deskToken });
    assertEquals(after.body.data.items.length, 2);
    const twice = await srv.call(`/api/user/sessions/${other.id}`, {
      method: "DELETE",
      token: deskToken,
    });
    assertEquals(twice.status, 404);
  } finally {
    await srv.close();
  }
});

Deno.test("recent sign-ins record successes and failures, bounded", async () => {
  // the sign-in windows are 15-minute slots of the clock: start well inside one, or a slot
  // that turns during the test resets the count this test expects to throttle
  const slot = 15 * 60_000, left = slot - (Date.now() % slot);
  if (left < 60_000) await new Promise((r) => setTimeout(r, left + 200));
  const srv = await startServer({ env: PROXY });
  try {
    const phone = "+12025550174";
    const { token } = await registerUser(srv, phone, "Logins-pass1");
    await login(srv, A, { phone, password: "wrong-one" }, PHONE_UA);
    await login(srv, B, { phone, password: "Logins-pass1" });
    const secret = await enableTwoFactor(srv, token);
    await login(srv, B, { phone, password: "Logins-pass1", totp: "000000" });
    for (let i = 0; i < 5; i++) await login(srv, A, { phone, password: "wrong-" + i });
    void secret;
    type Attempt = { at: number; ip: string; device: string; result: string };
    const r = await srv.call<{ items: Attempt[] }>("/api/user/logins", { token });
    assertEquals(r.body.code, 0);
    const results = r.body.data.items.map((i) => `${i.result}@${i.ip}`);
    assertEquals(results.slice(-3), [
      `totpFailed@${B}`,
      `success@${B}`,
      `wrongPassword@${A}`,
    ]);
    assertEquals(results.filter((x) => x === `throttled@${A}`).length, 1);
    assertEquals(r.body.data.items.at(-1)!.device, "Safari · iPhone");
    const times = r.body.data.items.map((i) => i.at);
    assertEquals(times, [...times].sort((a, b) => b - a));
    // another customer sees only their own
    const other = await registerUser(srv, "+12025550175", "Other-pass1");
    const theirs = await srv.call<{ items: Attempt[] }>("/api/user/logins", {
      token: other.token,
    });
    assertEquals(theirs.body.data.items, []);
    // bounded: a flood keeps only the newest entries
    // one source hammering its lock is recorded once per window, not once per request
    for (let i = 0; i < 20; i++) await login(srv, A, { phone, password: "again-" + i });
    const hammered = await srv.call<{ items: Attempt[] }>("/api/user/logins", { token });
    assertEquals(hammered.body.data.items.length, r.body.data.items.length);
    for (let k = 0; k < 9; k++) {
      for (let i = 0; i < 6; i++) await login(srv, `10.1.${k}.1`, { phone, password: "flood" + i });
    }
    const capped = await srv.call<{ items: Attempt[] }>("/api/user/logins", { token });
    assertEquals(capped.body.data.items.length, 50);
    assertEquals(capped.body.data.items[0]!.ip, "10.1.8.1");
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
    const docNumber = "P7700123";
    await srv.call("/api/certify/junior", {
      token,
      body: { name: "Grace Hopper", docType: "passport", docNumber, country: "US" },
    });
    const q = await srv.call<{ items: { id: string; junior: { docNumber: string } }[] }>(
      "/api/admin/certifications?status=authenticating&limit=100",
      { token: op },
    );
    const cert = q.body.data.items.find((i) => i.junior?.docNumber === docNumber)!;
    await srv.call(`/api/admin/certifications/${cert.id}/pass`, { token: op, method: "POST" });
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

Deno.test("nobody can lock the owner out: the probe's 60 guesses from 60 addresses", async (t) => {
  const srv = await startServer({ seed: true, env: PROXY });
  srv.advance(THROTTLE_WINDOW - (srv.deps.now() % THROTTLE_WINDOW) + 1000);
  const HOME = "192.0.2.10";
  const CAFE = "192.0.2.99";
  const guess60 = async (phone: string) => {
    for (let i = 0; i < 60; i++) {
      await login(srv, `10.60.${i}.1`, { phone, password: "guess-" + i });
    }
  };
  try {
    const phone = "+12025550181";
    const twoFa = "+12025550182";
    await registerUser(srv, phone, "Owner-pass1");
    const { token } = await registerUser(srv, twoFa, "TwoFa-pass1");
    const secret = await enableTwoFactor(srv, token);

    // the owner signed in at home before: that browser is a known device
    const before = await login(srv, HOME, { phone, password: "Owner-pass1" });
    assertEquals(before.body.code, 0, JSON.stringify(before.body));
    const device = before.headers.get("x-device-token")!;
    assert(device && device.length >= 40, "a device token is handed out");
    const cookie = before.headers.getSetCookie().find((c) => c.startsWith("tw_device="))!;
    assertMatch(cookie, /HttpOnly/i);
    assertMatch(cookie, /SameSite=Lax/i);
    const deviceCookie = cookie.split(";")[0]!;

    await guess60(phone);
    await guess60(twoFa);

    await t.step("guessing is slowed: the right password from a new device waits", async () => {
      const r = await login(srv, CAFE, { phone, password: "Owner-pass1" });
      assertEquals([r.status, r.body.data.error], [429, "LOCKED"]);
      const wrong = await srv.call("/api/login", {
        body: { phone, password: "guess-x" },
        headers: { ...from(CAFE), "x-device-token": device },
      });
      assertEquals(wrong.body.data.error, "LOCKED", "a known device does not lift it for guesses");
    });

    await t.step("the right password from a known device signs in (header or cookie)", async () => {
      const byHeader = await srv.call("/api/login", {
        body: { phone, password: "Owner-pass1" },
        headers: { ...from(CAFE), "x-device-token": device },
      });
      assertEquals(byHeader.body.code, 0, JSON.stringify(byHeader.body));
      assertEquals(byHeader.headers.get("x-device-token"), device, "the same device stays known");
      const byCookie = await srv.call("/api/login", {
        body: { phone, password: "Owner-pass1" },
        headers: { ...from(`10.60.7.1`), cookie: deviceCookie },
      });
      assertEquals(byCookie.body.code, 0, JSON.stringify(byCookie.body));
    });

    await t.step("another account's device is no known device of this one", async () => {
      const other = "+12025550183";
      await registerUser(srv, other, "Other-pass1");
      const r = await srv.call("/api/login", {
        body: { phone: twoFa, password: "TwoFa-pass1" },
        headers: { ...from(CAFE), "x-device-token": device },
      });
      assertEquals(r.body.data.error, "LOCKED");
    });

    await t.step("the right password with a valid TOTP code signs in from anywhere", async () => {
      const wrongCode = await login(srv, CAFE, {
        phone: twoFa,
        password: "TwoFa-pass1",
        totp: "000000",
      });
      assertEquals(wrongCode.body.data.error, "LOCKED");
      const r = await login(srv, CAFE, {
        phone: twoFa,
        password: "TwoFa-pass1",
        totp: codeAt(srv, secret),
      });
      assertEquals(r.body.code, 0, JSON.stringify(r.body));
    });
  } finally {
    await srv.close();
  }
});

Deno.test("successful sign-ins never use up a source: 25 customers and 25 operator sign-ins from one office", async () => {
  const srv = await startServer({ seed: true, env: PROXY });
  srv.advance(THROTTLE_WINDOW - (srv.deps.now() % THROTTLE_WINDOW) + 1000);
  const OFFICE = "198.51.100.200";
  try {
    for (let i = 0; i < 25; i++) {
      const r = await srv.call("/api/admin/login", {
        body: { username: "ops", password: "Ops-2026-demo", totp: codeAt(srv, DEMO_TOTP_SECRET) },
        headers: from(OFFICE),
      });
      assertEquals(r.body.code, 0, `operator sign-in ${i + 1}: ${JSON.stringify(r.body)}`);
      srv.advance(31_000); // each code works once: the next sign-in uses the next step
    }
    const phone = "+12025550191";
    await registerUser(srv, phone, "Office-pass1");
    for (let i = 0; i < 35; i++) {
      const r = await login(srv, OFFICE, { phone, password: "Office-pass1" });
      assertEquals(r.body.code, 0, `customer sign-in ${i + 1}: ${JSON.stringify(r.body)}`);
    }
  } finally {
    await srv.close();
  }
});

/**
 * The anti-phishing word is the customer's setting (another part of the issue); here it is put
 * on the account as that setting stores it (the user record's `antiPhishing`).
 */
async function setAntiPhishing(srv: TestServer, userId: string, word: string) {
  const key = ["demo", "accounts", "user", userId];
  const u = await srv.kv.get<Record<string, unknown>>(key);
  await srv.kv.set(key, { ...u.value!, antiPhishing: word });
}

Deno.test("the sign-in page shows the anti-phishing word to a known device of the account only", async () => {
  const srv = await startServer({ env: PROXY });
  try {
    const phone = "+12025550193";
    const other = "+12025550194";
    const { user } = await registerUser(srv, phone, "Hint-pass1");
    await registerUser(srv, other, "Other-pass1");
    await setAntiPhishing(srv, user.userId, "blue-heron");
    const signedIn = await login(srv, A, { phone, password: "Hint-pass1" });
    const device = signedIn.headers.get("x-device-token")!;
    const hint = (p: string, headers: Record<string, string> = {}) =>
      srv.call<{ antiPhishing: string | null }>("/api/login/hint", {
        body: { phone: p },
        headers: { ...from(B), ...headers },
      });
    const mine = await hint(phone, { "x-device-token": device });
    assertEquals(mine.body.data, { antiPhishing: "blue-heron" });
    const cookie = await hint(phone, { cookie: `tw_device=${device}` });
    assertEquals(cookie.body.data.antiPhishing, "blue-heron");
    // anyone else: nothing, and the same answer whether or not the phone has an account
    const replies = await Promise.all([
      hint(phone),
      hint(phone, { "x-device-token": "not-a-device-token-of-anyone-at-all-000000" }),
      hint(other, { "x-device-token": device }),
      hint("+12025550199", { "x-device-token": device }),
      hint("+12025550199"),
    ]);
    for (const r of replies) {
      assertEquals([r.status, r.body.code, r.body.data], [200, 0, { antiPhishing: null }]);
    }
  } finally {
    await srv.close();
  }
});
