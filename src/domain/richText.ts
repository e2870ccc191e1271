/**
 * Operator rich text (activity content, and any other operator-written page): an allow-list HTML
 * sanitiser with no DOM, so the server runs it on save and the client again before rendering.
 *
 * The output is rebuilt from tokens, never copied: text is escaped; only the tags of ALLOWED are
 * written, each with only its allowed attributes, values re-escaped; URLs must be a site path or
 * https (images) / https, http or mailto (links), checked after decoding character references, so
 * `jav&#x61;script:` is as dead as `javascript:`. Elements whose content is code or foreign markup
 * (script, style, svg, iframe, ...) are dropped with their content; comments, doctypes and processing
 * instructions are dropped; unclosed tags are closed at the end; a stray `<` becomes text.
 * Text of several lines without any tag is taken as plain text: blank lines make paragraphs, line breaks <br>.
 */

const BLOCK = ['p', 'div', 'blockquote', 'pre', 'ul', 'ol', 'li', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'figure', 'figcaption'];
const INLINE = ['span', 'strong', 'b', 'em', 'i', 'u', 's', 'del', 'code', 'sub', 'sup', 'small', 'mark', 'a'];
const TABLE = ['table', 'caption', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td'];
const VOID = new Set(['br', 'hr', 'img']);
const ALLOWED = new Set([...BLOCK, ...INLINE, ...TABLE, ...VOID]);
/** Dropped together with everything inside them. */
const DROP_WITH_CONTENT = new Set([
  'script', 'style', 'iframe', 'object', 'embed', 'noscript', 'template', 'textarea', 'select', 'svg', 'math', 'title',
  'head', 'xmp', 'noembed', 'noframes', 'frameset', 'plaintext', 'applet', 'audio', 'video', 'canvas', 'form', 'button',
]);

type AttrCheck = (value: string) => string | null;
const digits = (max: number): AttrCheck => (v) => (/^\d{1,4}$/.test(v) && Number(v) <= max ? v : null);
const oneOf = (...allowed: string[]): AttrCheck => (v) => (allowed.includes(v.toLowerCase()) ? v.toLowerCase() : null);
const text = (max: number): AttrCheck => (v) => v.slice(0, max);

const SITE_PATH = /^\/(?!\/)[A-Za-z0-9_\-./?=&%#~]*$/;
const HTTPS_URL = /^https:\/\/[A-Za-z0-9.-]+(?::\d{1,5})?(?:[/?#][A-Za-z0-9_\-./?=&%#~+:@!,;]*)?$/i;
const HTTP_URL = /^https?:\/\/[A-Za-z0-9.-]+(?::\d{1,5})?(?:[/?#][A-Za-z0-9_\-./?=&%#~+:@!,;]*)?$/i;
const MAILTO = /^mailto:[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+$/i;

/** An image source the site shows: one of its own paths (an uploaded image) or an https URL. */
export const isSafeImageUrl = (url: string) => SITE_PATH.test(url) || HTTPS_URL.test(url);
const isSafeLink = (url: string) => SITE_PATH.test(url) || HTTP_URL.test(url) || MAILTO.test(url);

const ATTRS: Record<string, Record<string, AttrCheck>> = {
  a: { href: (v) => (isSafeLink(v) ? v : null), title: text(200) },
  img: { src: (v) => (isSafeImageUrl(v) ? v : null), alt: text(200), width: digits(4000), height: digits(4000) },
  td: { colspan: digits(100), rowspan: digits(1000), align: oneOf('left', 'center', 'right') },
  th: { colspan: digits(100), rowspan: digits(1000), align: oneOf('left', 'center', 'right') },
  p: { align: oneOf('left', 'center', 'right') },
  ol: { start: digits(9999) },
};

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

/** Character references decoded (numeric ones and the few named ones above); others stay as written. */
function decodeRefs(s: string): string {
  return s.replace(/&(#x[0-9a-f]{1,6}|#\d{1,7}|[a-z]{2,8});?/gi, (whole, ref: string) => {
    if (ref[0] === '#') {
      const code = ref[1] === 'x' || ref[1] === 'X' ? Number.parseInt(ref.slice(2), 16) : Number(ref.slice(1));
      return code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff) ? String.fromCodePoint(code) : '';
    }
    return NAMED[ref.toLowerCase()] ?? whole;
  });
}

const escapeText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeAttr = (s: string) => escapeText(s).replace(/"/g, '&quot;').replace(/'/g, '&#39;');
/** Control characters and whitespace a browser strips from a URL before reading its scheme. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are exactly what is removed
const URL_JUNK = /[\u0000-\u0020\u007f-\u009f\u200b-\u200f\u2028\u2029\ufeff]/g;

const ATTR_RE = /([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;

function attributes(tag: string, raw: string): string {
  const allowed = ATTRS[tag];
  if (!allowed) return '';
  const out: string[] = [];
  const seen = new Set<string>();
  for (const m of raw.matchAll(ATTR_RE)) {
    const name = m[1]!.toLowerCase();
    const check = allowed[name];
    if (!check || seen.has(name)) continue;
    let value = decodeRefs(m[2] ?? m[3] ?? m[4] ?? '');
    if (name === 'href' || name === 'src') value = value.replace(URL_JUNK, '');
    const kept = check(value);
    if (kept === null) continue;
    seen.add(name);
    out.push(` ${name}="${escapeAttr(kept)}"`);
  }
  if (tag === 'a' && seen.has('href')) out.push(' target="_blank" rel="noopener noreferrer nofollow"');
  if (tag === 'img') out.push(' loading="lazy"');
  return out.join('');
}

/** Plain text as paragraphs (blank lines) and line breaks. */
function plainToHtml(s: string): string {
  return s.split(/\r?\n\s*\r?\n/).map((p) => p.trim()).filter(Boolean)
    .map((p) => `<p>${escapeText(decodeRefs(p)).replace(/\r?\n/g, '<br>')}</p>`).join('');
}

const TAG_RE = /^<(\/?)([A-Za-z][A-Za-z0-9-]*)((?:[^>"']|"[^"]*"|'[^']*')*)>/;

/** Sanitises operator HTML to the allow-list (see the header). Idempotent. */
export function sanitizeRichText(input: string): string {
  if (!input.includes('<') && input.includes('\n')) return plainToHtml(input);
  const out: string[] = [];
  const open: string[] = [];
  let i = 0;
  while (i < input.length) {
    const lt = input.indexOf('<', i);
    const textEnd = lt === -1 ? input.length : lt;
    if (textEnd > i) out.push(escapeText(decodeRefs(input.slice(i, textEnd))));
    if (lt === -1) break;
    const rest = input.slice(lt);
    if (rest.startsWith('<!--')) { const end = input.indexOf('-->', lt + 4); i = end === -1 ? input.length : end + 3; continue; }
    if (/^<[!?]/.test(rest)) { const end = input.indexOf('>', lt); i = end === -1 ? input.length : end + 1; continue; }
    const m = TAG_RE.exec(rest);
    if (!m) { out.push('&lt;'); i = lt + 1; continue; }
    i = lt + m[0].length;
    const [, closing, rawName, rawAttrs] = m;
    const tag = rawName!.toLowerCase();
    if (!closing && DROP_WITH_CONTENT.has(tag)) {
      const close = new RegExp(`</${tag}\\s*>`, 'i').exec(input.slice(i));
      i = close ? i + close.index + close[0].length : input.length;
      continue;
    }
    if (!ALLOWED.has(tag)) continue;
    if (closing) {
      const at = open.lastIndexOf(tag);
      if (at === -1) continue;
      while (open.length > at) out.push(`</${open.pop()}>`);
      continue;
    }
    out.push(`<${tag}${attributes(tag, rawAttrs ?? '')}>`);
    if (!VOID.has(tag)) open.push(tag);
  }
  while (open.length) out.push(`</${open.pop()}>`);
  return out.join('');
}

/** The text of sanitised HTML, for summaries and emptiness checks. */
export function richTextPlain(html: string): string {
  return decodeRefs(html.replace(/<[^>]*>/g, ' ')).replace(/\s+/g, ' ').trim();
}
