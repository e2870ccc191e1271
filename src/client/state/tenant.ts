/** Tenant config: cached in IndexedDB, refreshed from getTenantConfig. */
import { signal, type Signal } from '@preact/signals-react';
import { tenantStore, put, read } from '../storage/stores';
import { request } from '../api/request';

export interface TenantConfig {
  tenantName: string;
  [key: string]: unknown;
}

export const tenantConfig: Signal<TenantConfig | null> = signal<TenantConfig | null>(null);
export const DEFAULT_TENANT_NAME = '鸿运彩票';

export function tenantName(): string {
  return tenantConfig.value?.tenantName || DEFAULT_TENANT_NAME;
}

export async function loadTenantConfig(): Promise<TenantConfig | null> {
  const cached = await read<TenantConfig>(tenantStore, 'config');
  if (cached) tenantConfig.value = cached;
  try {
    const fresh = await request<TenantConfig>(
      'GET',
      '/v1/management/tenant/getTenantConfig',
      undefined,
      { inline: true },
    );
    tenantConfig.value = fresh;
    await put(tenantStore, 'config', fresh);
    return fresh;
  } catch {
    return cached ?? null;
  }
}
