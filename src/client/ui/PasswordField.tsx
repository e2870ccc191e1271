/** Password input with a show/hide toggle; the toggle keeps the label bound to the input. */
import { useState } from 'react';
import { TextField } from './controls';

export function PasswordField(props: {
  label: string;
  name: string;
  value: string;
  onChange(v: string): void;
  error?: string;
  autoComplete?: 'current-password' | 'new-password';
  digits?: boolean;
}) {
  const [shown, setShown] = useState(false);
  return (
    <TextField
      label={props.label}
      name={props.name}
      value={props.value}
      onChange={props.onChange}
      error={props.error}
      type={shown ? 'text' : 'password'}
      autoComplete={props.autoComplete ?? 'current-password'}
      inputMode={props.digits ? 'numeric' : undefined}
      maxLength={props.digits ? 6 : 16}
      trailing={
        <button
          type="button"
          onClick={() => setShown((s) => !s)}
          aria-pressed={shown}
          aria-label={shown ? `隐藏${props.label}` : `显示${props.label}`}
          className="min-h-11 shrink-0 rounded-lg px-2 text-sm text-gray-700 focus-visible:outline-2 focus-visible:outline-brand"
        >
          {shown ? '隐藏' : '显示'}
        </button>
      }
    />
  );
}
