/**
 * Operator: home banners (轮播图): image (uploaded, re-encoded and served at /uploads/, or a site path
 * or https address), title, link, sort, enabled. A link the home page would drop (linkTarget: not a
 * page of this build, nor https) is flagged here, so the operator sees it before a player does.
 */
import { useState } from 'react';
import { TextField, requireOnline, useFileUpload } from '../../../ui';
import { keys, useQuery } from '../../../query';
import { linkTarget } from '../../home/links';
import { CheckBox } from '../../../ui/fields';
import {
  TITLE_MAX,
  deleteBanner,
  listBanners,
  saveBanner,
  uploadBannerImage,
  type AdminBanner,
  type BannerDraft,
} from './contentApi';
import { ActionError, AdminList, useConfirmedAction } from '../../../ui/AdminList';
import { EditorForm, PanelHead, RowButtons } from './ContentFields';

const EMPTY: BannerDraft = { title: '', image: '', link: '', sort: '0', enabled: true };
const FILE_INPUT =
  'mt-1 block w-full text-sm file:mr-2 file:min-h-10 file:rounded-lg file:border-0 file:bg-brand file:px-3 file:text-white';
const PREVIEW = 'aspect-[5/2] w-full rounded bg-gray-100 object-cover ring-1 ring-gray-200';

/** The warning for a link the home page would show without its target; '' when the link is fine or empty. */
export function droppedLinkWarning(link: string): string {
  return link.trim() && !linkTarget(link)
    ? '该链接不是本站已有页面或 https 地址，首页将不显示此链接'
    : '';
}

export function BannersPanel() {
  const q = useQuery({ queryKey: keys.admin('contentBanners'), queryFn: listBanners });
  const [editing, setEditing] = useState<BannerDraft | null>(null);
  const act = useConfirmedAction(q.reload);
  const remove = (b: AdminBanner) =>
    act.run(`确定删除轮播图「${b.title}」？`, () => deleteBanner(b.id), '已删除');
  return (
    <section aria-label="轮播图管理" className="space-y-3">
      <PanelHead
        title="轮播图"
        addText="新建轮播图"
        onAdd={editing ? undefined : () => setEditing(EMPTY)}
      />
      {editing && (
        <BannerForm
          key={editing.id ?? 'new'}
          initial={editing}
          onDone={() => {
            setEditing(null);
            q.reload();
          }}
          onCancel={() => setEditing(null)}
        />
      )}
      <ActionError message={act.error} />
      <AdminList
        state={q}
        empty="暂无轮播图"
        keyOf={(b) => b.id}
        label="轮播图列表"
        columns={[
          {
            label: '图片',
            cell: (b) => (
              <img
                src={b.image}
                alt={b.title}
                loading="lazy"
                className="h-12 w-28 rounded object-cover"
              />
            ),
          },
          { label: '编号', cell: (b) => `#${b.id}`, className: 'tabular-nums' },
          { label: '标题', cell: (b) => b.title, className: 'font-medium' },
          {
            label: '链接',
            cell: (b) => (
              <>
                {b.link || '无'}
                {droppedLinkWarning(b.link) && (
                  <p className="text-xs text-amber-800">{droppedLinkWarning(b.link)}</p>
                )}
              </>
            ),
            className: 'max-w-xs break-all',
          },
          { label: '排序', cell: (b) => b.sort, align: 'end' },
          {
            label: '状态',
            cell: (b) => (
              <span
                className={
                  b.enabled ? 'whitespace-nowrap text-green-800' : 'whitespace-nowrap text-gray-600'
                }
              >
                {b.enabled ? '已启用' : '已停用'}
              </span>
            ),
          },
          {
            label: '操作',
            cell: (b) => (
              <RowButtons
                busy={act.busy}
                onEdit={() =>
                  setEditing({
                    id: b.id,
                    title: b.title,
                    image: b.image,
                    link: b.link,
                    sort: String(b.sort),
                    enabled: b.enabled,
                  })
                }
                onDelete={() => void remove(b)}
              />
            ),
            actions: true,
          },
        ]}
      >
        {(b) => {
          const warning = droppedLinkWarning(b.link);
          return (
            <div data-testid={`admin-banner-${b.id}`}>
              <img src={b.image} alt={b.title} loading="lazy" className={`mb-2 ${PREVIEW}`} />
              <div className="mb-1 flex items-center justify-between gap-2">
                <span className="min-w-0 truncate font-medium">
                  #{b.id} {b.title}
                </span>
                <span className={b.enabled ? 'shrink-0 text-green-800' : 'shrink-0 text-gray-600'}>
                  {b.enabled ? '已启用' : '已停用'}
                </span>
              </div>
              <p className="break-all text-gray-700">
                链接：{b.link || '无'} · 排序 {b.sort}
              </p>
              {warning && <p className="text-sm text-amber-800">{warning}</p>}
              <RowButtons
                busy={act.busy}
                onEdit={() =>
                  setEditing({
                    id: b.id,
                    title: b.title,
                    image: b.image,
                    link: b.link,
                    sort: String(b.sort),
                    enabled: b.enabled,
                  })
                }
                onDelete={() => void remove(b)}
              />
            </div>
          );
        }}
      </AdminList>
    </section>
  );
}

function BannerForm({
  initial,
  onDone,
  onCancel,
}: {
  initial: BannerDraft;
  onDone(): void;
  onCancel(): void;
}) {
  const [d, setD] = useState(initial);
  const act = useConfirmedAction(onDone);
  const set =
    <K extends keyof BannerDraft>(k: K) =>
    (v: BannerDraft[K]) =>
      setD((x) => ({ ...x, [k]: v }));
  const upload = useFileUpload(uploadBannerImage, (r) => set('image')(r.url), '图片已上传');
  const warning = droppedLinkWarning(d.link);
  const save = async () => {
    const problem = !d.title.trim()
      ? '标题不能为空'
      : !d.image.trim()
        ? '请上传图片或填写图片地址'
        : '';
    if (problem) {
      act.setError(problem);
      return;
    }
    if (!(await requireOnline())) return;
    await act.run(null, () => saveBanner(d), '已保存');
  };
  return (
    <EditorForm
      label={d.id ? `编辑轮播图 #${d.id}` : '新建轮播图'}
      busy={act.busy}
      error={act.error}
      onSave={() => void save()}
      onCancel={onCancel}
    >
      <TextField
        label="标题"
        name="banner-title"
        value={d.title}
        onChange={set('title')}
        maxLength={TITLE_MAX}
        hint="图片的替代文字，最多60个字"
        autoComplete="off"
      />
      <label className="mb-3 block text-sm font-medium text-gray-800">
        上传图片（JPG、PNG、GIF、WebP，不超过5MB，建议 5:2）
        <input
          type="file"
          name="banner-file"
          accept="image/png,image/jpeg,image/webp,image/gif"
          onChange={(e) => void upload.onFile(e)}
          disabled={upload.uploading}
          className={FILE_INPUT}
        />
      </label>
      {upload.uploading && <p className="mb-2 text-sm text-gray-700">正在上传…</p>}
      {upload.error && (
        <p role="alert" className="mb-2 text-sm text-red-700">
          {upload.error}
        </p>
      )}
      <TextField
        label="图片地址"
        name="banner-image"
        value={d.image}
        onChange={set('image')}
        maxLength={300}
        hint="上传后自动填写；也可填本站路径或 https 地址"
        autoComplete="off"
      />
      {d.image && (
        <img
          src={d.image}
          alt="图片预览"
          data-testid="banner-preview"
          className={`mb-3 ${PREVIEW}`}
        />
      )}
      <TextField
        label="点击跳转链接（可留空）"
        name="banner-link"
        value={d.link}
        onChange={set('link')}
        maxLength={300}
        hint="本站页面如 /activity，或 https 地址"
        autoComplete="off"
      />
      {warning && (
        <p role="status" className="-mt-2 mb-3 text-sm text-amber-800">
          {warning}
        </p>
      )}
      <TextField
        label="排序（小的在前）"
        name="banner-sort"
        value={d.sort}
        onChange={set('sort')}
        inputMode="numeric"
        maxLength={6}
      />
      <CheckBox label="启用（首页显示）" checked={d.enabled} onChange={set('enabled')} />
    </EditorForm>
  );
}
