/** Image captcha field: fetches GET /v1/users/imageCode, tap the image to refresh. */
import { useCallback, useEffect, useState } from 'react';
import { request } from '../api/request';
import { TextField } from './controls';

export function ImageCodeField({
  value,
  onChange,
  imageKey,
  onKeyChange,
  error,
}: {
  value: string;
  onChange(v: string): void;
  imageKey: string;
  onKeyChange(key: string): void;
  error?: string;
}) {
  const [image, setImage] = useState('');
  const [failed, setFailed] = useState(false);
  const load = useCallback(async () => {
    try {
      const r = await request<{ imageKey: string; image: string }>(
        'GET',
        '/v1/users/imageCode',
        undefined,
        { inline: true },
      );
      setImage(r.image);
      setFailed(false);
      onKeyChange(r.imageKey);
      onChange('');
    } catch {
      setFailed(true);
    }
  }, [onChange, onKeyChange]);
  useEffect(() => {
    if (!imageKey) void load();
  }, [imageKey, load]);
  return (
    <TextField
      label="验证码"
      name="imageCode"
      value={value}
      onChange={onChange}
      error={error}
      maxLength={8}
      autoComplete="off"
      trailing={
        <button
          type="button"
          onClick={() => void load()}
          aria-label="刷新验证码"
          className="h-11 w-28 shrink-0 overflow-hidden rounded-lg border border-gray-300 bg-gray-50 text-xs text-gray-700 focus-visible:outline-2 focus-visible:outline-brand"
        >
          {image && !failed ? (
            <img src={image} alt="验证码图片" className="h-full w-full object-contain" />
          ) : failed ? (
            '加载失败，点击重试'
          ) : (
            '加载中'
          )}
        </button>
      }
    />
  );
}
