/**
 * Operator rich text (activity content, and any other operator-written page): the one allow-list
 * both sides sanitise to. The server runs sanitize-html on it when the operator saves
 * (server/http/richText.ts); the client runs DOMPurify on it again before rendering
 * (client/features/activity/richText.ts), so a stored row written by anything else cannot run.
 *
 * Only the tags of RICH_TEXT_TAGS survive, each with only the attributes RICH_TEXT_ATTRS checks;
 * URLs must be a site path or https (images) / https, http or mailto (links), checked after the
 * parser has decoded character references and the browser's URL junk is removed, so
 * `jav&#x61;script:` is as dead as `javascript:`. Elements whose content is code or foreign markup
 * (RICH_TEXT_DROPPED: script, style, svg, iframe, ...) go with their content. Text of several lines
 * without any tag is taken as plain text: blank lines make paragraphs, line breaks <br>.
 */

const BLOCK = [
  'p',
  'div',
  'blockquote',
  'pre',
  'ul',
  'ol',
  'li',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'figure',
  'figcaption',
];
const INLINE = [
  'span',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'del',
  'code',
  'sub',
  'sup',
  'small',
  'mark',
  'a',
];
const TABLE = ['table', 'caption', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td'];
export const RICH_TEXT_TAGS: readonly string[] = [...BLOCK, ...INLINE, ...TABLE, 'br', 'hr', 'img'];
/** Dropped together with everything inside them. */
export const RICH_TEXT_DROPPED: readonly string[] = [
  'script',
  'style',
  'iframe',
  'object',
  'embed',
  'noscript',
  'template',
  'textarea',
  'select',
  'svg',
  'math',
  'title',
  'head',
  'xmp',
  'noembed',
  'noframes',
  'frameset',
  'plaintext',
  'applet',
  'audio',
  'video',
  'canvas',
  'form',
  'button',
];

type AttrCheck = (value: string) => string | null;
const digits =
  (max: number): AttrCheck =>
  (v) =>
    /^\d{1,4}$/.test(v) && Number(v) <= max ? v : null;
const oneOf =
  (...allowed: string[]): AttrCheck =>
  (v) =>
    allowed.includes(v.toLowerCase()) ? v.toLowerCase() : null;
const text =
  (max: number): AttrCheck =>
  (v) =>
    v.slice(0, max);

const SITE_PATH = /^\/(?!\/)[A-Za-z0-9_\-./?=&%#~]*$/;
const HTTPS_URL = /^https:\/\/[A-Za-z0-9.-]+(?::\d{1,5})?(?:[/?#][A-Za-z0-9_\-./?=&%#~+:@!,;]*)?$/i;
const HTTP_URL = /^https?:\/\/[A-Za-z0-9.-]+(?::\d{1,5})?(?:[/?#][A-Za-z0-9_\-./?=&%#~+:@!,;]*)?$/i;
const MAILTO = /^mailto:[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+$/i;
/** Control characters and whitespace a browser strips from a URL before reading its scheme. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are exactly what is removed
const URL_JUNK = /[\u0000-\u0020\u007f-\u009f\u200b-\u200f\u2028\u2029\ufeff]/g;

/** An image source the site shows: one of its own paths (an uploaded image) or an https URL. */
export const isSafeImageUrl = (url: string) => SITE_PATH.test(url) || HTTPS_URL.test(url);
const isSafeLink = (url: string) => SITE_PATH.test(url) || HTTP_URL.test(url) || MAILTO.test(url);
const url =
  (safe: (u: string) => boolean): AttrCheck =>
  (v) => {
    const u = v.replace(URL_JUNK, '');
    return safe(u) ? u : null;
  };

/** Per tag, the attributes kept and the check of each (the value kept, or null to drop it). */
export const RICH_TEXT_ATTRS: Readonly<Record<string, Readonly<Record<string, AttrCheck>>>> = {
  a: { href: url(isSafeLink), title: text(200) },
  img: { src: url(isSafeImageUrl), alt: text(200), width: digits(4000), height: digits(4000) },
  td: { colspan: digits(100), rowspan: digits(1000), align: oneOf('left', 'center', 'right') },
  th: { colspan: digits(100), rowspan: digits(1000), align: oneOf('left', 'center', 'right') },
  p: { align: oneOf('left', 'center', 'right') },
  ol: { start: digits(9999) },
};

/** Attributes the sanitisers add: links open apart and pass nothing on, images load when shown. */
export const RICH_TEXT_ADDED: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  a: { target: '_blank', rel: 'noopener noreferrer nofollow' },
  img: { loading: 'lazy' },
};

/** The attribute as kept (a decoded value in, the value to write out), or null when it goes. */
export function keptRichTextAttr(tag: string, name: string, value: string): string | null {
  const check = RICH_TEXT_ATTRS[tag]?.[name];
  return check ? check(value) : null;
}

/** Every attribute name the allow-list may write, its checks' and the added ones. */
export const RICH_TEXT_ATTR_NAMES: readonly string[] = [
  ...new Set(
    [...Object.values(RICH_TEXT_ATTRS), ...Object.values(RICH_TEXT_ADDED)].flatMap((a) =>
      Object.keys(a),
    ),
  ),
];

const NAMED: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
};

/** Character references decoded (numeric ones and the few named ones above); others stay as written. */
function decodeRefs(s: string): string {
  return s.replace(/&(#x[0-9a-f]{1,6}|#\d{1,7}|[a-z]{2,8});?/gi, (whole, ref: string) => {
    if (ref[0] === '#') {
      const code =
        ref[1] === 'x' || ref[1] === 'X' ? Number.parseInt(ref.slice(2), 16) : Number(ref.slice(1));
      return code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff)
        ? String.fromCodePoint(code)
        : '';
    }
    return NAMED[ref.toLowerCase()] ?? whole;
  });
}

const escapeText = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Text of several lines without any tag: taken as plain text, not HTML. */
export const isPlainRichText = (s: string) => !s.includes('<') && s.includes('\n');

/** Plain text as paragraphs (blank lines) and line breaks, everything in it escaped. */
export function plainTextToHtml(s: string): string {
  return s
    .split(/\r?\n\s*\r?\n/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => `<p>${escapeText(decodeRefs(p)).replace(/\r?\n/g, '<br>')}</p>`)
    .join('');
}

/** The text of sanitised HTML, for summaries and emptiness checks. */
export function richTextPlain(html: string): string {
  return decodeRefs(html.replace(/<[^>]*>/g, ' '))
    .replace(/\s+/g, ' ')
    .trim();
}
