/** Routes of the payments feature (issue 4). */
import type { RouteDef } from '../../routeTable';

export const paymentsRoutes: RouteDef[] = [];
