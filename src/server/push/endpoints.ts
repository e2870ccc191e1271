/**
 * Where pushes may go (docs/push.md, "Push services"): with PUSH_ALLOWED_HOSTS set, only to those
 * hosts (the operator's list of push services, trusted as given); without it, to any public
 * internet address (http/publicAddress.ts), never into the site's own network. Checked when a
 * browser subscribes and again before every delivery, since a name's addresses can change and
 * rows may predate the rule; a public-only delivery also connects through PublicOnlyAgent, which
 * checks the addresses actually connected to (DNS rebinding between the check and the send).
 */
import type https from 'node:https';
import { hostMatches, isPublicUrl, PublicOnlyAgent } from '../http/publicAddress.ts';

export class EndpointRule {
  /** the agent deliveries use: Node's own for the operator's hosts, else public addresses only */
  readonly agent: https.Agent | undefined;

  constructor(private allowedHosts: readonly string[]) {
    this.agent = allowedHosts.length > 0 ? undefined : new PublicOnlyAgent({ keepAlive: true });
  }

  /** True when a push may be sent to this endpoint (an https URL). */
  async allows(endpoint: string): Promise<boolean> {
    let url: URL;
    try {
      url = new URL(endpoint);
    } catch {
      return false;
    }
    if (url.protocol !== 'https:') return false;
    if (this.allowedHosts.length > 0) return hostMatches(url.hostname, this.allowedHosts);
    return isPublicUrl(url);
  }

  close(): void {
    this.agent?.destroy();
  }
}
