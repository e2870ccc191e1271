/**
 * Chat images (spec 001 sections 3, 5 and 9): `POST /v1/files/uploadChatFile` takes one image of
 * at most 2 MB, re-encodes it (uploads/image.ts: only real PNG/JPEG/GIF/WebP, metadata gone) and
 * makes a thumbnail; `addImage` sends it into a public room (private rooms: addDirectMessage with
 * type 2); the saved images are a member's favourites (40 a page, 10 deleted at a time).
 */
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { Type, type Static } from '@sinclair/typebox';
import { loggedIn } from '../auth/sessions.ts';
import { AppError, Form, ok, refuse } from '../http/envelope.ts';
import { reencodeImage } from '../uploads/image.ts';
import { readFilePart, uploadsDir } from '../account/uploads.ts';
import { CHAT_IMAGE_PATH } from '../../domain/chat/messageTypes.ts';
import {
  CHAT_IMAGE_MAX_BYTES,
  SAVED_IMAGE_PAGE_SIZE,
  SAVED_IMAGE_SELECTION_MAX,
  SAVED_IMAGES_MAX,
  THUMB_SIDE_PX,
} from '../../domain/chat/constants.ts';
import type { Sql } from '../db/client.ts';
import { sendInPublicRoom, type Sender } from './send.ts';
import { RoomCode } from './schemas.ts';
import { PageNum, pageSizeUpTo, paging } from '../http/paging.ts';

const USER = { auth: 'user' as const };
const ImagePath = Type.String({ pattern: CHAT_IMAGE_PATH.source, maxLength: 60 });
export const AddImageFields = {
  roomCode: RoomCode,
  message: Type.String({ maxLength: 300 }),
  messageTypeId: Type.Literal(2),
  status: Type.Optional(Type.Union([Type.Literal(0), Type.Literal(1)])),
  userIds: Type.Optional(
    Type.String({ pattern: '^(\\d{1,16}(,\\d{1,16}){0,99})?$', maxLength: 2000 }),
  ),
  /** sent by the platform's client; not used */
  type: Type.Optional(Type.String({ maxLength: 10 })),
};
const AddImageBody = Form(AddImageFields);
const AddSavedBody = Form({
  imgPath: ImagePath,
  status: Type.Optional(Type.Integer({ minimum: 0, maximum: 9 })),
});
const SavedListQuery = Form({
  pageSize: Type.Optional(pageSizeUpTo(SAVED_IMAGE_PAGE_SIZE)),
  pageNum: Type.Optional(PageNum),
});
const DeleteSavedBody = Form({
  ids: Type.String({ pattern: '^\\d{1,16}(,\\d{1,16}){0,99}$', maxLength: 2000 }),
});

/**
 * Stores the image and a thumbnail (first frame, WebP); answers their paths. A member's files are
 * also recorded in `uploads`; a guest's (sender { guestId }) only in chat_images.
 */
export async function storeChatImage(app: FastifyInstance, sender: Sender, bytes: Buffer) {
  const userId = typeof sender === 'number' ? sender : null;
  const guestId = typeof sender === 'number' ? null : sender.guestId;
  if (bytes.length > CHAT_IMAGE_MAX_BYTES) refuse('图片不能超过2M');
  const image = await reencodeImage(bytes);
  const thumb = await sharp(image.bytes, { animated: false })
    .resize({
      width: THUMB_SIDE_PX,
      height: THUMB_SIDE_PX,
      fit: 'inside',
      withoutEnlargement: true,
    })
    .webp({ quality: 75 })
    .toBuffer();
  const names = [
    `${crypto.randomBytes(16).toString('hex')}.${image.ext}`,
    `${crypto.randomBytes(16).toString('hex')}.webp`,
  ];
  const dir = uploadsDir(app.deps.config.dataDir);
  await fs.mkdir(dir, { recursive: true });
  await fs.writeFile(path.join(dir, names[0]), image.bytes, { flag: 'wx' });
  await fs.writeFile(path.join(dir, names[1]), thumb, { flag: 'wx' });
  const [imgPath, thumbPath] = names.map((n) => `/uploads/${n}`);
  await app.deps.sql.begin(async (tx) => {
    if (userId !== null) {
      await tx`insert into uploads (user_id, file_name, mime, size_bytes)
               values (${userId}, ${names[0]}, ${image.mime}, ${image.bytes.length}), (${userId}, ${names[1]}, 'image/webp', ${thumb.length})`;
    }
    await tx`insert into chat_images (img_path, thumb_path, user_id, guest_id, width, height)
             values (${imgPath}, ${thumbPath}, ${userId}, ${guestId}, ${image.width}, ${image.height})`;
  });
  return { imgPath, thumbPath, width: image.width, height: image.height };
}

async function saveImage(sql: Sql, userId: number, imgPath: string): Promise<void> {
  const [known] = await sql`select 1 from chat_images where img_path = ${imgPath}`;
  if (!known) refuse('图片不存在');
  const [{ n }] = await sql<
    { n: number }[]
  >`select count(*)::int as n from chat_saved_images where user_id = ${userId}`;
  if (n >= SAVED_IMAGES_MAX) refuse(`最多收藏${SAVED_IMAGES_MAX}张图片`);
  await sql`insert into chat_saved_images (user_id, img_path) values (${userId}, ${imgPath}) on conflict do nothing`;
}

export default async function imageRoutes(app: FastifyInstance) {
  const sql = app.deps.sql;

  app.post(
    '/v1/files/uploadChatFile',
    { config: { ...USER, rateLimit: { max: 30, timeWindow: '1 minute' } } },
    async (req) => {
      if (!req.isMultipart()) throw new AppError('请以文件方式上传', -1, 415);
      const user = loggedIn(req);
      let favourite = false;
      const bytes = await readFilePart(req, (fields) => {
        const value = (fields.isFavorite as { value?: unknown } | undefined)?.value;
        favourite = value === '1' || value === 'true';
      });
      const stored = await storeChatImage(app, user.userId, bytes);
      if (favourite) await saveImage(sql, user.userId, stored.imgPath);
      return ok(stored, '上传成功');
    },
  );

  app.post<{ Body: Static<typeof AddImageBody> }>(
    '/v1/chat/addImage',
    { config: USER, schema: { body: AddImageBody } },
    async (req) => ok(await sendInPublicRoom(app, loggedIn(req), req.body, 'addImage'), '发送成功'),
  );

  app.post<{ Body: Static<typeof AddSavedBody> }>(
    '/v1/chat/addSavedImage',
    { config: USER, schema: { body: AddSavedBody } },
    async (req) => {
      await saveImage(sql, loggedIn(req).userId, req.body.imgPath);
      return ok(null, '已收藏');
    },
  );

  app.get<{ Querystring: Static<typeof SavedListQuery> }>(
    '/v1/chat/getSavedImageList',
    { config: USER, schema: { querystring: SavedListQuery } },
    async (req) => {
      const { limit, offset } = paging(
        req.query.pageNum,
        req.query.pageSize,
        SAVED_IMAGE_PAGE_SIZE,
      );
      const rows = await sql<{ id: number; img_path: string; thumb_path: string; total: number }[]>`
        select s.id, s.img_path, i.thumb_path, count(*) over ()::int as total
        from chat_saved_images s join chat_images i on i.img_path = s.img_path
        where s.user_id = ${loggedIn(req).userId}
        order by s.id desc limit ${limit} offset ${offset}`;
      return ok({
        list: rows.map((r) => ({ id: r.id, imgPath: r.img_path, thumbPath: r.thumb_path })),
        total: rows[0]?.total ?? 0,
      });
    },
  );

  app.post<{ Body: Static<typeof DeleteSavedBody> }>(
    '/v1/chat/deleteSavedImage',
    { config: USER, schema: { body: DeleteSavedBody } },
    async (req) => {
      const ids = [...new Set(req.body.ids.split(',').map(Number))];
      if (ids.length > SAVED_IMAGE_SELECTION_MAX) refuse(`最多选择${SAVED_IMAGE_SELECTION_MAX}张`);
      const gone =
        await sql`delete from chat_saved_images where user_id = ${loggedIn(req).userId} and id = any (${ids}) returning id`;
      return ok({ deleted: gone.length }, '删除成功');
    },
  );
}
