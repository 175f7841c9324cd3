import { DEFAULT_SITE_SETTINGS } from '@khelaghor/contract/site-defaults';
import { describe, expect, it } from 'vitest';
import type { SiteSettingsItem } from '../../db/site/site-items';
import { toSettings } from './site-view';

const saved = (more: Partial<SiteSettingsItem>): SiteSettingsItem => ({
  type: 'site_settings',
  brand_name: 'Khelaghor',
  logo_url: null,
  support_whatsapp: null,
  hotline: null,
  telegram_url: null,
  whatsapp_community_url: null,
  updated_at: '2026-11-27T00:00:00.000Z',
  ...more,
});

describe('the Bangla brand name in the site settings', () => {
  it('is খেলাঘর before any save', () => {
    expect(toSettings(undefined).brand_name_bn).toBe('খেলাঘর');
    expect(DEFAULT_SITE_SETTINGS.brand_name_bn).toBe('খেলাঘর');
  });

  it('is the default’s for settings saved before it existed under the default name', () => {
    expect(toSettings(saved({})).brand_name_bn).toBe('খেলাঘর');
  });

  it('is none for a renamed shop until an admin writes one (the pages show brand_name)', () => {
    expect(toSettings(saved({ brand_name: 'GameShop' })).brand_name_bn).toBeNull();
  });

  it('is what the admin saved, or none when they cleared it', () => {
    expect(toSettings(saved({ brand_name_bn: 'খেলাঘর বিডি' })).brand_name_bn).toBe('খেলাঘর বিডি');
    expect(toSettings(saved({ brand_name_bn: null })).brand_name_bn).toBeNull();
  });
});
