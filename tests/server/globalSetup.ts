/**
 * One real PostgreSQL for the server tests: the embedded one in a fresh temp dir, or the server
 * at DATABASE_URL. A template database gets the migrations once; each test file clones it.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { connect } from '../../src/server/db/client.ts';
import { migrateSite } from '../../src/server/migrateSite.ts';
import { startEmbedded, type EmbeddedDb } from '../../src/server/db/embedded.ts';
import { seedLotteries } from '../../src/server/lottery/seed.ts';

let embedded: EmbeddedDb | null = null;
let dir: string | null = null;

export const TEMPLATE_DB = `tmpl_${process.pid}`;

function withDb(url: string, db: string): string {
  const u = new URL(url);
  u.pathname = `/${db}`;
  return u.toString();
}

export async function setup(project: TestProject) {
  let baseUrl = process.env.DATABASE_URL;
  if (!baseUrl) {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-test-pg-'));
    fs.chmodSync(dir, 0o755);
    embedded = await startEmbedded(dir);
    baseUrl = embedded.url;
  }
  const admin = connect(baseUrl, 2);
  await admin.unsafe(`drop database if exists ${TEMPLATE_DB}`);
  await admin.unsafe(`create database ${TEMPLATE_DB}`);
  const tmpl = connect(withDb(baseUrl, TEMPLATE_DB), 2);
  await migrateSite(tmpl);
  await seedLotteries(tmpl);
  await tmpl.end();
  await admin.end();
  project.provide('pgBaseUrl', baseUrl);
  project.provide('pgTemplate', TEMPLATE_DB);
}

export async function teardown() {
  await embedded?.stop();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgBaseUrl: string;
    pgTemplate: string;
  }
}
