/** Inline nickname edit (infoUpdate). */
import { useState } from 'react';
import { TextField, Button } from '../../../ui';
import { checkField } from '../../../../domain/validation';
import { FormAlert } from '../../../ui/FormAlert';

export function NickNameEditor({
  initial,
  onSave,
  onCancel,
}: {
  initial: string;
  onSave(v: string): Promise<void>;
  onCancel(): void;
}) {
  const [value, setValue] = useState(initial);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  async function save(e: React.FormEvent) {
    e.preventDefault();
    const msg = checkField('nickName', value.trim(), { length: [1, 20] });
    if (msg) {
      setError(msg);
      return;
    }
    setBusy(true);
    setError('');
    try {
      await onSave(value.trim());
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  }
  return (
    <form onSubmit={save} noValidate className="mt-3 w-full">
      <TextField
        label="昵称"
        name="nickName"
        value={value}
        onChange={setValue}
        maxLength={20}
        autoComplete="nickname"
      />
      <FormAlert message={error} />
      <div className="flex gap-2">
        <Button type="submit" loading={busy} className="flex-1">
          保存
        </Button>
        <Button variant="secondary" onClick={onCancel} className="flex-1">
          取消
        </Button>
      </div>
    </form>
  );
}
