/**
 * Client money goes through src/domain/money (formatFen, wireFen, FEN_PER_YUAN): a fen amount turned
 * into yuan text by hand (`/ 100`, `.toFixed(2)`) or a yuan amount scaled by a bare 100 drifts from the
 * one rule (rounding, negatives, the NaN of a bad wire value). This scan keeps it from coming back.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve('src/client');
const HAND_MONEY = [
  { name: 'fen to yuan by hand', re: /[Ff]en\w*\)?\s*\/\s*100\b/ },
  { name: 'two decimals by hand', re: /\.toFixed\(2\)/ },
  { name: 'yuan to fen by a bare 100', re: /\b(y|yuan\w*)\s*\*\s*100\b/ },
];

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sources(full);
    return /\.tsx?$/.test(e.name) ? [full] : [];
  });
}

function handMoney(text: string): string[] {
  return text
    .split('\n')
    .flatMap((line, i) =>
      HAND_MONEY.filter((h) => h.re.test(line)).map((h) => `${i + 1}: ${h.name}: ${line.trim()}`),
    );
}

describe('client money only through domain/money', () => {
  it('finds the hand-made conversions it is meant to catch', () => {
    expect(handMoney('const t = (totalFen / 100).toFixed(2);')).toHaveLength(2);
    expect(handMoney('QUICK_YUAN.filter((y) => y * 100 >= min)')).toHaveLength(1);
    expect(handMoney('formatFen(totalFen)')).toEqual([]);
  });

  it('has none in src/client', () => {
    const found = sources(ROOT).flatMap((f) =>
      handMoney(fs.readFileSync(f, 'utf8')).map((l) => `${path.relative(ROOT, f)}:${l}`),
    );
    expect(found).toEqual([]);
  });
});
