/**
 * What the operator's list panels share: a filter bar and search bar, a loading/error/empty-aware
 * list that is a table on a wide screen and cards on a phone, a user link, a confirmed action.
 */
import { useState, type ReactNode } from 'react';
import { Link } from 'wouter';
import { Button, TextField } from './controls';
import { confirmDialog, showToast } from './overlay';
import { EmptyState, ErrorState, LoadingState } from './states';
import { DataTable, useWideScreen, type Column } from './DataTable';
import { useFormMutation } from '../query/useFormMutation';

export type { Column };

/** The card every row of an admin list sits in. */
export const ROW_CARD = 'rounded-lg bg-white p-3 text-sm ring-1 ring-gray-200';

interface ListState<T> {
  data: { list: T[]; total?: number } | undefined;
  error: Error | null;
  loading: boolean;
  reload(): void;
}

/** A card of `label：value` lines built from the columns, for a list without a card of its own. */
function FieldsCard<T>({ row, columns }: { row: T; columns: Column<T>[] }) {
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
      {columns.map((c) => [
        <dt key={`${c.label}-k`} className="text-gray-600">
          {c.label}
        </dt>,
        <dd key={`${c.label}-v`} className="min-w-0 break-all text-gray-900">
          {c.cell(row)}
        </dd>,
      ])}
    </dl>
  );
}

/**
 * A list from useQuery: spinner while loading, the error with a retry, the empty text, or the rows.
 * With `columns`, from 1024 px the rows are a table named `label` (header row, one row per record,
 * actions in the last column); below that, and without columns, each row is a card (`children`, or
 * the columns as `label：value` lines).
 */
export function AdminList<T>({
  state,
  empty,
  keyOf,
  children,
  totalText,
  label,
  columns,
  cardLabel,
}: {
  state: ListState<T>;
  empty: string;
  keyOf(row: T): string | number;
  children?(row: T): ReactNode;
  totalText?(total: number): string;
  label?: string;
  columns?: Column<T>[];
  /** a card's accessible name (e.g. 提现订单 W…), so a test or a screen reader can find one record */
  cardLabel?(row: T): string;
}) {
  const wide = useWideScreen();
  const { data, error, loading, reload } = state;
  if (loading && !data) return <LoadingState />;
  if (error) return <ErrorState message={error.message} onRetry={reload} />;
  if (!data?.list.length) return <EmptyState text={empty} />;
  const total = totalText && data.total !== undefined ? totalText(data.total) : '';
  if (wide && columns)
    return (
      <DataTable
        label={label ?? ''}
        columns={columns}
        rows={data.list}
        keyOf={keyOf}
        caption={total || undefined}
      />
    );
  const card = children ?? ((row: T) => <FieldsCard row={row} columns={columns ?? []} />);
  return (
    <>
      {total && <p className="mb-2 text-sm text-gray-700">{total}</p>}
      <ul aria-label={label} className="space-y-2">
        {data.list.map((row) => (
          <li key={keyOf(row)} aria-label={cardLabel?.(row)} className={ROW_CARD}>
            {card(row)}
          </li>
        ))}
      </ul>
    </>
  );
}

/**
 * The filters above a list: stacked on a phone, a wrapping row from 1024 px: each field keeps its
 * label at a fixed width (a search field with its button wider), buttons as wide as their text;
 * `[&_.mb-3]:mb-0` drops the form fields' own bottom margin so the row lines up on the buttons.
 */
export function FilterBar({
  label,
  children,
  onSubmit,
  pairs,
}: {
  label: string;
  children: ReactNode;
  onSubmit?(): void;
  /** two short fields a row even on a phone (dates, names); a full-width button then spans both */
  pairs?: boolean;
}) {
  const cls = `mb-3 grid gap-x-3 ${pairs ? 'grid-cols-2 [&>button]:col-span-2' : 'sm:grid-cols-2'} lg:flex lg:flex-wrap lg:items-end lg:gap-3 lg:rounded-lg lg:bg-white lg:p-3 lg:ring-1 lg:ring-gray-200 lg:[&>*]:w-44 lg:[&>form]:w-80 lg:[&>button]:w-auto lg:[&>button]:px-6 lg:[&_.mb-3]:mb-0`;
  if (!onSubmit)
    return (
      // biome-ignore lint/a11y/useSemanticElements: jsdom (the client tests) does not know <search>; the role names the same landmark
      <div role="search" aria-label={label} className={cls}>
        {children}
      </div>
    );
  return (
    // biome-ignore lint/a11y/useSemanticElements: as above
    <form
      role="search"
      aria-label={label}
      className={cls}
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      {children}
    </form>
  );
}

/** A user's name linking to their page in the console (/admin/user/:id). */
export function UserLink({ userId, userName }: { userId: number; userName: string }) {
  return (
    <Link
      href={`/admin/user/${userId}`}
      className="font-medium text-brand underline-offset-2 hover:underline"
    >
      {userName}
    </Link>
  );
}

/** One text field and a button; `onSearch` gets the trimmed text. */
export function SearchBar({
  label,
  name,
  button,
  onSearch,
}: {
  label: string;
  name: string;
  button: string;
  onSearch(text: string): void;
}) {
  const [input, setInput] = useState('');
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        onSearch(input.trim());
      }}
      className="flex items-end gap-2"
    >
      <div className="flex-1">
        <TextField label={label} name={name} value={input} onChange={setInput} maxLength={20} />
      </div>
      <Button type="submit" className="mb-3">
        {button}
      </Button>
    </form>
  );
}

/**
 * An operator action, behind a confirm dialog when `question` is given: busy while it runs, a
 * toast with the outcome, the server's Chinese refusal kept in `error`, `onDone` after success.
 * The action is a mutation (useFormMutation): `busy` is its isPending, `error` its refusal's text;
 * `setError` shows a problem found before sending (a field left empty) in the same place.
 */
export function useConfirmedAction(onDone?: () => void) {
  const action = useFormMutation<unknown, { send(): Promise<unknown>; doneText: string }>({
    mutationFn: ({ send }) => send(),
    onSuccess: (_, { doneText }) => {
      showToast(doneText);
      onDone?.();
    },
    onError: (e) => showToast(e.message),
  });
  const run = async (
    question: string | null,
    send: () => Promise<unknown>,
    doneText = '操作成功',
  ): Promise<boolean> => {
    // the last problem or refusal is cleared as the operator asks again (the dialog shows over it)
    action.setMessage('');
    if (question && !(await confirmDialog(question, { okText: '确定', cancelText: '取消' })))
      return false;
    return action.submit({ send, doneText });
  };
  return { busy: action.isPending, error: action.message, setError: action.setMessage, run };
}

/** The refusal of an action, read out when it appears. */
export function ActionError({ message }: { message: string }) {
  return message ? (
    <p role="alert" className="mt-2 text-sm text-red-700">
      {message}
    </p>
  ) : null;
}
