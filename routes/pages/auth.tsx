/**
 * The customer's sign-in, registration and password-reset forms with the links between them,
 * one of each for both layouts: only the paths differ (`/wp/user/…` or `/pc/user/…`, home at
 * `/wp/home` or `/pc/home`), so the two sites' forms cannot drift apart.
 */
import { pickTexts } from "../../edge/platform/locale.ts";
import type { Session } from "../../edge/customers/service.ts";
import type { Ctx } from "../../edge/http/context.ts";
import { Island } from "../../edge/render/island.tsx";
import DrawPasswordForm, { DRAW_PASSWORD_TEXTS } from "../../islands/DrawPasswordForm.tsx";
import LoginForm, { LOGIN_TEXTS } from "../../islands/LoginForm.tsx";
import RegisterForm, { REGISTER_TEXTS } from "../../islands/RegisterForm.tsx";
import ResetPasswordForm, { RESET_TEXTS } from "../../islands/ResetPasswordForm.tsx";

type Layout = "wp" | "pc";

export function SignInForm({ c, layout }: { c: Ctx; layout: Layout }) {
  const t = c.get("t");
  return (
    <>
      <Island
        of={LoginForm}
        props={{ tx: pickTexts(t, LOGIN_TEXTS), locale: c.get("locale"), home: `/${layout}/home` }}
      />
      <p class="links">
        <a href={`/${layout}/user/forgetPassword`}>{t("auth.forgotLink")}</a>
        <span>
          {t("auth.noAccount")} <a href={`/${layout}/user/register`}>{t("nav.register")}</a>
        </span>
      </p>
    </>
  );
}

/** Registration; the invitation code comes from the link (`?inviteCode=`), letters and digits. */
export async function SignUpForm({ c, layout }: { c: Ctx; layout: Layout }) {
  const t = c.get("t");
  const tenant = c.get("tenant");
  const invite = (c.req.query("inviteCode") ?? "").replace(/[^A-Za-z0-9]/g, "").slice(0, 16);
  return (
    <>
      <Island
        of={RegisterForm}
        props={{
          tx: pickTexts(t, REGISTER_TEXTS),
          locale: c.get("locale"),
          invitePolicy: tenant.invitePolicy,
          home: `/${layout}/home`,
          inviteCode: invite,
          agreementVersion: await c.get("deps").content.agreementVersion(tenant.id),
        }}
      />
      <p class="links">
        <span>
          {t("auth.haveAccount")} <a href={`/${layout}/user/login`}>{t("nav.login")}</a>
        </span>
      </p>
    </>
  );
}

export function ResetForm({ c, layout }: { c: Ctx; layout: Layout }) {
  const t = c.get("t");
  const login = `/${layout}/user/login`;
  return (
    <>
      <p class="notice">{t("security.resetNotice")}</p>
      <Island
        of={ResetPasswordForm}
        props={{ tx: pickTexts(t, RESET_TEXTS), locale: c.get("locale"), login }}
      />
    </>
  );
}

/** Setting or changing the withdrawal password; `done` is where the form goes after. */
export function DrawPasswordIsland({ c, s, done }: { c: Ctx; s: Session; done: string }) {
  return (
    <Island
      of={DrawPasswordForm}
      props={{
        tx: pickTexts(c.get("t"), DRAW_PASSWORD_TEXTS),
        hasDrawPassword: s.user.drawPasswordHash !== null,
        twoFactor: !!s.user.totpSecret,
        done,
      }}
    />
  );
}
