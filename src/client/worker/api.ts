/** Worker-side API calls through the same wire (api/envelope.ts); no UI dispatch and no page state in a worker. */
import { fetchEnvelopeWith, type Params } from '../api/envelope';

export async function call<T>(
  method: 'GET' | 'POST',
  path: string,
  params?: Params,
): Promise<{ code: number; msg: string; data: T }> {
  try {
    return await fetchEnvelopeWith<T>(null, method, path, params);
  } catch (e) {
    return { code: -1, msg: e instanceof Error ? e.message : '网络错误', data: null as T };
  }
}
