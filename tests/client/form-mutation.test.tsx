/**
 * useFormMutation (src/client/query): a form's busy state is the mutation's isPending, its refusal the
 * envelope's msg, a second send in the same tick is refused, and clearing a refusal never drops a send
 * in flight.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ApiError } from '../../src/client/api/request';
import { useFormMutation } from '../../src/client/query/useFormMutation';

afterEach(cleanup);

/** A request the test answers by hand. */
function deferred() {
  const calls: { resolve(): void; reject(e: Error): void }[] = [];
  const fn = vi.fn(
    () =>
      new Promise<void>((resolve, reject) => {
        calls.push({ resolve, reject });
      }),
  );
  return { fn, calls };
}

function Form({ send, onDone }: { send(): Promise<void>; onDone?(ok: boolean): void }) {
  const m = useFormMutation<void, void>({ mutationFn: send });
  return (
    <>
      <button type="button" aria-busy={m.isPending} onClick={() => void m.submit().then(onDone)}>
        保存
      </button>
      <button type="button" onClick={() => m.reset()}>
        清除
      </button>
      <p role="alert">{m.message}</p>
    </>
  );
}

const save = () => screen.getByRole('button', { name: '保存' });

describe('useFormMutation', () => {
  it('is busy while the request runs and shows the refusal text, cleared by the next send', async () => {
    const req = deferred();
    const done = vi.fn();
    render(<Form send={req.fn} onDone={done} />);
    fireEvent.click(save());
    await waitFor(() => expect(save().getAttribute('aria-busy')).toBe('true'));
    await act(async () => req.calls[0]!.reject(new ApiError(-1, '余额不足', null)));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('余额不足'));
    expect(save().getAttribute('aria-busy')).toBe('false');
    expect(done).toHaveBeenLastCalledWith(false);

    fireEvent.click(save());
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(''));
    await act(async () => req.calls[1]!.resolve());
    await waitFor(() => expect(done).toHaveBeenLastCalledWith(true));
    expect(screen.getByRole('alert').textContent).toBe('');
  });

  it('sends once for two clicks in the same tick, and reset keeps a send in flight', async () => {
    const req = deferred();
    render(<Form send={req.fn} />);
    fireEvent.click(save());
    fireEvent.click(save());
    fireEvent.click(screen.getByRole('button', { name: '清除' }));
    await waitFor(() => expect(save().getAttribute('aria-busy')).toBe('true'));
    expect(req.fn).toHaveBeenCalledTimes(1);
    await act(async () => req.calls[0]!.resolve());
    await waitFor(() => expect(save().getAttribute('aria-busy')).toBe('false'));
  });
});
