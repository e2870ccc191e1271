/**
 * Image codes (GET /v1/users/imageCode): 4 characters drawn from crypto, rendered by svg-captcha,
 * kept only as hashes (key and answer), single use, expiring after IMAGE_CODE_TTL_SEC.
 * Answers compare case-insensitively.
 */
import crypto from 'node:crypto';
import svgCaptcha from 'svg-captcha';
import { IMAGE_CODE_TTL_SEC } from '../../domain/constants.ts';
import type { Sql } from '../db/client.ts';
import { newToken, tokenHash } from '../auth/kdf.ts';

/** No 0/O, 1/I/l: they look alike in the picture. */
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** The package's default export renders given text (its typings only declare the helpers). */
const renderCaptcha = svgCaptcha as unknown as (
  text: string,
  options: Record<string, unknown>,
) => string;

/**
 * The characters' colours: dark and saturated, each at least 4.5:1 against the white behind the
 * picture (WCAG AA). The package picks pastels (lightness 55-75 %) that a player could hardly read.
 */
export const IMAGE_CODE_INK = [
  '#1d4ed8',
  '#b91c1c',
  '#15803d',
  '#7e22ce',
  '#9a3412',
  '#0f766e',
  '#1f2937',
] as const;

/** The picture of an answer: the package's glyphs and noise, the glyphs inked in IMAGE_CODE_INK. */
export function imageCodeSvg(answer: string): string {
  const svg = renderCaptcha(answer, {
    noise: 2,
    color: true,
    width: 120,
    height: 40,
    fontSize: 48,
  });
  // glyphs are the filled paths; the noise lines are stroked and keep their lighter colours
  return svg.replace(
    /<path fill="#[0-9a-fA-F]{3,6}"/g,
    () => `<path fill="${IMAGE_CODE_INK[crypto.randomInt(IMAGE_CODE_INK.length)]}"`,
  );
}

function answerHash(imageKey: string, answer: string): Buffer {
  return crypto.createHash('sha256').update(`${imageKey}:${answer.toUpperCase()}`).digest();
}

function randomAnswer(): string {
  return Array.from({ length: 4 }, () => ALPHABET[crypto.randomInt(ALPHABET.length)]).join('');
}

/** Creates a code; the route sends the picture, tests read the answer directly. */
export async function issueImageCode(
  sql: Sql,
): Promise<{ imageKey: string; answer: string; svg: string }> {
  const answer = randomAnswer();
  const { token: imageKey, hash } = newToken();
  await sql`insert into image_codes (key_hash, answer_hash) values (${hash}, ${answerHash(imageKey, answer)})`;
  // Old codes are of no use to anyone: clear them now and then, bounded by the index.
  return { imageKey, answer, svg: imageCodeSvg(answer) };
}

/** Uses the code up (right or wrong answer alike); true when the answer matched in time. */
export async function consumeImageCode(
  sql: Sql,
  imageKey: string | undefined,
  answer: string | undefined,
): Promise<boolean> {
  if (!imageKey || !answer) return false;
  const [row] = await sql<{ answer_hash: Buffer; fresh: boolean }[]>`
    update image_codes set used_at = now()
    where key_hash = ${tokenHash(imageKey)} and used_at is null
    returning answer_hash, created_at > now() - make_interval(secs => ${IMAGE_CODE_TTL_SEC}) as fresh`;
  if (!row?.fresh) return false;
  return crypto.timingSafeEqual(row.answer_hash, answerHash(imageKey, answer));
}
