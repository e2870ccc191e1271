/** The operator rich-text sanitiser: what survives, what never does, and that a second pass changes nothing. */
import { describe, expect, it } from 'vitest';
import { richTextPlain, sanitizeRichText } from '../../src/domain/richText';
import { checkinRewardFen, currentPeriod, previousDayKey } from '../../src/domain/activity';

const VECTORS = [
  '<script>alert(1)</script>',
  '<SCRIPT SRC=//x.js></SCRIPT>',
  '<img src=x onerror=alert(1)>',
  '<img src="javascript:alert(1)">',
  '<a href="jav&#x09;ascript:alert(1)">x</a>',
  '<a href="&#106;avascript:alert(1)">x</a>',
  '<a href=" javascript:alert(1)">x</a>',
  '<a href="data:text/html,<script>alert(1)</script>">x</a>',
  '<svg><script>alert(1)</script></svg>',
  '<math><mi xlink:href="javascript:alert(1)">x</mi></math>',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '<div style="background:url(javascript:alert(1))">x</div>',
  '<p title="a" onmouseover="alert(1)">x</p>',
  '<!--<img src=x onerror=alert(1)>-->',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>',
  '<style>@import "x"</style><p>t</p>',
  '<<script>script>alert(1)<</script>/script>',
  '<img/src/onerror=alert(1)>',
  '<a href="//evil.example/x">x</a>',
  '<form action="javascript:alert(1)"><button>x</button></form>',
];

describe('sanitizeRichText', () => {
  it.each(VECTORS)('nothing executable survives %s', (dirty) => {
    const clean = sanitizeRichText(dirty);
    expect(clean).not.toMatch(/<script|<svg|<math|<iframe|<style|<form|<button|<noscript|\son\w+=|javascript:|data:|style=|href="\/\//i);
    expect(sanitizeRichText(clean)).toBe(clean);
  });

  it('keeps headings, tables, images, emphasis and safe links', () => {
    const html = '<h1>标题</h1><h3>小节</h3><p>正文<strong>加粗</strong><em>斜体</em></p>'
      + '<table><thead><tr><th>档位</th></tr></thead><tbody><tr><td rowspan="2" align="center">1</td></tr></tbody></table>'
      + '<img src="/uploads/0123456789abcdef0123456789abcdef.png" alt="活动" width="300"><ul><li>一</li></ul>';
    expect(sanitizeRichText(html)).toBe(html.replace('width="300">', 'width="300" loading="lazy">'));
    expect(sanitizeRichText('<a href="/recharge/alipay">去充值</a>')).toBe('<a href="/recharge/alipay" target="_blank" rel="noopener noreferrer nofollow">去充值</a>');
  });

  it('escapes text, closes what is left open, drops stray closers', () => {
    expect(sanitizeRichText('<p>1 < 2 & 3 > 2')).toBe('<p>1 &lt; 2 &amp; 3 &gt; 2</p>');
    expect(sanitizeRichText('<b><i>x</b></i></div>')).toBe('<b><i>x</i></b>');
  });

  it('takes text without tags as paragraphs and line breaks', () => {
    expect(sanitizeRichText('第一行\n第二行\n\n第二段 &lt;b&gt;')).toBe('<p>第一行<br>第二行</p><p>第二段 &lt;b&gt;</p>');
    expect(richTextPlain('<p>a</p><p>b &amp; c</p>')).toBe('a b & c');
  });
});

describe('promotion periods', () => {
  const at = (iso: string) => Date.parse(iso);
  it('Beijing days, weeks from Monday and months', () => {
    // 2026-11-24 23:30 Beijing is 15:30 UTC; 00:30 Beijing on the 25th is 16:30 UTC on the 24th
    expect(currentPeriod('day', at('2026-11-24T15:30:00Z')).key).toBe('D2026-11-24');
    expect(currentPeriod('day', at('2026-11-24T16:30:00Z')).key).toBe('D2026-11-25');
    expect(previousDayKey(at('2026-11-24T16:30:00Z'))).toBe('D2026-11-24');
    expect(currentPeriod('week', at('2026-11-29T15:00:00Z'))).toEqual({ key: 'W2026-11-23', startMs: at('2026-11-22T16:00:00Z') });
    expect(currentPeriod('week', at('2026-11-29T16:00:00Z')).key).toBe('W2026-11-30');
    expect(currentPeriod('month', at('2026-11-30T16:00:00Z'))).toEqual({ key: 'M2026-12', startMs: at('2026-11-30T16:00:00Z') });
  });

  it('check-in rewards by day of the run, the last repeating', () => {
    const rule = { rewardsFen: [100, 200, 500], turnoverMultiple: 0 };
    expect([1, 2, 3, 4, 30].map((d) => checkinRewardFen(rule, d))).toEqual([100, 200, 500, 500, 500]);
  });
});
