/**
 * Before each e2e test file: its own server on its own database (fileServer.ts), started before
 * the file's modules load (some build API clients at the top level) and closed after its tests.
 */
import { afterAll } from 'vitest';
import { startFileServer } from './fileServer.ts';

const server = await startFileServer();

afterAll(async () => {
  await server.close();
});
