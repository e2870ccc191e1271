/** The user-name search of the team lists: typed freely, applied on 搜索 (or Enter). */
import { type FormEvent, useId, useState } from 'react';
import { Button } from '../../../ui';

export function NameSearch({
  value,
  onSearch,
  label = '用户名',
}: {
  value: string;
  onSearch(name: string): void;
  label?: string;
}) {
  const [typed, setTyped] = useState(value);
  const id = useId();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSearch(typed.trim());
  };
  return (
    <form aria-label="搜索团队成员" onSubmit={submit} className="flex items-end gap-2">
      <div className="min-w-0 flex-1">
        <label htmlFor={id} className="mb-1 block text-sm font-medium text-gray-800">
          {label}
        </label>
        <input
          id={id}
          type="search"
          name="userName"
          value={typed}
          maxLength={20}
          autoComplete="off"
          placeholder="团队成员用户名"
          onChange={(e) => {
            setTyped(e.target.value);
            if (e.target.value === '' && value) onSearch('');
          }}
          className="block min-h-11 w-full rounded-lg border border-gray-300 bg-white px-3 text-gray-900 focus:border-brand focus:outline-2 focus:outline-brand/40"
        />
      </div>
      <Button type="submit">搜索</Button>
    </form>
  );
}
