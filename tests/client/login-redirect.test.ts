/**
 * The login redirect rule (security issue 23 item 8): only same-site paths are followed after
 * login. `/\host`, `//host`, absolute URLs, `javascript:` and their encoded or whitespace-padded
 * forms go to the default page and never throw (a cross-origin pushState is a SecurityError).
 */
import { describe, expect, it } from 'vitest';
import { safeRedirect } from '../../src/client/features/account/components/nav.ts';

/** the value the login page reads: the query parameter, decoded once as the browser does */
const fromQuery = (raw: string) => new URLSearchParams(`redirect=${raw}`).get('redirect') ?? '';

describe('safeRedirect', () => {
  it('follows same-site paths with their query', () => {
    expect(safeRedirect('/withdraw')).toBe('/withdraw');
    expect(safeRedirect('/chatRoom?tab=direct')).toBe('/chatRoom?tab=direct');
    expect(safeRedirect(fromQuery('%2FaccountTotal'))).toBe('/accountTotal');
    expect(safeRedirect('/activity/12#top')).toBe('/activity/12#top');
  });

  it('sends everything else to the default page', () => {
    const bad = [
      '/\\evil.example',
      '//evil.example',
      '///evil.example',
      '/\\/evil.example',
      '\\\\evil.example',
      'https://evil',
      'http://evil.example/x',
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      'data:text/html,x',
      ' /\\evil.example',
      '/\t/evil.example',
      '/\n/evil.example',
      '/\r\\evil.example',
      '',
      'index',
      '?x=1',
      fromQuery('/%5Cevil.example'),
      fromQuery('%2F%2Fevil.example'),
      fromQuery('%2F%5Cevil.example'),
      fromQuery('%2F%09%2Fevil.example'),
      fromQuery('javascript%3Aalert(1)'),
      fromQuery('/\\evil.example'),
    ];
    for (const target of bad) expect(safeRedirect(target), JSON.stringify(target)).toBe('/index');
    expect(safeRedirect('//evil.example', '/securityCenter')).toBe('/securityCenter');
  });

  it('never throws, whatever it is given', () => {
    for (const target of ['%', '/%E0%A4%A', '/\u0000', '/\ud800', 'x'.repeat(10_000)]) {
      expect(() => safeRedirect(target)).not.toThrow();
    }
  });
});
