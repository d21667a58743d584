/**
 * Issue 11 item 9: the development outbox answers only this machine's own browser, a real SMS
 * provider (Twilio-compatible Messages API) sends codes, production refuses the dev sender, and
 * per-IP throttles cannot be dodged by rotating forwarding headers.
 */
import { assert, assertEquals, assertMatch } from "../assert.ts";
import { loadConfig } from "../../edge/platform/config.ts";
import { lastCode, runMain, startServer } from "../server.ts";

/** A local server speaking the Twilio Messages API; `mode` decides how it answers. */
function fakeProvider(account: string, token: string) {
  const received: { to: string; from: string; body: string }[] = [];
  const state = { mode: "ok" as "ok" | "fail" | "hang" };
  let release: () => void = () => {};
  const hung = new Promise<void>((r) => release = r);
  const server = Deno.serve({ port: 0, hostname: "127.0.0.1", onListen: () => {} }, async (req) => {
    const url = new URL(req.url);
    if (req.method !== "POST" || url.pathname !== `/2010-04-01/Accounts/${account}/Messages.json`) {
      return Response.json({ code: 20404, message: "not found", status: 404 }, { status: 404 });
    }
    if (req.headers.get("authorization") !== `Basic ${btoa(`${account}:${token}`)}`) {
      return Response.json({ code: 20003, message: "Authenticate", status: 401 }, { status: 401 });
    }
    if (state.mode === "hang") {
      await hung;
      return new Response("late", { status: 500 });
    }
    if (state.mode === "fail") {
      return Response.json({ code: 30008, message: "Unknown error", status: 500 }, { status: 500 });
    }
    assertEquals(req.headers.get("content-type"), "application/x-www-form-urlencoded");
    const form = new URLSearchParams(await req.text());
    received.push({ to: form.get("To")!, from: form.get("From")!, body: form.get("Body")! });
    return Response.json({ sid: `SM${received.length}`, status: "queued" }, { status: 201 });
  });
  return {
    base: `http://127.0.0.1:${server.addr.port}`,
    received,
    state,
    async close() {
      release();
      await server.shutdown();
    },
  };
}

Deno.test("SMS codes go out through a Twilio-compatible HTTP provider", async (t) => {
  const provider = fakeProvider("AC0123456789", "s3cret-token");
  const srv = await startServer({
    env: {
      SMS_SENDER: "http",
      SMS_API_URL: provider.base,
      SMS_ACCOUNT: "AC0123456789",
      SMS_TOKEN: "s3cret-token",
      SMS_FROM: "+15005550006",
      SMS_TIMEOUT_MS: "300",
    },
  });
  try {
    await t.step("the code arrives at the provider and registers the account", async () => {
      const phone = "+12025550161";
      const sent = await srv.call("/api/sms/code", {
        body: { phone, purpose: "register" },
        headers: { "accept-language": "de" },
      });
      assertEquals(sent.body.code, 0);
      assertEquals(provider.received.length, 1);
      const msg = provider.received[0]!;
      assertEquals(msg.to, phone);
      assertEquals(msg.from, "+15005550006");
      // in the requester's language
      assertMatch(msg.body, /Bestätigungscode lautet \d{6}/);
      const code = /(\d{6})/.exec(msg.body)![1];
      const reg = await srv.call("/api/register", {
        body: { phone, code, password: "Passw0rd!", agree: true },
      });
      assertEquals(reg.body.code, 0);
    });

    await t.step("no dev outbox while a real sender is configured", async () => {
      const r = await srv.page("/dev/outbox?format=json");
      assertEquals(r.status, 404);
      await r.body?.cancel();
    });

    await t.step("a reset for an unknown phone gets a notice, never a code", async () => {
      const r = await srv.call("/api/sms/code", {
        body: { phone: "+12025550162", purpose: "reset" },
      });
      assertEquals(r.body.code, 0);
      const msg = provider.received.at(-1)!;
      assertEquals(msg.to, "+12025550162");
      assert(!/\d{6}/.test(msg.body), msg.body);
    });

    for (const mode of ["fail", "hang"] as const) {
      await t.step(`a provider that ${mode}s: clear error, the phone's slot is kept`, async () => {
        const phone = mode === "fail" ? "+12025550163" : "+12025550164";
        provider.state.mode = mode;
        const r = await srv.call("/api/sms/code", {
          body: { phone, purpose: "register" },
          headers: { "accept-language": "de" },
        });
        assertEquals(r.status, 503);
        assertEquals(r.body.data.error, "SMS_SEND_FAILED");
        assertEquals(
          r.body.message,
          "Die SMS konnte nicht gesendet werden. Bitte versuchen Sie es gleich noch einmal.",
        );
        // the customer retries at once when the provider is back (no "wait a minute")
        provider.state.mode = "ok";
        const again = await srv.call("/api/sms/code", { body: { phone, purpose: "register" } });
        assertEquals(again.body.code, 0);
        assertEquals(provider.received.at(-1)!.to, phone);
        // and the per-phone limit still holds afterwards
        const third = await srv.call("/api/sms/code", { body: { phone, purpose: "register" } });
        assertEquals(third.status, 429);
      });
    }
  } finally {
    await srv.close();
    await provider.close();
  }
});

Deno.test("the dev outbox answers only a loopback peer without forwarding headers", async () => {
  for (const trust of [undefined, "1"]) {
    const srv = await startServer({ env: trust ? { TRUST_PROXY: trust } : {} });
    try {
      const local = await srv.page("/dev/outbox?format=json");
      assertEquals(local.status, 200);
      await local.body?.cancel();
      // a proxy on this host connects from loopback too: whatever it forwards is refused
      for (
        const h of <Record<string, string>[]> [
          { "x-forwarded-for": "127.0.0.1" },
          { "x-forwarded-for": "203.0.113.9, 127.0.0.1" },
          { forwarded: "for=127.0.0.1" },
          { "x-real-ip": "127.0.0.1" },
          { "x-forwarded-host": "localhost" },
        ]
      ) {
        const r = await srv.page("/dev/outbox?format=json", { headers: h });
        assertEquals(r.status, 404, `TRUST_PROXY=${trust} ${JSON.stringify(h)}`);
        await r.body?.cancel();
      }
    } finally {
      await srv.close();
    }
  }
});

/** An address of this machine other than loopback, to connect from a non-loopback peer. */
function outsideAddress(): string | null {
  return Deno.networkInterfaces().find((i) => i.family === "IPv4" && !i.address.startsWith("127."))
    ?.address ?? null;
}

Deno.test("the dev outbox is refused to a peer that is not loopback", async () => {
  const addr = outsideAddress();
  if (!addr) return; // a machine with loopback only cannot make a non-loopback peer
  const srv = await startServer({ hostname: "0.0.0.0", env: { TRUST_PROXY: "1" } });
  try {
    const port = new URL(srv.base).port;
    const r = await fetch(`http://${addr}:${port}/dev/outbox?format=json`);
    assertEquals(r.status, 404);
    await r.body?.cancel();
  } finally {
    await srv.close();
  }
});

Deno.test("rotating X-Forwarded-For does not reset the per-IP code limit", async (t) => {
  // 20 codes per IP per hour: the 21st request must be refused whatever the headers say
  const burst = async (send: (i: number, xff: string) => Promise<number>) => {
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) statuses.push(await send(i, `198.18.${i}.${i + 1}`));
    return statuses;
  };
  const phone = (i: number) => `+1202555${String(200 + i).padStart(4, "0")}`;

  await t.step("without TRUST_PROXY forwarding headers are ignored", async () => {
    const srv = await startServer();
    try {
      const s = await burst(async (i, xff) =>
        (await srv.call("/api/sms/code", {
          body: { phone: phone(i), purpose: "register" },
          headers: { "x-forwarded-for": xff, "x-real-ip": xff, forwarded: `for=${xff}` },
        })).status
      );
      assertEquals(s.slice(0, 20).every((x) => x === 200), true, String(s));
      assertEquals(s[20], 429);
    } finally {
      await srv.close();
    }
  });

  await t.step("with TRUST_PROXY the client cannot choose the hop our proxy writes", async () => {
    const srv = await startServer({ env: { TRUST_PROXY: "1" } });
    try {
      // the same-host proxy appends the address it saw; the rest is the client's to choose
      const s = await burst(async (i, xff) =>
        (await srv.call("/api/sms/code", {
          body: { phone: phone(i), purpose: "register" },
          headers: { "x-forwarded-for": `${xff}, 198.51.100.7` },
        })).status
      );
      assertEquals(s[20], 429, String(s));
    } finally {
      await srv.close();
    }
  });

  await t.step("TRUST_PROXY=hops:2 takes the address the outer proxy saw", async () => {
    const srv = await startServer({ env: { TRUST_PROXY: "hops:2" } });
    try {
      const s = await burst(async (i, xff) =>
        (await srv.call("/api/sms/code", {
          body: { phone: phone(i), purpose: "register" },
          headers: { "x-forwarded-for": `${xff}, 198.51.100.7, 10.0.0.2` },
        })).status
      );
      assertEquals(s[20], 429, String(s));
    } finally {
      await srv.close();
    }
  });

  await t.step(
    "with TRUST_PROXY a client reaching the app directly is its socket address",
    async () => {
      const addr = outsideAddress();
      if (!addr) return;
      const srv = await startServer({ hostname: "0.0.0.0", env: { TRUST_PROXY: "1" } });
      try {
        const base = `http://${addr}:${new URL(srv.base).port}`;
        const s = await burst(async (i, xff) => {
          const r = await fetch(`${base}/api/sms/code`, {
            method: "POST",
            headers: { "content-type": "application/json", "x-forwarded-for": xff },
            body: JSON.stringify({ phone: phone(i), purpose: "register" }),
          });
          await r.body?.cancel();
          return r.status;
        });
        assertEquals(s[20], 429, String(s));
      } finally {
        await srv.close();
      }
    },
  );
});

Deno.test("production refuses to start with the development SMS sender", async (t) => {
  for (
    const [name, env] of [
      ["no sender named", { APP_ENV: "production" }],
      ["the dev sender", { APP_ENV: "production", SMS_SENDER: "dev" }],
      ["an http sender without credentials", { APP_ENV: "production", SMS_SENDER: "http" }],
    ] as const
  ) {
    await t.step(name, async () => {
      const r = await runMain(env);
      assertEquals(r.code, 1);
      assertMatch(r.err, /SMS_SENDER/);
    });
  }
});

Deno.test("production takes the dev sender only when explicitly allowed", () => {
  const env: Record<string, string> = {
    APP_ENV: "production",
    SMS_SENDER: "dev",
    ALLOW_DEV_SMS: "1",
  };
  assertEquals(loadConfig((k) => env[k]).smsSender, "dev");
});

Deno.test("outside production the dev sender is the default (a fresh start works)", async () => {
  const srv = await startServer();
  try {
    const phone = "+12025550165";
    await srv.call("/api/sms/code", { body: { phone, purpose: "register" } });
    assertMatch((await lastCode(srv, phone)) ?? "", /^\d{6}$/);
  } finally {
    await srv.close();
  }
});
