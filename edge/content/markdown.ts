/**
 * Content bodies are Markdown rendered on the server by markdown-it (CommonMark) with a strict
 * allow-list: raw HTML is never passed through (`html: false`: tags come out as text), links only
 * to http(s), mailto and same-site paths (with `rel="noopener nofollow"`; external ones open in a
 * new tab; a scheme-relative `//host` is another site, so it is no same-site path), images only from the public image store (`/api/image/<id>`; any other image is
 * shown as its alt text). The output is safe to insert as HTML.
 */
// @ts-types="@types/markdown-it"
import MarkdownIt from "markdown-it";

const IMAGE_SRC = /^\/api\/image\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const SCHEME = /^([a-z][a-z0-9+.-]*):/i;

/**
 * Whether a link target is allowed: http(s), mailto, or a same-site path (no other scheme, and
 * not two slashes first: browsers read `//host` and `///host` as another site's address).
 * markdown-it hands it over with entities decoded (`&#47;` is `/`).
 */
export function allowedLink(url: string): boolean {
  const u = url.trim();
  if (!u || u.includes("\\") || [...u].some((ch) => ch.charCodeAt(0) < 32 || ch === "\x7f")) {
    return false;
  }
  const scheme = SCHEME.exec(u)?.[1]?.toLowerCase();
  if (scheme === undefined) return !u.startsWith("//");
  return scheme === "http" || scheme === "https" || scheme === "mailto";
}

/** Whether an image address is one of the public image store's. */
export const allowedImage = (src: string): boolean => IMAGE_SRC.test(src);

const md = new MarkdownIt("default", { html: false, linkify: false, typographer: false });
md.validateLink = allowedLink;
md.disable(["html_block", "html_inline"], true);

md.renderer.rules.link_open = (tokens, idx, options, _env, self) => {
  const token = tokens[idx]!;
  const href = token.attrGet("href") ?? "";
  token.attrSet("rel", "noopener nofollow");
  if (/^https?:/i.test(href)) token.attrSet("target", "_blank");
  return self.renderToken(tokens, idx, options);
};

md.renderer.rules.image = (tokens, idx, options, env, self) => {
  const token = tokens[idx]!;
  const src = token.attrGet("src") ?? "";
  const alt = self.renderInlineAsText(token.children ?? [], options, env);
  if (!allowedImage(src)) return md.utils.escapeHtml(alt);
  return `<img src="${md.utils.escapeHtml(src)}" alt="${md.utils.escapeHtml(alt)}" loading="lazy">`;
};

/** Markdown to safe HTML (see the module comment). */
export function renderMarkdown(body: string): string {
  return md.render(body);
}

/** Markdown to plain text, for search (tags never exist: HTML is off). */
export function plainText(body: string): string {
  return body.replace(/[#*_`>\[\]()!~|-]+/g, " ").replace(/\s+/g, " ").trim();
}
