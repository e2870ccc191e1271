/**
 * The operator's edits of receiving configs and recharge settings: every per-channel rule of a
 * config is checked here (online channels need a gateway template, digital currency needs
 * currency, address and rate, other offline channels an account or a QR image).
 */
import { Type, type Static } from '@sinclair/typebox';
import {
  channelByCode,
  DIGITAL_CURRENCY_CHANNEL,
  GATEWAY_URL_MAX,
  GATEWAY_URL_PATTERN,
  MAX_FIXED_AMOUNTS,
  parseDecimal8,
  parseRechargeYuan,
  type ChannelCode,
} from '../../domain/payments.ts';
import { patterns } from '../../domain/validation.ts';
import type { Sql } from '../db/client.ts';
import { Form, refuse } from '../http/envelope.ts';
import { Flag, Id, PlainText } from '../http/schemas.ts';
import { UPLOAD_FILE_NAME } from '../account/uploads.ts';
import type { PaymentSettings } from './configs.ts';

const Yuan = Type.String({ minLength: 1, maxLength: 20 });

export const ChannelSaveForm = Form({
  id: Type.Optional(Id),
  channel: Type.String({ minLength: 1, maxLength: 30 }),
  name: PlainText(30, { minLength: 1 }),
  bankName: Type.Optional(PlainText(30)),
  accountName: Type.Optional(PlainText(30)),
  accountNo: Type.Optional(Type.String({ pattern: '^\\S*$', maxLength: 50 })),
  qrImage: Type.Optional(Type.String({ maxLength: 60 })),
  address: Type.Optional(Type.String({ maxLength: 50 })),
  currency: Type.Optional(Type.String({ pattern: '^[A-Za-z0-9_-]*$', maxLength: 20 })),
  rate: Type.Optional(Type.String({ maxLength: 30 })),
  min: Yuan,
  max: Yuan,
  fixedAmounts: Type.Optional(Type.String({ maxLength: 300 })),
  gatewayUrl: Type.Optional(Type.String({ maxLength: GATEWAY_URL_MAX })),
  sort: Type.Optional(Type.Integer({ minimum: -10000, maximum: 10000 })),
  enabled: Type.Optional(Flag),
  instructions: Type.Optional(PlainText(500, { multiline: true })),
});
export type ChannelSave = Static<typeof ChannelSaveForm>;

export const SettingsSaveForm = Form({
  notice: Type.Optional(PlainText(500, { multiline: true })),
  payerNameRequired: Type.Optional(Flag),
  paySort: Type.Optional(Type.String({ maxLength: 300 })),
});

/** The row values of a config form, or a Chinese refusal. */
export function checkConfig(b: ChannelSave) {
  const channel = channelByCode(b.channel);
  if (!channel) refuse('充值通道不存在');
  const minFen = parseRechargeYuan(b.min);
  const maxFen = parseRechargeYuan(b.max);
  if (minFen === null) refuse('最低金额格式不正确，最多两位小数');
  if (maxFen === null) refuse('最高金额格式不正确，最多两位小数');
  if (minFen > maxFen) refuse('最低金额不能高于最高金额');
  const fixedFen = parseFixedAmounts(b.fixedAmounts ?? '', minFen, maxFen);
  const gatewayUrl = (b.gatewayUrl ?? '').trim();
  if (gatewayUrl && !GATEWAY_URL_PATTERN.test(gatewayUrl))
    refuse('网关地址格式不正确（仅限 http/https）');
  if (channel.online && !gatewayUrl) refuse('在线通道必须填写网关地址');
  if (!channel.online && gatewayUrl) refuse('线下通道不能设置网关地址');
  const qrImage = b.qrImage ?? '';
  if (
    qrImage &&
    !(qrImage.startsWith('/uploads/') && UPLOAD_FILE_NAME.test(qrImage.slice('/uploads/'.length)))
  ) {
    refuse('收款二维码地址不正确，请重新上传');
  }
  const address = b.address ?? '';
  const currency = b.currency ?? '';
  const rate = b.rate ?? '';
  if (channel.code === DIGITAL_CURRENCY_CHANNEL) {
    if (!address || !currency || !rate) refuse('数字货币通道必须填写币种、地址和汇率');
    if (!patterns.digitalAddress.test(address)) refuse('收款地址格式不正确');
    const units = parseDecimal8(rate);
    if (units === null || units === 0n) refuse('汇率格式不正确，最多八位小数且大于0');
    if (fixedFen.length > 0) refuse('数字货币通道不能设置固定金额');
  } else {
    if (address || rate) refuse('只有数字货币通道可以设置地址和汇率');
    if (!channel.online && !(b.accountNo ?? '') && !qrImage)
      refuse('请填写收款账号或上传收款二维码');
  }
  return {
    channel: channel.code as ChannelCode,
    name: b.name.trim(),
    bank_name: (b.bankName ?? '').trim(),
    account_name: (b.accountName ?? '').trim(),
    account_no: b.accountNo ?? '',
    qr_image: qrImage,
    address,
    currency,
    rate,
    min_fen: minFen,
    max_fen: maxFen,
    fixed_fen: fixedFen,
    gateway_url: gatewayUrl,
    sort: b.sort ?? 0,
    enabled: (b.enabled ?? '1') === '1',
    instructions: (b.instructions ?? '').trim(),
  };
}

function parseFixedAmounts(text: string, minFen: number, maxFen: number): number[] {
  const parts = text
    .split(/[,，]/)
    .map((s) => s.trim())
    .filter((s) => s !== '');
  if (parts.length > MAX_FIXED_AMOUNTS) refuse(`固定金额最多${MAX_FIXED_AMOUNTS}个`);
  const fen = parts.map((p) => {
    const v = parseRechargeYuan(p);
    if (v === null) refuse('固定金额格式不正确，最多两位小数');
    if (v < minFen || v > maxFen) refuse('固定金额必须在最低与最高金额之间');
    return v;
  });
  if (new Set(fen).size !== fen.length) refuse('固定金额不能重复');
  return fen.sort((a, b) => a - b);
}

/** Saves a config (insert, or update of a live one); its id. */
export async function saveConfig(
  sql: Sql,
  id: number | undefined,
  v: ReturnType<typeof checkConfig>,
): Promise<number> {
  const row = { ...v, fixed_fen: sql.json(v.fixed_fen) };
  if (id === undefined) {
    const [made] = await sql<
      { id: number }[]
    >`insert into payment_configs ${sql(row as never)} returning id`;
    return made.id;
  }
  const [updated] = await sql<{ id: number }[]>`
    update payment_configs set ${sql(row as never)}, updated_at = now()
    where id = ${id} and not deleted returning id`;
  if (!updated) refuse('记录不存在');
  return updated.id;
}

/** The settings after a settingsSave form: the given fields change. */
export function nextSettings(
  current: PaymentSettings,
  b: Static<typeof SettingsSaveForm>,
): PaymentSettings {
  if (b.notice === undefined && b.payerNameRequired === undefined && b.paySort === undefined)
    refuse('请至少修改一项设置');
  const next = { ...current };
  if (b.notice !== undefined) next.notice = b.notice.trim();
  if (b.payerNameRequired !== undefined) next.payerNameRequired = b.payerNameRequired === '1';
  if (b.paySort !== undefined) {
    const codes = b.paySort
      .split(',')
      .map((s) => s.trim())
      .filter((s) => s !== '');
    for (const c of codes) if (!channelByCode(c)) refuse('充值通道不存在');
    if (new Set(codes).size !== codes.length) refuse('充值通道排序不能重复');
    next.paySort = codes as ChannelCode[];
  }
  return next;
}
