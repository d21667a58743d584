import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import {
  AntiPhishingBody,
  ChangePasswordBody,
  DeviceSessionList,
  Done,
  DrawPasswordBody,
  LoginAttemptList,
  LoginBody,
  RegisterBody,
  ResetPasswordBody,
  SignInHint,
  SignInHintBody,
  SmsCodeBody,
  SmsCodeReply,
  TwoFactorCodeBody,
  TwoFactorSetup,
  UserInfo,
} from "../../contract/customers.ts";
import { type ClientMeta, LOGIN_LOG_SIZE, userInfo } from "../../edge/customers/service.ts";
import {
  type AppEnv,
  type Ctx,
  DEVICE_COOKIE,
  DEVICE_HEADER,
  SESSION_COOKIE,
} from "../../edge/http/context.ts";
import { DEVICE_TTL_MS } from "../../edge/customers/devices.ts";
import { devicesRead } from "../../edge/customers/sessions.ts";
import { ok } from "../../edge/http/envelope.ts";
import { reading, sessionOf, signedIn, signedInLive } from "../../edge/http/middleware.ts";
import { AUTH_ERRORS, err, ERRORS, jsonBody, okReply } from "./openapi.ts";

const tags = ["accounts"];

/** Hand a new session to the client: `authorization` header (the spec) and HttpOnly cookie. */
function issueSession(c: Ctx, token: string, expiresAt: number) {
  c.header("authorization", token);
  c.header("Cache-Control", "no-store");
  setCookie(c, SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: "Lax",
    secure: c.get("secure"),
    path: "/",
    expires: new Date(expiresAt),
  });
}

/**
 * Hand the signed-in device its known-device token (devices.ts): an HttpOnly cookie for
 * browsers, the `x-device-token` header for API clients (which send it back the same way).
 */
function issueDevice(c: Ctx, device: string) {
  c.header(DEVICE_HEADER, device);
  setCookie(c, DEVICE_COOKIE, device, {
    httpOnly: true,
    sameSite: "Lax",
    secure: c.get("secure"),
    path: "/",
    maxAge: DEVICE_TTL_MS / 1000,
  });
}

/**
 * After a registration or a sign-in: a visitor trying demo mode keeps their demo account (and
 * its history) as the customer's, then the new session and the device's token go to the client.
 */
async function signedInAs(
  c: Ctx,
  visitor: Awaited<ReturnType<typeof sessionOf>>,
  r: { user: Parameters<typeof userInfo>[0]; token: string; expiresAt: number; device: string },
) {
  if (visitor) await c.get("deps").demo.adopt(c.get("tenant").id, visitor, r.user.userId);
  issueSession(c, r.token, r.expiresAt);
  issueDevice(c, r.device);
  return userInfo(r.user);
}

/** The known-device token the client sent back: the header (API clients), else the cookie. */
function deviceOf(c: Ctx): string | null {
  return c.req.header(DEVICE_HEADER) ?? getCookie(c, DEVICE_COOKIE) ?? null;
}

/** Where the request comes from (the platform's client IP), on what (User-Agent), which device. */
function clientMeta(c: Ctx): ClientMeta {
  return { ip: c.get("ip"), userAgent: c.req.header("user-agent") ?? "", device: deviceOf(c) };
}

function dropSessionCookie<E extends AppEnv>(c: Context<E>) {
  deleteCookie(c, SESSION_COOKIE, { path: "/", secure: c.get("secure") });
}

export const accountsApi = new OpenAPIHono<AppEnv>()
  .openapi(
    createRoute({
      method: "post",
      path: "/sms/code",
      tags,
      summary: "Send a verification code (answer never reveals whether the phone is registered)",
      request: jsonBody(SmsCodeBody),
      responses: {
        ...okReply(SmsCodeReply),
        ...ERRORS,
        503: err("SMS_SEND_FAILED: the SMS provider did not take the message (retry at once)"),
      },
    }),
    async (c) => {
      const { phone, purpose } = c.req.valid("json");
      const r = await c.get("deps").accounts.sendCode(
        c.get("tenant"),
        phone,
        purpose,
        c.get("ip"),
        c.get("locale"),
      );
      return ok(c, r);
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/register",
      tags,
      summary: "Register with phone, SMS code and password; logs in",
      request: jsonBody(RegisterBody),
      responses: { ...okReply(UserInfo), ...ERRORS },
    }),
    async (c) => {
      const body = c.req.valid("json");
      const visitor = await sessionOf(c);
      const r = await c.get("deps").accounts.register(c.get("tenant"), body, clientMeta(c));
      return ok(c, await signedInAs(c, visitor, r));
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/login",
      tags,
      summary:
        "Log in; token in the `authorization` response header, user info in data, this device's known-device token in `x-device-token` (and the HttpOnly `tw_device` cookie): send it back in that header to pass sign-in limits with the right password. With two-factor on, a correct password without `totp` answers 400 TOTP_REQUIRED: send phone, password and totp again",
      request: jsonBody(LoginBody),
      responses: { ...okReply(UserInfo), ...ERRORS },
    }),
    async (c) => {
      const { phone, password, totp } = c.req.valid("json");
      const r = await c.get("deps").accounts.login(
        c.get("tenant"),
        phone,
        password,
        clientMeta(c),
        totp,
      );
      return ok(c, await signedInAs(c, await sessionOf(c), r));
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/login/hint",
      tags,
      summary:
        "What the sign-in page shows once the phone is entered: the customer's anti-phishing word, only to a known device of that account (cookie or `x-device-token`); null for everyone else, whether or not the phone has an account",
      request: jsonBody(SignInHintBody),
      responses: { ...okReply(SignInHint), ...ERRORS },
    }),
    async (c) => {
      const { phone } = c.req.valid("json");
      c.header("Cache-Control", "no-store");
      return ok(c, await c.get("deps").accounts.signInHint(c.get("tenant").id, phone, deviceOf(c)));
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/logout",
      tags,
      summary: "End this session (idempotent)",
      request: jsonBody(z.strictObject({})),
      responses: { ...okReply(Done), ...ERRORS },
    }),
    async (c) => {
      const s = await sessionOf(c);
      if (s) await c.get("deps").accounts.logout(c.get("tenant").id, s);
      dropSessionCookie(c);
      return ok(c, {});
    },
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/user/info",
      tags,
      summary: "The signed-in customer",
      middleware: signedIn,
      responses: { ...okReply(UserInfo), ...AUTH_ERRORS },
    }),
    (c) => ok(c, userInfo(c.var.session.user)),
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/user/password",
      tags,
      summary: "Change the login password; ends every session",
      middleware: signedInLive,
      request: jsonBody(ChangePasswordBody),
      responses: { ...okReply(Done), ...AUTH_ERRORS },
    }),
    async (c) => {
      const s = c.var.session;
      const { oldPassword, newPassword } = c.req.valid("json");
      await c.get("deps").accounts.changePassword(c.get("tenant").id, s, oldPassword, newPassword);
      dropSessionCookie(c);
      return ok(c, {});
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/user/password/reset",
      tags,
      summary: "Reset a forgotten password by SMS code; ends every session",
      request: jsonBody(ResetPasswordBody),
      responses: { ...okReply(Done), ...ERRORS },
    }),
    async (c) => {
      const { phone, code, newPassword } = c.req.valid("json");
      await c.get("deps").accounts.resetPassword(c.get("tenant"), phone, code, newPassword);
      return ok(c, {});
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/user/draw-password",
      tags,
      summary:
        "Set or change the 6-digit withdrawal password; needs the SMS code of /user/security-code (`code`), or `totp` when two-factor is on",
      middleware: signedInLive,
      request: jsonBody(DrawPasswordBody),
      responses: { ...okReply(UserInfo), ...AUTH_ERRORS },
    }),
    async (c) => {
      const s = c.var.session;
      const { password, oldPassword, code, totp } = c.req.valid("json");
      const u = await c.get("deps").accounts.setDrawPassword(
        c.get("tenant").id,
        s,
        password,
        oldPassword,
        { code, totp },
      );
      return ok(c, userInfo(u));
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/user/security-code",
      tags,
      summary:
        "Send the signed-in customer an SMS code (to their own phone) that confirms a change to money settings: withdrawal password, payment method, anti-phishing code",
      middleware: signedInLive,
      request: jsonBody(z.strictObject({})),
      responses: {
        ...okReply(SmsCodeReply),
        ...AUTH_ERRORS,
        503: err("SMS_SEND_FAILED: the SMS provider did not take the message (retry at once)"),
      },
    }),
    async (c) => {
      const r = await c.get("deps").accounts.sendSecurityCode(
        c.get("tenant"),
        c.var.session,
        c.get("ip"),
        c.get("locale"),
      );
      return ok(c, r);
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/user/anti-phishing",
      tags,
      summary:
        "Set or change the anti-phishing code (4-20 letters or digits) shown in every SMS and message; needs the SMS code of /user/security-code, or totp when two-factor is on",
      middleware: signedInLive,
      request: jsonBody(AntiPhishingBody),
      responses: { ...okReply(UserInfo), ...AUTH_ERRORS },
    }),
    async (c) => {
      const { word, code, totp } = c.req.valid("json");
      const u = await c.get("deps").accounts.setAntiPhishing(
        c.get("tenant").id,
        c.var.session,
        word,
        { code, totp },
      );
      return ok(c, userInfo(u));
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/user/2fa/setup",
      tags,
      summary:
        "Start two-factor sign-in: a new TOTP secret and its otpauth URI (shown once; on after /enable)",
      middleware: signedInLive,
      request: jsonBody(z.strictObject({})),
      responses: { ...okReply(TwoFactorSetup), ...AUTH_ERRORS },
    }),
    async (c) => {
      const s = c.var.session;
      c.header("Cache-Control", "no-store");
      const r = await c.get("deps").accounts.setupTwoFactor(
        c.get("tenant").id,
        s,
        c.get("tenant").name,
      );
      return ok(c, r);
    },
  );

/** Two-factor sign-in on (a code from the secret of /setup) or off (a current code). */
for (const turn of ["enable", "disable"] as const) {
  accountsApi.openapi(
    createRoute({
      method: "post",
      path: `/user/2fa/${turn}`,
      tags,
      summary: turn === "enable"
        ? "Turn two-factor on with a code from the secret of /setup (each code works once)"
        : "Turn two-factor off with a current code (each code works once)",
      middleware: signedInLive,
      request: jsonBody(TwoFactorCodeBody),
      responses: { ...okReply(UserInfo), ...AUTH_ERRORS },
    }),
    async (c) => {
      const { code } = c.req.valid("json");
      const u = await c.var.deps.accounts[`${turn}TwoFactor` as const](
        c.var.tenant.id,
        c.var.session,
        code,
      );
      return ok(c, userInfo(u));
    },
  );
}

accountsApi
  .openapi(
    createRoute({
      method: "get",
      path: "/user/sessions",
      tags,
      summary: "Signed-in devices (live sessions), newest first; `current` marks this one",
      middleware: [
        reading((c, uid) => [devicesRead(c.var.tenant.id, uid)]),
        ...signedInLive,
      ] as const,
      responses: {
        ...okReply(DeviceSessionList),
        ...AUTH_ERRORS,
      },
    }),
    async (c) => {
      const s = c.var.session;
      return ok(c, { items: await c.get("deps").accounts.sessions(c.get("tenant").id, s) });
    },
  )
  .openapi(
    createRoute({
      method: "delete",
      path: "/user/sessions/{id}",
      tags,
      summary: "Sign one device out (its token then answers -99); another's session is 404",
      middleware: signedInLive,
      request: { params: z.object({ id: z.string().regex(/^[0-9a-f]{24}$/) }) },
      responses: { ...okReply(Done), ...AUTH_ERRORS },
    }),
    async (c) => {
      const s = c.var.session;
      const { id } = c.req.valid("param");
      await c.get("deps").accounts.revokeSession(c.get("tenant").id, s, id);
      return ok(c, {});
    },
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/user/logins",
      tags,
      summary:
        `Recent sign-in attempts (at most ${LOGIN_LOG_SIZE}, 90 days), newest first: success, wrongPassword, totpFailed, throttled`,
      middleware: [
        reading((c, uid) => [c.var.deps.accounts.loginsRead(c.var.tenant.id, uid)]),
        ...signedInLive,
      ] as const,
      responses: {
        ...okReply(LoginAttemptList),
        ...AUTH_ERRORS,
      },
    }),
    async (c) => {
      const s = c.var.session;
      return ok(c, { items: await c.get("deps").accounts.logins(c.get("tenant").id, s) });
    },
  );
