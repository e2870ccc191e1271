/** Routes of bet and chase records and reports, spread into the one route table. */
import type { RouteDef } from '../../routeTable';

export const recordRoutes: RouteDef[] = [];
