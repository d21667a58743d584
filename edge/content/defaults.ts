/**
 * The shipped texts of the information pages: what a new tenant shows until an operator edits a
 * page (then the page is stored with these as its published version 1 and the operator's drafts
 * beside them). Full texts in English, German and Simplified Chinese; the legal and risk pages
 * (terms, agreement, privacy, legal, risk) also in the other eight languages, shorter but
 * complete in substance, so a tenant with all 11 languages can publish edits of them at once.
 * About, download, coin application and the rates page's introduction fall back to English in
 * the other languages (the reply's `servedLocale` says so). Markdown, rendered like any content.
 */
import type { LocaleId } from "../../locales/languages.ts";
import { MORE_LEGAL } from "./defaults_more.ts";
import type { PageSlug, VariantText } from "./store.ts";

/** When the shipped texts took effect (their `publishedAt`): 2026-01-01 00:00 UTC. */
export const SHIPPED_AT = Date.UTC(2026, 0, 1);

type Texts = Partial<Record<LocaleId, VariantText>>;

const EN: Record<PageSlug | "rates", VariantText> = {
  about: {
    title: "About us",
    summary: "Who we are and how we look after your money.",
    body: `## Who we are
We run an online trading platform for digital assets: spot trading and exchange, USDT-margined
leveraged contracts, short-term price contracts and fixed-term savings products. Our team has
worked in brokerage, payments and market infrastructure for many years.

## How we look after your money
- **Segregated records.** Every balance is kept in a double-entry ledger; customer money and the
  house's own accounts are never mixed, and every movement has a journal you can trace.
- **Verifiable prices.** Every settled contract shows the ticks it used, and the price tape can be
  checked by anyone.
- **Proof of liabilities.** We publish what we owe our customers so that you can check your balance
  is counted.
- **Security first.** Two-factor sign-in, a separate withdrawal password and device management are
  available to every customer. We never ask for your password.

## Contact
Use the customer-service link in the app, or write to us through the contact form. We answer in
the order messages arrive.`,
  },
  terms: {
    title: "Terms of service",
    summary: "The rules for using the platform and its services.",
    body: `## 1. Scope
These terms govern your use of the website, the web app and every service offered through them
("the Services"). By opening an account you accept them together with the User Agreement, the
Privacy Policy and the Risk Warning.

## 2. Eligibility
You must be of legal age in your country and not resident where the Services are prohibited. You
act on your own behalf and use one account only.

## 3. Your account
Keep your password, withdrawal password and second factor secret. Instructions given with your
credentials are treated as yours. Tell us at once if you suspect misuse: we can lock the account.

## 4. Orders and prices
Orders are executed at the prices of our price feed at the time shown in the order record. A
confirmed order cannot be cancelled except as the product's rules allow. Obvious errors of the
price feed may be corrected; the affected orders are then settled at the corrected price or
voided and the stakes returned.

## 5. Fees
Fees, rates and limits are shown on the Service Rates page and before every confirmation. They
may change for future orders; open orders keep the terms they were placed at.

## 6. Deposits and withdrawals
Deposits are credited after review. Withdrawals require identity verification, the withdrawal
password and the turnover rule shown on the Service Rates page; we may hold a withdrawal while we
review it.

## 7. Suspension and closure
We may suspend or close an account that breaches these terms or the law, after which you can
withdraw the remaining balance unless the law forbids it.

## 8. Liability
We are liable for losses caused by our intent or gross negligence. We are not liable for market
losses, for losses caused by your own disclosure of credentials, or for interruptions beyond our
reasonable control.

## 9. Changes
We announce changes of these terms in a notice at least 7 days before they take effect, unless a
change is required by law sooner.`,
  },
  agreement: {
    title: "User agreement",
    summary: "The agreement you accept when you open an account.",
    body: `## 1. Parties
This agreement is made between you and the operator of this platform ("we"). It takes effect when
you register and accept it; the version you accepted is recorded with your account.

## 2. Our services
We provide an account with spot and contract wallets, trading of digital assets and contracts,
fixed-term savings products and the related payment services, as described in the app.

## 3. Your obligations
- Give true information and keep it up to date; complete identity verification when asked.
- Use the account only for yourself and only with money that is lawfully yours.
- Do not manipulate prices, exploit errors or use automated means to disrupt the Services.

## 4. Risk
Trading leveraged and short-term contracts can lose the whole stake or margin. Read the Risk
Warning before you trade. Past results do not predict future ones.

## 5. Records
Our ledger and order records are the record of your balances and orders. You can see every
movement in your account history; tell us within 30 days if you believe one is wrong.

## 6. Security
**We never ask for your password**, your withdrawal password or your verification codes — not by
phone, message, e-mail or chat. Anyone who asks is not us.

## 7. Ending the agreement
You can close your account at any time once no orders are open. We can end the agreement with 30
days' notice, or at once for a serious breach.

## 8. Law and disputes
The law named in the Legal Notice applies. Please contact customer service first; we try to
resolve every complaint within 15 business days.`,
  },
  privacy: {
    title: "Privacy policy",
    summary: "What we collect, why, and your rights.",
    body: `## What we collect
- Account data: phone number, password (stored only as a one-way hash), language and time zone.
- Verification data: your name, document type and number, and the photos you upload.
- Activity data: orders, balances, deposits and withdrawals, sign-in time, IP address and device.

## Why
To run your account and orders, to meet anti-money-laundering and other legal duties, to protect
your account (detecting unusual sign-ins) and to answer your requests.

## Sharing
We share data only with service providers who process it on our behalf (for example the SMS
provider), with authorities when the law requires it, and never sell it.

## Storage and security
Data is stored encrypted in transit; images are stripped of metadata when uploaded; access by our
staff is limited by role and recorded in an audit log.

## How long
Account and transaction records are kept for as long as the law requires after the account is
closed (usually 5 years); sign-in records for 90 days.

## Your rights
You can ask for a copy of your data, its correction or deletion (within legal limits), and object
to processing. Contact customer service to do so.`,
  },
  legal: {
    title: "Legal notice",
    summary: "Who operates this service and the legal framework.",
    body: `## Operator
This service is operated by the company named in the app's footer and on request from customer
service.

## Not investment advice
Nothing on this platform is investment, tax or legal advice. Decide on your own judgement and, if
needed, with an independent adviser.

## Restricted jurisdictions
The Services are not offered where they are prohibited. It is your responsibility to comply with
the law of the place where you use them.

## Intellectual property
The software, texts and images are protected. You may use them only to use the Services.

## Governing law
Unless mandatory law of your country of residence says otherwise, these terms and the User
Agreement are governed by the law of the operator's place of incorporation.`,
  },
  risk: {
    title: "Risk warning",
    summary: "Trading digital assets and contracts can lose you all of your money.",
    body: `## Please read before you trade
- **Prices move fast.** Digital asset prices can fall sharply in minutes; markets run 24 hours a
  day, also while you sleep.
- **Leverage multiplies losses.** With leveraged contracts a small price move can use up your whole
  margin; a position is liquidated when its margin no longer covers the maintenance margin.
- **Short-term contracts.** A fast contract that ends against you loses the whole stake.
- **Savings products** are paid from a reserve; redeeming early costs the penalty shown before you
  confirm.
- **Only trade with money you can afford to lose.**

## Protect your account
**We never ask for your password**, withdrawal password or verification codes. Our staff will
never ask you to move money to a "safe account", to install remote-control software, or to pay a
fee to release a withdrawal. Turn on two-factor sign-in and check your signed-in devices.`,
  },
  download: {
    title: "Get the app",
    summary: "Install the web app on your phone's home screen.",
    body: `## Install in a few seconds
The app runs in your browser and installs like a native app: no app store needed, always up to
date.

- **iPhone / iPad (Safari):** open this site, tap **Share**, then **Add to Home Screen**.
- **Android (Chrome):** open this site, tap the **⋮** menu, then **Install app**.
- **Desktop (Chrome, Edge):** click the install icon in the address bar.

Only install from this site's own address. We never send installation files by message.`,
  },
  coinApply: {
    title: "Apply to list a coin",
    summary: "Project teams can apply for a listing.",
    body: `## Listing applications
Tell us about your project with the form on this page: the project and token symbol, the
official website, a contact and a short description (technology, supply, audits, liquidity).

Our listing team reviews every application. We contact you only through the contact you gave;
**we never charge a listing fee through customer service or private messages**, and we never ask
for passwords or private keys.`,
  },
  rates: {
    title: "Service rates",
    summary: "Fees, rates and limits as configured now.",
    body: "The figures below come straight from the live configuration and change when it does.",
  },
};

const DE: Record<PageSlug | "rates", VariantText> = {
  about: {
    title: "Über uns",
    summary: "Wer wir sind und wie wir Ihr Geld schützen.",
    body: `## Wer wir sind
Wir betreiben eine Online-Handelsplattform für digitale Vermögenswerte: Spot-Handel und Tausch,
USDT-besicherte Hebelkontrakte, Kurzfrist-Kontrakte und Festgeld-Produkte. Unser Team arbeitet
seit vielen Jahren in Brokerage, Zahlungsverkehr und Marktinfrastruktur.

## Wie wir Ihr Geld schützen
- **Getrennte Bücher.** Jeder Saldo wird in einem doppelten Hauptbuch geführt; Kundengelder und
  Hauskonten werden nie vermischt, und jede Bewegung ist nachvollziehbar gebucht.
- **Überprüfbare Kurse.** Jeder abgerechnete Kontrakt zeigt die verwendeten Ticks; das Kursband
  kann jeder prüfen.
- **Nachweis der Verbindlichkeiten.** Wir veröffentlichen, was wir unseren Kunden schulden, damit
  Sie prüfen können, dass Ihr Saldo enthalten ist.
- **Sicherheit zuerst.** Zwei-Faktor-Anmeldung, ein eigenes Auszahlungspasswort und
  Geräteverwaltung stehen jedem Kunden zur Verfügung. Wir fragen nie nach Ihrem Passwort.

## Kontakt
Nutzen Sie den Kundenservice-Link in der App oder das Kontaktformular. Wir antworten in der
Reihenfolge des Eingangs.`,
  },
  terms: {
    title: "Nutzungsbedingungen",
    summary: "Die Regeln für die Nutzung der Plattform und ihrer Dienste.",
    body: `## 1. Geltungsbereich
Diese Bedingungen gelten für die Website, die Web-App und alle darüber angebotenen Dienste („die
Dienste“). Mit der Kontoeröffnung akzeptieren Sie sie zusammen mit der Nutzervereinbarung, der
Datenschutzerklärung und dem Risikohinweis.

## 2. Voraussetzungen
Sie müssen in Ihrem Land volljährig sein und dürfen nicht dort ansässig sein, wo die Dienste
verboten sind. Sie handeln im eigenen Namen und nutzen nur ein Konto.

## 3. Ihr Konto
Halten Sie Passwort, Auszahlungspasswort und zweiten Faktor geheim. Mit Ihren Zugangsdaten
erteilte Aufträge gelten als Ihre. Melden Sie einen Missbrauchsverdacht sofort: Wir können das
Konto sperren.

## 4. Aufträge und Kurse
Aufträge werden zu den Kursen unseres Kursdienstes zum im Auftrag angegebenen Zeitpunkt
ausgeführt. Ein bestätigter Auftrag kann nur storniert werden, soweit die Produktregeln es
erlauben. Offensichtliche Kursfehler können berichtigt werden; betroffene Aufträge werden dann
zum berichtigten Kurs abgerechnet oder aufgehoben und die Einsätze erstattet.

## 5. Gebühren
Gebühren, Sätze und Limits stehen auf der Seite „Gebühren und Konditionen“ und vor jeder
Bestätigung. Sie können sich für künftige Aufträge ändern; offene Aufträge behalten ihre
Konditionen.

## 6. Ein- und Auszahlungen
Einzahlungen werden nach Prüfung gutgeschrieben. Auszahlungen setzen die Identitätsprüfung, das
Auszahlungspasswort und die Umsatzregel voraus; wir können eine Auszahlung während der Prüfung
zurückhalten.

## 7. Sperrung und Kündigung
Wir können ein Konto sperren oder schließen, das gegen diese Bedingungen oder das Gesetz
verstößt; danach können Sie das Restguthaben auszahlen, sofern das Gesetz es nicht verbietet.

## 8. Haftung
Wir haften für Schäden aus Vorsatz oder grober Fahrlässigkeit. Wir haften nicht für
Marktverluste, für Schäden aus der Weitergabe Ihrer Zugangsdaten oder für Störungen außerhalb
unseres Einflusses.

## 9. Änderungen
Änderungen dieser Bedingungen kündigen wir mindestens 7 Tage vor Inkrafttreten in einer
Mitteilung an, es sei denn, das Gesetz verlangt sie früher.`,
  },
  agreement: {
    title: "Nutzervereinbarung",
    summary: "Die Vereinbarung, die Sie bei der Kontoeröffnung annehmen.",
    body: `## 1. Parteien
Diese Vereinbarung wird zwischen Ihnen und dem Betreiber dieser Plattform („wir“) geschlossen.
Sie wird wirksam, wenn Sie sich registrieren und sie annehmen; die angenommene Fassung wird mit
Ihrem Konto gespeichert.

## 2. Unsere Leistungen
Wir stellen ein Konto mit Spot- und Kontrakt-Wallet, den Handel mit digitalen Vermögenswerten und
Kontrakten, Festgeld-Produkte und die zugehörigen Zahlungsdienste bereit, wie in der App
beschrieben.

## 3. Ihre Pflichten
- Machen Sie wahre Angaben und halten Sie sie aktuell; schließen Sie die Identitätsprüfung ab,
  wenn wir darum bitten.
- Nutzen Sie das Konto nur für sich selbst und nur mit Geld, das rechtmäßig Ihnen gehört.
- Manipulieren Sie keine Kurse, nutzen Sie keine Fehler aus und stören Sie die Dienste nicht
  durch automatisierte Mittel.

## 4. Risiko
Mit Hebel- und Kurzfrist-Kontrakten können Sie den ganzen Einsatz oder die ganze Margin
verlieren. Lesen Sie vor dem Handel den Risikohinweis. Frühere Ergebnisse sagen nichts über
künftige aus.

## 5. Aufzeichnungen
Unser Hauptbuch und unsere Auftragsdaten sind der Nachweis Ihrer Salden und Aufträge. Jede
Bewegung sehen Sie in Ihrer Kontohistorie; melden Sie sich innerhalb von 30 Tagen, wenn Sie eine
für falsch halten.

## 6. Sicherheit
**Wir fragen nie nach Ihrem Passwort**, Ihrem Auszahlungspasswort oder Ihren Bestätigungscodes —
weder per Telefon, Nachricht, E-Mail noch Chat. Wer danach fragt, sind nicht wir.

## 7. Beendigung
Sie können Ihr Konto jederzeit schließen, sobald keine Aufträge offen sind. Wir können die
Vereinbarung mit 30 Tagen Frist kündigen, bei schwerem Verstoß sofort.

## 8. Recht und Streitigkeiten
Es gilt das im Impressum genannte Recht. Wenden Sie sich zuerst an den Kundenservice; wir
bemühen uns, jede Beschwerde innerhalb von 15 Werktagen zu klären.`,
  },
  privacy: {
    title: "Datenschutzerklärung",
    summary: "Was wir erheben, warum, und Ihre Rechte.",
    body: `## Was wir erheben
- Kontodaten: Telefonnummer, Passwort (nur als Einweg-Hash gespeichert), Sprache und Zeitzone.
- Prüfdaten: Ihr Name, Art und Nummer des Ausweises und die hochgeladenen Fotos.
- Nutzungsdaten: Aufträge, Salden, Ein- und Auszahlungen, Anmeldezeit, IP-Adresse und Gerät.

## Wozu
Um Ihr Konto und Ihre Aufträge zu führen, gesetzliche Pflichten (etwa zur Geldwäscheprävention)
zu erfüllen, Ihr Konto zu schützen (ungewöhnliche Anmeldungen erkennen) und Ihre Anfragen zu
beantworten.

## Weitergabe
Wir geben Daten nur an Dienstleister, die sie in unserem Auftrag verarbeiten (etwa den
SMS-Anbieter), und an Behörden, wenn das Gesetz es verlangt — und verkaufen sie nie.

## Speicherung und Sicherheit
Daten werden verschlüsselt übertragen; hochgeladene Bilder werden von Metadaten befreit; Zugriffe
unserer Mitarbeiter sind nach Rollen beschränkt und werden protokolliert.

## Wie lange
Konto- und Transaktionsdaten bewahren wir nach Kontoschließung so lange auf, wie das Gesetz es
verlangt (meist 5 Jahre); Anmeldedaten 90 Tage.

## Ihre Rechte
Sie können Auskunft, Berichtigung oder Löschung (im gesetzlichen Rahmen) verlangen und der
Verarbeitung widersprechen. Wenden Sie sich dazu an den Kundenservice.`,
  },
  legal: {
    title: "Impressum und Rechtliches",
    summary: "Wer diesen Dienst betreibt und der rechtliche Rahmen.",
    body: `## Betreiber
Dieser Dienst wird von dem in der Fußzeile der App genannten Unternehmen betrieben; Angaben auf
Anfrage beim Kundenservice.

## Keine Anlageberatung
Nichts auf dieser Plattform ist Anlage-, Steuer- oder Rechtsberatung. Entscheiden Sie nach
eigenem Urteil und, wenn nötig, mit einem unabhängigen Berater.

## Ausgeschlossene Länder
Die Dienste werden nicht angeboten, wo sie verboten sind. Sie sind dafür verantwortlich, das
Recht des Ortes einzuhalten, an dem Sie sie nutzen.

## Geistiges Eigentum
Software, Texte und Bilder sind geschützt. Sie dürfen sie nur zur Nutzung der Dienste verwenden.

## Anwendbares Recht
Soweit zwingendes Recht Ihres Wohnsitzlandes nichts anderes bestimmt, gilt für diese Bedingungen
und die Nutzervereinbarung das Recht am Sitz des Betreibers.`,
  },
  risk: {
    title: "Risikohinweis",
    summary:
      "Mit dem Handel digitaler Vermögenswerte und Kontrakte können Sie Ihr ganzes Geld verlieren.",
    body: `## Bitte vor dem Handel lesen
- **Kurse bewegen sich schnell.** Kurse digitaler Vermögenswerte können in Minuten stark fallen;
  die Märkte laufen rund um die Uhr, auch während Sie schlafen.
- **Hebel vervielfacht Verluste.** Bei Hebelkontrakten kann eine kleine Kursbewegung die ganze
  Margin aufzehren; eine Position wird liquidiert, wenn ihre Margin die Erhaltungsmargin nicht mehr
  deckt.
- **Kurzfrist-Kontrakte.** Ein Kontrakt, der gegen Sie endet, verliert den ganzen Einsatz.
- **Festgeld-Produkte** werden aus einer Reserve bezahlt; eine vorzeitige Rückgabe kostet die vor
  der Bestätigung angezeigte Gebühr.
- **Handeln Sie nur mit Geld, dessen Verlust Sie sich leisten können.**

## Schützen Sie Ihr Konto
**Wir fragen nie nach Ihrem Passwort**, Auszahlungspasswort oder Bestätigungscodes. Unsere
Mitarbeiter fordern Sie nie auf, Geld auf ein „sicheres Konto“ zu überweisen,
Fernwartungssoftware zu installieren oder eine Gebühr für die Freigabe einer Auszahlung zu zahlen.
Schalten Sie die Zwei-Faktor-Anmeldung ein und prüfen Sie Ihre angemeldeten Geräte.`,
  },
  download: {
    title: "App installieren",
    summary: "Die Web-App auf dem Startbildschirm Ihres Telefons installieren.",
    body: `## In wenigen Sekunden installiert
Die App läuft im Browser und installiert sich wie eine native App: kein App-Store nötig, immer
aktuell.

- **iPhone / iPad (Safari):** Seite öffnen, **Teilen** tippen, dann **Zum Home-Bildschirm**.
- **Android (Chrome):** Seite öffnen, Menü **⋮** tippen, dann **App installieren**.
- **Desktop (Chrome, Edge):** auf das Installationssymbol in der Adressleiste klicken.

Installieren Sie nur über die Adresse dieser Website. Wir verschicken nie Installationsdateien
per Nachricht.`,
  },
  coinApply: {
    title: "Listung eines Coins beantragen",
    summary: "Projektteams können eine Listung beantragen.",
    body: `## Listungsanträge
Stellen Sie Ihr Projekt mit dem Formular auf dieser Seite vor: Projekt und Token-Symbol, offizielle
Website, ein Kontakt und eine kurze Beschreibung (Technik, Angebot, Audits, Liquidität).

Unser Listungsteam prüft jeden Antrag. Wir melden uns nur über den angegebenen Kontakt; **wir
verlangen nie eine Listungsgebühr über den Kundenservice oder private Nachrichten** und fragen nie
nach Passwörtern oder privaten Schlüsseln.`,
  },
  rates: {
    title: "Gebühren und Konditionen",
    summary: "Gebühren, Sätze und Limits nach aktueller Konfiguration.",
    body:
      "Die folgenden Werte stammen direkt aus der aktuellen Konfiguration und ändern sich mit ihr.",
  },
};

const ZH_CN: Record<PageSlug | "rates", VariantText> = {
  about: {
    title: "关于我们",
    summary: "我们是谁，以及我们如何保护您的资金。",
    body: `## 我们是谁
我们运营一个数字资产在线交易平台：现货交易与兑换、USDT 保证金杠杆合约、短期价格合约和定期理财产品。
我们的团队在经纪、支付和市场基础设施领域深耕多年。

## 我们如何保护您的资金
- **账务隔离。** 每一笔余额都记录在复式记账总账中；客户资金与平台自有账户从不混用，每笔变动都有可追溯的凭证。
- **价格可验证。** 每个已结算的合约都会展示所用的行情，任何人都可以核验价格记录。
- **负债证明。** 我们公布对客户的负债总额，您可以自行核实自己的余额已被计入。
- **安全优先。** 每位客户都可以开启两步验证登录、设置独立的提现密码并管理登录设备。我们绝不会索要您的密码。

## 联系我们
请使用应用内的客服链接，或通过联系表单给我们留言。我们会按收到的顺序答复。`,
  },
  terms: {
    title: "服务条款",
    summary: "使用本平台及其服务的规则。",
    body: `## 1. 适用范围
本条款适用于本网站、网页应用及通过其提供的全部服务（“本服务”）。开立账户即表示您同时接受本条款、用户协议、隐私政策和风险提示。

## 2. 资格
您须在所在国家达到法定年龄，且不居住在禁止本服务的地区。您以本人名义行事，且只使用一个账户。

## 3. 您的账户
请妥善保管登录密码、提现密码和两步验证。凭您的凭证发出的指令视为您本人的指令。如怀疑账户被盗用，请立即通知我们，我们可以锁定账户。

## 4. 订单与价格
订单按订单记录所示时间我方行情源的价格执行。订单一经确认，除产品规则允许外不可撤销。行情源的明显错误可以更正；受影响的订单将按更正后的价格结算，或作废并退还本金。

## 5. 费用
费用、费率和限额列于“服务费率”页面，并在每次确认前显示。未来订单的费率可能调整；已开订单保持下单时的条件。

## 6. 充值与提现
充值经审核后入账。提现须完成身份认证、输入提现密码并满足“服务费率”页面所示的流水要求；审核期间我们可能暂缓提现。

## 7. 暂停与关闭
对违反本条款或法律的账户，我们可以暂停或关闭；除法律禁止外，您之后仍可提取剩余余额。

## 8. 责任
因我方故意或重大过失造成的损失由我方承担。市场亏损、因您本人泄露凭证造成的损失，以及超出我方合理控制范围的中断，我方不承担责任。

## 9. 变更
本条款的变更将至少提前 7 天以公告形式通知，法律另有要求的除外。`,
  },
  agreement: {
    title: "用户协议",
    summary: "您开立账户时接受的协议。",
    body: `## 1. 协议双方
本协议由您与本平台运营方（“我们”）订立。自您注册并接受时生效；您接受的版本会随账户一并记录。

## 2. 我们的服务
我们提供带有现货钱包和合约钱包的账户、数字资产及合约交易、定期理财产品以及相关支付服务，具体以应用内说明为准。

## 3. 您的义务
- 提供真实信息并及时更新；在我们要求时完成身份认证。
- 账户仅供本人使用，且仅使用合法属于您的资金。
- 不得操纵价格、利用系统错误或以自动化手段干扰服务。

## 4. 风险
杠杆合约和短期合约可能损失全部本金或保证金。交易前请阅读风险提示。过往业绩不代表未来表现。

## 5. 记录
我们的总账和订单记录是您余额和订单的依据。每笔变动均可在账户明细中查看；如认为有误，请在 30 天内告知我们。

## 6. 安全
**我们绝不会索要您的密码**、提现密码或验证码——无论通过电话、短信、邮件还是聊天。任何索要者都不是我们。

## 7. 协议终止
在没有未结订单时，您可以随时注销账户。我们可以提前 30 天通知终止本协议，如有严重违约可立即终止。

## 8. 法律与争议
适用法律见“法律声明”。如有争议请先联系客服；我们力争在 15 个工作日内处理每一项投诉。`,
  },
  privacy: {
    title: "隐私政策",
    summary: "我们收集哪些信息、为何收集，以及您的权利。",
    body: `## 我们收集的信息
- 账户信息：手机号码、密码（仅以单向哈希存储）、语言和时区。
- 认证信息：您的姓名、证件类型和号码，以及您上传的照片。
- 使用信息：订单、余额、充值和提现、登录时间、IP 地址和设备。

## 用途
用于运营您的账户和订单，履行反洗钱等法定义务，保护您的账户（识别异常登录），以及答复您的请求。

## 共享
我们仅与代表我们处理数据的服务商（例如短信服务商）共享数据，或在法律要求时向主管机关提供，绝不出售数据。

## 存储与安全
数据传输全程加密；上传的图片会去除元数据；员工访问按角色限制并记入审计日志。

## 保存期限
账户和交易记录在账户注销后按法律要求保存（通常为 5 年）；登录记录保存 90 天。

## 您的权利
您可以要求获取数据副本、更正或删除数据（在法律允许范围内），并可反对相关处理。请联系客服办理。`,
  },
  legal: {
    title: "法律声明",
    summary: "本服务的运营方及法律框架。",
    body: `## 运营方
本服务由应用页脚所示公司运营，详情可向客服索取。

## 不构成投资建议
本平台的任何内容均不构成投资、税务或法律建议。请自行判断，必要时咨询独立顾问。

## 受限地区
本服务不在被禁止的地区提供。您有责任遵守使用地的法律。

## 知识产权
软件、文字和图片均受保护，仅可为使用本服务而使用。

## 适用法律
除您居住国的强制性法律另有规定外，本条款及用户协议适用运营方注册地法律。`,
  },
  risk: {
    title: "风险提示",
    summary: "交易数字资产和合约可能导致您损失全部资金。",
    body: `## 交易前请仔细阅读
- **价格波动迅速。** 数字资产价格可能在几分钟内大幅下跌；市场 24 小时运行，您休息时也不例外。
- **杠杆会放大亏损。** 杠杆合约中，很小的价格变动就可能耗尽全部保证金；当保证金不足以覆盖维持保证金时，仓位将被强制平仓。
- **短期合约。** 到期结果不利时将损失全部本金。
- **理财产品**由储备金支付收益；提前赎回须支付确认前所示的违约金。
- **请仅用您能承受损失的资金进行交易。**

## 保护您的账户
**我们绝不会索要您的密码**、提现密码或验证码。我们的工作人员绝不会要求您把资金转入“安全账户”、安装远程控制软件，或为解冻提现支付任何费用。请开启两步验证并定期检查已登录设备。`,
  },
  download: {
    title: "下载应用",
    summary: "将网页应用安装到手机主屏幕。",
    body: `## 几秒钟即可安装
应用在浏览器中运行，安装后与原生应用无异：无需应用商店，始终保持最新。

- **iPhone / iPad（Safari）：** 打开本站，点击**分享**，再点击**添加到主屏幕**。
- **Android（Chrome）：** 打开本站，点击 **⋮** 菜单，再点击**安装应用**。
- **电脑（Chrome、Edge）：** 点击地址栏中的安装图标。

请只通过本站官方地址安装。我们绝不会通过消息发送安装文件。`,
  },
  coinApply: {
    title: "上币申请",
    summary: "项目方可以申请上线交易。",
    body: `## 上币申请
请通过本页表单介绍您的项目：项目名称和代币符号、官方网站、联系方式以及简短说明（技术、供应量、审计、流动性）。

我们的上币团队会审核每一份申请，并只通过您提供的联系方式与您联系；**我们绝不会通过客服或私信收取上币费**，也绝不会索要密码或私钥。`,
  },
  rates: {
    title: "服务费率",
    summary: "当前配置下的费用、费率和限额。",
    body: "以下数据直接来自当前配置，配置变化时随之更新。",
  },
};

const RATES_TITLES: Partial<Record<LocaleId, [string, string]>> = {
  "zh-TW": ["服務費率", "以下數據直接來自目前的配置，配置變化時隨之更新。"],
  vi: ["Biểu phí dịch vụ", "Các số liệu dưới đây lấy trực tiếp từ cấu hình hiện hành."],
  th: ["อัตราค่าบริการ", "ตัวเลขด้านล่างมาจากการตั้งค่าปัจจุบันโดยตรง"],
  ja: ["サービス料金", "以下の数値は現在の設定から直接表示され、設定とともに変わります。"],
  fr: [
    "Tarifs des services",
    "Les chiffres ci-dessous proviennent directement de la configuration en vigueur.",
  ],
  es: [
    "Tarifas del servicio",
    "Las cifras siguientes provienen directamente de la configuración vigente.",
  ],
  uk: ["Тарифи сервісу", "Наведені нижче дані беруться безпосередньо з чинної конфігурації."],
  ko: ["서비스 요금", "아래 수치는 현재 설정에서 직접 가져오며 설정이 바뀌면 함께 바뀝니다."],
};

const PAGES: Record<PageSlug | "rates", Texts> = Object.fromEntries(
  (Object.keys(EN) as (PageSlug | "rates")[]).map((slug) => {
    const texts: Texts = { en: EN[slug], de: DE[slug], "zh-CN": ZH_CN[slug] };
    for (const [l, t] of Object.entries(MORE_LEGAL[slug as PageSlug] ?? {})) {
      texts[l as LocaleId] = t;
    }
    if (slug === "rates") {
      for (const [l, [title, body]] of Object.entries(RATES_TITLES)) {
        texts[l as LocaleId] = { title, summary: "", body };
      }
    }
    return [slug, texts];
  }),
) as Record<PageSlug | "rates", Texts>;

/** The shipped text of a page in one language, or null (that language falls back). */
export function shippedText(slug: PageSlug | "rates", locale: LocaleId): VariantText | null {
  return PAGES[slug][locale] ?? null;
}
