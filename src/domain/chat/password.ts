/** The room password on the wire: md5 of the 4 digits (platform-api.md), the same on both sides. */
import SparkMD5 from 'spark-md5';
import { ROOM_PASSWORD_PATTERN } from './constants.ts';

export function roomPasswordHash(digits: string): string {
  if (!ROOM_PASSWORD_PATTERN.test(digits)) throw new RangeError('a room password is 4 digits');
  return SparkMD5.hash(digits);
}
