/**
 * Uploaded images: POST /v1/users/uploadImage (multipart `file`, at most UPLOAD_LIMIT_BYTES).
 * The bytes are decoded and re-encoded by the server (uploads/image.ts); only that fresh encoding
 * is stored, under <dataDir>/uploads/ with a random name the server makes. The client's name and
 * type are ignored.
 *
 * GET /uploads/<file> serves them from a path of their own, with headers under which a browser
 * can never treat one as a page: the image type from the stored name, nosniff, a sandboxing CSP
 * that allows nothing, and same-origin only. Files stored before re-encoding existed keep their
 * URLs and get the same headers.
 */
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { loggedIn } from '../auth/sessions.ts';
import { ok, refuse, AppError } from '../http/envelope.ts';
import { mimeOfExt, reencodeImage } from '../uploads/image.ts';
import { refuseControlCharsInPart } from '../http/controlChars.ts';
import { unsupportedParam } from '../http/errors.ts';
import { LIMITS } from './schemas.ts';

export const UPLOAD_FILE_NAME = /^[0-9a-f]{32}\.(png|jpg|gif|webp)$/;

/** Sent with every stored file: never rendered as a document, never embedded by another site. */
export const SAFE_FILE_HEADERS = {
  'X-Content-Type-Options': 'nosniff',
  'Content-Security-Policy': "default-src 'none'; sandbox",
  'Cross-Origin-Resource-Policy': 'same-origin',
  'Cache-Control': 'public, max-age=31536000, immutable',
} as const;

export function uploadsDir(dataDir: string): string {
  return path.join(dataDir, 'uploads');
}

/**
 * The bytes of the one `file` part; a broken multipart body is the client's fault (400).
 * `onFields` sees the text fields sent before the file (e.g. the chat upload's isFavorite).
 */
export async function readFilePart(
  req: FastifyRequest,
  onFields?: (fields: Record<string, unknown>) => void,
): Promise<Buffer> {
  try {
    const part = await req.file();
    if (!part) refuse('请选择要上传的图片');
    refuseControlCharsInPart(part);
    if (part.fieldname !== 'file') throw new AppError(unsupportedParam(part.fieldname), -1, 400);
    onFields?.(part.fields as Record<string, unknown>);
    return await part.toBuffer();
  } catch (err) {
    // Size and count limits carry their own codes (413); anything else from the parser is malformed input.
    if (err instanceof AppError || String((err as { code?: string }).code ?? '').startsWith('FST_'))
      throw err;
    throw new AppError('上传内容格式不正确', -1, 400);
  }
}

/** Re-encodes the upload, stores it under a fresh random name, records its owner; answers its URL. */
export async function storeUploadedImage(
  app: FastifyInstance,
  userId: number,
  bytes: Buffer,
): Promise<string> {
  const image = await reencodeImage(bytes);
  const fileName = `${crypto.randomBytes(16).toString('hex')}.${image.ext}`;
  const dir = uploadsDir(app.deps.config.dataDir);
  await fs.mkdir(dir, { recursive: true });
  await fs.writeFile(path.join(dir, fileName), image.bytes, { flag: 'wx' });
  await app.deps.sql`
    insert into uploads (user_id, file_name, mime, size_bytes)
    values (${userId}, ${fileName}, ${image.mime}, ${image.bytes.length})`;
  return `/uploads/${fileName}`;
}

/** Operator images (activity pictures, banners) may be larger than a player's upload. */
export const OPERATOR_IMAGE_MAX_BYTES = 5 * 1024 * 1024;

/**
 * One operator image upload (multipart `file`): checked, re-encoded and stored like every upload;
 * answers the envelope with its /uploads/ URL. Used by the activity and banner editors.
 */
export async function receiveOperatorImage(app: FastifyInstance, req: FastifyRequest) {
  if (!req.isMultipart()) throw new AppError('请以文件方式上传', -1, 415);
  const bytes = await readFilePart(req);
  if (bytes.length > OPERATOR_IMAGE_MAX_BYTES) refuse('图片不能超过5MB');
  return ok({ url: await storeUploadedImage(app, loggedIn(req).userId, bytes) }, '上传成功');
}

export default async function uploadRoutes(app: FastifyInstance) {
  const dir = uploadsDir(app.deps.config.dataDir);

  app.post('/v1/users/uploadImage', { config: LIMITS.upload }, async (req) => {
    if (!req.isMultipart()) throw new AppError('请以文件方式上传', -1, 415);
    const bytes = await readFilePart(req);
    return ok({ url: await storeUploadedImage(app, loggedIn(req).userId, bytes) }, '上传成功');
  });

  app.get<{ Params: { file: string } }>(
    '/uploads/:file',
    { config: { auth: 'none' } },
    async (req, reply) => {
      // The name pattern admits only server-made names: no separators, no dots but the one before the type.
      const name = req.params.file;
      const mime = UPLOAD_FILE_NAME.test(name)
        ? mimeOfExt(name.slice(name.lastIndexOf('.') + 1))
        : null;
      const bytes = mime ? await fs.readFile(path.join(dir, name)).catch(() => null) : null;
      if (!mime || !bytes)
        return reply.status(404).send({ code: -1, msg: '文件不存在', data: null });
      return reply
        .type(mime)
        .headers(SAFE_FILE_HEADERS)
        .header('Content-Disposition', `inline; filename="${name}"`)
        .send(bytes);
    },
  );
}
