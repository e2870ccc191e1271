/**
 * /verifyDraw: check a self-run draw. The server answers seed hash, seed, open number and its own
 * recomputation; this page recomputes both again in the browser and explains how to do it by hand.
 */
import { useEffect, useState, type FormEvent } from 'react';
import { verifyDraw, type VerifyDrawData } from '../../lottery/api';
import { useLocation, useSearch } from '../../../router';
import { Button, ErrorState, LoadingState, Page, Select, TextField, useAsync } from '../../../ui';
import { useLotteries } from '../lotteries';
import { recomputeLocally, type LocalCheck } from '../verifyLocal';
import { DetailList } from '../components/DetailList';
import type { LotteryFamily } from '../../../../domain/lottery';

const ISSUE = /^[0-9A-Za-z-]{1,32}$/;

export default function VerifyDrawPage() {
  const params = new URLSearchParams(useSearch());
  const [, navigate] = useLocation();
  const lotteries = useLotteries();
  const selfRun = lotteries.list.filter((l) => l.source === 'self');
  const urlCode = params.get('lotteryCode') ?? '';
  const urlIssue = params.get('issue') ?? '';
  const [code, setCode] = useState(urlCode);
  const [issue, setIssue] = useState(urlIssue);
  const [error, setError] = useState('');
  useEffect(() => { setCode(urlCode); setIssue(urlIssue); }, [urlCode, urlIssue]);
  const chosen = code || selfRun[0]?.lotteryCode || '';

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!chosen) { setError('请选择彩种'); return; }
    if (!issue.trim()) { setError('期号不能为空'); return; }
    if (!ISSUE.test(issue.trim())) { setError('期号格式不正确'); return; }
    setError('');
    navigate(`/verifyDraw?lotteryCode=${encodeURIComponent(chosen)}&issue=${encodeURIComponent(issue.trim())}`, { replace: true });
  };
  const family = lotteries.byCode.get(urlCode)?.family;
  return (
    <Page title="开奖验证" back>
      <div className="mx-auto max-w-xl space-y-3">
        <form onSubmit={submit} noValidate className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-gray-200">
          <Select<string> label="彩种" name="lotteryCode" value={chosen} onChange={setCode}
            options={(selfRun.length ? selfRun : lotteries.list).map((l) => ({ value: l.lotteryCode, label: l.lotteryName }))} />
          <TextField label="期号" name="issue" value={issue} onChange={setIssue} inputMode="numeric" maxLength={32} placeholder="例如 202611220001" error={error || undefined} />
          <Button type="submit" className="w-full">验证</Button>
        </form>
        {urlCode && urlIssue && <Result code={urlCode} issue={urlIssue} family={family} />}
        <HowTo />
      </div>
    </Page>
  );
}

function Result({ code, issue, family }: { code: string; issue: string; family: LotteryFamily | undefined }) {
  const q = useAsync(() => verifyDraw(code, issue), [code, issue]);
  const [local, setLocal] = useState<LocalCheck | null | 'pending'>('pending');
  useEffect(() => {
    let live = true;
    setLocal('pending');
    if (q.data && family) void recomputeLocally(family, q.data.seed).then((r) => { if (live) setLocal(r); });
    return () => { live = false; };
  }, [q.data, family]);
  if (q.loading) return <LoadingState />;
  if (q.error || !q.data) return <ErrorState message={q.error?.message ?? '验证失败'} onRetry={q.reload} />;
  return <Verdict data={q.data} local={local} />;
}

const mark = (ok: boolean) => <span className={ok ? 'font-semibold text-green-700' : 'font-semibold text-red-700'}>{ok ? '一致 ✓' : '不一致 ✗'}</span>;

function Verdict({ data, local }: { data: VerifyDrawData; local: LocalCheck | null | 'pending' }) {
  const passed = data.hashMatches && data.resultMatches;
  const localOk = local !== 'pending' && local !== null && local.hash === data.seedHash && local.result === data.openNumber;
  return (
    <section aria-label="验证结果" className="space-y-3">
      <p role="status" className={`rounded-xl p-4 text-center font-semibold ${passed ? 'bg-green-50 text-green-800 ring-1 ring-green-200' : 'bg-red-50 text-red-800 ring-1 ring-red-200'}`}>
        {passed ? '验证通过：开奖号码由公布的种子唯一确定' : '验证未通过'}
      </p>
      <DetailList label="验证数据" rows={[
        ['期号', data.issue],
        ['种子哈希（开奖前公布）', <code className="font-mono text-xs">{data.seedHash}</code>],
        ['种子（开奖后公开）', <code className="font-mono text-xs">{data.seed}</code>],
        ['开奖号码', <strong>{data.openNumber}</strong>],
        ['按种子复算', <strong>{data.recomputed}</strong>],
        ['哈希校验', mark(data.hashMatches)],
        ['号码校验', mark(data.resultMatches)],
        ['本机浏览器复算', local === 'pending' ? '计算中…' : local === null ? '当前环境不支持本机复算' : <>{local.result} {mark(localOk)}</>],
      ]} />
    </section>
  );
}

function HowTo() {
  return (
    <section aria-label="如何自行验证" className="rounded-xl bg-white p-4 text-sm leading-relaxed text-gray-800 shadow-sm ring-1 ring-gray-200">
      <h2 className="mb-2 font-semibold text-gray-900">如何自行验证</h2>
      <ol className="list-decimal space-y-1 pl-5">
        <li>每期开售时公布“种子哈希”：种子是 32 字节随机数（以十六进制显示），哈希 = SHA-256(种子字节)。</li>
        <li>开奖后公开种子。用任意 SHA-256 工具计算种子字节的哈希，应与开售时公布的哈希一致，说明种子未被更换。</li>
        <li>随机字节流：以种子为密钥，对计数器 0、1、2…（4 字节大端整数）依次计算 HMAC-SHA256，把结果首尾相接。</li>
        <li>逐个取字节做拒绝采样：要在 n 个号码中取一个时，丢弃不小于 256 − (256 mod n) 的字节，其余取 字节 mod n，保证无偏。</li>
        <li>时时彩、快3、3D、28 等每位独立抽取；11选5、PK拾、快乐8、六合彩按不放回洗牌（Fisher–Yates）依次抽出，保持开奖顺序。</li>
        <li>所得号码应与开奖号码完全一致。</li>
      </ol>
    </section>
  );
}
