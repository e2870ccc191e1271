/** Routes of the wallet feature (issue 4). */
import type { RouteDef } from '../../routeTable';

export const walletRoutes: RouteDef[] = [];
