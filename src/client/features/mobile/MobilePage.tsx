/**
 * /mobile, the app page: the site is the app (a PWA), so "downloading" it is adding it to the
 * home screen. A QR code of the site's address for opening it on a phone, the browser's own
 * install prompt where it offers one (Chromium: beforeinstallprompt), and the steps for Android
 * (Chrome) and iOS (Safari), the phone's own system shown first.
 */
import { useState, type ReactNode } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import { Button, Page, showToast } from '../../ui';
import { Tabs } from '../../ui/Tabs';
import { tenantName } from '../../state/tenant';
import { QrCode } from './QrCode';
import { installed, installPrompt, promptInstall, runningInstalled } from './installPrompt';

type System = 'android' | 'ios';

const STEPS: Record<System, { browser: string; steps: string[] }> = {
  android: {
    browser: '请使用 Chrome 浏览器打开本站',
    steps: [
      '用 Chrome 浏览器扫描上方二维码或输入网址打开本站',
      '点击右上角的“⋮”菜单',
      '选择“添加到主屏幕”或“安装应用”',
      '在弹出的窗口中点击“安装”或“添加”',
      '回到手机桌面，点击图标即可像 APP 一样使用',
    ],
  },
  ios: {
    browser: '请使用 Safari 浏览器打开本站（其他浏览器无法添加）',
    steps: [
      '用相机扫描上方二维码，在 Safari 中打开本站',
      '点击底部工具栏中间的“分享”按钮（方框加向上箭头）',
      '在菜单中向下滑动，选择“添加到主屏幕”',
      '点击右上角的“添加”',
      '回到手机桌面，点击图标即可像 APP 一样使用',
    ],
  },
};

function systemOf(userAgent: string): System {
  return /iPhone|iPad|iPod|Macintosh.*Mobile/i.test(userAgent) ? 'ios' : 'android';
}

/** The site's address as players should open it: this origin's home page. */
function siteAddress(): string {
  return `${window.location.origin}/index`;
}

function InstallButton() {
  useSignals();
  const [busy, setBusy] = useState(false);
  if (installed.value || runningInstalled()) {
    return (
      <p className="mt-3 rounded-lg bg-green-50 p-3 text-center text-sm text-green-800">
        已添加到主屏幕，可从桌面图标打开
      </p>
    );
  }
  if (!installPrompt.value) return null;
  const install = async () => {
    setBusy(true);
    try {
      const outcome = await promptInstall();
      showToast(outcome === 'accepted' ? '正在添加到主屏幕' : '已取消安装');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button className="mt-3 w-full" loading={busy} onClick={() => void install()}>
      一键安装到桌面
    </Button>
  );
}

function Address() {
  const address = siteAddress();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(address);
      showToast('网址已复制');
    } catch {
      showToast('复制失败，请长按网址手动复制');
    }
  };
  return (
    <div className="mt-3 flex items-center gap-2 rounded-lg bg-gray-50 px-3 py-2 text-sm">
      <span className="flex-1 break-all font-mono text-gray-800">
        <span className="sr-only">本站网址：</span>
        {address}
      </span>
      <Button variant="secondary" onClick={() => void copy()}>
        复制
      </Button>
    </div>
  );
}

function QrCard() {
  let qr: ReactNode;
  try {
    qr = <QrCode text={siteAddress()} label={`${tenantName()} 网址二维码`} />;
  } catch (e) {
    qr = (
      <p role="alert" className="text-sm text-red-700">
        {(e as Error).message}
      </p>
    );
  }
  return (
    <section aria-label="扫码访问" className="rounded-xl bg-white p-4 text-center">
      <h2 className="mb-3 font-semibold text-gray-900">{tenantName()} 手机版</h2>
      <div className="mx-auto inline-block rounded-lg p-2 ring-1 ring-gray-200">{qr}</div>
      <p className="mt-2 text-sm text-gray-600">用手机扫描二维码，打开后添加到主屏幕</p>
      <Address />
      <InstallButton />
    </section>
  );
}

export default function MobilePage() {
  const [system, setSystem] = useState<System>(() => systemOf(navigator.userAgent));
  const guide = STEPS[system];
  return (
    <Page title="APP下载" back="/index">
      <div className="space-y-3">
        <QrCard />
        <section aria-label="安装步骤" className="rounded-xl bg-white p-4">
          <h2 className="mb-3 font-semibold text-gray-900">添加到主屏幕</h2>
          <Tabs<System>
            look="pills"
            label="手机系统"
            value={system}
            onChange={setSystem}
            options={[
              { value: 'android', label: '安卓手机' },
              { value: 'ios', label: '苹果手机' },
            ]}
            panel={() => (
              <div className="mt-3">
                <p className="mb-2 text-sm font-medium text-brand">{guide.browser}</p>
                <ol className="list-decimal space-y-2 pl-5 text-sm text-gray-800">
                  {guide.steps.map((s) => (
                    <li key={s}>{s}</li>
                  ))}
                </ol>
              </div>
            )}
          />
          <p className="mt-3 text-xs text-gray-500">
            添加后无需下载安装包，打开即是最新版本，也可离线查看已打开过的页面。
          </p>
        </section>
      </div>
    </Page>
  );
}
