/**
 * The player's own profile: infoUpdate, the default avatars, experience and grade, and the
 * unread-message count. Free text is plain text: `<`, `>` and control characters are refused.
 */
import type { FastifyInstance } from 'fastify';
import { Type, type Static } from '@sinclair/typebox';
import { defaultAvatarUrls } from '../../domain/constants.ts';
import { calendarDayUtcMs } from '../../domain/time.ts';
import { loggedIn } from '../auth/sessions.ts';
import { Form, ok, Pattern, refuse } from '../http/envelope.ts';
import { gradeData } from '../../domain/grades.ts';
import { gradeLevels, lifetimeTotals } from '../grades/store.ts';
import { UPLOAD_FILE_NAME } from './uploads.ts';
import { findUserById, loadUserInfo } from './userInfo.ts';

const Opt = Type.Optional;
/** No markup, no control characters, no spaces at the ends. */
const PLAIN_TEXT =
  '^[^<>\\u0000-\\u001f\\u007f\\s](?:[^<>\\u0000-\\u001f\\u007f]*[^<>\\u0000-\\u001f\\u007f\\s])?$';

const InfoForm = Form({
  nickName: Opt(Type.String({ minLength: 1, maxLength: 20, pattern: PLAIN_TEXT })),
  avatar: Opt(
    Type.String({
      maxLength: 60,
      pattern: '^/(?:avatars/\\d{1,3}\\.svg|uploads/[0-9a-f]{32}\\.(?:png|jpg|gif|webp))$',
    }),
  ),
  gender: Opt(Type.Integer({ minimum: 0, maximum: 2 })),
  birthday: Opt(Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' })),
  qq: Opt(Pattern('qq', { maxLength: 20 })),
  wechat: Opt(Type.String({ pattern: '^[A-Za-z][-_A-Za-z0-9]{5,19}$' })),
});
type InfoBody = Static<typeof InfoForm>;

/** A real calendar day, not in the future and not before 1900. */
function validBirthday(text: string): boolean {
  const ms = calendarDayUtcMs(text);
  return ms !== null && text >= '1900-01-01' && ms <= Date.now();
}

async function checkAvatar(app: FastifyInstance, userId: number, avatar: string): Promise<void> {
  if (avatar.startsWith('/avatars/')) {
    if (!defaultAvatarUrls().includes(avatar)) refuse('头像不存在');
    return;
  }
  const file = avatar.slice('/uploads/'.length);
  if (!UPLOAD_FILE_NAME.test(file)) refuse('头像不存在');
  const [own] = await app.deps
    .sql`select 1 from uploads where file_name = ${file} and user_id = ${userId}`;
  if (!own) refuse('头像不存在');
}

export default async function profileRoutes(app: FastifyInstance) {
  const sql = app.deps.sql;

  app.post<{ Body: InfoBody }>(
    '/v1/users/infoUpdate',
    { schema: { body: InfoForm } },
    async (req) => {
      const b = req.body;
      const userId = loggedIn(req).userId;
      if (Object.keys(b).length === 0) refuse('没有需要修改的资料');
      if (b.birthday !== undefined && !validBirthday(b.birthday)) refuse('生日格式不正确');
      if (b.avatar !== undefined) await checkAvatar(app, userId, b.avatar);
      const change: Record<string, string | number> = {};
      if (b.nickName !== undefined) change.nick_name = b.nickName;
      if (b.avatar !== undefined) change.avatar = b.avatar;
      if (b.gender !== undefined) change.gender = b.gender;
      if (b.birthday !== undefined) change.birthday = b.birthday;
      if (b.qq !== undefined) change.qq = b.qq;
      if (b.wechat !== undefined) change.wechat = b.wechat;
      await sql`update users set ${sql(change)} where id = ${userId}`;
      return ok(await loadUserInfo(sql, userId), '资料修改成功');
    },
  );

  app.get('/v1/users/defaultAvatar', { config: { auth: 'none' } }, async () =>
    ok({ list: defaultAvatarUrls() }),
  );

  app.get('/v1/users/userExperienceData', async (req) => {
    const u = (await findUserById(sql, loggedIn(req).userId))!;
    const totals = (await lifetimeTotals(sql, [u.id])).get(u.id)!;
    return ok(gradeData(u.grade, totals, await gradeLevels(sql)));
  });
}
