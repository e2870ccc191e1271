/**
 * The shape of a bet slip's `bettingData` (addBetting, addFastBetting), as a TypeBox schema like every
 * other request schema: a JSON array of 1 to MAX_TICKETS entries, each an object holding only the
 * slip fields, each field a string or a finite number (the page sends text, some clients numbers).
 * What a field's text means (play codes, counts, amounts, odds) is the domain's, read in tickets.ts.
 *
 * A fault is not answered here: readSlip says which one it is, and tickets.ts says it in the words the
 * page has always been told, at the moment it has always been told (an entry's fields are read in
 * order between lookups, so a missing field is refused at its turn, after an earlier field's lookup).
 */
import { Type, type Static } from '@sinclair/typebox';
import { TypeCompiler } from '@sinclair/typebox/compiler';
import { ValueErrorType } from '@sinclair/typebox/errors';

export const MAX_TICKETS = 50;

export const ENTRY_FIELDS = [
  'lotteryCode',
  'playDetailCode',
  'bettingNumber',
  'bettingCount',
  'bettingAmount',
  'bettingPoint',
  'bettingUnit',
  'bettingIssue',
  'graduationCount',
] as const;
export type EntryField = (typeof ENTRY_FIELDS)[number];

/** A field as the wire carries it; JSON has no NaN or Infinity, and TypeBox refuses them anyway. */
const WireValue = Type.Union([Type.String(), Type.Number()]);

export const SlipEntry = Type.Object(
  Object.fromEntries(ENTRY_FIELDS.map((f) => [f, WireValue])) as Record<
    EntryField,
    typeof WireValue
  >,
  { additionalProperties: false },
);
export const Slip = Type.Array(SlipEntry, { minItems: 1, maxItems: MAX_TICKETS });
export type SlipValue = Static<typeof Slip>;

const slip = TypeCompiler.Compile(Slip);

/**
 * An entry as the shape leaves it: each field's text (trimmed), or null where the shape refused the
 * field (missing, or neither a string nor a number); and the first field the shape does not know.
 */
export interface EntryText {
  fields: Record<EntryField, string | null>;
  unknownField: string | null;
}

/** What is wrong with the slip as a whole: no entries (or not a list), too many, an entry not an object. */
export type SlipFault = 'empty' | 'tooMany' | 'notObject';

export type ReadSlip = { ok: true; entries: EntryText[] } | { ok: false; fault: SlipFault };

/** A JSON pointer's segment back to its key (`~1` is '/', `~0` is '~'). */
const unescapeKey = (s: string) => s.replace(/~1/g, '/').replace(/~0/g, '~');

function entryText(
  entry: Record<string, unknown>,
  refused: ReadonlySet<string>,
  unknownField: string | null,
): EntryText {
  const fields = {} as Record<EntryField, string | null>;
  for (const f of ENTRY_FIELDS) fields[f] = refused.has(f) ? null : String(entry[f]).trim();
  return { fields, unknownField };
}

/** The slip's entries, or the fault of its shape that is told before any entry is read. */
export function readSlip(list: unknown): ReadSlip {
  if (slip.Check(list))
    return { ok: true, entries: list.map((e) => entryText(e, new Set(), null)) };
  // the list's own faults come first, before any entry's (and before a long list is walked)
  const first = slip.Errors(list).First()!;
  if (first.path === '')
    return { ok: false, fault: first.type === ValueErrorType.ArrayMaxItems ? 'tooMany' : 'empty' };
  const refused = new Map<number, Set<string>>();
  const unknown = new Map<number, string>();
  for (const e of slip.Errors(list)) {
    const [, at, key] = e.path.split('/');
    const i = Number(at);
    if (key === undefined) return { ok: false, fault: 'notObject' };
    const name = unescapeKey(key);
    if (e.type === ValueErrorType.ObjectAdditionalProperties) {
      if (!unknown.has(i)) unknown.set(i, name);
    } else {
      refused.set(i, (refused.get(i) ?? new Set()).add(name));
    }
  }
  const entries = (list as Record<string, unknown>[]).map((e, i) =>
    entryText(e, refused.get(i) ?? new Set(), unknown.get(i) ?? null),
  );
  return { ok: true, entries };
}
