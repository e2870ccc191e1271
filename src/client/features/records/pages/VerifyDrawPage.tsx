/**
 * /verifyDraw: check a drawn issue. For a self-run draw the server answers seed hash, seed, open
 * number and its own recomputation; this page recomputes both again in the browser and explains how
 * to do it by hand (docs/provably-fair.md). For every game it lists the corrections the result went
 * through (official games only can be corrected), in Beijing time.
 */
import { useEffect, useState, type FormEvent } from 'react';
import { formatBeijing } from '../../../../domain/time';
import { verifyDraw, type DrawCorrection, type VerifyDrawData } from '../../lottery/api';
import { Button, ErrorState, LoadingState, Page, Select, TextField } from '../../../ui';
import { useLotteries } from '../../lottery/hooks/useLotteries';
import { useLocation, useSearch } from 'wouter';
import { correctionsChainOk, recomputeLocally, type LocalCheck } from '../verifyLocal';
import { DetailList } from '../components/DetailList';
import type { LotteryFamily } from '../../../../domain/lottery';
import { keys, useQuery } from '../../../query';

const ISSUE = /^[0-9A-Za-z-]{1,32}$/;

export default function VerifyDrawPage() {
  const params = new URLSearchParams(useSearch());
  const [, navigate] = useLocation();
  const lotteries = useLotteries();
  const selfRun = (lotteries.list ?? []).filter((l) => l.source === 'self');
  // self-run games first (seed check); official ones too, for their correction records
  const choices = [...selfRun, ...(lotteries.list ?? []).filter((l) => l.source !== 'self')];
  const urlCode = params.get('lotteryCode') ?? '';
  const urlIssue = params.get('issue') ?? '';
  const [code, setCode] = useState(urlCode);
  const [issue, setIssue] = useState(urlIssue);
  const [error, setError] = useState('');
  useEffect(() => {
    setCode(urlCode);
    setIssue(urlIssue);
  }, [urlCode, urlIssue]);
  const chosen = code || choices[0]?.lotteryCode || '';

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!chosen) {
      setError('请选择彩种');
      return;
    }
    if (!issue.trim()) {
      setError('期号不能为空');
      return;
    }
    if (!ISSUE.test(issue.trim())) {
      setError('期号格式不正确');
      return;
    }
    setError('');
    navigate(
      `/verifyDraw?lotteryCode=${encodeURIComponent(chosen)}&issue=${encodeURIComponent(issue.trim())}`,
      { replace: true },
    );
  };
  const family = lotteries.byCode.get(urlCode)?.family;
  return (
    <Page title="开奖验证" back>
      <div className="mx-auto max-w-xl space-y-3">
        <form
          onSubmit={submit}
          noValidate
          className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-gray-200"
        >
          <Select<string>
            label="彩种"
            name="lotteryCode"
            value={chosen}
            onChange={setCode}
            options={choices.map((l) => ({
              value: l.lotteryCode,
              label: l.source === 'self' ? l.lotteryName : `${l.lotteryName}（官方开奖）`,
            }))}
          />
          <TextField
            label="期号"
            name="issue"
            value={issue}
            onChange={setIssue}
            inputMode="numeric"
            maxLength={32}
            placeholder="例如 202611220001"
            error={error || undefined}
          />
          <Button type="submit" className="w-full">
            验证
          </Button>
        </form>
        {urlCode && urlIssue && <Result code={urlCode} issue={urlIssue} family={family} />}
        <HowTo />
      </div>
    </Page>
  );
}

function Result({
  code,
  issue,
  family,
}: {
  code: string;
  issue: string;
  family: LotteryFamily | undefined;
}) {
  const q = useQuery({
    queryKey: keys.verifyDraw(code, issue),
    queryFn: () => verifyDraw(code, issue),
    staleTime: Number.POSITIVE_INFINITY,
  });
  const [local, setLocal] = useState<LocalCheck | null | 'pending'>('pending');
  useEffect(() => {
    let live = true;
    setLocal('pending');
    if (q.data?.source === 'self' && family)
      void recomputeLocally(family, q.data.seed).then((r) => {
        if (live) setLocal(r);
      });
    return () => {
      live = false;
    };
  }, [q.data, family]);
  if (q.loading) return <LoadingState />;
  if (q.error || !q.data)
    return <ErrorState message={q.error?.message ?? '验证失败'} onRetry={q.reload} />;
  return (
    <>
      {q.data.source === 'self' ? (
        <Verdict data={q.data} local={local} />
      ) : (
        <OfficialDraw data={q.data} />
      )}
      <Corrections data={q.data} />
    </>
  );
}

type SelfDraw = Extract<VerifyDrawData, { source: 'self' }>;

const mark = (ok: boolean) => (
  <span className={ok ? 'font-semibold text-green-700' : 'font-semibold text-red-700'}>
    {ok ? '一致 ✓' : '不一致 ✗'}
  </span>
);

function Verdict({ data, local }: { data: SelfDraw; local: LocalCheck | null | 'pending' }) {
  const passed = data.hashMatches && data.resultMatches;
  const localOk =
    local !== 'pending' &&
    local !== null &&
    local.hash === data.seedHash &&
    local.result === data.openNumber;
  return (
    <section aria-label="验证结果" className="space-y-3">
      <p
        role="status"
        className={`rounded-xl p-4 text-center font-semibold ${passed ? 'bg-green-50 text-green-800 ring-1 ring-green-200' : 'bg-red-50 text-red-800 ring-1 ring-red-200'}`}
      >
        {passed ? '验证通过：开奖号码由公布的种子唯一确定' : '验证未通过'}
      </p>
      <DetailList
        label="验证数据"
        rows={[
          ['期号', data.issue],
          [
            '种子哈希（开奖前公布）',
            <code key="seedHash" className="font-mono text-xs">
              {data.seedHash}
            </code>,
          ],
          [
            '种子（开奖后公开）',
            <code key="seed" className="font-mono text-xs">
              {data.seed}
            </code>,
          ],
          ['开奖号码', <strong key="openNumber">{data.openNumber}</strong>],
          ['按种子复算', <strong key="recomputed">{data.recomputed}</strong>],
          ['哈希校验', mark(data.hashMatches)],
          ['号码校验', mark(data.resultMatches)],
          [
            '本机浏览器复算',
            local === 'pending' ? (
              '计算中…'
            ) : local === null ? (
              '当前环境不支持本机复算'
            ) : (
              <>
                {local.result} {mark(localOk)}
              </>
            ),
          ],
        ]}
      />
    </section>
  );
}

function OfficialDraw({ data }: { data: VerifyDrawData }) {
  return (
    <section aria-label="验证结果" className="space-y-3">
      <p
        role="status"
        className="rounded-xl bg-blue-50 p-4 text-sm text-blue-900 ring-1 ring-blue-200"
      >
        {data.algorithm}
      </p>
      <DetailList
        label="开奖数据"
        rows={[
          ['期号', data.issue],
          ['开奖来源', '官方开奖'],
          ['开奖号码', <strong key="openNumber">{data.openNumber}</strong>],
        ]}
      />
    </section>
  );
}

function CorrectionItem({ c, index }: { c: DrawCorrection; index: number }) {
  return (
    <li className="space-y-0.5 px-4 py-2.5" data-correction={index}>
      <p className="text-gray-600">
        第 {index} 次更正 · {formatBeijing(c.correctedAt)}（北京时间） · 操作员 {c.operator}
      </p>
      <p className="font-mono text-gray-900">
        {c.before} → <strong>{c.after}</strong>
      </p>
      {c.reason && <p className="text-gray-700">原因：{c.reason}</p>}
    </li>
  );
}

function Corrections({ data }: { data: VerifyDrawData }) {
  const list = data.corrections;
  const chainOk = correctionsChainOk(data.openNumber, list);
  let summary = '本期开奖号码没有被更正过。';
  if (data.source === 'self' && !list.length) summary = '自营彩种的开奖号码由种子决定，不能更正。';
  if (list.length)
    summary = chainOk
      ? `本期开奖号码更正过 ${list.length} 次，最后一次更正后的号码即当前开奖号码。`
      : '更正记录与当前开奖号码不一致 ✗';
  return (
    <section
      aria-label="开奖更正记录"
      className="rounded-xl bg-white text-sm shadow-sm ring-1 ring-gray-200"
    >
      <h2 className="px-4 pt-3 font-semibold text-gray-900">开奖更正记录</h2>
      <p className={`px-4 py-2 ${chainOk ? 'text-gray-700' : 'font-semibold text-red-700'}`}>
        {summary}
      </p>
      {list.length > 0 && (
        <ol className="divide-y divide-gray-100 border-t border-gray-100">
          {list.map((c, i) => (
            <CorrectionItem key={`${c.correctedAt}:${c.before}:${c.after}`} c={c} index={i + 1} />
          ))}
        </ol>
      )}
    </section>
  );
}

function HowTo() {
  return (
    <section
      aria-label="如何自行验证"
      className="rounded-xl bg-white p-4 text-sm leading-relaxed text-gray-800 shadow-sm ring-1 ring-gray-200"
    >
      <h2 className="mb-2 font-semibold text-gray-900">如何自行验证</h2>
      <ol className="list-decimal space-y-1 pl-5">
        <li>
          每期开售时公布“种子哈希”：种子是 32 字节随机数（以十六进制显示），哈希 =
          SHA-256(种子字节)。
        </li>
        <li>
          开奖后公开种子。用任意 SHA-256
          工具计算种子字节的哈希，应与开售时公布的哈希一致，说明种子未被更换。
        </li>
        <li>
          随机字节流：以种子为密钥，对计数器 0、1、2…（4 字节大端整数）依次计算
          HMAC-SHA256，把结果首尾相接。
        </li>
        <li>
          每次抽样按顺序取 1 个字节：要在 n 个结果中取一个时，丢弃不小于 256 − (256 mod n)
          的字节并取下一个，否则结果为 字节 mod n，保证无偏。
        </li>
        <li>
          时时彩、快3、3D、排列3、28 每位独立抽取（号码 = 最小号码 +
          结果）；11选5、PK拾、快乐8、六合彩从号码池不放回抽取：第 i 个号码（i 从 0 起）在剩余 n =
          号码总数 − i 个中抽样得 r，把池中第 i 位与第 i + r 位交换，第 i
          位即为开出的号码，保持开奖顺序。
        </li>
        <li>所得号码应与开奖号码完全一致。</li>
      </ol>
    </section>
  );
}
