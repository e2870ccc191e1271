/**
 * Operator rich text sanitised when it is saved, with sanitize-html to the allow-list of
 * domain/richText.ts (the client sanitises again with DOMPurify before rendering). The parser
 * decodes character references in attribute values before the allow-list's checks see them.
 */
import sanitizeHtml from 'sanitize-html';
import {
  isPlainRichText,
  keptRichTextAttr,
  plainTextToHtml,
  RICH_TEXT_ADDED,
  RICH_TEXT_ATTR_NAMES,
  RICH_TEXT_DROPPED,
  RICH_TEXT_TAGS,
} from '../../domain/richText.ts';

/** Each allowed tag's kept attributes, checked, then the added ones. */
function keptAttributes(tag: string, attribs: sanitizeHtml.Attributes): sanitizeHtml.Attributes {
  const kept: sanitizeHtml.Attributes = {};
  for (const [name, value] of Object.entries(attribs)) {
    const v = keptRichTextAttr(tag, name.toLowerCase(), value);
    if (v !== null) kept[name.toLowerCase()] = v;
  }
  if (tag !== 'a' || kept.href !== undefined) Object.assign(kept, RICH_TEXT_ADDED[tag]);
  return kept;
}

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...RICH_TEXT_TAGS],
  allowedAttributes: Object.fromEntries(
    RICH_TEXT_TAGS.map((tag) => [tag, [...RICH_TEXT_ATTR_NAMES]]),
  ),
  allowedSchemes: ['https', 'http', 'mailto'],
  allowedSchemesByTag: { img: ['https'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  nonTextTags: [...RICH_TEXT_DROPPED],
  // the dropped elements go with everything inside them, allowed tags included
  exclusiveFilter: (frame) => RICH_TEXT_DROPPED.includes(frame.tag.toLowerCase()),
  transformTags: {
    '*': (tagName, attribs) => ({
      tagName,
      attribs: keptAttributes(tagName.toLowerCase(), attribs),
    }),
  },
};

/** The operator's HTML (or plain text of several lines) as the allow-list keeps it. Idempotent. */
export function sanitizeRichText(input: string): string {
  return sanitizeHtml(isPlainRichText(input) ? plainTextToHtml(input) : input, OPTIONS);
}
