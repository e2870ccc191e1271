/**
 * Sending a chat picture (spec 001 §5): up to 2 MB it is uploaded as it is (上传中 only); a larger one
 * is compressed in the app's worker first (压缩中, then 上传中) with the quality by size ratio and the
 * 2 MB limit; without a worker, or when the worker cannot draw, the page compresses it; our own
 * refusals are shown as they are, the browser's English errors as 图片无法读取.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook, waitFor } from '@testing-library/react';
import { useImageSend } from '../../src/client/features/chat/useImageSend';
import { compressQuality, type Compressors } from '../../src/client/features/chat/image';
import { CHAT_IMAGE_MAX_BYTES } from '../../src/domain/chat/constants';
import { IMAGE_REFUSAL } from '../../src/client/worker/imageRefusal';
import { callsTo, ok, stubNetwork } from './records-net';

const toasts = vi.hoisted(() => [] as string[]);
vi.mock('../../src/client/ui', async (orig) => ({
  ...(await orig<object>()),
  showToast: (t: string) => {
    toasts.push(t);
  },
}));

function deferred<T>() {
  let resolve!: (v: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

const file = (bytes: number, type = 'image/png', name = 'photo.png') =>
  new File([new Uint8Array(bytes)], name, { type });
const UPLOADED = {
  imgPath: '/uploads/chat/a.jpg',
  thumbPath: '/uploads/chat/a.webp',
  width: 1000,
  height: 750,
};

function setup(c: Compressors) {
  const upload = deferred<void>();
  stubNetwork({
    '/v1/files/uploadChatFile': async () => {
      await upload.promise;
      return ok(UPLOADED);
    },
  });
  const sent: unknown[] = [];
  const hook = renderHook(() =>
    useImageSend(
      async (img) => {
        sent.push(img);
      },
      undefined,
      c,
    ),
  );
  return { hook, upload, sent };
}

afterEach(() => {
  vi.unstubAllGlobals();
  toasts.length = 0;
});

describe('chat picture sending', () => {
  it('compresses a picture over 2 MB in the worker (压缩中), then uploads it (上传中), then sends it', async () => {
    const compressed = deferred<Blob>();
    const inWorker = vi.fn(
      (_f: Blob, _o: { quality?: number; maxBytes?: number }) => compressed.promise,
    );
    const onPage = vi.fn(async () => new Blob(['page']));
    const { hook, upload, sent } = setup({ inWorker: () => inWorker, onPage });
    const big = file(3_000_000);
    act(() => hook.result.current.pick(big));
    await waitFor(() => expect(hook.result.current.stage).toBe('压缩中'));
    expect(inWorker).toHaveBeenCalledWith(big, {
      quality: compressQuality(3_000_000),
      maxBytes: CHAT_IMAGE_MAX_BYTES,
    });
    expect(callsTo('/v1/files/uploadChatFile')).toHaveLength(0);
    await act(async () => {
      compressed.resolve(new Blob([new Uint8Array(500_000)], { type: 'image/jpeg' }));
    });
    await waitFor(() => expect(hook.result.current.stage).toBe('上传中'));
    await waitFor(() => expect(callsTo('/v1/files/uploadChatFile')).toHaveLength(1));
    expect(sent).toEqual([]);
    await act(async () => {
      upload.resolve();
    });
    await waitFor(() => expect(hook.result.current.stage).toBe(''));
    expect(sent).toEqual([{ imgPath: UPLOADED.imgPath, thumbPath: UPLOADED.thumbPath }]);
    expect(onPage).not.toHaveBeenCalled();
  });

  it('uploads a picture of 2 MB or less as it is: 上传中 only', async () => {
    const inWorker = vi.fn(async () => new Blob());
    const { hook, upload, sent } = setup({ inWorker: () => inWorker, onPage: inWorker });
    act(() => hook.result.current.pick(file(CHAT_IMAGE_MAX_BYTES)));
    await waitFor(() => expect(hook.result.current.stage).toBe('上传中'));
    await act(async () => {
      upload.resolve();
    });
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(hook.result.current.stage).toBe('');
    expect(inWorker).not.toHaveBeenCalled();
  });

  it('compresses on the page when there is no worker, or the worker cannot draw', async () => {
    for (const inWorker of [
      () => null,
      () => async () => {
        throw new ReferenceError('OffscreenCanvas is not defined');
      },
    ]) {
      const onPage = vi.fn(async () => new Blob(['x'], { type: 'image/jpeg' }));
      const { hook, upload, sent } = setup({ inWorker, onPage });
      upload.resolve();
      act(() => hook.result.current.pick(file(2_500_000)));
      await waitFor(() => expect(sent).toHaveLength(1));
      expect(onPage).toHaveBeenCalledTimes(1);
      hook.unmount();
    }
  });

  it('shows our refusal as it is and a browser error as 图片无法读取; nothing is uploaded', async () => {
    // as it comes out of the worker: comlink copies the error's name and message onto a new Error
    const tooBig = async () => {
      throw Object.assign(new Error('图片过大，请选择较小的图片'), { name: IMAGE_REFUSAL });
    };
    const onPage = vi.fn(async () => {
      throw new DOMException('The source image could not be decoded.', 'InvalidStateError');
    });
    let s = setup({ inWorker: () => tooBig, onPage });
    act(() => s.hook.result.current.pick(file(3_000_000)));
    await waitFor(() => expect(toasts).toContain('图片过大，请选择较小的图片'));
    expect(onPage).not.toHaveBeenCalled();
    s.hook.unmount();
    s = setup({ inWorker: () => null, onPage });
    act(() => s.hook.result.current.pick(file(3_000_000)));
    await waitFor(() => expect(toasts).toContain('图片无法读取，请选择其他图片'));
    s.hook.unmount();
    s = setup({ inWorker: () => null, onPage });
    act(() => s.hook.result.current.pick(file(100, 'image/bmp', 'a.bmp')));
    await waitFor(() => expect(toasts).toContain('只能发送 PNG、JPEG、GIF 或 WebP 图片'));
    expect(s.hook.result.current.stage).toBe('');
    expect(callsTo('/v1/files/uploadChatFile')).toHaveLength(0);
  });

  it('tells our refusal by its name, not by its words: a browser error in Chinese is still 图片无法读取', async () => {
    const onPage = vi.fn(async () => {
      throw new Error('无法解码此图像');
    });
    const s = setup({ inWorker: () => null, onPage });
    act(() => s.hook.result.current.pick(file(3_000_000)));
    await waitFor(() => expect(toasts).toContain('图片无法读取，请选择其他图片'));
    expect(toasts).not.toContain('无法解码此图像');
    s.hook.unmount();
  });
});
