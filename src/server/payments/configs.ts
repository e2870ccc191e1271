/**
 * Receiving configs of the recharge channels (table payment_configs) and the recharge settings
 * (site_settings key 'payments'): how they are read, and how they look on the wire.
 */
import { formatFen } from '../../domain/money.ts';
import { CHANNEL_CODES, channelByCode, type ChannelCode } from '../../domain/payments.ts';
import type { Db, Sql } from '../db/client.ts';
import { getSetting, putSetting } from '../site/settings.ts';

export const PAYMENT_SETTINGS_KEY = 'payments';

export interface PaymentSettings {
  notice: string;
  payerNameRequired: boolean;
  /** the enabled channels in display order */
  paySort: ChannelCode[];
}

export const DEFAULT_PAYMENT_SETTINGS: PaymentSettings = {
  notice: '充值成功后请耐心等待审核，到账后余额将自动更新。如有疑问请联系在线客服。',
  payerNameRequired: false,
  paySort: [...CHANNEL_CODES],
};

export async function getPaymentSettings(sql: Sql): Promise<PaymentSettings> {
  const s = await getSetting<PaymentSettings>(sql, PAYMENT_SETTINGS_KEY, DEFAULT_PAYMENT_SETTINGS);
  // A code dropped from the catalogue must never reach a player.
  return { ...s, paySort: s.paySort.filter((c) => channelByCode(c)) };
}

export async function putPaymentSettings(
  sql: Sql,
  s: PaymentSettings,
  actorId?: number,
): Promise<void> {
  await putSetting(sql, PAYMENT_SETTINGS_KEY, s, actorId);
}

export interface ConfigRow {
  id: number;
  channel: string;
  name: string;
  bank_name: string;
  account_name: string;
  account_no: string;
  qr_image: string;
  address: string;
  currency: string;
  rate: string;
  min_fen: number;
  max_fen: number;
  fixed_fen: number[];
  gateway_url: string;
  sort: number;
  enabled: boolean;
  instructions: string;
  deleted: boolean;
  created_at: Date;
  updated_at: Date;
}

/** The live (not deleted) configs of a channel, display order; enabledOnly for players. */
export async function channelConfigs(
  sql: Sql,
  channel: ChannelCode,
  enabledOnly: boolean,
): Promise<ConfigRow[]> {
  return sql<ConfigRow[]>`
    select * from payment_configs
    where channel = ${channel} and not deleted ${enabledOnly ? sql`and enabled` : sql``}
    order by sort, id`;
}

/** Every live config, for the operator's page. */
export async function allConfigs(sql: Sql): Promise<ConfigRow[]> {
  return sql<
    ConfigRow[]
  >`select * from payment_configs where not deleted order by channel, sort, id`;
}

/** A live config by id (deleted ones are not found). */
export async function findConfig(sql: Db, id: number): Promise<ConfigRow | undefined> {
  const [row] = await sql<
    ConfigRow[]
  >`select * from payment_configs where id = ${id} and not deleted`;
  return row;
}

/** The channels that have at least one enabled config. */
export async function channelsWithConfigs(sql: Sql): Promise<Set<string>> {
  const rows = await sql<{ channel: string }[]>`
    select distinct channel from payment_configs where enabled and not deleted`;
  return new Set(rows.map((r) => r.channel));
}

/** The receiving details both the player and the operator see. */
function receiving(r: ConfigRow) {
  return {
    name: r.name,
    bankName: r.bank_name,
    accountName: r.account_name,
    accountNo: r.account_no,
    qrImage: r.qr_image,
    address: r.address,
    currency: r.currency,
    rate: r.rate,
    min: formatFen(r.min_fen),
    max: formatFen(r.max_fen),
    fixedAmounts: r.fixed_fen.map(formatFen),
    instructions: r.instructions,
  };
}

/** A config as a player sees it. */
export function playerConfig(r: ConfigRow) {
  return {
    configId: r.id,
    ...receiving(r),
    minFen: r.min_fen,
    maxFen: r.max_fen,
    gateway: r.gateway_url !== '',
  };
}

/** A config as the operator sees it (with the gateway template). */
export function adminConfig(r: ConfigRow) {
  return {
    id: r.id,
    channel: r.channel,
    ...receiving(r),
    gatewayUrl: r.gateway_url,
    sort: r.sort,
    enabled: r.enabled,
    createdAt: r.created_at.getTime(),
    updatedAt: r.updated_at.getTime(),
  };
}
