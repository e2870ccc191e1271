/** Routes of the lottery feature (hall, betting page, rules, trend chart …), spread into the one route table. */
import type { RouteDef } from '../../routeTable';

export const lotteryRoutes: RouteDef[] = [];
