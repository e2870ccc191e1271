/**
 * docs/provably-fair.md must never drift from the code: this test reads the page itself, recomputes
 * every worked example (hash, stream, each sample, the result) with the real draw code and with an
 * implementation of the page's own words, checks the family table against DRAW_FORMATS, and runs the
 * page's reference script against the real draw on many random seeds.
 */
import crypto from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import {
  DRAW_FORMATS,
  drawFromRandomBytes,
  formatDraw,
  type LotteryFamily,
} from '../../src/domain/lottery/index.ts';
import { drawFromSeedHex, seedHashOf, seedStream } from '../../src/server/lottery/draw.ts';

const DOC = readFileSync(new URL('../../docs/provably-fair.md', import.meta.url), 'utf8');
const FAMILIES = Object.keys(DRAW_FORMATS) as LotteryFamily[];

interface Example {
  family: string;
  fields: Map<string, string>;
  rows: string[][];
  pool: string[];
}

function section(title: string): string {
  const at = DOC.indexOf(`\n## ${title}`);
  if (at < 0) throw new Error(`no section ${title}`);
  const end = DOC.indexOf('\n## ', at + 1);
  return DOC.slice(at, end < 0 ? undefined : end);
}

/** Cells of the markdown table rows after the header line that starts with `header`. */
function tableRows(text: string, header: string): string[][] {
  const lines = text.split('\n');
  const start = lines.findIndex((l) => l.startsWith(header));
  if (start < 0) return [];
  const rows: string[][] = [];
  for (const line of lines.slice(start + 2)) {
    if (!line.startsWith('|')) break;
    rows.push(
      line
        .split('|')
        .slice(1, -1)
        .map((c) => c.trim()),
    );
  }
  return rows;
}

function fencedBlocks(text: string, lang: string): string[] {
  return [...text.matchAll(new RegExp(`\`\`\`${lang}\\n([\\s\\S]*?)\\n\`\`\``, 'g'))].map(
    (m) => m[1]!,
  );
}

function examples(): Example[] {
  return section('5. Worked examples')
    .split('\n### ')
    .slice(1)
    .map((part) => {
      const family = part.split('\n')[0]!.trim();
      const [fieldBlock, poolBlock] = fencedBlocks(part, 'text');
      const fields = new Map(
        fieldBlock!.split('\n').map((l) => {
          const m = /^(\w+(?: \d+)?)\s{2,}(.+)$/.exec(l);
          if (!m) throw new Error(`${family}: bad line ${l}`);
          return [m[1]!, m[2]!] as const;
        }),
      );
      return {
        family,
        fields,
        rows: tableRows(part, '| position'),
        pool: poolBlock ? poolBlock.split('\n') : [],
      };
    });
}

/** The table rows and pool trace the page's sections 3–4 describe, computed from the stream alone. */
function traceFromWords(family: LotteryFamily, stream: readonly number[]) {
  const f = DRAW_FORMATS[family];
  const width = f.max - f.min + 1;
  const pad = (x: number) => (f.padded ? String(x).padStart(2, '0') : String(x));
  const pool = Array.from({ length: width }, (_, i) => f.min + i);
  const rows: string[][] = [];
  const trace: string[] = [];
  let at = 0;
  for (let i = 0; i < f.size; i++) {
    const n = f.distinct ? width - i : width;
    const limit = 256 - (256 % n);
    for (;;) {
      const b = stream[at++]!;
      const byte = `0x${b.toString(16).padStart(2, '0')} = ${b}`;
      if (b >= limit) {
        rows.push([String(i + 1), byte, String(n), String(limit), 'no', '–', '–', '–']);
        continue;
      }
      const r = b % n;
      if (!f.distinct) {
        rows.push([
          String(i + 1),
          byte,
          String(n),
          String(limit),
          'yes',
          String(r),
          '–',
          pad(f.min + r),
        ]);
        break;
      }
      const j = i + r;
      [pool[i], pool[j]] = [pool[j]!, pool[i]!];
      rows.push([
        String(i + 1),
        byte,
        String(n),
        String(limit),
        'yes',
        String(r),
        String(j),
        pad(pool[i]!),
      ]);
      trace.push(`after draw ${String(i + 1).padStart(2)}: ${pool.map(pad).join(' ')}`);
      break;
    }
  }
  return {
    rows,
    trace,
    used: at,
    result: rows
      .filter((r) => r[4] === 'yes')
      .map((r) => r[7])
      .join(','),
  };
}

describe('docs/provably-fair.md worked examples', () => {
  const list = examples();

  it('has one example per family', () => {
    expect(list.map((e) => e.family).sort()).toEqual([...FAMILIES].sort());
  });

  for (const ex of list) {
    it(`${ex.family}: hash, stream, every sample and the result match the code`, () => {
      const family = ex.family as LotteryFamily;
      const seed = ex.fields.get('seed')!;
      expect(ex.fields.get('family')).toBe(family);
      expect(seed).toMatch(/^[0-9a-f]{64}$/);
      expect(ex.fields.get('seedHash')).toBe(seedHashOf(seed));
      expect(ex.fields.get('seedHash')).toBe(
        crypto.createHash('sha256').update(Buffer.from(seed, 'hex')).digest('hex'),
      );
      expect(ex.fields.get('block 0')).toBe(Buffer.from(seedStream(seed)(32)).toString('hex'));

      // the real sampler, recording each byte it takes from the real stream
      const source = seedStream(seed);
      const taken: number[] = [];
      const drawn = formatDraw(
        family,
        drawFromRandomBytes(family, (n) => {
          const bytes = source(n);
          taken.push(...bytes);
          return bytes;
        }),
      );
      expect(ex.fields.get('result')).toBe(drawn);
      expect(drawFromSeedHex(family, seed)).toBe(drawn);
      expect(Number(ex.fields.get('bytes'))).toBe(taken.length);

      const words = traceFromWords(family, taken);
      expect(words.used).toBe(taken.length);
      expect(words.result).toBe(drawn);
      expect(ex.rows).toEqual(words.rows);
      expect(ex.rows.some((r) => r[4] === 'no')).toBe(true);
      if (ex.pool.length) expect(ex.pool).toEqual(words.trace);
    });
  }
});

describe('docs/provably-fair.md rules', () => {
  it('lists every family with the size, range and rule of DRAW_FORMATS', () => {
    const rows = tableRows(section('4. Drawing a result, per family'), '| family');
    expect(rows.map((r) => r[0]).sort()).toEqual([...FAMILIES].sort());
    for (const [family, , size, range, rule, perSample] of rows) {
      const f = DRAW_FORMATS[family as LotteryFamily];
      const width = f.max - f.min + 1;
      expect([Number(size), range, rule], family).toEqual([
        f.size,
        `${f.min}–${f.max}`,
        f.distinct ? 'without replacement' : 'independent',
      ]);
      expect(perSample!.startsWith(String(width)), family).toBe(true);
      if (f.distinct) expect(perSample!.endsWith(String(width - f.size + 1)), family).toBe(true);
    }
  });

  it('states the rejection limits right', () => {
    const rows = tableRows(section('4. Drawing a result, per family'), '| n | limit');
    expect(rows.length).toBeGreaterThan(5);
    for (const [n, limit, rejected] of rows) {
      const expected = 256 - (256 % Number(n));
      expect(Number(limit), `n = ${n}`).toBe(expected);
      expect(rejected, `n = ${n}`).toBe(
        expected === 256 ? 'none' : expected === 255 ? '255' : `${expected}–255`,
      );
    }
  });
});

describe('docs/provably-fair.md reference script', () => {
  const [code] = fencedBlocks(section('6. Reference script'), 'js');
  // run as the CommonJS file it is; `require.main !== module`, so it prints nothing
  const script = new Function(
    'require',
    'module',
    `${code}\nreturn { FAMILIES, byteStream, draw, seedHash };`,
  )(createRequire(import.meta.url), {}) as {
    FAMILIES: Record<string, [number, number, number, boolean, boolean]>;
    byteStream(seedHex: string): () => number;
    draw(family: string, seedHex: string): string;
    seedHash(seedHex: string): string;
  };

  it('knows the families exactly as DRAW_FORMATS', () => {
    expect(Object.keys(script.FAMILIES).sort()).toEqual([...FAMILIES].sort());
    for (const family of FAMILIES) {
      const f = DRAW_FORMATS[family];
      expect(script.FAMILIES[family], family).toEqual([f.size, f.min, f.max, f.distinct, f.padded]);
    }
  });

  it('makes the same stream (across block boundaries) and the same draws as the server', () => {
    for (let k = 0; k < 20; k++) {
      const seed = crypto.randomBytes(32).toString('hex');
      const next = script.byteStream(seed);
      expect(Array.from({ length: 100 }, () => next())).toEqual([...seedStream(seed)(100)]);
      expect(script.seedHash(seed)).toBe(seedHashOf(seed));
    }
    for (const family of FAMILIES) {
      for (let k = 0; k < 200; k++) {
        const seed = crypto.randomBytes(32).toString('hex');
        expect(script.draw(family, seed), `${family} ${seed}`).toBe(drawFromSeedHex(family, seed));
      }
    }
  });

  it('reproduces every worked example', () => {
    for (const ex of examples())
      expect(script.draw(ex.family, ex.fields.get('seed')!), ex.family).toBe(
        ex.fields.get('result'),
      );
  });
});
