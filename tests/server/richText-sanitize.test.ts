// @vitest-environment jsdom
/**
 * The operator rich text as the server saves it (sanitize-html to the allow-list of
 * domain/richText.ts): what survives, what never does (today's vectors and DOMPurify's own
 * mutation-XSS cases, checked on what a browser builds from the output), and that a second pass
 * changes nothing. jsdom only plays the browser that reads the output.
 */
import { describe, expect, it } from 'vitest';
import { sanitizeRichText } from '../../src/server/http/richText.ts';
import {
  asBrowserWrites,
  EXECUTABLE,
  MUTATION_VECTORS,
  offences,
  VECTORS,
} from '../xss-vectors.ts';

describe('sanitizeRichText on save (sanitize-html)', () => {
  it.each(VECTORS)('nothing executable survives %s', (dirty) => {
    const clean = sanitizeRichText(dirty);
    expect(clean).not.toMatch(EXECUTABLE);
    expect(offences(clean)).toEqual([]);
    expect(sanitizeRichText(clean)).toBe(clean);
  });

  it.each(MUTATION_VECTORS)('mutation XSS: %s', (_title, dirty) => {
    const clean = sanitizeRichText(dirty);
    expect(offences(clean)).toEqual([]);
    expect(sanitizeRichText(clean)).toBe(clean);
  });

  it('keeps headings, tables, images, emphasis and safe links', () => {
    const html =
      '<h1>标题</h1><h3>小节</h3><p>正文<strong>加粗</strong><em>斜体</em></p>' +
      '<table><thead><tr><th>档位</th></tr></thead><tbody><tr><td rowspan="2" align="center">1</td></tr></tbody></table>' +
      '<img src="/uploads/0123456789abcdef0123456789abcdef.png" alt="活动" width="300"><ul><li>一</li></ul>';
    expect(asBrowserWrites(sanitizeRichText(html))).toBe(
      html.replace('width="300">', 'width="300" loading="lazy">'),
    );
    expect(sanitizeRichText('<a href="/recharge/alipay">去充值</a>')).toBe(
      '<a href="/recharge/alipay" target="_blank" rel="noopener noreferrer nofollow">去充值</a>',
    );
  });

  it('escapes text, closes what is left open, drops stray closers', () => {
    expect(sanitizeRichText('<p>1 < 2 & 3 > 2')).toBe('<p>1 &lt; 2 &amp; 3 &gt; 2</p>');
    expect(sanitizeRichText('<b><i>x</b></i></div>')).toBe('<b><i>x</i></b>');
  });

  it('takes text without tags as paragraphs and line breaks', () => {
    expect(asBrowserWrites(sanitizeRichText('第一行\n第二行\n\n第二段 &lt;b&gt;'))).toBe(
      '<p>第一行<br>第二行</p><p>第二段 &lt;b&gt;</p>',
    );
  });
});

describe('the browser check', () => {
  it('is not vacuous: it finds what each mutation payload builds before sanitising', () => {
    for (const [title, dirty] of MUTATION_VECTORS) expect(offences(dirty), title).not.toEqual([]);
  });
});
