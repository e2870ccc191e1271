/**
 * The ledger takes only a TransferId, which only src/domain/transferIds.ts makes, so TypeScript already
 * refuses an id built by hand where it is passed to the ledger. This scan covers what the types cannot
 * see: an id written into SQL, compared with a stored one, or parsed back by hand, and a cast that
 * would sidestep the brand. Transfer refs (src/domain/transferRefs.ts) get the same scan.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { TRANSFER_KINDS } from '../../src/domain/transferIds.ts';
import { TRANSFER_REF_KINDS } from '../../src/domain/transferRefs.ts';

const ROOT = join(import.meta.dirname, '../..');
const REGISTRY = 'src/domain/transferIds.ts';
const REF_REGISTRY = 'src/domain/transferRefs.ts';

/**
 * Literals that start like a transfer id but are something else, each with its reason: a player's
 * recharge lock key is `recharge:{userId}` (an advisory lock, never a ledger row). (The bet ref,
 * `bet:{betId}` like the stake id by design, is built by the ref registry, so no longer here.)
 */
const NOT_TRANSFER_IDS: Readonly<Record<string, readonly string[]>> = {
  'src/server/payments/orders.ts': ['`recharge:'],
};

function sources(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((e) => {
    const path = `${dir}/${e.name}`;
    if (e.isDirectory()) return sources(path);
    return /\.(ts|tsx|mts)$/.test(e.name) ? [path] : [];
  });
}

/** The code without its comments (block comments, and line comments that start a line or follow a space). */
const withoutComments = (text: string) =>
  text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|\s)\/\/.*$/gm, '$1');

const prefixes = [...new Set(Object.values(TRANSFER_KINDS).map((k) => k.prefix))];
/** A string or template literal that starts with a registered prefix and its colon. */
const HAND_BUILT = new RegExp(
  `['"\`](?:${prefixes.map((p) => p.replace(/[-]/g, '\\-')).join('|')}):`,
  'g',
);

const refPrefixes = Object.values(TRANSFER_REF_KINDS).flatMap((k) =>
  k.prefix === null ? [] : [k.prefix],
);
/** A string or template literal that starts with a registered ref prefix and its colon. */
const HAND_BUILT_REF = new RegExp(
  `['"\`](?:${refPrefixes.map((p) => p.replace(/[-]/g, '\\-')).join('|')}):`,
  'g',
);

/**
 * Literals that start like a transfer ref but are something else: the fingerprint of a claim form on
 * the client (useMoneyAction keeps the request id of a pending send under it; never a ledger row).
 */
const NOT_TRANSFER_REFS: Readonly<Record<string, readonly string[]>> = {
  'src/client/features/activity/ActivityDetailPage.tsx': ['`activity:'],
  'src/client/features/activity/OpenEnvelopeDialog.tsx': ['`activity:'],
};

/** A ref written or read by hand, or a cast around the ref brand. */
function refFindings(path: string, code: string): string[] {
  const allowed = NOT_TRANSFER_REFS[path] ?? [];
  const out = [...code.matchAll(HAND_BUILT_REF)]
    .filter((m) => !allowed.some((a) => code.startsWith(a, m.index)))
    .map((m) => `${path}: ref ${m[0]}`);
  if (/\bas\s+TransferRef\b/.test(code)) out.push(`${path}: cast to TransferRef`);
  return out;
}

function findings(path: string, code: string): string[] {
  const allowed = NOT_TRANSFER_IDS[path] ?? [];
  const out: string[] = [];
  for (const m of code.matchAll(HAND_BUILT))
    if (!allowed.some((a) => code.startsWith(a, m.index))) out.push(`${path}: ${m[0]}`);
  if (/\bas\s+TransferId\b/.test(code)) out.push(`${path}: cast to TransferId`);
  if (/transferIds\.fixture\b/.test(code)) out.push(`${path}: fixture id outside tests`);
  return out;
}

describe('transfer ids are built only by the registry', () => {
  const files = ['src', 'sw'].flatMap(sources).filter((p) => p !== REGISTRY && p !== REF_REGISTRY);

  it('finds no transfer id written by hand in the sources', () => {
    expect(files.length).toBeGreaterThan(100);
    expect(
      files.flatMap((p) => findings(p, withoutComments(readFileSync(join(ROOT, p), 'utf8')))),
    ).toEqual([]);
  });

  it('catches the ways an id used to be written by hand', () => {
    const caught = (code: string) => findings('src/server/x.ts', code);
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the scan's input is source text holding a template literal
    expect(caught('const id = `rp:${code}:${userId}`;')).toHaveLength(1);
    expect(
      caught("select 1 from transfers where transfer_id = 'rev:' || t.transfer_id"),
    ).toHaveLength(1);
    expect(caught('transferId: "withdraw:pay:" + id,')).toHaveLength(1);
    expect(caught('const m = /x/.exec(id); if (id.startsWith(`win:`)) {}')).toHaveLength(1);
    expect(caught('const id = raw as TransferId;')).toHaveLength(1);
    expect(caught('transferIds.fixture("x")')).toHaveLength(1);
    expect(
      caught(
        // biome-ignore lint/suspicious/noTemplateCurlyInString: the scan's input is source text holding a template literal
        'const ref = `activity:${id}`; const key = `card:${kind}`; const w = `withdraw:${no}`;',
      ),
    ).toEqual([]);
    expect(
      withoutComments('/** `bet:{betId}` */ const a = 1; // `rp:` here\nconst u = "http://x";'),
    ).not.toMatch(HAND_BUILT);
  });

  it('finds no transfer ref written or read by hand in the sources', () => {
    expect(
      files.flatMap((p) => refFindings(p, withoutComments(readFileSync(join(ROOT, p), 'utf8')))),
    ).toEqual([]);
  });

  it('catches the ways a ref used to be written or read by hand', () => {
    const caught = (code: string) => refFindings('src/server/x.ts', code);
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the scan's input is source text holding a template literal
    expect(caught('ref: `activity:${activityId}`,')).toHaveLength(1);
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the scan's input is source text holding a template literal
    expect(caught('return `issue:${lotteryCode}:${issue}`;')).toHaveLength(1);
    expect(caught("const betId = o.ref.startsWith('bet:') ? 1 : 2;")).toHaveLength(1);
    expect(caught("where t.ref like 'bet:%'")).toHaveLength(1);
    expect(caught('const m = /x/.exec(ref ?? ""); const r = "pledge-order:" + id;')).toHaveLength(
      1,
    );
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the scan's input is source text holding a template literal
    expect(caught('ref: `withdraw:${o.order_no}`,')).toHaveLength(1);
    expect(caught('const r = raw as TransferRef;')).toHaveLength(1);
    expect(
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the scan's input is source text holding a template literal
      caught('ref: transferRefs.bet(o.id), key: `card:${kind}`, url: "/activity/list"'),
    ).toEqual([]);
  });

  it('allows each exception only where it is named', () => {
    for (const [path, literals] of Object.entries({ ...NOT_TRANSFER_IDS, ...NOT_TRANSFER_REFS })) {
      const code = withoutComments(readFileSync(join(ROOT, path), 'utf8'));
      for (const l of literals)
        expect(code.includes(l), `${relative(ROOT, join(ROOT, path))} ${l}`).toBe(true);
    }
  });
});
