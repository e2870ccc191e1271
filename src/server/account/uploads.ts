/**
 * Uploaded images: POST /v1/users/uploadImage (multipart `file`, png/jpeg/webp/gif recognised by
 * their magic bytes, at most UPLOAD_LIMIT_BYTES) stores the file under <dataDir>/uploads/ with a
 * random name; GET /uploads/<file> serves it with its type. The client's name and type are
 * ignored: only the bytes decide.
 */
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ok, refuse, AppError } from '../http/envelope.ts';
import { refuseControlCharsInPart } from '../http/controlChars.ts';
import { unsupportedParam } from '../http/errors.ts';
import { LIMITS } from './schemas.ts';

const KINDS = [
  { ext: 'png', mime: 'image/png', magic: (b: Buffer) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) },
  { ext: 'jpg', mime: 'image/jpeg', magic: (b: Buffer) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  { ext: 'gif', mime: 'image/gif', magic: (b: Buffer) => /^GIF8[79]a$/.test(b.subarray(0, 6).toString('latin1')) },
  { ext: 'webp', mime: 'image/webp', magic: (b: Buffer) => b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP' },
] as const;

export const UPLOAD_FILE_NAME = /^[0-9a-f]{32}\.(png|jpg|gif|webp)$/;

export function uploadsDir(dataDir: string): string {
  return path.join(dataDir, 'uploads');
}

export function imageKind(bytes: Buffer) {
  return bytes.length >= 12 ? (KINDS.find((k) => k.magic(bytes)) ?? null) : null;
}

/** The bytes of the one `file` part; a broken multipart body is the client's fault (400). */
export async function readFilePart(req: FastifyRequest): Promise<Buffer> {
  try {
    const part = await req.file();
    if (!part) refuse('请选择要上传的图片');
    refuseControlCharsInPart(part);
    if (part.fieldname !== 'file') throw new AppError(unsupportedParam(part.fieldname), -1, 400);
    return await part.toBuffer();
  } catch (err) {
    // Size and count limits carry their own codes (413); anything else from the parser is malformed input.
    if (err instanceof AppError || String((err as { code?: string }).code ?? '').startsWith('FST_')) throw err;
    throw new AppError('上传内容格式不正确', -1, 400);
  }
}

export default async function uploadRoutes(app: FastifyInstance) {
  const sql = app.deps.sql;
  const dir = uploadsDir(app.deps.config.dataDir);

  app.post('/v1/users/uploadImage', { config: LIMITS.upload }, async (req) => {
    if (!req.isMultipart()) throw new AppError('请以文件方式上传', -1, 415);
    const bytes = await readFilePart(req);
    const kind = imageKind(bytes);
    if (!kind) refuse('仅支持上传 PNG、JPEG、WebP 或 GIF 格式的图片');
    const fileName = `${crypto.randomBytes(16).toString('hex')}.${kind.ext}`;
    await fs.mkdir(dir, { recursive: true });
    await fs.writeFile(path.join(dir, fileName), bytes, { flag: 'wx' });
    await sql`
      insert into uploads (user_id, file_name, mime, size_bytes)
      values (${req.user!.userId}, ${fileName}, ${kind.mime}, ${bytes.length})`;
    return ok({ url: `/uploads/${fileName}` }, '上传成功');
  });

  app.get<{ Params: { file: string } }>('/uploads/:file', { config: { auth: 'none' } }, async (req, reply) => {
    const name = req.params.file;
    const kind = UPLOAD_FILE_NAME.test(name) ? KINDS.find((k) => name.endsWith(`.${k.ext}`)) : undefined;
    const bytes = kind ? await fs.readFile(path.join(dir, name)).catch(() => null) : null;
    if (!kind || !bytes) return reply.status(404).send({ code: -1, msg: '文件不存在', data: null });
    return reply
      .type(kind.mime)
      .header('X-Content-Type-Options', 'nosniff')
      .header('Content-Security-Policy', "default-src 'none'")
      .header('Cache-Control', 'public, max-age=31536000, immutable')
      .send(bytes);
  });
}
