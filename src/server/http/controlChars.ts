/**
 * Refuses control characters in every field of every request, at the edge, before any schema or
 * handler sees them: query string (the enpath's decoded query included), form and multipart
 * bodies, and path parameters. A NUL that reached PostgreSQL used to fail the query (a 500).
 * Free-text fields of multi-line boxes keep their tabs and line breaks (domain/controlChars.ts).
 */
import { CONTROL_CHARS_MSG, hasControlChars, MULTILINE_FIELDS } from '../../domain/controlChars.ts';
import { labelOf } from '../../domain/validation.ts';
import { badRequest } from './envelope.ts';

/** The first top-level field (or key) of a parsed part whose text holds a control character. */
function badField(value: unknown, depth = 0): string | null {
  if (!value || typeof value !== 'object' || Buffer.isBuffer(value) || depth > 32) return null;
  for (const [key, v] of Object.entries(value)) {
    if (hasControlChars(key)) return '';
    if (typeof v === 'string' && hasControlChars(v, MULTILINE_FIELDS.has(key))) return key;
    // a repeated field is an array; its copies hold one line each
    if (v && typeof v === 'object' && badField(v, depth + 1) !== null) return key;
  }
  return null;
}

/** A label that never repeats what the client sent: the field's Chinese name, or a generic one. */
function label(field: string): string {
  const name = labelOf(field);
  return name === field ? '参数' : name;
}

export async function refuseControlChars(req: {
  query: unknown;
  body: unknown;
  params: unknown;
}): Promise<void> {
  for (const part of [req.params, req.query, req.body]) {
    const field =
      typeof part === 'string' ? (hasControlChars(part, true) ? '' : null) : badField(part);
    if (field !== null) badRequest(CONTROL_CHARS_MSG(label(field)));
  }
}

interface MultipartPart {
  fieldname: string;
  filename?: string;
  fields?: Record<string, unknown>;
}

/**
 * The same rule for a multipart upload, read in its handler (multipart bodies are streamed, so the
 * hook above never sees them): the file's field and name, and every text field sent with it.
 */
export function refuseControlCharsInPart(part: MultipartPart): void {
  const texts = [part.fieldname, part.filename ?? ''];
  for (const [name, field] of Object.entries(part.fields ?? {})) {
    texts.push(name);
    for (const f of [field].flat()) {
      const value = (f as { value?: unknown } | undefined)?.value;
      if (typeof value === 'string') texts.push(value);
    }
  }
  if (texts.some((t) => hasControlChars(t))) badRequest(CONTROL_CHARS_MSG('上传内容'));
}
