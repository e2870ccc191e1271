/** Routes of the cards feature (issue 4). */
import type { RouteDef } from '../../routeTable';

export const cardsRoutes: RouteDef[] = [];
