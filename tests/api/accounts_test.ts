import { assert, assertEquals, assertMatch } from "../assert.ts";
import { securityCode } from "./funds_helpers.ts";
import { lastCode, registerUser, startServer } from "../server.ts";

Deno.test("register -> login -> info -> logout, through HTTP", async (t) => {
  const srv = await startServer();
  try {
    const phone = "+447911123456";
    let token = "";
    await t.step("registration needs the SMS code from the outbox", async () => {
      const sent = await srv.call("/api/sms/code", { body: { phone, purpose: "register" } });
      assertEquals(sent.body, { code: 0, message: "ok", data: { resendAfterSeconds: 60 } });
      const code = await lastCode(srv, phone);
      assertMatch(code ?? "", /^\d{6}$/);
      const wrong = await srv.call("/api/register", {
        body: {
          phone,
          code: code === "000000" ? "111111" : "000000",
          password: "Abc123!",
          agree: true,
        },
      });
      assertEquals(wrong.status, 400);
      assertEquals(wrong.body.data.error, "CODE_INVALID");
      const r = await srv.call<{ userId: string; phone: string; certifyLevel: string }>(
        "/api/register",
        { body: { phone, code, password: "Abc123!", agree: true } },
      );
      assertEquals(r.body.code, 0);
      assertEquals(r.body.data.phone, "+4479****456");
      assertEquals(r.body.data.certifyLevel, "none");
      token = r.headers.get("authorization")!;
      assertMatch(token, /^[A-Za-z0-9_-]{43}$/);
      assertMatch(r.headers.get("set-cookie") ?? "", /tw_session=.*HttpOnly.*SameSite=Lax/i);
      // the code is single-use
      const again = await srv.call("/api/register", {
        body: { phone, code, password: "Abc123!", agree: true },
      });
      assertEquals(again.body.data.error, "CODE_INVALID");
    });

    await t.step("the token opens the user info; the cookie does too", async () => {
      const info = await srv.call<{ phone: string; hasDrawPassword: boolean }>("/api/user/info", {
        token,
      });
      assertEquals(info.body.code, 0);
      assertEquals(info.body.data.hasDrawPassword, false);
      const byCookie = await srv.call("/api/user/info", {
        headers: { cookie: `tw_session=${token}` },
      });
      assertEquals(byCookie.body.code, 0);
    });

    await t.step(
      "login: token header + user info; wrong password and unknown phone look alike",
      async () => {
        const ok = await srv.call<{ userId: string }>("/api/login", {
          body: { phone, password: "Abc123!" },
        });
        assertEquals(ok.body.code, 0);
        assert(ok.headers.get("authorization"));
        const wrong = await srv.call("/api/login", { body: { phone, password: "nope-nope" } });
        const unknown = await srv.call("/api/login", {
          body: { phone: "+447911123457", password: "nope-nope" },
        });
        assertEquals(wrong.status, 400);
        assertEquals(wrong.body, unknown.body);
        assertEquals(wrong.body.data.error, "BAD_CREDENTIALS");
      },
    );

    await t.step("logout ends that session only", async () => {
      const other = await srv.call("/api/login", { body: { phone, password: "Abc123!" } });
      const otherToken = other.headers.get("authorization")!;
      const out = await srv.call("/api/logout", { method: "POST", token });
      assertEquals(out.body.code, 0);
      assertEquals((await srv.call("/api/user/info", { token })).body.code, -99);
      assertEquals((await srv.call("/api/user/info", { token: otherToken })).body.code, 0);
      // logout again is harmless
      assertEquals((await srv.call("/api/logout", { method: "POST", token })).body.code, 0);
    });
  } finally {
    await srv.close();
  }
});

Deno.test("no account enumeration through code requests", async () => {
  const srv = await startServer();
  try {
    const { user } = await registerUser(srv, "+12025550123");
    assert(user.userId);
    srv.advance(61_000);
    const taken = await srv.call("/api/sms/code", {
      body: { phone: "+12025550123", purpose: "register" },
    });
    const fresh = await srv.call("/api/sms/code", {
      body: { phone: "+12025550124", purpose: "register" },
    });
    assertEquals(taken.body, fresh.body);
    // the registered phone got a notice, not a code
    assertEquals(await lastCode(srv, "+12025550123"), null);
    const resetUnknown = await srv.call("/api/sms/code", {
      body: { phone: "+12025550125", purpose: "reset" },
    });
    const resetKnown = await srv.call("/api/sms/code", {
      body: { phone: "+12025550123", purpose: "reset" },
    });
    assertEquals(resetUnknown.body, resetKnown.body);
    assertEquals(await lastCode(srv, "+12025550125", "reset"), null);
    assertMatch((await lastCode(srv, "+12025550123", "reset")) ?? "", /^\d{6}$/);
  } finally {
    await srv.close();
  }
});

Deno.test("code requests are throttled per phone", async () => {
  const srv = await startServer();
  try {
    const body = { phone: "+12025550140", purpose: "register" };
    assertEquals((await srv.call("/api/sms/code", { body })).body.code, 0);
    const second = await srv.call("/api/sms/code", { body });
    assertEquals(second.status, 429);
    assertEquals(second.body.data.error, "RATE_LIMITED");
    assert(Number(second.headers.get("retry-after")) > 0);
    srv.advance(61_000);
    assertEquals((await srv.call("/api/sms/code", { body })).body.code, 0);
  } finally {
    await srv.close();
  }
});

Deno.test("a code allows 5 wrong guesses, then it is dead", async () => {
  const srv = await startServer();
  try {
    const phone = "+12025550141";
    await srv.call("/api/sms/code", { body: { phone, purpose: "register" } });
    const code = (await lastCode(srv, phone))!;
    const wrong = code === "123456" ? "654321" : "123456";
    for (let i = 0; i < 5; i++) {
      const r = await srv.call("/api/register", {
        body: { phone, code: wrong, password: "Abc123!", agree: true },
      });
      assertEquals(r.body.data.error, "CODE_INVALID");
    }
    const right = await srv.call("/api/register", {
      body: { phone, code, password: "Abc123!", agree: true },
    });
    assertEquals(right.body.data.error, "CODE_INVALID");
  } finally {
    await srv.close();
  }
});

Deno.test("concurrent code guesses cannot exceed the 5 attempts", async () => {
  const srv = await startServer();
  try {
    const phone = "+12025550151";
    await srv.call("/api/sms/code", { body: { phone, purpose: "register" } });
    const code = (await lastCode(srv, phone))!;
    const wrong = (n: number) => String((Number(code) + 1 + n) % 1_000_000).padStart(6, "0");
    const replies = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        srv.call("/api/register", {
          body: { phone, code: wrong(i), password: "Abc123!", agree: true },
        })),
    );
    assert(replies.every((r) => r.body.data.error === "CODE_INVALID"));
    const right = await srv.call("/api/register", {
      body: { phone, code, password: "Abc123!", agree: true },
    });
    assertEquals(right.body.data.error, "CODE_INVALID");
  } finally {
    await srv.close();
  }
});

Deno.test("login attempts are throttled per account without races", async () => {
  const srv = await startServer();
  try {
    const phone = "+12025550142";
    await registerUser(srv, phone, "Right-pass1");
    const attempts = await Promise.all(
      Array.from(
        { length: 12 },
        () => srv.call("/api/login", { body: { phone, password: "wrong-pass" } }),
      ),
    );
    const verified = attempts.filter((r) => r.body.data.error === "BAD_CREDENTIALS").length;
    const locked = attempts.filter((r) => r.body.data.error === "LOCKED");
    assertEquals(verified, 5);
    assertEquals(locked.length, 7);
    assertEquals(locked[0]!.status, 429);
    assertMatch(locked[0]!.body.message, /Try again in \d+ min/);
    // even the right password waits for the window to pass
    const right = await srv.call("/api/login", { body: { phone, password: "Right-pass1" } });
    assertEquals(right.body.data.error, "LOCKED");
    srv.advance(15 * 60_000);
    const after = await srv.call("/api/login", { body: { phone, password: "Right-pass1" } });
    assertEquals(after.body.code, 0);
  } finally {
    await srv.close();
  }
});

Deno.test("sessions expire when idle and absolutely", async () => {
  const srv = await startServer({ env: { SESSION_IDLE_MINUTES: "30", SESSION_MAX_HOURS: "2" } });
  try {
    const { token } = await registerUser(srv, "+12025550143");
    srv.advance(29 * 60_000);
    assertEquals((await srv.call("/api/user/info", { token })).body.code, 0);
    srv.advance(29 * 60_000); // active 29 min ago: still fine
    assertEquals((await srv.call("/api/user/info", { token })).body.code, 0);
    srv.advance(31 * 60_000);
    assertEquals((await srv.call("/api/user/info", { token })).body.code, -99);

    const second = await srv.call("/api/login", {
      body: { phone: "+12025550143", password: "Passw0rd!" },
    });
    const t2 = second.headers.get("authorization")!;
    for (let i = 0; i < 4; i++) {
      srv.advance(25 * 60_000);
      assertEquals((await srv.call("/api/user/info", { token: t2 })).body.code, 0);
    }
    srv.advance(25 * 60_000); // 125 min after login, active all along: past the 2 h limit
    assertEquals((await srv.call("/api/user/info", { token: t2 })).body.code, -99);
  } finally {
    await srv.close();
  }
});

Deno.test("changing the password ends every session", async () => {
  const srv = await startServer();
  try {
    const phone = "+12025550144";
    const { token } = await registerUser(srv, phone, "Old-pass1");
    const other = (await srv.call("/api/login", { body: { phone, password: "Old-pass1" } }))
      .headers.get("authorization")!;
    const wrongOld = await srv.call("/api/user/password", {
      token,
      body: { oldPassword: "Not-it-1", newPassword: "New-pass1" },
    });
    assertEquals(wrongOld.body.data.error, "WRONG_OLD_PASSWORD");
    const same = await srv.call("/api/user/password", {
      token,
      body: { oldPassword: "Old-pass1", newPassword: "Old-pass1" },
    });
    assertEquals(same.body.data.error, "SAME_PASSWORD");
    const weak = await srv.call("/api/user/password", {
      token,
      body: { oldPassword: "Old-pass1", newPassword: "密码密码密码" },
    });
    assertEquals(weak.body.data.fields?.newPassword !== undefined, true);
    const ok = await srv.call("/api/user/password", {
      token,
      body: { oldPassword: "Old-pass1", newPassword: "New-pass1" },
    });
    assertEquals(ok.body.code, 0);
    assertEquals((await srv.call("/api/user/info", { token })).body.code, -99);
    assertEquals((await srv.call("/api/user/info", { token: other })).body.code, -99);
    assertEquals(
      (await srv.call("/api/login", { body: { phone, password: "Old-pass1" } })).body.data.error,
      "BAD_CREDENTIALS",
    );
    assertEquals(
      (await srv.call("/api/login", { body: { phone, password: "New-pass1" } })).body.code,
      0,
    );
  } finally {
    await srv.close();
  }
});

Deno.test("password reset by SMS code records the time and ends sessions", async () => {
  const srv = await startServer();
  try {
    const phone = "+12025550145";
    const { token } = await registerUser(srv, phone, "Old-pass1");
    await srv.call("/api/sms/code", { body: { phone, purpose: "reset" } });
    const code = (await lastCode(srv, phone, "reset"))!;
    const before = Date.now();
    const r = await srv.call("/api/user/password/reset", {
      body: { phone, code, newPassword: "Reset-pass1" },
    });
    assertEquals(r.body.code, 0);
    assertEquals((await srv.call("/api/user/info", { token })).body.code, -99);
    const login = await srv.call<{ passwordResetAt: number }>("/api/login", {
      body: { phone, password: "Reset-pass1" },
    });
    assertEquals(login.body.code, 0);
    assert(login.body.data.passwordResetAt >= before);
    const reuse = await srv.call("/api/user/password/reset", {
      body: { phone, code, newPassword: "Reset-pass2" },
    });
    assertEquals(reuse.body.data.error, "CODE_INVALID");
  } finally {
    await srv.close();
  }
});

Deno.test("withdrawal password: 6 digits, set then change with the old one", async () => {
  const srv = await startServer();
  try {
    const { token } = await registerUser(srv, "+12025550146");
    const bad = await srv.call("/api/user/draw-password", {
      token,
      body: { password: "12345a", confirm: "12345a" },
    });
    assertEquals(
      bad.body.data.fields?.password,
      "The withdrawal password must be exactly 6 digits",
    );
    const mismatch = await srv.call("/api/user/draw-password", {
      token,
      body: { password: "123456", confirm: "123457" },
    });
    assertEquals(
      mismatch.body.data.fields?.confirm,
      "The two withdrawal passwords do not match",
    );
    const set = await srv.call<{ hasDrawPassword: boolean }>("/api/user/draw-password", {
      token,
      body: { password: "123456", confirm: "123456", code: await securityCode(srv, token) },
    });
    assertEquals(set.body.data.hasDrawPassword, true);
    const noOld = await srv.call("/api/user/draw-password", {
      token,
      body: { password: "654321", confirm: "654321" },
    });
    assertEquals(noOld.status, 400);
    assert(noOld.body.data.fields?.oldPassword);
    const wrongOld = await srv.call("/api/user/draw-password", {
      token,
      body: { password: "654321", confirm: "654321", oldPassword: "000000" },
    });
    assertEquals(wrongOld.body.data.error, "DRAW_PASSWORD_WRONG");
    const change = await srv.call("/api/user/draw-password", {
      token,
      body: {
        password: "654321",
        confirm: "654321",
        oldPassword: "123456",
        code: await securityCode(srv, token),
      },
    });
    assertEquals(change.body.code, 0);
    const unauth = await srv.call("/api/user/draw-password", {
      body: { password: "654321", confirm: "654321" },
    });
    assertEquals(unauth.body.code, -99);
  } finally {
    await srv.close();
  }
});

Deno.test("invitation code policy per tenant", async () => {
  const srv = await startServer({
    tenants: {
      defaultTenant: "demo",
      tenants: [
        { id: "demo", name: "Demo", invitePolicy: "required", inviteCodes: ["AGENT7"] },
      ],
    },
  });
  try {
    const phone = "+12025550147";
    await srv.call("/api/sms/code", { body: { phone, purpose: "register" } });
    const code = (await lastCode(srv, phone))!;
    const missing = await srv.call("/api/register", {
      body: { phone, code, password: "Abc123!", agree: true },
    });
    assertEquals(missing.body.data.fields?.inviteCode, "Enter the invitation code");
    const wrong = await srv.call("/api/register", {
      body: { phone, code, password: "Abc123!", agree: true, inviteCode: "NOPE99" },
    });
    assertEquals(wrong.body.data.error, "INVITE_INVALID");
    const agent = await srv.call<{ inviteCode: string }>("/api/register", {
      body: { phone, code, password: "Abc123!", agree: true, inviteCode: "agent7" },
    });
    assertEquals(agent.body.code, 0);
    // a customer's own code invites too
    const invited = await registerUser(srv, "+12025550148", "Abc123!", {
      inviteCode: agent.body.data.inviteCode,
    });
    assert(invited.user.userId);
  } finally {
    await srv.close();
  }
});

Deno.test("agreement must be ticked; locale preference is stored", async () => {
  const srv = await startServer();
  try {
    const r = await srv.call("/api/register", {
      body: { phone: "+12025550149", code: "123456", password: "Abc123!", agree: false },
      headers: { "accept-language": "ja" },
    });
    assertEquals(r.status, 400);
    assertEquals(r.body.data.fields?.agree !== undefined, true);
    assert(!/[a-z]{4}/.test(r.body.data.fields!.agree!), "Japanese message");

    const { token } = await registerUser(srv, "+12025550150");
    const set = await srv.call("/api/locale", { token, body: { locale: "ko" } });
    assertMatch(set.headers.get("set-cookie") ?? "", /wplocale=ko/);
    const info = await srv.call<{ locale: string }>("/api/user/info", { token });
    assertEquals(info.body.data.locale, "ko");
    const bad = await srv.call("/api/locale", { body: { locale: "xx" } });
    assertEquals(bad.status, 400);
  } finally {
    await srv.close();
  }
});
