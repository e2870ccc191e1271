/**
 * Customer-service lines (spec 001 section 3) and the service window (spec 001/000 section 9).
 * A line is either an external chat (linkType 1, opened in a sized window at `linkUrl`) or a page
 * of this site (`htmlPath`, navigated to). Operators edit the list; players see the enabled lines
 * sorted by `sort`, then by name.
 */
import { RED_ENVELOPE_BADGE_CAP, SERVICE_WINDOW } from '../constants.ts';

/** linkType 1: an external URL opened in the service window; any other value: a local page. */
export const LINK_TYPE_EXTERNAL = 1;
export const LINK_TYPE_LOCAL = 2;

export interface ServiceLine {
  name: string;
  linkType: number;
  linkUrl: string;
  htmlPath: string;
  sort: number;
  enabled: boolean;
}

export const SERVICE_LINES_MAX = 20;
export const SERVICE_LINE_NAME_MAX = 20;
export const NO_SERVICE_LINE_MSG = '当前没有匹配的客服线路';
export const LOGIN_FIRST_MSG = '请先登录';

const EXTERNAL_URL = /^https:\/\/[A-Za-z0-9.-]+(?::\d{1,5})?(?:\/[A-Za-z0-9_\-./?=&%#~:+@!$,;]*)?$/;
const LOCAL_PATH = /^\/(?!\/)[A-Za-z0-9_\-./?=&%#]*$/;
/** no control characters, no angle brackets */
// biome-ignore lint/suspicious/noControlCharactersInRegex: the range is the point: control characters are refused
const NAME = /^[^\u0000-\u001f\u007f<>]+$/;

/** The first thing wrong with a line, in Chinese, or null when it can be saved. */
export function serviceLineProblem(l: ServiceLine): string | null {
  const name = l.name.trim();
  if (!name) return '线路名称不能为空';
  if (name.length > SERVICE_LINE_NAME_MAX || !NAME.test(name))
    return `线路名称须为1-${SERVICE_LINE_NAME_MAX}个字符，且不含尖括号`;
  if (!Number.isInteger(l.sort) || l.sort < 0 || l.sort > 9999) return '排序须为0-9999的整数';
  if (l.linkType === LINK_TYPE_EXTERNAL) {
    if (l.linkUrl.length > 500 || !EXTERNAL_URL.test(l.linkUrl))
      return '外部链接须为https://开头的网址';
  } else if (l.htmlPath.length > 200 || !LOCAL_PATH.test(l.htmlPath))
    return '本站页面须为以/开头的站内路径';
  return null;
}

/** What a player sees: the enabled lines in order. */
export function visibleServiceLines(lines: readonly ServiceLine[]): ServiceLine[] {
  return lines
    .filter((l) => l.enabled)
    .sort((a, b) => a.sort - b.sort || a.name.localeCompare(b.name));
}

/**
 * The service window's size: the configured size (default 817 x 500) at 90%; on a screen narrower
 * than that, 90% of the screen's width (and likewise for the height), centred on the screen.
 */
export function serviceWindowFeatures(
  screenWidthPx: number,
  screenHeightPx: number,
  supportWidthPx?: number,
  supportHeightPx?: number,
): string {
  const baseW = supportWidthPx && supportWidthPx > 0 ? supportWidthPx : SERVICE_WINDOW.widthPx;
  const baseH = supportHeightPx && supportHeightPx > 0 ? supportHeightPx : SERVICE_WINDOW.heightPx;
  const s = SERVICE_WINDOW.scale;
  const width = Math.round(screenWidthPx < baseW ? screenWidthPx * s : baseW * s);
  const height = Math.round(screenHeightPx < baseH ? screenHeightPx * s : baseH * s);
  const left = Math.max(0, Math.round((screenWidthPx - width) / 2));
  const top = Math.max(0, Math.round((screenHeightPx - height) / 2));
  return `width=${width},height=${height},left=${left},top=${top},resizable=yes,scrollbars=yes`;
}

/** A toolbar badge: nothing for 0, the count up to 9, then '9+'. */
export function badgeLabel(n: number): string {
  if (!Number.isFinite(n) || n <= 0) return '';
  return n > RED_ENVELOPE_BADGE_CAP ? `${RED_ENVELOPE_BADGE_CAP}+` : String(Math.floor(n));
}
