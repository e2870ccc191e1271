/**
 * The operator's grade ladder (docs/content.md "Grades"): GET /v1/admin/grades/levels the ten tiers
 * with their thresholds (yuan) and benefits; POST the same `levels` (a JSON array) to change them. A
 * change applies to players on the next promotion run, which then looks at every player once.
 */
import type { FastifyInstance } from 'fastify';
import { Type, type Static } from '@sinclair/typebox';
import { levelsToWire, parseGradeLevels } from '../../domain/grades.ts';
import { Form, ok, refuse } from '../http/envelope.ts';
import { OPERATOR } from '../http/schemas.ts';
import { gradeLevels, saveGradeLevels } from './store.ts';
import { loggedIn } from '../auth/sessions.ts';

const LevelsForm = Form({ levels: Type.String({ minLength: 1, maxLength: 8000 }) });

export default async function gradeAdminRoutes(app: FastifyInstance) {
  const sql = app.deps.sql;
  const opts = { config: OPERATOR };

  app.get('/v1/admin/grades/levels', opts, async () =>
    ok({ list: levelsToWire(await gradeLevels(sql)) }),
  );

  app.post<{ Body: Static<typeof LevelsForm> }>(
    '/v1/admin/grades/levels',
    { ...opts, schema: { body: LevelsForm } },
    async (req) => {
      const parsed = parseGradeLevels(req.body.levels);
      if ('error' in parsed) refuse(parsed.error);
      await saveGradeLevels(sql, parsed.levels, loggedIn(req).userId);
      return ok({ list: levelsToWire(parsed.levels) }, '已保存，将在一分钟内按新门槛晋级');
    },
  );
}
