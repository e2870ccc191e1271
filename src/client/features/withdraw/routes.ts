/** Routes of the withdraw feature (issue 4). */
import type { RouteDef } from '../../routeTable';

export const withdrawRoutes: RouteDef[] = [];
