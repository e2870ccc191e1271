/**
 * Safety questions: the list, setting two different questions with answers (kept as a KDF of
 * the normalised answer), and checking them (logged in, or by user name in the forget flow).
 */
import type { FastifyInstance } from 'fastify';
import { Type, type Static } from '@sinclair/typebox';
import { loggedIn } from '../auth/sessions.ts';
import { CredentialHash, Form, ok, refuse } from '../http/envelope.ts';
import { kdfHash, kdfVerify } from '../auth/kdf.ts';
import type { Sql } from '../db/client.ts';
import { Answer, LIMITS, QuestionId, UserName } from './schemas.ts';
import { findUserById, findUserByName } from './userInfo.ts';

export const AnswerFields = {
  questionId1: QuestionId,
  answer1: Answer,
  questionId2: QuestionId,
  answer2: Answer,
};
export interface Answers {
  questionId1: number;
  answer1: string;
  questionId2: number;
  answer2: string;
}

/** Full-width to half-width, case folded: 'ＡＢＣ' and 'abc' are the same answer. */
function normaliseAnswer(answer: string): string {
  return answer.normalize('NFKC').trim().toLowerCase();
}

/** True when both questions are the user's and both answers match. */
export async function answersMatch(sql: Sql, userId: number, a: Answers): Promise<boolean> {
  const rows = await sql<{ slot: number; question_id: number; answer_kdf: string }[]>`
    select slot, question_id, answer_kdf from user_safety_answers where user_id = ${userId} order by slot`;
  if (rows.length !== 2) return false;
  const given = [
    [a.questionId1, a.answer1],
    [a.questionId2, a.answer2],
  ] as const;
  let good = true;
  for (const [i, row] of rows.entries()) {
    const [qid, answer] = given[i];
    // Check both even after a miss, so the time does not tell which one was wrong.
    const match = await kdfVerify(normaliseAnswer(answer), row.answer_kdf);
    good = good && match && row.question_id === qid;
  }
  return good;
}

const SetForm = Form({ ...AnswerFields, safetyPassword: CredentialHash });
const VerifyForm = Form({ ...AnswerFields, userName: Type.Optional(UserName) });

export default async function questionRoutes(app: FastifyInstance) {
  const sql = app.deps.sql;

  app.get('/v1/users/safeQuestionList', { config: { auth: 'none' } }, async () => {
    const list = await sql<
      { id: number; question: string }[]
    >`select id, question from safety_questions order by sort, id`;
    return ok({ list: list.map((q) => ({ id: q.id, question: q.question })) });
  });

  app.post<{ Body: Static<typeof SetForm> }>(
    '/v1/users/setSafetyQuestion',
    { config: LIMITS.verify, schema: { body: SetForm } },
    async (req) => {
      const b = req.body;
      if (b.questionId1 === b.questionId2) refuse('请选择两个不同的安全问题');
      const known =
        await sql`select id from safety_questions where id in ${sql([b.questionId1, b.questionId2])}`;
      if (known.length !== 2) refuse('安全问题不存在');
      const u = (await findUserById(sql, loggedIn(req).userId))!;
      if (!u.safety_kdf) refuse('请先设置资金密码');
      if (!(await kdfVerify(b.safetyPassword, u.safety_kdf))) refuse('资金密码错误');
      const [k1, k2] = await Promise.all([
        kdfHash(normaliseAnswer(b.answer1)),
        kdfHash(normaliseAnswer(b.answer2)),
      ]);
      await sql.begin(async (tx) => {
        await tx`delete from user_safety_answers where user_id = ${u.id}`;
        await tx`
          insert into user_safety_answers (user_id, slot, question_id, answer_kdf)
          values (${u.id}, 1, ${b.questionId1}, ${k1}), (${u.id}, 2, ${b.questionId2}, ${k2})`;
      });
      return ok(null, '安全问题设置成功');
    },
  );

  app.post<{ Body: Static<typeof VerifyForm> }>(
    '/v1/users/verifySafetyQuestion',
    { config: { auth: 'optional', ...LIMITS.verify }, schema: { body: VerifyForm } },
    async (req) => {
      const b = req.body;
      let userId = req.user?.userId;
      if (!userId) {
        if (!b.userName) throw req.sessionProblem ?? refuse('用户名不能为空');
        userId = (await findUserByName(sql, b.userName))?.id;
      }
      if (!userId || !(await answersMatch(sql, userId, b))) refuse('安全问题答案不正确');
      return ok({ verified: true });
    },
  );
}
