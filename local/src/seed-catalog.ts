import { randomBytes } from 'node:crypto';
import type { Db } from '../../functions/src/db/client';
import { queryCatalog } from '../../functions/src/db/catalog/catalog-items';
import { writeReceivingAccounts } from '../../functions/src/db/site/receiving-accounts';
import { createProduct } from '../../functions/src/use-cases/catalog/products';
import { createVariant } from '../../functions/src/use-cases/catalog/variants';
import { setCategoryNameBn } from '../../functions/src/use-cases/catalog/categories';
import {
  createAnnouncement,
  createSeo,
  createSlide,
  putSiteSettings,
} from '../../functions/src/use-cases/site/site-admin';
import { importCodes } from '../../functions/src/use-cases/stock/import-codes';
import { readPlayerLookup, writePlayerLookup } from '../../functions/src/db/players/lookup-config';
import type { ProductKindBody } from '@khelaghor/contract/schemas/product-kind';
import { announcementBn, categoriesBn, productsBn, slidesBn, variantNameBn } from './seed-catalog-bn';

/** Taka to poisha for readable seed prices. */
const tk = (taka: number) => taka * 100;

interface SeedProduct {
  name: string;
  description: string;
  category: string;
  image: string;
  /** [name, price in taka, voucher codes to create, code prefix] */
  variants: Array<[string, number, number, string]>;
  /** What the buyer gives and how the code is redeemed. */
  kind: ProductKindBody;
}

const GAME_UID = { account_fields: 'player_uid' } as const;
const giftCard = (redeem_url: string, redeem_steps: string[]): ProductKindBody => ({
  account_fields: 'none',
  redeem_steps,
  redeem_url,
});
const FREE_FIRE_REDEEM: ProductKindBody = {
  ...GAME_UID,
  uid_help: [
    'Open Free Fire.',
    'Tap your avatar at the top left.',
    'Your Player ID (UID) is under your name: tap it to copy.',
  ],
  redeem_steps: [
    'Open the Free Fire redemption site and log in with the account your game uses.',
    'Paste the code and confirm.',
    'The diamonds or membership arrive in your game mail.',
  ],
  redeem_url: 'https://reward.ff.garena.com',
};

/**
 * What a Bangladeshi top-up shop sells. Stock counts are varied on purpose: a few variants are
 * low (the product page says 'Only n left') and one is empty ('Out of Stock').
 */
export const seedProducts: SeedProduct[] = [
  {
    name: 'Free Fire Diamonds',
    description: 'A Free Fire diamond code, delivered instantly after payment, to redeem for your account.',
    category: 'Free Fire',
    image: '/seed/free-fire.webp',
    variants: [
      ['25 Diamonds', 25, 60, 'FF25'],
      ['50 Diamonds', 45, 55, 'FF50'],
      ['115 Diamonds', 85, 48, 'FF115'],
      ['240 Diamonds', 170, 40, 'FF240'],
      ['610 Diamonds', 420, 7, 'FF610'],
      ['1240 Diamonds', 850, 3, 'FF1240'],
    ],
    kind: FREE_FIRE_REDEEM,
  },
  {
    name: 'Free Fire Membership',
    description: 'Weekly and monthly membership: daily diamonds and extra rewards.',
    category: 'Free Fire',
    image: '/seed/free-fire-membership.webp',
    variants: [
      ['Weekly Membership', 160, 30, 'FFWK'],
      ['Monthly Membership', 780, 0, 'FFMO'],
    ],
    kind: FREE_FIRE_REDEEM,
  },
  {
    name: 'PUBG Mobile UC',
    description: 'Unknown Cash for PUBG Mobile (global). Enter your character ID.',
    category: 'PUBG Mobile',
    image: '/seed/pubg-uc.webp',
    variants: [
      ['60 UC', 95, 45, 'UC60'],
      ['325 UC', 450, 35, 'UC325'],
      ['660 UC', 900, 22, 'UC660'],
      ['1800 UC', 2350, 5, 'UC1800'],
    ],
    kind: {
      ...GAME_UID,
      uid_pattern: '\\d{8,12}',
      uid_message: 'Please enter your PUBG Mobile character ID (8-12 digits)',
      uid_help: [
        'Open PUBG Mobile.',
        'Tap your avatar at the top left.',
        'Your Character ID is the number under your name.',
      ],
      redeem_steps: [
        'Open the Midasbuy redeem page and log in.',
        'Enter your character ID, paste the code and confirm.',
        'The UC arrive in your game.',
      ],
      redeem_url: 'https://www.midasbuy.com/midasbuy/bd/redeem/pubgm',
    },
  },
  {
    name: 'Google Play Gift Card',
    description: 'Google Play gift card code (Bangladesh region). Redeem in the Play Store.',
    category: 'Gift Card',
    image: '/seed/google-play.webp',
    variants: [
      ['৳500 Gift Card', 520, 30, 'GP500'],
      ['৳1000 Gift Card', 1030, 25, 'GP1000'],
    ],
    kind: giftCard('https://play.google.com/redeem', [
      'Open the Play Store app, tap your profile icon, then Payments & subscriptions → Redeem code.',
      'Paste the code and tap Redeem.',
    ]),
  },
  {
    name: 'Steam Wallet Code',
    description: 'Steam wallet code (USD). Redeem on your Steam account.',
    category: 'Gift Card',
    image: '/seed/steam.webp',
    variants: [
      ['$5 Wallet Code', 680, 20, 'STM5'],
      ['$10 Wallet Code', 1320, 24, 'STM10'],
      ['$20 Wallet Code', 2600, 9, 'STM20'],
    ],
    kind: giftCard('https://store.steampowered.com/account/redeemwalletcode', [
      'Log in to Steam and open Redeem a Steam Wallet Code.',
      'Paste the code and press Continue.',
    ]),
  },
  {
    name: 'Netflix Gift Card',
    description: 'Netflix gift card code to pay for your plan.',
    category: 'Streaming',
    image: '/seed/netflix.webp',
    variants: [
      ['$15 Gift Card', 2050, 20, 'NFX15'],
      ['$30 Gift Card', 4000, 20, 'NFX30'],
    ],
    kind: giftCard('https://www.netflix.com/redeem', [
      'Open the Netflix redeem page and sign in.',
      'Paste the code and press Redeem.',
    ]),
  },
  {
    name: 'iTunes Gift Card',
    description: 'Apple / iTunes gift card (US) for apps, games and subscriptions.',
    category: 'Gift Card',
    image: '/seed/itunes.webp',
    variants: [
      ['$10 Gift Card', 1400, 26, 'ITN10'],
      ['$25 Gift Card', 3400, 20, 'ITN25'],
    ],
    kind: giftCard('https://apps.apple.com/redeem', [
      'Open the App Store, tap your photo, then Redeem Gift Card or Code.',
      'Paste the code and tap Redeem.',
    ]),
  },
];

/**
 * What a seed package gives, read from its name: '115 Diamonds' holds 115 diamonds, '60 UC' 60 UC
 * (the product page's price per unit and 'Best value'), '৳500 Gift Card' is worth ৳500 (its face
 * value beside the price). Cards priced in dollars have no taka face value.
 */
function seedPackageValue(name: string) {
  const units = /^(\d+) (Diamonds|UC)$/.exec(name);
  const face = /^৳(\d+) Gift Card$/.exec(name);
  return {
    units: units ? Number(units[1]) : null,
    unit_name: units ? (units[2] === 'UC' ? 'UC' : 'diamond') : null,
    unit_name_bn: units ? (units[2] === 'UC' ? 'ইউসি' : 'ডায়মন্ড') : null,
    face_value: face ? tk(Number(face[1])) : null,
  };
}

const codeFor = (prefix: string) => {
  const part = () => randomBytes(3).toString('hex').toUpperCase();
  return `${prefix}-${part()}-${part()}-${part()}`;
};

/**
 * Seed the demo shop's catalogue, codes and site content on first start (idempotent: does
 * nothing when the shop already has products). Built with the same domain functions the admin
 * routes use, so counters and uniqueness items are right.
 */
export async function seedCatalog(db: Db): Promise<{ seeded: boolean }> {
  // The local demo verifies players with the simulated provider (on AWS no provider is set), unless
  // an admin already chose in API Setup.
  if ((await readPlayerLookup(db)).updated_at === null)
    await writePlayerLookup(db, 'simulation', new Date().toISOString());
  const existing = await queryCatalog(db);
  if (existing.products.length > 0) return { seeded: false };
  const now = () => new Date().toISOString();

  let firstProductId: string | undefined;
  // Each banner slide opens its own product.
  const idByName = new Map<string, string>();
  for (const [order, p] of seedProducts.entries()) {
    const product = await createProduct(
      db,
      {
        name: p.name,
        description: p.description,
        category: p.category,
        image_url: p.image,
        is_active: true,
        display_order: order + 1,
        ...p.kind,
        ...productsBn[p.name],
      },
      now(),
    );
    firstProductId ??= product.id;
    idByName.set(p.name, product.id);
    for (const [name, taka, count, prefix] of p.variants) {
      const variant = await createVariant(
        db,
        {
          product_id: product.id,
          name,
          description: null,
          name_bn: variantNameBn(name),
          price: tk(taka),
          ...seedPackageValue(name),
          is_active: true,
        },
        now(),
      );
      if (count > 0) {
        await importCodes(db, {
          variantId: variant.id,
          codes: Array.from({ length: count }, () => codeFor(prefix)),
          now: now(),
        });
      }
    }
  }

  // The categories' Bangla names, as an admin sets them in Catalog → Categories.
  for (const [category, nameBn] of Object.entries(categoriesBn))
    await setCategoryNameBn(db, category, nameBn, now());

  const slides = [
    {
      title: 'Free Fire Diamonds',
      subtitle: 'Instant top-up in seconds',
      image_url: '/seed/slide-1.svg',
      product: 'Free Fire Diamonds',
    },
    {
      title: 'PUBG Mobile UC',
      subtitle: 'Best prices in Bangladesh',
      image_url: '/seed/slide-2.svg',
      product: 'PUBG Mobile UC',
    },
    {
      title: 'Gift Cards',
      subtitle: 'Google Play, Steam, iTunes and more',
      image_url: '/seed/slide-3.svg',
      product: 'Google Play Gift Card',
    },
  ];
  for (const [i, { product, ...s }] of slides.entries()) {
    const target = idByName.get(product);
    await createSlide(
      db,
      {
        ...s,
        ...slidesBn[s.title],
        link_url: target ? `/product/${target}` : null,
        is_active: true,
        display_order: i + 1,
      },
      now(),
    );
  }

  await createAnnouncement(
    db,
    {
      title: 'Welcome to Khelaghor!',
      message:
        'Free Fire diamonds, PUBG UC and gift cards delivered in under a minute. Pay with bKash, Nagad, Rocket or your wallet.',
      ...announcementBn,
      is_active: true,
      expires_at: null,
    },
    now(),
  );

  await createSeo(
    db,
    {
      page_path: '/',
      title: 'Khelaghor: Free Fire Diamonds, PUBG UC, Gift Cards BD',
      description:
        'Top up Free Fire diamonds and PUBG Mobile UC, buy Google Play, Steam and iTunes gift cards in Bangladesh. Pay with bKash or Nagad.',
      keywords: 'free fire diamond bd, pubg uc bd, google play gift card bd, bkash top up',
      og_image: '/seed/slide-1.svg',
    },
    now(),
  );
  if (firstProductId) {
    await createSeo(
      db,
      {
        page_path: `/product/${firstProductId}`,
        title: 'Free Fire Diamond Top Up BD | Khelaghor',
        description:
          'Buy Free Fire diamond codes in Bangladesh, delivered instantly to redeem for your account.',
        keywords: 'free fire diamond top up, ff diamond bd',
        og_image: '/seed/free-fire.svg',
      },
      now(),
    );
  }

  await putSiteSettings(
    db,
    {
      brand_name: 'Khelaghor',
      logo_url: '/favicon.svg',
      support_whatsapp: '8801712345678',
      hotline: '09612-345678',
      telegram_url: 'https://t.me/khelaghor',
      whatsapp_community_url: 'https://chat.whatsapp.com/KhelaghorCommunity',
    },
    now(),
  );
  // Demo numbers for manual (TrxID) top-ups, so Add Money shows where to send money.
  await writeReceivingAccounts(
    db,
    {
      wallets: [
        { provider: 'bkash', number: '01712345678', type: 'personal' },
        { provider: 'nagad', number: '01812345678', type: 'personal' },
        { provider: 'rocket', number: '01912345678', type: 'agent' },
      ],
      banks: [
        {
          bank_name: 'Dutch-Bangla Bank',
          account_name: 'Khelaghor Ltd',
          account_number: '1051100012345',
          branch: 'Gulshan',
        },
      ],
    },
    new Date(),
  );
  return { seeded: true };
}
