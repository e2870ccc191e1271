/**
 * The chat message input (Composer): Enter sends and Ctrl+Enter breaks the line, the room's length
 * limit, blank messages and mute reasons, mentions picked from members, and the 长龙助手 entry.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Composer, type ComposerProps } from '../../src/client/features/chat/components/Composer';

describe('message input', () => {
  afterEach(cleanup);
  const setup = (props: Partial<ComposerProps> = {}) => {
    const sent: [string, number, string][] = [];
    const onSend = vi.fn(async (t: string, st: 0 | 1, ids: string) => {
      sent.push([t, st, ids]);
      return true;
    });
    const r = render(
      <Composer
        maxLength={10}
        blocked=""
        manager={false}
        pick={null}
        onSend={onSend}
        onImage={() => {}}
        imageStage=""
        {...props}
      />,
    );
    return {
      sent,
      onSend,
      box: screen.queryByRole('textbox', { name: '消息' }) as HTMLTextAreaElement,
      ...r,
    };
  };

  it('sends on Enter, keeps Ctrl+Enter as a new line, counts against the room limit', async () => {
    const { sent, box } = setup();
    fireEvent.change(box, { target: { value: '你好' } });
    expect(screen.getByText('2/10')).toBeTruthy();
    expect(box.maxLength).toBe(10);
    fireEvent.keyDown(box, { key: 'Enter', ctrlKey: true });
    expect(box.value).toBe('你好\n');
    fireEvent.keyDown(box, { key: 'Enter' });
    await waitFor(() => expect(sent).toEqual([['你好\n', 0, '']]));
    await waitFor(() => expect(box.value).toBe(''));
  });

  it('refuses a blank message with 内容不能为空 and shows a mute reason instead of the input', async () => {
    const { onSend, box } = setup();
    fireEvent.change(box, { target: { value: '   ' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(onSend).not.toHaveBeenCalled();
    expect(box.value).toBe('');
    cleanup();
    setup({ blocked: '全体禁言中' });
    expect(screen.queryByRole('textbox', { name: '消息' })).toBeNull();
    expect(screen.getByRole('status').textContent).toBe('全体禁言中');
  });

  it('turns a picked member into a mention with its id', async () => {
    const { sent, box, rerender, onSend } = setup({ maxLength: 50 });
    rerender(
      <Composer
        maxLength={50}
        blocked=""
        manager={false}
        pick={{ name: 'ab***1', userId: '11', n: 1 }}
        onSend={onSend}
        onImage={() => {}}
        imageStage=""
      />,
    );
    await waitFor(() => expect(box.value).toBe('@ab***1 '));
    fireEvent.change(box, { target: { value: '@ab***1 在吗' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    await waitFor(() => expect(sent).toEqual([['@ab***1 在吗', 0, '11']]));
  });

  it('offers 长龙助手 only where the view gives it (a member in a room), and not to a muted reader', () => {
    const onDragon = vi.fn();
    setup({ onDragon });
    fireEvent.click(screen.getByRole('button', { name: '长龙助手' }));
    expect(onDragon).toHaveBeenCalledTimes(1);
    cleanup();
    setup();
    expect(screen.queryByRole('button', { name: '长龙助手' })).toBeNull();
    cleanup();
    setup({ onDragon, blocked: '您已被永久禁言' });
    expect(screen.queryByRole('button', { name: '长龙助手' })).toBeNull();
  });
});
