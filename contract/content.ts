/** Requests and replies of content and service (plain zod; the routes publish them). */
import { z } from "zod";
import { LOCALES } from "../locales/languages.ts";

export const CONTENT_KINDS = ["banner", "notice", "news", "help", "page"] as const;
export type ContentKind = typeof CONTENT_KINDS[number];

/** Information pages an operator edits (`rates` is generated, never stored). */
export const PAGE_SLUGS = [
  "about",
  "terms",
  "agreement",
  "privacy",
  "legal",
  "download",
  "coinApply",
  "risk",
] as const;
export type PageSlug = typeof PAGE_SLUGS[number];

/** Legal and risk texts: published only when every language of the tenant has a variant. */
export const LEGAL_SLUGS: readonly PageSlug[] = ["terms", "agreement", "privacy", "legal", "risk"];

/** How a notice pops up: until seen once per customer, once per session, until acknowledged. */
export const POPUP_MODES = ["once", "everyLogin", "untilAck"] as const;
export type PopupMode = typeof POPUP_MODES[number];

/** Size bounds of a language variant (a body is Markdown source). */
export const MAX_TITLE = 120;
export const MAX_SUMMARY = 400;
export const MAX_BODY = 20_000;

const Locale = z.enum(LOCALES);
const ContentId = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, { error: "invalid" });
const Time = z.number({ error: "invalid" }).int({ error: "invalid" }).min(0).max(8.64e15);
const Text = (max: number, min = 0) =>
  z.string({ error: "required" }).trim().min(min, { error: "required" }).max(max, {
    error: "tooLong",
  });
/** http(s) or a path of this site: where a banner leads */
const Link = z.string().trim().max(500, { error: "tooLong" }).regex(
  /^(https?:\/\/[^\s"'<>\\]+|\/[^\s"'<>\\]*)$/,
  { error: "invalid" },
);
const ImageId = z.string().regex(
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/,
  { error: "imageMissing" },
);

export const VariantBody = z.strictObject({
  title: Text(MAX_TITLE, 1),
  summary: Text(MAX_SUMMARY).default(""),
  body: z.string({ error: "required" }).max(MAX_BODY, { error: "tooLong" }).default(""),
}).meta({ id: "ContentVariantInput" });

/** Per-language drafts: a variant sets the draft; null removes the draft of that language. */
const Variants = z.partialRecord(Locale, VariantBody.nullable());

const ItemFields = {
  category: Text(40, 1).nullable().optional(),
  image: ImageId.nullable().optional(),
  link: Link.nullable().optional(),
  order: z.number().int().min(-1_000_000).max(1_000_000).optional(),
  popup: z.enum(POPUP_MODES).nullable().optional(),
  from: Time.nullable().optional(),
  to: Time.nullable().optional(),
  /** a legal or risk text (fixed for pages: terms, agreement, privacy, legal, risk) */
  legal: z.boolean().optional(),
  variants: Variants.optional(),
};

export const ContentCreate = z.strictObject({
  kind: z.enum(CONTENT_KINDS),
  slug: z.enum(PAGE_SLUGS).optional(),
  ...ItemFields,
}).meta({ id: "ContentCreate" });
export type ContentCreate = z.infer<typeof ContentCreate>;

export const ContentEdit = z.strictObject(ItemFields).meta({ id: "ContentEdit" });
export type ContentEdit = z.infer<typeof ContentEdit>;

export const IdParam = z.object({ id: ContentId });
export const KindQuery = z.object({ kind: z.enum(CONTENT_KINDS).optional() });
export const PreviewQuery = z.object({ locale: Locale.optional() });
export const SlugParam = z.object({ slug: z.enum([...PAGE_SLUGS, "rates"]) });
export const ListQuery = z.object({
  limit: z.coerce.number({ error: "invalid" }).int({ error: "invalid" })
    .min(1, { error: "invalid" }).max(100, { error: "invalid" }).default(20),
  cursor: ContentId.optional(),
});
export const HelpQuery = z.object({
  q: z.string().trim().max(100, { error: "tooLong" }).optional(),
});

const Served = z.enum(LOCALES).meta({ description: "the language of the text served" });

/** A list entry of notices and news. */
export const ContentSummary = z.object({
  id: z.string(),
  title: z.string(),
  summary: z.string(),
  publishedAt: z.number().int(),
  servedLocale: Served,
  popup: z.enum(POPUP_MODES).nullable(),
}).meta({ id: "ContentSummary" });

export const ContentList = z.object({
  items: z.array(ContentSummary),
  cursor: z.string().nullable(),
}).meta({ id: "ContentList" });

/** One item as a reader gets it: the body is safe HTML rendered from Markdown. */
export const ContentDetail = z.object({
  id: z.string(),
  kind: z.enum(CONTENT_KINDS),
  title: z.string(),
  summary: z.string(),
  html: z.string().meta({ description: "rendered on the server; safe to insert" }),
  publishedAt: z.number().int(),
  version: z.number().int().meta({ description: "the item's version (bumped on every publish)" }),
  servedLocale: Served,
  category: z.string().nullable(),
  popup: z.enum(POPUP_MODES).nullable(),
}).meta({ id: "ContentDetail" });

export const BannerList = z.object({
  items: z.array(z.object({
    id: z.string(),
    image: z.string().meta({ description: "/api/image/<id>" }),
    link: z.string().nullable(),
    title: z.string(),
    servedLocale: Served,
  })),
}).meta({ id: "BannerList" });

export const Dialog = ContentDetail.nullable().meta({ id: "NoticeDialog" });

export const HelpCentre = z.object({
  categories: z.array(z.object({
    name: z.string(),
    items: z.array(ContentSummary),
  })),
}).meta({ id: "HelpCentre" });

const Dec = z.string().meta({ example: "0.85" });
export const Rates = z.object({
  fast: z.array(z.object({
    duration: z.number().int(),
    rate: Dec,
    min: Dec,
    max: Dec,
  })),
  leveraged: z.array(z.object({
    symbol: z.string(),
    leverages: z.array(z.number().int()),
    takerFee: Dec,
    brackets: z.array(z.object({
      upTo: Dec.nullable(),
      maxLeverage: z.number().int(),
      mmr: Dec,
    })),
  })),
  holdingFeeDaily: Dec,
  spotFee: Dec,
  exchangeFee: Dec,
  recharge: z.object({
    currencies: z.array(z.string()),
    channels: z.array(z.object({ currency: z.string(), name: z.string() })),
    min: Dec.nullable().meta({ description: "no minimum: null" }),
  }),
  withdraw: z.object({
    enabled: z.boolean(),
    turnoverRatio: Dec,
    rules: z.array(z.object({
      currency: z.string(),
      min: Dec,
      max: Dec,
      feeRate: Dec,
      minFee: Dec,
    })),
  }),
  wealth: z.array(z.object({
    id: z.string(),
    name: z.string(),
    dailyRate: Dec,
    apr: Dec,
    periodDays: z.number().int(),
    minAmount: Dec,
    maxAmount: Dec,
    redeemRatio: Dec,
  })),
  products: z.array(z.string()),
}).meta({ id: "ServiceRates" });

export const Page = ContentDetail.extend({
  slug: z.enum([...PAGE_SLUGS, "rates"]),
  legal: z.boolean(),
  rates: Rates.nullable().meta({ description: "the rates page only: from live configuration" }),
}).meta({ id: "InfoPage" });

export const AckReply = z.object({ id: z.string(), acknowledged: z.literal(true) }).meta({
  id: "NoticeAck",
});

// operators
const VariantJson = z.object({
  draft: z.boolean().meta({ description: "a draft waits (see the preview)" }),
  published: z.object({ version: z.number().int(), publishedAt: z.number().int() }).nullable(),
  updatedAt: z.number().int(),
});
export const AdminItem = z.object({
  id: z.string(),
  kind: z.enum(CONTENT_KINDS),
  slug: z.enum(PAGE_SLUGS).nullable(),
  category: z.string().nullable(),
  image: z.string().nullable(),
  link: z.string().nullable(),
  order: z.number().int(),
  popup: z.enum(POPUP_MODES).nullable(),
  from: z.number().int().nullable(),
  to: z.number().int().nullable(),
  legal: z.boolean(),
  status: z.enum(["draft", "published"]),
  version: z.number().int(),
  publishedAt: z.number().int().nullable(),
  createdAt: z.number().int(),
  updatedAt: z.number().int(),
  variants: z.partialRecord(Locale, VariantJson),
  shipped: z.boolean().meta({ description: "a page still showing the shipped default text" }),
  missingLocales: z.array(Locale).meta({
    description: "tenant languages without a variant (a legal item cannot be published until none)",
  }),
}).meta({ id: "ContentAdminItem" });
export const AdminItems = z.object({ items: z.array(AdminItem) }).meta({ id: "ContentAdminItems" });

export const Preview = z.object({
  id: z.string(),
  locale: Locale,
  state: z.enum(["draft", "published"]),
  title: z.string(),
  summary: z.string(),
  html: z.string(),
}).meta({ id: "ContentPreview" });

export const Deleted = z.object({ id: z.string(), deleted: z.literal(true) }).meta({
  id: "ContentDeleted",
});

// visitors' queues
/** A name or contact: no markup characters */
const Plain = (max: number, min: number) => Text(max, min).regex(/^[^<>]*$/, { error: "invalid" });

export const CoinApplicationBody = z.strictObject({
  project: Plain(80, 1),
  symbol: z.string({ error: "required" }).trim().toUpperCase().regex(/^[A-Z0-9]{2,12}$/, {
    error: "invalid",
  }),
  website: z.string({ error: "required" }).trim().max(200, { error: "tooLong" }).regex(
    /^https?:\/\/[^\s"'<>\\]+$/,
    { error: "invalid" },
  ),
  contact: Plain(120, 3),
  description: Text(2000, 10),
}).meta({ id: "CoinApplicationRequest" });

export const ContactBody = z.strictObject({
  name: Plain(80, 1),
  email: z.email({ error: "invalid" }).max(254, { error: "tooLong" }),
  message: Text(4000, 10),
}).meta({ id: "ContactRequest" });

export const Received = z.object({ id: z.string(), receivedAt: z.number().int() }).meta({
  id: "Received",
});

export const CoinApplication = z.object({
  id: z.string(),
  project: z.string(),
  symbol: z.string(),
  website: z.string(),
  contact: z.string(),
  description: z.string(),
  ip: z.string(),
  userId: z.string().nullable(),
  at: z.number().int(),
});
export const CoinApplicationPage = z.object({
  items: z.array(CoinApplication),
  cursor: z.string().nullable(),
}).meta({ id: "CoinApplicationPage" });

export const ContactMessage = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  message: z.string(),
  ip: z.string(),
  userId: z.string().nullable(),
  at: z.number().int(),
});
export const ContactMessagePage = z.object({
  items: z.array(ContactMessage),
  cursor: z.string().nullable(),
}).meta({ id: "ContactMessagePage" });
