/**
 * Issue 25 item 8: money settings need more than a session. Setting or changing the withdrawal
 * password, binding a payment method, turning two-factor off and setting the anti-phishing code
 * need a fresh second factor (the `security` SMS code, or TOTP when two-factor is on), used once;
 * a newly bound method receives no withdrawal for 24 hours; each change writes the customer a
 * message; the anti-phishing code leads every later SMS and shows with every message.
 */
import * as OTPAuth from "otpauth";
import { assert, assertEquals, assertMatch } from "../assert.ts";
import { operatorToken } from "../operator.ts";
import { DESKTOP_UA, registerUser, signIn, startServer, type TestServer } from "../server.ts";
import { SESSION_COOKIE } from "../../edge/http/context.ts";
import { balance, bindMethod, securityCode, usdtAddress, verifyJunior } from "./funds_helpers.ts";

type Info = { hasDrawPassword: boolean; twoFactor: boolean; antiPhishing: string | null };
type MessageItem = { kind: string; title: string; antiPhishing: string | null };

const info = async (srv: TestServer, token: string) =>
  (await srv.call<Info>("/api/user/info", { token })).body.data;
const messages = async (srv: TestServer, token: string) =>
  (await srv.call<{ items: MessageItem[] }>("/api/message", { token })).body.data.items;

function codeAt(srv: TestServer, secret: string) {
  return new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret) }).generate({
    timestamp: srv.deps.now(),
  });
}

/** The newest dev-outbox text to a phone for a purpose. */
async function lastText(srv: TestServer, phone: string, purpose: string) {
  const r = await srv.call<{ items: { phone: string; purpose: string; text?: string }[] }>(
    "/dev/outbox?format=json",
  );
  return r.body.data.items.find((i) => i.phone === phone && i.purpose === purpose)?.text ?? "";
}

Deno.test("withdrawal password: refused without a fresh SMS code, set and changed with one, messaged", async () => {
  const srv = await startServer();
  try {
    const { token } = await registerUser(srv, "+12025550191");
    const body = { password: "135790", confirm: "135790" };

    const bare = await srv.call("/api/user/draw-password", { token, body });
    assertEquals([bare.status, bare.body.data.error], [400, "SECURITY_CODE_REQUIRED"]);
    assert(bare.body.data.fields?.code, JSON.stringify(bare.body));
    assertEquals((await info(srv, token)).hasDrawPassword, false);

    await srv.call("/api/user/security-code", { token, body: {} });
    const wrong = await srv.call("/api/user/draw-password", {
      token,
      body: { ...body, code: "000000" },
    });
    assertEquals(wrong.body.data.error, "CODE_INVALID");
    assertEquals((await info(srv, token)).hasDrawPassword, false);
    assertEquals(await messages(srv, token), []);

    const code = await securityCode(srv, token);
    const set = await srv.call("/api/user/draw-password", { token, body: { ...body, code } });
    assertEquals(set.body.code, 0, JSON.stringify(set.body));
    assertEquals((await info(srv, token)).hasDrawPassword, true);
    assertEquals((await messages(srv, token)).map((m) => m.kind), ["drawPasswordSet"]);

    // the code was used up by the change: a second change needs a new one
    const change = { password: "246810", confirm: "246810", oldPassword: "135790" };
    const again = await srv.call("/api/user/draw-password", { token, body: { ...change, code } });
    assertEquals(again.body.data.error, "CODE_INVALID");
    const changed = await srv.call("/api/user/draw-password", {
      token,
      body: { ...change, code: await securityCode(srv, token) },
    });
    assertEquals(changed.body.code, 0, JSON.stringify(changed.body));
    assertEquals((await messages(srv, token)).map((m) => m.kind), [
      "drawPasswordChanged",
      "drawPasswordSet",
    ]);
  } finally {
    await srv.close();
  }
});

Deno.test("payment method: bound only with a fresh code, messaged, no withdrawal to it for 24 hours", async () => {
  const srv = await startServer({ seed: true });
  try {
    const op = await operatorToken(srv);
    const login = () => signIn(srv);
    let token = await login();
    await verifyJunior(srv, token, op, "Ada Lovelace");
    const address = usdtAddress();

    const bare = await srv.call("/api/payment-methods", { token, body: address });
    assertEquals([bare.status, bare.body.data.error], [400, "SECURITY_CODE_REQUIRED"]);
    const wrong = await srv.call("/api/payment-methods", {
      token,
      body: { ...address, code: "000000" },
    });
    assertEquals(wrong.body.data.error, "CODE_INVALID");
    const none = await srv.call<{ items: unknown[] }>("/api/payment-methods", { token });
    assertEquals(none.body.data.items, []);

    const boundAt = srv.deps.now();
    const m = await bindMethod(srv, token, address, { hold: true });
    assertEquals(m.usableAt >= boundAt + 24 * 3600_000, true);
    assertEquals((await messages(srv, token))[0]?.kind, "methodBound");
    const preview = await srv.call<{ methods: { id: string; usableAt: number }[] }>(
      "/api/withdraw/preview",
      { token },
    );
    assertEquals(preview.body.data.methods.map((x) => [x.id, x.usableAt]), [[m.id, m.usableAt]]);

    // an hour later: refused, naming when it becomes usable; nothing frozen
    srv.advance(3600_000);
    const before = await balance(srv, token);
    const body = { methodId: m.id, amount: "50", drawPassword: "246810" };
    const early = await srv.call("/api/withdraw", { token, body });
    assertEquals([early.status, early.body.data.error], [403, "METHOD_ON_HOLD"]);
    assertEquals(early.body.data.usableAt, m.usableAt);
    const until = new Date(m.usableAt).toISOString().slice(0, 16).replace("T", " ");
    assert(early.body.message.includes(until), early.body.message);
    assertEquals(await balance(srv, token), before);

    // a day after binding (the session has expired meanwhile): accepted
    srv.advance(23 * 3600_000);
    token = await login();
    const late = await srv.call<{ status: string }>("/api/withdraw", { token, body });
    assertEquals(late.body.code, 0, JSON.stringify(late.body));
    assertEquals(late.body.data.status, "auditing");
  } finally {
    await srv.close();
  }
});

Deno.test("two-factor on: money settings take a TOTP code; turning it off is messaged", async () => {
  const srv = await startServer();
  try {
    const { token } = await registerUser(srv, "+12025550192");
    const setup = await srv.call<{ secret: string }>("/api/user/2fa/setup", { token, body: {} });
    const secret = setup.body.data.secret;
    const on = await srv.call("/api/user/2fa/enable", {
      token,
      body: { code: codeAt(srv, secret) },
    });
    assertEquals(on.body.code, 0, JSON.stringify(on.body));
    srv.advance(30_000);

    // an SMS code is not enough once the authenticator is enrolled
    const body = { password: "135790", confirm: "135790" };
    const sms = await srv.call("/api/user/draw-password", {
      token,
      body: { ...body, code: await securityCode(srv, token) },
    });
    assertEquals([sms.status, sms.body.data.error], [400, "TOTP_REQUIRED"]);
    assertEquals((await info(srv, token)).hasDrawPassword, false);
    const set = await srv.call("/api/user/draw-password", {
      token,
      body: { ...body, totp: codeAt(srv, secret) },
    });
    assertEquals(set.body.code, 0, JSON.stringify(set.body));
    srv.advance(30_000);

    const bare = await srv.call("/api/user/2fa/disable", { token, body: {} });
    assertEquals(bare.status, 400);
    const wrong = await srv.call("/api/user/2fa/disable", { token, body: { code: "000000" } });
    assertEquals(wrong.body.data.error, "TOTP_INVALID");
    assertEquals((await info(srv, token)).twoFactor, true);
    const off = await srv.call("/api/user/2fa/disable", {
      token,
      body: { code: codeAt(srv, secret) },
    });
    assertEquals(off.body.code, 0, JSON.stringify(off.body));
    assertEquals((await info(srv, token)).twoFactor, false);
    assertEquals((await messages(srv, token)).map((m) => m.kind), [
      "twoFactorOff",
      "drawPasswordSet",
    ]);
  } finally {
    await srv.close();
  }
});

Deno.test("anti-phishing code: set with a fresh code, then in every SMS and message", async () => {
  const srv = await startServer();
  try {
    const phone = "+12025550193";
    const { token } = await registerUser(srv, phone);

    const bare = await srv.call("/api/user/anti-phishing", { token, body: { word: "Tiger42" } });
    assertEquals(bare.body.data.error, "SECURITY_CODE_REQUIRED");
    for (const word of ["abc", "has space", "no-symbols", "x".repeat(21)]) {
      const bad = await srv.call("/api/user/anti-phishing", {
        token,
        body: { word, code: "123456" },
      });
      assertEquals(bad.body.data.error, "VALIDATION", word);
      assert(bad.body.data.fields?.word, word);
    }
    assertEquals((await info(srv, token)).antiPhishing, null);

    const set = await srv.call<Info>("/api/user/anti-phishing", {
      token,
      body: { word: "Tiger42", code: await securityCode(srv, token) },
    });
    assertEquals(set.body.code, 0, JSON.stringify(set.body));
    assertEquals(set.body.data.antiPhishing, "Tiger42");
    const list = await messages(srv, token);
    assertEquals(list.map((m) => [m.kind, m.antiPhishing]), [["antiPhishingSet", "Tiger42"]]);

    // the next SMS of each kind to this phone leads with the word
    await securityCode(srv, token);
    assertMatch(await lastText(srv, phone, "security"), /^\[Anti-phishing code: Tiger42\] .*\d{6}/);
    await srv.call("/api/sms/code", { body: { phone, purpose: "reset" } });
    assertMatch(await lastText(srv, phone, "reset"), /^\[Anti-phishing code: Tiger42\] /);
    await srv.call("/api/sms/code", { body: { phone, purpose: "register" } });
    assertMatch(await lastText(srv, phone, "register"), /^\[Anti-phishing code: Tiger42\] /);
    // another phone's messages do not carry it
    const other = await srv.call("/api/sms/code", {
      body: { phone: "+12025550194", purpose: "register" },
    });
    assertEquals(other.body.code, 0);
    assert(!(await lastText(srv, "+12025550194", "register")).includes("Tiger42"));

    // the message centre shows it with the messages
    const headers = { cookie: `${SESSION_COOKIE}=${token}` };
    for (const [path, ua] of [["/wp/message", undefined], ["/pc/article/message", DESKTOP_UA]]) {
      const page = await (await srv.page(path!, { headers, ua })).text();
      assert(page.includes("Anti-phishing code: Tiger42"), path);
    }
  } finally {
    await srv.close();
  }
});
