/**
 * Ledger type codes are named once (TxType in src/domain/txTypes.ts): server code never writes one
 * as a bare number — not in a transfer, a set or range of codes, a schema bound, nor SQL text in a
 * template literal. The scan strips comments and flags every integer literal that is a code of the
 * catalogue's ranges (101-115, 201-222, 301-311, 401-423, 501-502, 611-616). HTTP statuses share
 * some of those numbers (304, 403, 404, 413…); they pass only where they are plainly an HTTP status:
 * `reply.status(N)` / `reply.code(N)`, the status argument closing `new AppError(…, N)`, and the
 * `[N, '消息']` pairs of the HTTP error tables.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { TX_TYPE_GROUPS } from '../../src/domain/txTypes.ts';

const SERVER_DIR = path.resolve(import.meta.dirname, '../../src/server');

const isLedgerCode = (n: number) => TX_TYPE_GROUPS.some((g) => n >= g.first && n <= g.last);

/** After these a `/` starts a regular expression, not a division. */
const REGEX_AFTER = new Set('(,=:[!&|?{};+-*%<>~^'.split(''));

/** The source with every comment blanked out (same length, same lines); strings and templates stay. */
function stripComments(src: string): string {
  const out = src.split('');
  const blank = (from: number, to: number) => {
    for (let k = from; k < to; k++) if (out[k] !== '\n') out[k] = ' ';
  };
  // One entry per open template literal: the depth of `{` inside its current `${…}`.
  const templates: number[] = [];
  let inTemplateText = false;
  let lastSignificant = '';
  let i = 0;
  const skipQuoted = (quote: string) => {
    i++;
    while (i < src.length && src[i] !== quote) i += src[i] === '\\' ? 2 : 1;
    i++;
  };
  while (i < src.length) {
    const c = src[i]!;
    if (inTemplateText) {
      if (c === '\\') i += 2;
      else if (c === '`') {
        inTemplateText = false;
        templates.pop();
        i++;
        lastSignificant = '`';
      } else if (c === '$' && src[i + 1] === '{') {
        inTemplateText = false;
        i += 2;
        lastSignificant = '{';
      } else i++;
      continue;
    }
    if (c === '/' && src[i + 1] === '/') {
      const end = src.indexOf('\n', i);
      const stop = end === -1 ? src.length : end;
      blank(i, stop);
      i = stop;
    } else if (c === '/' && src[i + 1] === '*') {
      const end = src.indexOf('*/', i + 2);
      const stop = end === -1 ? src.length : end + 2;
      blank(i, stop);
      i = stop;
    } else if (c === "'" || c === '"') {
      skipQuoted(c);
      lastSignificant = c;
    } else if (c === '`') {
      templates.push(0);
      inTemplateText = true;
      i++;
    } else if (
      c === '/' &&
      (lastSignificant === '' ||
        REGEX_AFTER.has(lastSignificant) ||
        /\b(return|typeof|in|of)$/.test(src.slice(0, i).trimEnd()))
    ) {
      let inClass = false;
      i++;
      while (i < src.length && src[i] !== '\n' && (inClass || src[i] !== '/')) {
        if (src[i] === '\\') i++;
        else if (src[i] === '[') inClass = true;
        else if (src[i] === ']') inClass = false;
        i++;
      }
      i++;
      lastSignificant = '/';
    } else {
      if (templates.length > 0 && c === '{') templates[templates.length - 1]! += 1;
      if (templates.length > 0 && c === '}') {
        if (templates[templates.length - 1] === 0) {
          inTemplateText = true;
          i++;
          continue;
        }
        templates[templates.length - 1]! -= 1;
      }
      if (!/\s/.test(c)) lastSignificant = c;
      i++;
    }
  }
  return out.join('');
}

/** An HTTP status where it stands: `.status(N)`, `.code(N)`, `new AppError(…, N)`, `[N, '…']`. */
function isHttpStatus(line: string, start: number, end: number): boolean {
  const before = line.slice(0, start);
  const after = line.slice(end);
  if (/\.(status|code)\(\s*$/.test(before) && /^\s*\)/.test(after)) return true;
  if (/new AppError\(.*,\s*$/.test(before) && /^\s*\)/.test(after)) return true;
  // an HTTP answer's status compared: `err.statusCode === 410`
  if (/\bstatus(?:Code)?\s*[!=]==?\s*$/.test(before)) return true;
  return /\[\s*$/.test(before) && /^\s*,\s*'/.test(after);
}

interface BareCode {
  file: string;
  line: number;
  code: number;
  text: string;
}

/** Every bare ledger type code in one file's source. */
function bareTypeCodes(file: string, src: string): BareCode[] {
  const found: BareCode[] = [];
  stripComments(src)
    .split('\n')
    .forEach((line, index) => {
      for (const m of line.matchAll(/(?<![\w.$])\d[\d_]*(?:\.\d+)?(?:[eE][+-]?\d+)?(?![\w.])/g)) {
        const literal = m[0];
        if (!/^\d+$/.test(literal)) continue;
        const code = Number(literal);
        if (!isLedgerCode(code) || isHttpStatus(line, m.index, m.index + literal.length)) continue;
        found.push({ file, line: index + 1, code, text: line.trim() });
      }
    });
  return found;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.(ts|mts|mjs|js)$/.test(name) ? [full] : [];
  });
}

describe('the bare-code detector', () => {
  it('finds codes in transfers, sets, ranges, schema bounds and SQL text', () => {
    const src = [
      'await transfer(sql, { typeCode: 401, amountFen });',
      'const CREDIT_ONLY = new Set([403, 405]);',
      'Type.Integer({ minimum: 401, maximum: 423 })',
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the detector's input is source text holding a template literal
      'const q = sql`select 1 from transfers where type_code = 201 and ref = ${ref}`;',
      'const rows = [...range(611, 616)];',
      "const url = 'http://example.test'; const t = 502;",
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the detector's input is source text holding a template literal
      'const nested = `a ${f({ b: `c ${d}` })} e 310`;',
      'const slashes = /\\/\\//; const t = 301;',
    ].join('\n');
    expect(bareTypeCodes('x.ts', src).map((f) => [f.line, f.code])).toEqual([
      [1, 401],
      [2, 403],
      [2, 405],
      [3, 401],
      [3, 423],
      [4, 201],
      [5, 611],
      [5, 616],
      [6, 502],
      [7, 310],
      [8, 301],
    ]);
  });

  it('passes comments, HTTP statuses, other numbers and named codes', () => {
    const src = [
      '// type 401 credits the player',
      '/* 611 in,',
      ' * 612 out */',
      'if (etag) return reply.code(304).send(); reply.status(404).send(body);',
      "throw new AppError('请以文件方式上传', -1, 415);",
      "FST_REQ_FILE_TOO_LARGE: [413, '上传的文件过大'],",
      'if (err.statusCode === 404 || err.statusCode === 410) drop(); if (res.status !== 406) retry();',
      'const big = 1301; const rate = 3.01; const ms = 1_000; const n = 100; const h = 0x1f5;',
      'await transfer(sql, { typeCode: TxType.MANUAL_DEPOSIT });',
    ].join('\n');
    expect(bareTypeCodes('x.ts', src)).toEqual([]);
  });
});

describe('server code', () => {
  it('names every ledger type code (TxType) instead of writing the number', () => {
    const found = sourceFiles(SERVER_DIR).flatMap((file) =>
      bareTypeCodes(path.relative(SERVER_DIR, file), readFileSync(file, 'utf8')),
    );
    expect(found).toEqual([]);
  });
});
