import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { Db } from '../client';
import { queryAll } from '../query-all';
import { keys } from '../keys';

/** Stored shapes of the SITE partition (see docs/data-model.md). */
export interface SlideItem {
  type: 'slide';
  id: string;
  title: string;
  subtitle: string | null;
  /** Absent on slides stored before the Bangla fields (read as null). */
  title_bn?: string | null;
  subtitle_bn?: string | null;
  image_url: string;
  link_url: string | null;
  is_active: boolean;
  display_order: number;
  created_at: string;
  updated_at: string;
}

export interface AnnouncementItem {
  type: 'announcement';
  id: string;
  title: string;
  message: string;
  /** Absent on announcements stored before the Bangla fields (read as null). */
  title_bn?: string | null;
  message_bn?: string | null;
  is_active: boolean;
  expires_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface SeoItem {
  type: 'seo';
  id: string;
  page_path: string;
  title: string;
  description: string | null;
  keywords: string | null;
  og_image: string | null;
  created_at: string;
  updated_at: string;
}

export interface SiteSettingsItem {
  type: 'site_settings';
  brand_name: string;
  /** Absent on settings saved before it: see toSettings (use-cases/site/site-view.ts). */
  brand_name_bn?: string | null;
  logo_url: string | null;
  support_whatsapp: string | null;
  hotline: string | null;
  telegram_url: string | null;
  whatsapp_community_url: string | null;
  /** Absent on settings saved before it: the default (contract/src/site-defaults.ts). */
  send_money_minutes?: number;
  /** Absent on settings saved before it: the default. */
  operator_minutes?: number;
  updated_at: string;
}

export interface ReceivingAccountsItem {
  type: 'receiving_accounts';
  wallets: {
    provider: 'bkash' | 'nagad' | 'rocket';
    number: string;
    type: 'personal' | 'agent' | 'merchant';
  }[];
  banks: { bank_name: string; account_name: string; account_number: string; branch: string | null }[];
  updated_at: string;
}

export interface SiteContent {
  slides: SlideItem[];
  announcements: AnnouncementItem[];
  seo: SeoItem[];
  settings?: SiteSettingsItem;
  receivingAccounts?: ReceivingAccountsItem;
}

/** The sort-key prefix of each kind of item in SITE (`SLIDE#`, ...), from the key builders. */
const parts = {
  slides: keys.slide('').sk,
  announcements: keys.announcement('').sk,
  seo: keys.seo('').sk,
};

/** Everything public about the site: one Query of the SITE partition (or of one `part` of it). */
export async function querySite(db: Db, part?: keyof typeof parts): Promise<SiteContent> {
  const prefix = part && parts[part];
  const items = await queryAll<
    SlideItem | AnnouncementItem | SeoItem | SiteSettingsItem | ReceivingAccountsItem
  >(db, {
    KeyConditionExpression: prefix ? 'pk = :pk AND begins_with(sk, :prefix)' : 'pk = :pk',
    ExpressionAttributeValues: { ':pk': keys.site(), ...(prefix && { ':prefix': prefix }) },
  });
  return {
    slides: items.filter((i): i is SlideItem => i.type === 'slide'),
    announcements: items.filter((i): i is AnnouncementItem => i.type === 'announcement'),
    seo: items.filter((i): i is SeoItem => i.type === 'seo'),
    settings: items.find((i): i is SiteSettingsItem => i.type === 'site_settings'),
    receivingAccounts: items.find((i): i is ReceivingAccountsItem => i.type === 'receiving_accounts'),
  };
}

/** The site settings item, undefined until an admin first saves them. */
export async function getSiteSettingsItem(db: Db): Promise<SiteSettingsItem | undefined> {
  const res = await db.doc.send(new GetCommand({ TableName: db.table, Key: keys.siteSettings() }));
  return res.Item as SiteSettingsItem | undefined;
}
