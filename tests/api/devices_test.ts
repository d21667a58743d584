/**
 * A customer's signed-in devices (listed with device and address, one signed out, another's id
 * not found) and recent sign-ins (successes and failures, bounded), through HTTP.
 */
import { assert, assertEquals } from "../assert.ts";
import { DESKTOP_UA, registerUser, startServer } from "../server.ts";
import { A, B, enableTwoFactor, login, PHONE_UA, PROXY } from "./security_helpers.ts";

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
