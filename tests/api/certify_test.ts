/**
 * Identity verification (junior, advanced, rejection, resubmission) and payment methods through
 * HTTP.
 */
import { assert, assertEquals } from "../assert.ts";
import { operatorToken, operatorWithRoles } from "../operator.ts";
import { registerUser, startServer } from "../server.ts";
import { securityCode, upload, verifyJunior } from "./funds_helpers.ts";

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
        body: { name: "Grace Hopper", docType: "idCard", docNumber: "AB 123-456", country: "US" },
      });
      assertEquals(r.body.data.junior.status, "authenticating");
      const again = await srv.call("/api/certify/junior", {
        token,
        body: { name: "Grace Hopper", docType: "idCard", docNumber: "AB123456", country: "US" },
      });
      assertEquals(again.body.data.error, "CERTIFY_PENDING");
      const stolen = await srv.call("/api/certify/junior", {
        token: other.token,
        body: { name: "Someone Else", docType: "idCard", docNumber: "ab123456", country: "US" },
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
        body: { name: "Grace Hopper", docType: "idCard", docNumber: "AB123456", country: "US" },
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
          body: { name: "Grace Hopper", docType: "idCard", docNumber: "AB123456", country: "US" },
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
      { token, body: { ...card, holder: "alan  turing", code: await securityCode(srv, token) } },
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
        code: await securityCode(srv, token),
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
