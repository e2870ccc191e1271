/**
 * Operator rich text as the browser renders it (DOMPurify to the allow-list of domain/richText.ts,
 * in RichContent): today's vectors and DOMPurify's own mutation-XSS cases leave nothing executable
 * in what the page builds, the allowed markup stays as the server saved it, and a second pass
 * changes nothing.
 */
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { RichContent } from '../../src/client/features/activity/RichContent';
import { sanitizeRichText } from '../../src/client/features/activity/richText';
import { EXECUTABLE, MUTATION_VECTORS, offences, VECTORS } from '../xss-vectors';

afterEach(cleanup);

describe('sanitizeRichText before rendering (DOMPurify)', () => {
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
    expect(sanitizeRichText(html)).toBe(
      html.replace('width="300">', 'width="300" loading="lazy">'),
    );
    expect(sanitizeRichText('<a href="/recharge/alipay">去充值</a>')).toBe(
      '<a href="/recharge/alipay" target="_blank" rel="noopener noreferrer nofollow">去充值</a>',
    );
    expect(sanitizeRichText('<a href="javascript:alert(1)" target="_self">x</a>')).toBe('<a>x</a>');
  });

  it('escapes text, closes what is left open, drops stray closers', () => {
    expect(sanitizeRichText('<p>1 < 2 & 3 > 2')).toBe('<p>1 &lt; 2 &amp; 3 &gt; 2</p>');
    expect(sanitizeRichText('<b><i>x</b></i></div>')).toBe('<b><i>x</i></b>');
  });

  it('renders a stored script as nothing and the rest as content', () => {
    const { container } = render(
      <RichContent
        html={'<p>规则</p><img src=x onerror="window.__xss=1"><script>window.__xss=2</script>'}
        label="活动内容"
      />,
    );
    const section = container.querySelector('section[aria-label="活动内容"]')!;
    expect(section.querySelector('p')!.textContent).toBe('规则');
    expect(section.querySelector('script')).toBeNull();
    expect(section.querySelector('img')!.getAttributeNames()).toEqual(['loading']);
    expect(offences(section.innerHTML)).toEqual([]);
  });
});
