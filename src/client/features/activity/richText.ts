/**
 * Operator rich text sanitised in the browser before it reaches the DOM, with DOMPurify to the
 * allow-list of domain/richText.ts (the server sanitised it with sanitize-html on save; this pass
 * holds even if a stored row were written by something else). DOMPurify parses with the browser's
 * own parser, so what it keeps is what the page will build (no mutation XSS). Imported only by the
 * lazy pages that show or edit rich text, never by the first screen.
 */
import DOMPurify from 'dompurify';
import {
  keptRichTextAttr,
  RICH_TEXT_ADDED,
  RICH_TEXT_ATTR_NAMES,
  RICH_TEXT_DROPPED,
  RICH_TEXT_TAGS,
} from '../../../domain/richText';

/** Our own instance: its hooks touch no other user of DOMPurify. */
const purify = DOMPurify(window);

purify.addHook('uponSanitizeAttribute', (node, data) => {
  const kept = keptRichTextAttr(node.nodeName.toLowerCase(), data.attrName, data.attrValue);
  if (kept === null) data.keepAttr = false;
  else data.attrValue = kept;
});
purify.addHook('afterSanitizeAttributes', (node) => {
  const tag = node.nodeName.toLowerCase();
  if (tag === 'a' && !node.hasAttribute('href')) return;
  for (const [name, value] of Object.entries(RICH_TEXT_ADDED[tag] ?? {}))
    node.setAttribute(name, value);
});

const CONFIG = {
  ALLOWED_TAGS: [...RICH_TEXT_TAGS],
  ALLOWED_ATTR: RICH_TEXT_ATTR_NAMES.filter(
    (name) => !Object.values(RICH_TEXT_ADDED).some((added) => name in added),
  ),
  ADD_FORBID_CONTENTS: [...RICH_TEXT_DROPPED],
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
};

/** Operator HTML as the allow-list keeps it, ready for innerHTML. */
export function sanitizeRichText(html: string): string {
  return purify.sanitize(html, CONFIG);
}
