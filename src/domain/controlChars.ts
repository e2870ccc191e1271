/**
 * Control characters in request fields. None belongs in a form value: a NUL cannot even be stored
 * in a PostgreSQL text column, and the rest only hide things from whoever reads the value later.
 * Free-text fields typed in a multi-line box (notices, instructions) may hold line breaks and tabs; every other field holds none.
 */

/** C0 controls, DEL and C1 controls. */
const ANY_CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
/** The same, less tab, line feed and carriage return. */
const CONTROL_BUT_WHITESPACE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;

/**
 * Fields whose values are free text typed in a multi-line box, or JSON text (whose whitespace may
 * be line breaks; strings inside it are checked again after parsing).
 */
export const MULTILINE_FIELDS: ReadonlySet<string> = new Set([
  'content',
  'instructions',
  'notice',
  'ipList',
  'bettingData',
  'chaseBettingData',
  // chat text (spec 001 section 5: Ctrl+Enter inserts a line break)
  'message',
  'intro',
]);

export function hasControlChars(text: string, allowLineBreaks = false): boolean {
  return (allowLineBreaks ? CONTROL_BUT_WHITESPACE : ANY_CONTROL).test(text);
}

/** Whether any string inside a value (keys included, at any depth) holds a control character. */
export function deepHasControlChars(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return hasControlChars(value);
  if (!value || typeof value !== 'object' || depth > 32) return false;
  if (Array.isArray(value)) return value.some((v) => deepHasControlChars(v, depth + 1));
  return Object.entries(value).some(
    ([k, v]) => hasControlChars(k) || deepHasControlChars(v, depth + 1),
  );
}

export const CONTROL_CHARS_MSG = (label: string) => `${label}包含不允许的字符`;
