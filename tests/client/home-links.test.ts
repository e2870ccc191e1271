/** Home banners and entries link only to pages this build has, so none falls back to the home page. */
import { describe, expect, it } from 'vitest';
import { linkTarget } from '../../src/client/features/home/links';

describe('linkTarget', () => {
  it('keeps pages of the route table and outside https pages', () => {
    expect(linkTarget('/register')).toEqual({ kind: 'inside', href: '/register' });
    expect(linkTarget('/withdraw')).toEqual({ kind: 'inside', href: '/withdraw' });
    expect(linkTarget('/activity/12')).toEqual({ kind: 'inside', href: '/activity/12' });
    expect(linkTarget('/recharge/wechat')).toEqual({ kind: 'inside', href: '/recharge/wechat' });
    expect(linkTarget('/lottery/K3/1407?x=1')).toEqual({
      kind: 'inside',
      href: '/lottery/K3/1407?x=1',
    });
    expect(linkTarget('/agentIntro')).toEqual({ kind: 'inside', href: '/agentIntro' }); // the home page's 代理中心
    expect(linkTarget('https://example.com/promo')).toEqual({
      kind: 'outside',
      href: 'https://example.com/promo',
    });
  });

  it('drops what would land back on /index or leave the site unsafely', () => {
    for (const bad of [
      '/noSuchPage',
      '/activities',
      '/recharge',
      '/home',
      '/',
      '',
      null,
      undefined,
      'javascript:alert(1)',
      'http://x.example',
      '//evil.example/x',
      'help',
    ]) {
      expect(linkTarget(bad), String(bad)).toBeNull();
    }
  });
});
