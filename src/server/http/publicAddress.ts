/**
 * Is this URL's host a public internet address? The one check for every URL a user gives the
 * server to connect to (push endpoints, live-stream URLs), so a user cannot make the server open
 * connections into its own network (SSRF: loopback, the private LAN, the cloud metadata service).
 *
 * - An IP literal is public unless it is in a special-purpose range (IANA registries): loopback,
 *   private, link-local, CGNAT, multicast, unspecified, documentation, benchmarking, reserved;
 *   for IPv6 only global unicast (2000::/3) counts, less its special blocks, so IPv4-mapped,
 *   NAT64, 6to4, Teredo, ULA and link-local addresses are refused whatever they embed.
 * - Numeric, hex, octal and short IPv4 spellings (2130706433, 0x7f.1, 0177.0.0.1, 127.1) are
 *   normalised by the WHATWG URL parser first, then checked as the address they are.
 * - A name is resolved (dns.lookup, as a connection resolves it: /etc/hosts included) and is
 *   public only when every address it has is. A check ahead of time can be outrun (the name's
 *   DNS changes before the connection: rebinding), so a connection made later should also go
 *   through `publicLookup` / `PublicOnlyAgent`, which check the addresses actually connected to.
 */
import dns from 'node:dns';
import https from 'node:https';
import net from 'node:net';
import type { Duplex } from 'node:stream';

/** A name that takes longer than this to resolve is treated as not public. */
const LOOKUP_TIMEOUT_MS = 3000;

const NOT_PUBLIC_V4: [string, number][] = [
  ['0.0.0.0', 8], // "this network", unspecified
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // shared address space (CGNAT)
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local (cloud metadata at 169.254.169.254)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay anycast
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
];
/** Special blocks inside global unicast 2000::/3 (everything outside it is refused anyway). */
const NOT_PUBLIC_V6: [string, number][] = [
  ['2001::', 23], // IETF protocol assignments, Teredo (2001::/32)
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4: reaches whatever IPv4 it embeds
  ['3fff::', 20], // documentation
];

const blockedV4 = new net.BlockList();
for (const [net4, prefix] of NOT_PUBLIC_V4) blockedV4.addSubnet(net4, prefix, 'ipv4');
const globalV6 = new net.BlockList();
globalV6.addSubnet('2000::', 3, 'ipv6');
const blockedV6 = new net.BlockList();
for (const [net6, prefix] of NOT_PUBLIC_V6) blockedV6.addSubnet(net6, prefix, 'ipv6');

/** True for an IPv4 (dotted quad) or IPv6 address text that is a public internet address. */
export function isPublicIp(address: string): boolean {
  switch (net.isIP(address)) {
    case 4:
      return !blockedV4.check(address, 'ipv4');
    case 6:
      // a zone id (fe80::1%eth0) names a local interface: never public
      return (
        !address.includes('%') &&
        globalV6.check(address, 'ipv6') &&
        !blockedV6.check(address, 'ipv6')
      );
    default:
      return false;
  }
}

function notPublic(host: string): NodeJS.ErrnoException {
  return Object.assign(new Error(`not a public address: ${host}`), { code: 'ENOTPUBLIC' });
}

/** Every address of a name, or null when it has none, any is not public, or the lookup fails or stalls. */
async function publicAddressesOf(name: string): Promise<dns.LookupAddress[] | null> {
  let timer: NodeJS.Timeout | undefined;
  const stalled = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), LOOKUP_TIMEOUT_MS);
  });
  try {
    const found = await Promise.race([
      dns.promises.lookup(name, { all: true, verbatim: true }).catch(() => null),
      stalled,
    ]);
    return found && found.length > 0 && found.every((a) => isPublicIp(a.address)) ? found : null;
  } finally {
    clearTimeout(timer);
  }
}

/** True when the URL parses and its host is a public IP, or a name all of whose addresses are. */
export async function isPublicUrl(url: string | URL): Promise<boolean> {
  let host: string;
  try {
    host = (typeof url === 'string' ? new URL(url) : url).hostname;
  } catch {
    return false;
  }
  const bare = host.replace(/^\[(.*)\]$/, '$1');
  if (net.isIP(bare)) return isPublicIp(bare);
  return bare !== '' && (await publicAddressesOf(bare)) !== null;
}

/**
 * A `lookup` for sockets (net, tls, http agents): resolves as Node does, then fails the
 * connection when any address of the name is not public, so nothing is connected to.
 */
export const publicLookup: net.LookupFunction = (hostname, options, callback) => {
  dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
    if (err) return callback(err, '');
    if (addresses.length === 0 || addresses.some((a) => !isPublicIp(a.address)))
      return callback(notPublic(hostname), '');
    if (options.all) return callback(null, addresses);
    callback(null, addresses[0].address, addresses[0].family);
  });
};

/**
 * An https agent that connects only to public addresses: names through `publicLookup`, and an IP
 * literal (which sockets connect to without a lookup) checked here. A refused request fails with
 * code ENOTPUBLIC before any connection is made.
 */
export class PublicOnlyAgent extends https.Agent {
  override createConnection(
    options: https.RequestOptions,
    callback?: (err: Error | null, stream: Duplex) => void,
  ): Duplex | null | undefined {
    const host = String(options.host ?? options.hostname ?? '').replace(/^\[(.*)\]$/, '$1');
    if (net.isIP(host) && !isPublicIp(host)) {
      callback?.(notPublic(host), undefined as unknown as Duplex);
      return undefined;
    }
    return super.createConnection({ ...options, lookup: publicLookup }, callback);
  }
}

const LABEL = /^[a-z0-9_]([a-z0-9_-]*[a-z0-9_])?$/;

/** A host name or IP of an allow-list entry, as the URL parser writes it (lower case, [v6]), or null. */
function normalHost(text: string): string | null {
  let host: string;
  try {
    host = new URL(`https://${text}`).hostname;
  } catch {
    return null;
  }
  if (host !== text) return null;
  const bare = host.replace(/^\[(.*)\]$/, '$1');
  if (net.isIP(bare)) return host;
  return host.split('.').every((l) => LABEL.test(l)) ? host : null;
}

/**
 * An operator's allow-list of hosts (comma- or space-separated): `host`, an IP, or `*.domain` for
 * every sub-domain of domain. A malformed entry stops the start rather than being ignored.
 */
export function parseHostList(text: string): string[] {
  const out = new Set<string>();
  for (const raw of text.split(/[\s,]+/).filter(Boolean)) {
    const entry = raw.toLowerCase();
    const wild = entry.startsWith('*.');
    const host = normalHost(wild ? entry.slice(2) : entry);
    if (!host) throw new Error(`not a host name: ${raw}`);
    out.add(wild ? `*.${host}` : host);
  }
  return [...out];
}

/** True when the host (a URL's hostname) is an entry of the list, or a sub-domain of a `*.` entry. */
export function hostMatches(host: string, list: readonly string[]): boolean {
  const h = host.toLowerCase().replace(/\.$/, '');
  return list.some((entry) => (entry.startsWith('*.') ? h.endsWith(entry.slice(1)) : h === entry));
}
