import type { Sql } from '../db/client.ts';
export async function seedSiteContent(_sql: Sql) {}
