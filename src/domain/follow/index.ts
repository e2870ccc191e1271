export * from './rules.ts';
export * from './entries.ts';
