/** The `{ code, msg, data }` envelope, the error type routes throw, and schema helpers. */
import { Type, type TSchema, type TString } from '@sinclair/typebox';
import { ResponseCode, type Envelope } from '../../domain/errors.ts';
import { REQUEST_ID_MAX_CHARS, REQUEST_ID_PATTERN } from '../../domain/requests.ts';
import { patterns, type PatternName } from '../../domain/validation.ts';

export function ok<T>(data: T, msg = '成功'): Envelope<T> {
  return { code: ResponseCode.OK, msg, data };
}

/**
 * A refusal with a Chinese message. `status` is the HTTP status: 200 for business outcomes the
 * client dispatches on (session codes, wrong password), 4xx for malformed requests.
 */
export class AppError extends Error {
  constructor(
    message: string,
    public readonly code: number = ResponseCode.FAILED,
    public readonly status: number = 200,
    public readonly data: unknown = null,
  ) {
    super(message);
  }
}

/** A business refusal: code -1 (or the one given), HTTP 200. */
export function refuse(
  message: string,
  code: number = ResponseCode.FAILED,
  data: unknown = null,
): never {
  throw new AppError(message, code, 200, data);
}

/** A malformed request: code -1, HTTP 400. */
export function badRequest(message: string): never {
  throw new AppError(message, ResponseCode.FAILED, 400);
}

/** A form field that must match one of the domain's named patterns. */
export function Pattern(name: PatternName, opts: { maxLength?: number } = {}): TString {
  return Type.String({ pattern: patterns[name].source, maxLength: opts.maxLength ?? 200 });
}

/** The request id of a money action (domain/requests.ts), made once by the client and repeated on a retry. */
export const RequestId = Type.String({
  pattern: REQUEST_ID_PATTERN.source,
  maxLength: REQUEST_ID_MAX_CHARS,
});

/** A 32-hex credential hash (spec 000 section 5). */
export const CredentialHash = Type.String({ pattern: '^[0-9a-f]{32}$' });

/** An object schema that refuses unknown fields. */
export function Form<T extends Record<string, TSchema>>(props: T) {
  return Type.Object(props, { additionalProperties: false });
}
