/**
 * Create or edit a public chat room (docs/chat.md "Operator": rooms/save). The form is checked as
 * the server checks it before sending; the server's refusal (房间号已存在, 管理员账号不存在 ...) is
 * shown under the form.
 */
import { useState } from 'react';
import { Button, TextField, showToast } from '../../../ui';
import { ActionError } from '../../../ui/AdminList';
import { CheckBox, TextArea } from '../../../ui/fields';
import { saveRoom, type AdminRoom } from './chatApi';
import {
  checkRoomForm,
  emptyForm,
  formOf,
  LIMITS,
  MUTED_GRADE_EXTRA,
  roomParams,
  type RoomForm,
} from './chatRoomForm';
import { GradePicker, ImageField, PasswordField } from './ChatRoomFields';
import { useFormAction } from '../../../query/useFormMutation';

export function ChatRoomForm({
  room,
  onDone,
  onCancel,
}: {
  room: AdminRoom | null;
  onDone(): void;
  onCancel(): void;
}) {
  const [f, setF] = useState<RoomForm>(() => (room ? formOf(room) : emptyForm()));
  const mutation = useFormAction();
  const { message: error, setMessage: setError, isPending: busy } = mutation;
  const set =
    <K extends keyof RoomForm>(k: K) =>
    (v: RoomForm[K]) =>
      setF((prev) => ({ ...prev, [k]: v }));
  const editing = room !== null;

  const save = async () => {
    const problem = checkRoomForm(f);
    if (problem) return setError(problem);
    await mutation.submit(async () => {
      await saveRoom(roomParams(f));
      showToast(editing ? '房间已保存' : '房间已创建');
      onDone();
    });
  };

  return (
    <form
      aria-label={editing ? '编辑聊天室' : '新建聊天室'}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
      className="rounded-xl bg-white p-4"
    >
      <h2 className="mb-3 text-base font-semibold text-gray-900">
        {editing ? `编辑聊天室：${room.title}` : '新建聊天室'}
      </h2>
      <TextField
        label="房间号"
        name="roomCode"
        value={f.roomCode}
        onChange={set('roomCode')}
        maxLength={LIMITS.roomCode}
        autoComplete="off"
        hint="1至16位字母或数字，玩家进入房间时使用"
      />
      <TextField
        label="标题"
        name="title"
        value={f.title}
        onChange={set('title')}
        maxLength={LIMITS.title}
        autoComplete="off"
      />
      <TextField
        label="副标题（选填）"
        name="subTitle"
        value={f.subTitle}
        onChange={set('subTitle')}
        maxLength={LIMITS.subTitle}
        autoComplete="off"
      />
      <ImageField label="房间头像" name="avatar" value={f.avatar} onChange={set('avatar')} />
      <ImageField label="房间图片" name="imageUrl" value={f.imageUrl} onChange={set('imageUrl')} />
      <TextArea
        label="简介（选填）"
        name="intro"
        value={f.intro}
        onChange={set('intro')}
        maxLength={LIMITS.intro}
      />
      <PasswordField
        hasPassword={room?.isPassword === 1}
        editing={editing}
        mode={f.passwordMode}
        password={f.password}
        onMode={set('passwordMode')}
        onPassword={set('password')}
      />
      <CheckBox label="向玩家显示在线列表" checked={f.isShowList} onChange={set('isShowList')} />
      <TextField
        label="消息长度上限（字）"
        name="messageLength"
        value={f.messageLength}
        onChange={set('messageLength')}
        maxLength={4}
        inputMode="numeric"
        hint={`1至${LIMITS.messageLength}`}
      />
      <TextField
        label="注册链接（选填）"
        name="registerLink"
        value={f.registerLink}
        onChange={set('registerLink')}
        maxLength={LIMITS.link}
        autoComplete="off"
        hint="游客点击注册时打开，站内路径或 https 地址"
      />
      <TextField
        label="游客码（选填）"
        name="guestCode"
        value={f.guestCode}
        onChange={set('guestCode')}
        maxLength={LIMITS.guestCode}
        autoComplete="off"
        hint="4至32位字母或数字；留空则游客不能进入"
      />
      <CheckBox
        label="游客可发言（游客以游客身份发送文字和图片）"
        checked={f.guestChat}
        onChange={set('guestChat')}
      />
      <GradePicker
        label="可进入等级"
        hint="不选表示所有等级都可进入"
        value={f.allowedGrades}
        onChange={set('allowedGrades')}
      />
      <GradePicker
        label="禁言等级"
        hint="所选等级的玩家只能看不能发言（游客：所有游客）"
        value={f.mutedGrades}
        onChange={set('mutedGrades')}
        extra={MUTED_GRADE_EXTRA}
      />
      <TextField
        label="房间管理员（用户名，逗号分隔）"
        name="managers"
        value={f.managers}
        onChange={set('managers')}
        maxLength={1100}
        autoComplete="off"
        hint="等级100的用户与运营账号自动为所有房间的管理员"
      />
      <TextField
        label="排序（小的在前）"
        name="sort"
        value={f.sort}
        onChange={set('sort')}
        maxLength={6}
        inputMode="numeric"
      />
      <ActionError message={error} />
      <div className="mt-3 flex gap-2">
        <Button variant="secondary" className="flex-1" onClick={onCancel} disabled={busy}>
          取消
        </Button>
        <Button type="submit" className="flex-1" loading={busy}>
          {editing ? '保存' : '创建'}
        </Button>
      </div>
    </form>
  );
}
