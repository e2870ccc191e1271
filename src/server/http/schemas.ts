/**
 * The field schemas every route shares (TypeBox): free text the site stores, page paths, site links,
 * ids, user names, and the operator routes' config (paging: http/paging.ts; dates: http/dates.ts).
 *
 * Free text (titles, remarks, notices, statistics): bounded length,
 * no control characters (PostgreSQL refuses NUL, and the rest only break displays) and no
 * angle brackets, so text is plain text wherever it is shown. Newlines and tabs only where
 * `multiline` says so.
 */
import { Type, type TString } from '@sinclair/typebox';
import { patterns } from '../../domain/validation.ts';

const SINGLE_LINE = '^[^\\u0000-\\u001f\\u007f<>]*$';
const MULTI_LINE = '^[^\\u0000-\\u0008\\u000b\\u000c\\u000e-\\u001f\\u007f<>]*$';

export function PlainText(
  maxLength: number,
  opts: { minLength?: number; multiline?: boolean } = {},
): TString {
  return Type.String({
    minLength: opts.minLength ?? 0,
    maxLength,
    pattern: opts.multiline ? MULTI_LINE : SINGLE_LINE,
  });
}

/** A page path as the client reports it: `/lottery/K3/jsk3`, query included, no spaces. */
export const PagePath = Type.String({
  pattern: '^/[^\\s\\u0000-\\u001f\\u007f<>]{0,199}$',
  maxLength: 200,
});

/** A link or image target: a site path or an https URL (never javascript:, data: or `//host`). */
export function SiteLink(maxLength = 300): TString {
  return Type.String({
    pattern:
      '^(?:/(?!/)[A-Za-z0-9_\\-./?=&%#]*|https://[A-Za-z0-9.\\-]+(?::\\d{1,5})?(?:/[A-Za-z0-9_\\-./?=&%#~]*)?)$',
    maxLength,
  });
}

/** A positive database id in a form field. */
export const Id = Type.Integer({ minimum: 1, maximum: 9_007_199_254_740_991 });

/** A `1`/`0` flag in a form field. */
export const Flag = Type.String({ pattern: '^[01]$' });

/**
 * Ajv 8 coerces a form value like `1e309` to Infinity and then skips `minimum`/`maximum` for
 * non-finite numbers, so `Type.Integer({ maximum })` lets Infinity through. Form values are
 * strings and JSON has no Infinity, so a non-finite number here can only come from that
 * coercion: refuse it before a handler sees it (registered as a preHandler hook).
 */

/** Every operator route carries this config: the session plugin refuses anyone else (403). */
export const OPERATOR = { auth: 'operator' as const };

/** A user name as the domain pattern defines it (typed, unlike the generic Pattern helper). */
export const UserName = Type.String({ pattern: patterns.userName.source, maxLength: 20 });
