/**
 * The "is this a public internet address" check (src/server/http/publicAddress.ts) that keeps the
 * server from opening connections into its own network (SSRF): every spelling of a private,
 * loopback, link-local, CGNAT, multicast or unspecified address is refused, names are resolved
 * (here only through /etc/hosts: `localhost`), and the lookup given to sockets refuses a name
 * that resolves to such an address before any connection is made (a local listener proves it).
 */
import https from 'node:https';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  hostMatches,
  isPublicIp,
  isPublicUrl,
  parseHostList,
  PublicOnlyAgent,
  publicLookup,
} from '../../src/server/http/publicAddress.ts';

describe('isPublicIp', () => {
  const refused = [
    '0.0.0.0',
    '0.1.2.3',
    '10.1.2.3',
    '100.64.0.1',
    '100.127.255.254',
    '127.0.0.1',
    '127.255.255.255',
    '169.254.169.254',
    '172.16.0.1',
    '172.31.255.255',
    '192.0.0.8',
    '192.0.2.1',
    '192.168.1.1',
    '198.18.0.1',
    '198.51.100.7',
    '203.0.113.9',
    '224.0.0.1',
    '239.255.255.250',
    '240.0.0.1',
    '255.255.255.255',
    '::',
    '::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:8.8.8.8',
    '::127.0.0.1',
    '64:ff9b::a9fe:a9fe',
    '64:ff9b:1::1',
    'fc00::1',
    'fd12:3456::1',
    'fe80::1',
    'fec0::1',
    'ff02::1',
    '2001:db8::1',
    '2001::1',
    '2002:7f00:1::1',
    '100::1',
    'not an ip',
    '',
    '127.1',
    '2130706433',
  ];
  it.each(refused)('refuses %s', (ip) => {
    expect(isPublicIp(ip)).toBe(false);
  });

  it.each([
    '8.8.8.8',
    '1.1.1.1',
    '100.63.255.255',
    '100.128.0.1',
    '172.32.0.1',
    '93.184.215.14',
    '2606:4700::1111',
    '2a00:1450:4001::200e',
  ])('accepts %s', (ip) => {
    expect(isPublicIp(ip)).toBe(true);
  });
});

describe('isPublicUrl', () => {
  // numeric, hex, octal and short IPv4 forms are normalised by the URL parser, then checked
  const refused = [
    'https://127.0.0.1/x',
    'https://127.0.0.1:8443/x',
    'https://2130706433/',
    'https://0x7f000001/',
    'https://0x7f.0.0.1/',
    'https://0177.0.0.1/',
    'https://127.1/',
    'https://0/',
    'https://[::ffff:127.0.0.1]/',
    'https://[::1]:443/',
    'https://[::]/',
    'https://169.254.169.254/latest/meta-data',
    'https://[fe80::1]/',
    'https://100.64.0.1/',
    'https://10.0.0.1/',
    'https://localhost/x',
    'https://LOCALHOST:9/x',
    'not a url',
    '',
  ];
  it.each(refused)('refuses %s', async (url) => {
    expect(await isPublicUrl(url)).toBe(false);
  });

  it.each(['https://8.8.8.8/x', 'https://[2606:4700::1111]:8443/x'])('accepts %s', async (url) => {
    expect(await isPublicUrl(url)).toBe(true);
    expect(await isPublicUrl(new URL(url))).toBe(true);
  });
});

describe('publicLookup, given to a socket', () => {
  let listener: net.Server;
  let port: number;
  let connections = 0;
  beforeAll(async () => {
    listener = net.createServer((s) => {
      connections++;
      s.destroy();
    });
    await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
    port = (listener.address() as net.AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => listener.close(() => resolve())));

  function connect(host: string, lookup?: net.LookupFunction): Promise<string> {
    return new Promise((resolve) => {
      const s = net.connect({ host, port, lookup });
      s.once('connect', () => {
        s.destroy();
        resolve('connected');
      });
      s.once('error', (err) => resolve(err.message));
    });
  }

  it('refuses a name that resolves to a loopback address, before connecting', async () => {
    // the listener is reachable: Node's own lookup connects
    expect(await connect('localhost')).toBe('connected');
    const before = connections;
    await new Promise((r) => setTimeout(r, 0));
    const msg = await connect('localhost', publicLookup);
    expect(msg).toMatch(/不是公网地址|not a public/i);
    expect(connections).toBe(before);
  });

  it('answers the one-address form (all: false) and the list form (all: true) alike', async () => {
    const one = await new Promise<Error | null>((resolve) =>
      publicLookup('localhost', { all: false }, (err) => resolve(err)),
    );
    const all = await new Promise<Error | null>((resolve) =>
      publicLookup('localhost', { all: true }, (err) => resolve(err)),
    );
    expect(one).toBeInstanceOf(Error);
    expect(all).toBeInstanceOf(Error);
  });

  it('PublicOnlyAgent fails a request to a loopback literal or name without connecting', async () => {
    const agent = new PublicOnlyAgent();
    const before = connections;
    for (const host of ['127.0.0.1', 'localhost', '::ffff:127.0.0.1']) {
      const err = await new Promise<NodeJS.ErrnoException>((resolve) => {
        const req = https.request({ host, port, path: '/', method: 'POST', agent }, () =>
          resolve(new Error('answered')),
        );
        req.once('error', resolve);
        req.end();
      });
      expect(err.code, host).toBe('ENOTPUBLIC');
    }
    expect(connections).toBe(before);
    agent.destroy();
  });
});

describe('host allow-lists', () => {
  it('parses comma- or space-separated host names, a leading *. for sub-domains; anything else stops the start', () => {
    expect(parseHostList('fcm.googleapis.com, *.notify.windows.com  127.0.0.1,[::1]')).toEqual([
      'fcm.googleapis.com',
      '*.notify.windows.com',
      '127.0.0.1',
      '[::1]',
    ]);
    expect(parseHostList('')).toEqual([]);
    for (const bad of [
      'https://fcm.googleapis.com',
      'fcm.googleapis.com/x',
      'a.com:443',
      '*',
      '*.',
      'a b?c',
    ]) {
      expect(() => parseHostList(bad), bad).toThrow();
    }
  });

  it('matches a host exactly or as a sub-domain of a *. entry, case-insensitively', () => {
    const list = parseHostList('fcm.googleapis.com *.notify.windows.com 127.0.0.1');
    expect(hostMatches('fcm.googleapis.com', list)).toBe(true);
    expect(hostMatches('FCM.googleapis.com', list)).toBe(true);
    expect(hostMatches('wns2-by3p.notify.windows.com', list)).toBe(true);
    expect(hostMatches('127.0.0.1', list)).toBe(true);
    for (const host of [
      'notify.windows.com',
      'evilnotify.windows.com',
      'fcm.googleapis.com.evil.net',
      'xfcm.googleapis.com',
      '127.0.0.2',
      'localhost',
    ]) {
      expect(hostMatches(host, list), host).toBe(false);
    }
  });
});
