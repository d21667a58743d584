import type { ComponentChildren } from "preact";
import type { T } from "../edge/platform/locale.ts";
import { Icon } from "./Icon.tsx";

/** An honest placeholder for a screen whose capability has not shipped yet. */
export function ComingSoon({ t, area }: { t: T; area: string }) {
  return (
    <section class="card soon" data-testid="coming-soon">
      <h2>{t("app.comingSoonTitle")}</h2>
      <p>{t(`soon.${area}`)}</p>
    </section>
  );
}

export function LoginPrompt({ t, layout }: { t: T; layout: "wp" | "pc" }) {
  return (
    <section class="card prompt" data-testid="login-prompt">
      <h2>{t("app.loginPromptTitle")}</h2>
      <p>{t("app.loginPromptBody")}</p>
      <div class="row">
        <a class="btn btn-primary" href={`/${layout}/user/login`}>{t("nav.login")}</a>
        <a class="btn btn-ghost" href={`/${layout}/user/register`}>{t("nav.register")}</a>
      </div>
    </section>
  );
}

export function RiskWarning({ t }: { t: T }) {
  return <p class="risk" role="note">{t("app.riskWarning")}</p>;
}

export function MenuList(
  { items }: { items: { href: string; label: string; hint?: string; testid?: string }[] },
) {
  return (
    <ul class="list">
      {items.map((i) => (
        <li>
          <a class="list-row" href={i.href} data-testid={i.testid}>
            <span class="grow">{i.label}</span>
            {i.hint && <span class="muted">{i.hint}</span>}
            <Icon name="chevron" size={18} />
          </a>
        </li>
      ))}
    </ul>
  );
}

export function Card(
  { title, children, testid }: { title?: string; children: ComponentChildren; testid?: string },
) {
  return (
    <section class="card" data-testid={testid}>
      {title && <h2>{title}</h2>}
      {children}
    </section>
  );
}

export function NotFoundBody({ t, closed, home }: { t: T; closed: boolean; home: string }) {
  return (
    <section class="card center" data-testid={closed ? "site-closed" : "not-found"}>
      {/* closed for maintenance is no missing page: no "404" then */}
      {!closed && <p class="big" aria-hidden="true">404</p>}
      <h2>{t(closed ? "notFound.closedTitle" : "notFound.title")}</h2>
      <p>{t(closed ? "notFound.closedBody" : "notFound.body")}</p>
      {!closed && <a class="btn btn-primary" href={home}>{t("notFound.home")}</a>}
    </section>
  );
}

/** The home page greeting, with sign-up and log-in buttons for visitors. */
export function HomeHero(
  { t, name, signedIn, returning = false, layout, wide }: {
    t: T;
    name: string;
    signedIn: boolean;
    /** signed in before this visit ("Welcome back"); a new account is welcomed, not back */
    returning?: boolean;
    layout: "wp" | "pc";
    wide?: boolean;
  },
) {
  return (
    <section class={wide ? "hero wide" : "hero"} data-testid="home-hero">
      <h2>{signedIn && returning ? t("home.welcomeBack") : t("home.welcome", { name })}</h2>
      <p>{t("app.tagline")}</p>
      {!signedIn && (
        <div class="row">
          <a class="btn btn-primary" href={`/${layout}/user/register`}>{t("nav.register")}</a>
          <a class="btn btn-ghost" href={`/${layout}/user/login`}>{t("nav.login")}</a>
        </div>
      )}
    </section>
  );
}
