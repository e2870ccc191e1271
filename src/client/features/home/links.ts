/**
 * Where a home banner or entry may send the player: an outside https page, or a page this build has.
 * A path the route table does not know (or an alias of the home page) would only land back on /index,
 * so such a banner is shown without a link and such an entry is not shown at all.
 */
import { ALIASES, findRoute, routes } from '../../routes';

export type LinkTarget =
  | { kind: 'outside'; href: string }
  | { kind: 'inside'; href: string }
  | null;

export function linkTarget(link: string | null | undefined): LinkTarget {
  const href = (link ?? '').trim();
  if (!href) return null;
  if (/^https:\/\//.test(href)) return { kind: 'outside', href };
  if (!href.startsWith('/') || href.startsWith('//')) return null;
  const path = href.split(/[?#]/)[0]!;
  if (ALIASES[path] !== undefined || !findRoute(path, routes)) return null;
  return { kind: 'inside', href };
}
