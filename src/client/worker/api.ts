/** Worker-side API calls through the same enpath codec; no UI dispatch in a worker. */
import { fetchEnvelope, type Params } from '../api/request';

export async function call<T>(method: 'GET' | 'POST', path: string, params?: Params): Promise<{ code: number; msg: string; data: T }> {
  try {
    return await fetchEnvelope<T>(method, path, params);
  } catch (e) {
    return { code: -1, msg: e instanceof Error ? e.message : '网络错误', data: null as T };
  }
}
