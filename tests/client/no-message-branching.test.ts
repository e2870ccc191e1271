/**
 * The client acts on codes, never on the text shown to the player (issue 25): no source file under
 * src/client reads a message's words to decide what to do (`msg.includes('余额不足')`, a regex over
 * `e.message`, `message === SOME_MSG`). A refusal the client acts on carries a typed reason
 * (domain RefusalReason), a socket end its push code, an image refusal its error name.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../../src/client');

/** A name that holds a message's text: msg, message, statusMsg, err.message, out.message … */
const TEXT = String.raw`[\w$.?]*(?:msg|Msg|message|Message)`;
/** A message constant (SESSION_EXPIRED_MSG) or a non-empty string literal. */
const WORDS = String.raw`(?:\b[A-Z][A-Z0-9_]*_MSG\b|'[^']|"[^"]|\x60[^\x60])`;

/** Each pattern is one way of branching on a message's words. */
const PATTERNS: [string, RegExp][] = [
  [
    'a string method over a message',
    new RegExp(
      String.raw`\b${TEXT}\??\.(?:includes|startsWith|endsWith|match|matchAll|search|indexOf|lastIndexOf|localeCompare)\(`,
    ),
  ],
  ['a regex over a message', new RegExp(String.raw`\.(?:test|exec)\(\s*${TEXT}\s*\)`)],
  ['a message compared with words', new RegExp(String.raw`\b${TEXT}\s*[!=]==?\s*${WORDS}`)],
  ['words compared with a message', new RegExp(String.raw`${WORDS}\s*[!=]==?\s*${TEXT}\b`)],
  ['a switch over a message', new RegExp(String.raw`switch\s*\(\s*${TEXT}\s*\)`)],
];

/**
 * Lines that compare text on purpose, each with its reason. Keep this short: a new entry needs a reason
 * a reviewer accepts.
 */
const ALLOWED: { file: string; line: RegExp; why: string }[] = [
  {
    file: 'ui/states.tsx',
    line: /message === OFFLINE_MSG/,
    why: 'OFFLINE_MSG is written by the client itself (request.ts, a GET with no answer), never by the server; ErrorState takes the text its 113 callers have',
  },
];

function branchesOnText(source: string): { line: number; text: string; how: string }[] {
  const out: { line: number; text: string; how: string }[] = [];
  source.split('\n').forEach((text, i) => {
    const code = text.replace(/^\s*(?:\/\/|\*|\/\*).*$/, ''); // comments may quote the old way
    for (const [how, re] of PATTERNS)
      if (re.test(code)) out.push({ line: i + 1, text: text.trim(), how });
  });
  return out;
}

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sources(p);
    return /\.(ts|tsx)$/.test(e.name) ? [p] : [];
  });
}

describe('no client branch on message text', () => {
  it('finds each way of branching on words (the scanner itself)', () => {
    const bad = [
      "if (msg.includes('余额不足')) {",
      "if (!message.includes('返点')) return;",
      "stream.statusMsg.includes('重新进入')",
      'if (out.message === NO_SAFETY_PASSWORD_MSG) {',
      "if (out.reason === 'refused' && /资金密码/.test(out.message)) throw e;",
      "throw new Error(/[\\u4e00-\\u9fff]/.test(msg) ? msg : 'x');",
      "if (e.message?.startsWith('网络')) retry();",
      "if ('余额不足' === msg) pay();",
      'switch (err.message) {',
    ];
    for (const line of bad) expect(branchesOnText(line), line).toHaveLength(1);
    const fine = [
      'if (!msg) return;',
      "if (msg === '') return;",
      'if (reason === RefusalReason.INSUFFICIENT_BALANCE) {',
      'const ids = messages.includes(m);',
      'text.includes(`@` + name)',
      "// if (msg.includes('余额不足')) was the old way",
    ];
    for (const line of fine) expect(branchesOnText(line), line).toEqual([]);
  });

  it('src/client has none', () => {
    const found: string[] = [];
    for (const file of sources(ROOT)) {
      const rel = path.relative(ROOT, file).split(path.sep).join('/');
      for (const hit of branchesOnText(readFileSync(file, 'utf8'))) {
        if (ALLOWED.some((a) => a.file === rel && a.line.test(hit.text))) continue;
        found.push(`${rel}:${hit.line} ${hit.how}: ${hit.text}`);
      }
    }
    expect(found).toEqual([]);
  });

  it('every allowed line still exists (a stale exception is removed)', () => {
    for (const a of ALLOWED) {
      expect(readFileSync(path.join(ROOT, a.file), 'utf8'), a.file).toMatch(a.line);
    }
  });
});
