/**
 * Credential hashes the client sends instead of the clear text (spec 000 section 5).
 * The server never stores these: it keeps a slow KDF (scrypt) of them.
 */
import SparkMD5 from 'spark-md5';

/** Login password hash: md5 of the lowercased user name followed by the password. */
export function loginPasswordHash(userName: string, password: string): string {
  return SparkMD5.hash(userName.toLowerCase() + password);
}

/** Safety (fund) password hash: md5 of the lowercased user name followed by the 6 digits. */
export function safetyPasswordHash(userName: string, safetyPassword: string): string {
  return SparkMD5.hash(userName.toLowerCase() + safetyPassword);
}

/** What a credential hash on the wire looks like: 32 lowercase hex digits. */
export const CREDENTIAL_HASH = /^[0-9a-f]{32}$/;
