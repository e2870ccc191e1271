/** What the operator's list panels share: a search bar, a loading/error/empty-aware list, a confirmed action. */
import { useState, type ReactNode } from 'react';
import { Button, TextField, LoadingState, ErrorState, EmptyState, confirmDialog, showToast } from '../../ui';

/** The card every row of an admin list sits in. */
export const ROW_CARD = 'rounded-lg bg-white p-3 text-sm ring-1 ring-gray-200';

interface ListState<T> { data: { list: T[]; total?: number } | undefined; error: Error | null; loading: boolean; reload(): void }

/** A list from useQuery: spinner while loading, the error with a retry, the empty text, or the rows. */
export function AdminList<T>({ state, empty, keyOf, children, totalText }: {
  state: ListState<T>; empty: string; keyOf(row: T): string | number; children(row: T): ReactNode; totalText?(total: number): string;
}) {
  const { data, error, loading, reload } = state;
  if (loading && !data) return <LoadingState />;
  if (error) return <ErrorState message={error.message} onRetry={reload} />;
  if (!data?.list.length) return <EmptyState text={empty} />;
  return (
    <>
      {totalText && data.total !== undefined && <p className="mb-2 text-sm text-gray-700">{totalText(data.total)}</p>}
      <ul className="space-y-2">{data.list.map((row) => <li key={keyOf(row)} className={ROW_CARD}>{children(row)}</li>)}</ul>
    </>
  );
}

/** One text field and a button; `onSearch` gets the trimmed text. */
export function SearchBar({ label, name, button, onSearch }: { label: string; name: string; button: string; onSearch(text: string): void }) {
  const [input, setInput] = useState('');
  return (
    <form onSubmit={(e) => { e.preventDefault(); onSearch(input.trim()); }} className="flex items-end gap-2">
      <div className="flex-1"><TextField label={label} name={name} value={input} onChange={setInput} maxLength={20} /></div>
      <Button type="submit" className="mb-3">{button}</Button>
    </form>
  );
}

/**
 * An operator action, behind a confirm dialog when `question` is given: busy while it runs, a
 * toast with the outcome, the server's Chinese refusal kept in `error`, `onDone` after success.
 */
export function useConfirmedAction(onDone?: () => void) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const run = async (question: string | null, action: () => Promise<unknown>, doneText = '操作成功'): Promise<boolean> => {
    if (question && !(await confirmDialog(question, { okText: '确定', cancelText: '取消' }))) return false;
    setBusy(true);
    setError('');
    try {
      await action();
      showToast(doneText);
      onDone?.();
      return true;
    } catch (e) {
      const msg = (e as Error).message;
      setError(msg);
      showToast(msg);
      return false;
    } finally {
      setBusy(false);
    }
  };
  return { busy, error, setError, run };
}

/** The refusal of an action, read out when it appears. */
export function ActionError({ message }: { message: string }) {
  return message ? <p role="alert" className="mt-2 text-sm text-red-700">{message}</p> : null;
}
