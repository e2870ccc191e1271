/** Ledger calls for players: the wallet balance. */
import type { FastifyInstance } from 'fastify';
import { formatFen } from '../../domain/money.ts';
import { loggedIn } from '../auth/sessions.ts';
import { ok } from '../http/envelope.ts';
import { playerBalance } from './ledger.ts';

export default async function ledgerRoutes(app: FastifyInstance) {
  app.get('/v1/balance/queryBalanceFront', async (req) => {
    const fen = await playerBalance(app.deps.sql, loggedIn(req).userId);
    return ok({ balance: formatFen(fen), balanceFen: fen });
  });
}
