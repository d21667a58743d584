/**
 * Content and service: what operators write for customers (banners, notices, news, help
 * articles, information pages) in variants per language, and what visitors send to operators
 * (coin applications, contact messages).
 *
 * Storage: an item's record (`contentKeys.item`) holds its settings and, per language, only the
 * state of its variant (draft or not, published version); the texts live in their own keys
 * (`textKey`: one draft and one published text per language, each bounded well under the 64 KiB
 * value limit of KV), so an item in 11 languages never outgrows a value. Every operator write
 * commits the record, the texts it changes and its audit entry together, checked against the
 * record's versionstamp (2 checks per commit; publishing 11 languages is 23 mutations).
 *
 * Readers get the published text of their language, else the fallback chain (zh-TW -> zh-CN ->
 * en; every other language -> en), and `servedLocale` says which one; an item without a text on
 * the chain is not shown. Published items show only within their schedule [from, to).
 * Information pages (`defaults.ts`) and help articles (`help_defaults.ts`) have shipped
 * defaults, version 1, that every tenant shows until an operator edits one; a deleted shipped
 * article is stored as `removed` so that it stays deleted.
 */
import { type LocaleId, LOCALES } from "../../locales/languages.ts";
import { journalId } from "../ledger/service.ts";
import { type Actor, auditAlone, auditInto, readAuditHead } from "../audit/audit.ts";
import { DomainError } from "../platform/errors.ts";
import { commitAttempts, storeBusy } from "../platform/kv_contention.ts";
import { listPage } from "../platform/kvpage.ts";
import { take } from "../platform/ratelimit.ts";
import type { Tenant } from "../platform/tenants.ts";
import { cleanImage, UPLOAD_ERRORS } from "../identity/certify.ts";
import { MAX_UPLOAD_BYTES } from "../uploads/sanitize.ts";
import { renderMarkdown } from "./markdown.ts";
import { isShippedHelp } from "./help_defaults.ts";
import type { ContentCreate, ContentEdit } from "../../contract/content.ts";
import {
  type CoinApplication,
  type ContactMessage,
  type ContentItem,
  contentKeys,
  type ContentKind,
  type VariantText,
} from "./store.ts";
import {
  adminJson,
  auditJson,
  invalid,
  isLegal,
  missingLocales,
  pageId,
  shippedWrites,
  tenantLanguages,
  type TextWrite,
} from "./items.ts";
import { ContentReads } from "./reads.ts";

/** Visitors' submissions per source address. */
export const COIN_APPLICATION_LIMIT = { max: 3, windowMs: 3600_000 };
export const CONTACT_LIMIT = { max: 5, windowMs: 3600_000 };

/** Content: what readers get (ContentReads), the operators' writes and the visitors' submissions. */
export class Content extends ContentReads {
  // ---------------------------------------------------------------- operators

  async adminList(tenant: Tenant, kind?: ContentKind) {
    const items = (await this.items(tenant.id)).filter((i) => !kind || i.kind === kind);
    items.sort((a, b) =>
      a.kind.localeCompare(b.kind) || a.order - b.order || b.createdAt - a.createdAt
    );
    return { items: items.map((i) => adminJson(i, tenantLanguages(tenant))) };
  }

  async adminGet(tenant: Tenant, id: string) {
    const item = await this.item(tenant.id, id);
    if (!item) throw new DomainError("NOT_FOUND");
    return adminJson(item, tenantLanguages(tenant));
  }

  /** The source an editor starts from: a language's draft, else its published text, else none. */
  async editable(t: string, id: string, locale: LocaleId) {
    const item = await this.item(t, id);
    if (!item) throw new DomainError("NOT_FOUND");
    const draft = await this.text(t, item, locale, "draft");
    const text = draft ?? await this.text(t, item, locale, "published");
    return {
      state: draft ? "draft" as const : text ? "published" as const : "none" as const,
      title: text?.title ?? "",
      summary: text?.summary ?? "",
      body: text?.body ?? "",
    };
  }

  /** The draft (else the published text) of one language, rendered as readers would get it. */
  async preview(t: string, id: string, locale: LocaleId = "en") {
    const item = await this.item(t, id);
    if (!item) throw new DomainError("NOT_FOUND");
    const draft = await this.text(t, item, locale, "draft");
    const text = draft ?? await this.text(t, item, locale, "published");
    if (!text) throw new DomainError("NOT_FOUND");
    return {
      id,
      locale,
      state: draft ? "draft" as const : "published" as const,
      title: text.title,
      summary: text.summary,
      html: renderMarkdown(text.body),
    };
  }

  async create(tenant: Tenant, by: Actor, b: ContentCreate) {
    const t = tenant.id;
    const now = this.now();
    if (b.kind === "page" && !b.slug) throw invalid("slug", "required");
    if (b.kind !== "page" && b.slug) throw invalid("slug", "invalid");
    const id = b.kind === "page" ? pageId(b.slug!) : `${b.kind}-${journalId(now)}`;
    const base: ContentItem = b.kind === "page"
      ? { ...this.shippedPage(b.slug!), createdAt: now, updatedAt: now }
      : {
        id,
        kind: b.kind,
        slug: null,
        category: null,
        image: null,
        link: null,
        order: 0,
        popup: null,
        from: null,
        to: null,
        legal: false,
        variants: {},
        status: "draft",
        version: 0,
        publishedAt: null,
        createdAt: now,
        updatedAt: now,
      };
    const { item, texts } = await this.applyEdit(t, base, b, now);
    if (item.kind === "help" && !item.category) throw invalid("category", "required");
    if (item.kind === "banner" && !item.image) throw invalid("image", "imageMissing");
    return await this.write(t, by, id, "content.create", (current) => {
      if (current) throw new DomainError("CONFLICT");
      return { item, texts, before: null };
    }, tenant);
  }

  async edit(tenant: Tenant, by: Actor, id: string, b: ContentEdit) {
    const t = tenant.id;
    return await this.write(t, by, id, "content.edit", async (current) => {
      const now = this.now();
      const before = current ?? await this.item(t, id);
      if (!before) throw new DomainError("NOT_FOUND");
      const { item, texts } = await this.applyEdit(t, { ...before, updatedAt: now }, b, now);
      return { item, texts, before };
    }, tenant);
  }

  /** Publish every draft (each language's version + 1, the item's version + 1). */
  async publish(tenant: Tenant, by: Actor, id: string) {
    const t = tenant.id;
    return await this.write(t, by, id, "content.publish", async (current) => {
      const before = current ?? await this.item(t, id);
      if (!before) throw new DomainError("NOT_FOUND");
      const now = this.now();
      const missing = missingLocales(before, tenantLanguages(tenant));
      if (before.legal && missing.length) {
        throw new DomainError("CONTENT_LANGUAGES_MISSING", { languages: missing.join(", ") }, {
          variants: "languagesMissing",
        }, { missing });
      }
      if (before.kind === "banner" && !before.image) throw invalid("image", "imageMissing");
      const texts: TextWrite[] = before.shipped ? shippedWrites(before) : [];
      const variants = { ...before.variants };
      for (const l of LOCALES) {
        const v = variants[l];
        if (!v?.draft) continue;
        const draft = await this.kv.get<VariantText>(this.textKey(t, id, l, "draft"));
        if (!draft.value) continue;
        const version = (v.published?.version ?? 0) + 1;
        texts.push({
          locale: l,
          state: "published",
          value: { ...draft.value, version, publishedAt: now },
        });
        texts.push({ locale: l, state: "draft", value: null });
        variants[l] = { draft: false, published: { version, publishedAt: now }, updatedAt: now };
      }
      if (!LOCALES.some((l) => variants[l]?.published)) throw invalid("variants", "required");
      const item: ContentItem = {
        ...before,
        variants,
        status: "published",
        version: before.version + 1,
        publishedAt: now,
        updatedAt: now,
        shipped: undefined,
      };
      return { item, texts, before };
    }, tenant);
  }

  /** Take an item off the readers' screens (pages cannot: edit or delete them instead). */
  async unpublish(tenant: Tenant, by: Actor, id: string) {
    const t = tenant.id;
    return await this.write(t, by, id, "content.unpublish", async (current) => {
      const before = current ?? await this.item(t, id);
      if (!before) throw new DomainError("NOT_FOUND");
      if (before.kind === "page") throw new DomainError("CONFLICT");
      const item: ContentItem = { ...before, status: "draft", updatedAt: this.now() };
      return { item, texts: [], before };
    }, tenant);
  }

  /**
   * Delete an item and its texts (a page goes back to its shipped text; a legal page cannot be
   * deleted, its versions are what customers accepted).
   */
  async remove(tenant: Tenant, by: Actor, id: string) {
    const t = tenant.id;
    const key = contentKeys.item(t, id);
    for await (const _attempt of commitAttempts()) {
      const entry = await this.kv.get<ContentItem>(key);
      // a shipped article never edited: what the readers get (the check: still unstored)
      const current = entry.value ?? this.shippedHelp(id);
      if (!current || current.removed) throw new DomainError("NOT_FOUND");
      // a legal page's versions are what customers accepted: they never go back to 1
      if (current.kind === "page" && current.legal) throw new DomainError("CONFLICT");
      const head = await readAuditHead(this.kv, t);
      const op = this.kv.atomic().check(entry);
      // a shipped article would come back from the defaults: it stays, marked removed
      if (isShippedHelp(id)) {
        const { shipped: _, ...kept } = current;
        op.set(key, { ...kept, status: "draft", removed: true });
      } else op.delete(key);
      for (const l of LOCALES) {
        for (const s of ["draft", "published"] as const) op.delete(this.textKey(t, id, l, s));
      }
      auditInto(op, t, head, {
        at: this.now(),
        operator: by.operator,
        action: "content.delete",
        target: `content:${id}`,
        before: auditJson(current),
        after: null,
        ip: by.ip,
      });
      if ((await op.commit()).ok) return { id, deleted: true as const };
    }
    throw storeBusy();
  }

  /** Settings and drafts of an edit applied to `item` (checks the image is a public one). */
  private async applyEdit(t: string, item: ContentItem, b: ContentEdit, now: number) {
    const next: ContentItem = { ...item, variants: { ...item.variants } };
    const only = (field: string, kinds: ContentKind[], value: unknown) => {
      if (value !== undefined && value !== null && !kinds.includes(item.kind)) {
        throw invalid(field, "invalid");
      }
    };
    only("category", ["help"], b.category);
    only("image", ["banner"], b.image);
    only("link", ["banner"], b.link);
    only("popup", ["notice"], b.popup);
    if (b.image) {
      if (!await this.images.mayRead(t, b.image, null)) throw invalid("image", "imageMissing");
    }
    if (b.legal !== undefined) {
      if (item.kind === "page" && b.legal !== isLegal(item.slug)) throw invalid("legal", "invalid");
      next.legal = b.legal;
    }
    if (b.category !== undefined) next.category = b.category;
    if (b.image !== undefined) next.image = b.image;
    if (b.link !== undefined) next.link = b.link;
    if (b.order !== undefined) next.order = b.order;
    if (b.popup !== undefined) next.popup = b.popup;
    if (b.from !== undefined) next.from = b.from;
    if (b.to !== undefined) next.to = b.to;
    if (next.from !== null && next.to !== null && next.from >= next.to) {
      throw invalid("to", "invalid");
    }
    const texts: TextWrite[] = [];
    for (const [l, v] of Object.entries(b.variants ?? {}) as [LocaleId, VariantText | null][]) {
      const cur = next.variants[l];
      if (v === null) {
        if (!cur) continue;
        texts.push({ locale: l, state: "draft", value: null });
        if (cur.published) next.variants[l] = { ...cur, draft: false, updatedAt: now };
        else delete next.variants[l];
      } else {
        texts.push({ locale: l, state: "draft", value: v });
        next.variants[l] = { draft: true, published: cur?.published ?? null, updatedAt: now };
      }
    }
    return { item: next, texts };
  }

  /**
   * One audited write of an item: its record, the texts it changes and the audit entry in one
   * commit, checked against the record read (a page still shipped is stored with its texts).
   */
  private async write(
    t: string,
    by: Actor,
    id: string,
    action: string,
    change: (current: ContentItem | null) =>
      | { item: ContentItem; texts: TextWrite[]; before: ContentItem | null }
      | Promise<{ item: ContentItem; texts: TextWrite[]; before: ContentItem | null }>,
    tenant: Tenant,
  ) {
    const key = contentKeys.item(t, id);
    for await (const _attempt of commitAttempts()) {
      const entry = await this.kv.get<ContentItem>(key);
      // a deleted shipped help article stays deleted
      if (entry.value?.removed) throw new DomainError("NOT_FOUND");
      const c = await change(entry.value);
      const texts = (c.before?.shipped || c.item.shipped) && !c.texts.some((w) =>
          w.state === "published"
        )
        ? [...shippedWrites(c.before ?? c.item), ...c.texts]
        : c.texts;
      const head = await readAuditHead(this.kv, t);
      const item = { ...c.item, shipped: undefined };
      delete item.shipped;
      const op = this.kv.atomic().check(entry).set(key, item);
      for (const w of texts) {
        const k = this.textKey(t, id, w.locale, w.state);
        if (w.value) op.set(k, w.value);
        else op.delete(k);
      }
      auditInto(op, t, head, {
        at: this.now(),
        operator: by.operator,
        action,
        target: `content:${id}`,
        before: c.before ? auditJson(c.before) : null,
        after: { ...auditJson(item), texts: texts.map((w) => `${w.locale}:${w.state}`) },
        ip: by.ip,
      });
      if ((await op.commit()).ok) return adminJson(item, tenantLanguages(tenant));
    }
    throw storeBusy();
  }

  /** A public content image (banners, article images): decoded and re-encoded like uploads; audited. */
  async uploadImage(t: string, by: Actor, file: Blob): Promise<string> {
    if (file.size > MAX_UPLOAD_BYTES) throw UPLOAD_ERRORS.SIZE;
    const clean = await cleanImage(file);
    const id = await this.images.save(t, `op:${by.operator}`, clean, { use: "public" });
    await auditAlone(this.kv, t, {
      at: this.now(),
      operator: by.operator,
      action: "content.image",
      target: `image:${id}`,
      before: null,
      after: { mime: clean.mime, size: clean.bytes.length },
      ip: by.ip,
    });
    return id;
  }

  // ---------------------------------------------------------------- visitors' queues

  private async throttle(t: string, what: string, ip: string, limit: typeof CONTACT_LIMIT) {
    const r = await take(this.kv, contentKeys.rate(t, what, ip), limit, this.now());
    if (!r.allowed) {
      const seconds = Math.max(1, Math.ceil(r.retryAfterMs / 1000));
      throw new DomainError("RATE_LIMITED", { seconds }, undefined, {
        retryAfterSeconds: seconds,
      });
    }
  }

  async applyCoin(
    t: string,
    from: { ip: string; userId: string | null },
    b: Omit<CoinApplication, "id" | "ip" | "userId" | "at">,
  ) {
    await this.throttle(t, "coin", from.ip, COIN_APPLICATION_LIMIT);
    const at = this.now();
    const rec: CoinApplication = { id: journalId(at), ...b, ...from, at };
    await this.kv.set(contentKeys.coinApp(t, rec.id), rec);
    return { id: rec.id, receivedAt: at };
  }

  async contact(
    t: string,
    from: { ip: string; userId: string | null },
    b: Omit<ContactMessage, "id" | "ip" | "userId" | "at">,
  ) {
    await this.throttle(t, "contact", from.ip, CONTACT_LIMIT);
    const at = this.now();
    const rec: ContactMessage = { id: journalId(at), ...b, ...from, at };
    await this.kv.set(contentKeys.contact(t, rec.id), rec);
    return { id: rec.id, receivedAt: at };
  }

  coinApplications(t: string, limit: number, cursor?: string) {
    return this.queue<CoinApplication>(contentKeys.coinApps(t), limit, cursor);
  }

  contactMessages(t: string, limit: number, cursor?: string) {
    return this.queue<ContactMessage>(contentKeys.contacts(t), limit, cursor);
  }

  private async queue<T>(prefix: Deno.KvKey, limit: number, cursor?: string) {
    const iter = listPage<T>(this.kv, { prefix }, { reverse: true, limit, cursor });
    const items: T[] = [];
    for await (const e of iter) items.push(e.value);
    return { items, cursor: items.length === limit ? iter.cursor : null };
  }
}
