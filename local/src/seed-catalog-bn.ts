/**
 * The Bangla content of the demo catalogue (seed-catalog.ts), keyed by the English product name,
 * as a Bangladeshi top-up shop writes it: game and store names in Bangla script as the products'
 * Bangla names have them (ফ্রি ফায়ার, পাবজি মোবাইল, গুগল প্লে), amounts in Bangla digits. Latin
 * stays for the payment services (bKash, Nagad, Rocket), units (UC, USD) and, in quotes, the
 * labels of another app's screen that the buyer must find as they are ('Redeem code').
 * test/bangla-consistency.test.ts holds the content to that.
 */
export interface ProductBn {
  name_bn: string;
  description_bn: string;
  uid_message_bn?: string;
  redeem_steps_bn: string[];
  uid_help_bn?: string[];
}

const FREE_FIRE_HELP = [
  'ফ্রি ফায়ার গেমটি খুলুন।',
  'উপরে বাঁ দিকে আপনার অ্যাভাটারে ট্যাপ করুন।',
  'নামের নিচে আপনার প্লেয়ার আইডি (UID) আছে: ট্যাপ করলেই কপি হবে।',
];
const FREE_FIRE_REDEEM = [
  'ফ্রি ফায়ারের রিডিম সাইট খুলুন এবং গেমের অ্যাকাউন্ট দিয়ে লগইন করুন।',
  'কোডটি পেস্ট করে কনফার্ম করুন।',
  'ডায়মন্ড বা মেম্বারশিপ আপনার গেমের মেইলে চলে আসবে।',
];

export const productsBn: Record<string, ProductBn> = {
  'Free Fire Diamonds': {
    name_bn: 'ফ্রি ফায়ার ডায়মন্ড',
    description_bn: 'ফ্রি ফায়ার ডায়মন্ড কোড, পেমেন্টের সাথে সাথেই ডেলিভারি, আপনার অ্যাকাউন্টে রিডিম করুন।',
    uid_help_bn: FREE_FIRE_HELP,
    redeem_steps_bn: FREE_FIRE_REDEEM,
  },
  'Free Fire Membership': {
    name_bn: 'ফ্রি ফায়ার মেম্বারশিপ',
    description_bn: 'সাপ্তাহিক ও মাসিক মেম্বারশিপ: প্রতিদিন ডায়মন্ড আর বাড়তি রিওয়ার্ড।',
    uid_help_bn: FREE_FIRE_HELP,
    redeem_steps_bn: FREE_FIRE_REDEEM,
  },
  'PUBG Mobile UC': {
    name_bn: 'পাবজি মোবাইল UC',
    description_bn: 'পাবজি মোবাইল (গ্লোবাল)-এর আননোন ক্যাশ (UC)। আপনার ক্যারেক্টার আইডি দিন।',
    uid_message_bn: 'আপনার পাবজি মোবাইল ক্যারেক্টার আইডি দিন (৮-১২ সংখ্যার)',
    uid_help_bn: [
      'পাবজি মোবাইল গেমটি খুলুন।',
      'উপরে বাঁ দিকে আপনার অ্যাভাটারে ট্যাপ করুন।',
      'নামের নিচের নম্বরটিই আপনার ক্যারেক্টার আইডি।',
    ],
    redeem_steps_bn: [
      "'Midasbuy'-এর রিডিম পেজ খুলে লগইন করুন।",
      'ক্যারেক্টার আইডি দিন, কোডটি পেস্ট করে কনফার্ম করুন।',
      'UC আপনার গেমে চলে আসবে।',
    ],
  },
  'Google Play Gift Card': {
    name_bn: 'গুগল প্লে গিফট কার্ড',
    description_bn: 'গুগল প্লে গিফট কার্ড কোড (বাংলাদেশ রিজিয়ন)। প্লে স্টোরে রিডিম করুন।',
    redeem_steps_bn: [
      "প্লে স্টোর অ্যাপ খুলে প্রোফাইল আইকনে ট্যাপ করুন, তারপর 'Payments & subscriptions' → 'Redeem code'।",
      "কোডটি পেস্ট করে 'Redeem'-এ ট্যাপ করুন।",
    ],
  },
  'Steam Wallet Code': {
    name_bn: 'স্টিম ওয়ালেট কোড',
    description_bn: 'স্টিম ওয়ালেট কোড (USD)। আপনার স্টিম অ্যাকাউন্টে রিডিম করুন।',
    redeem_steps_bn: ["স্টিমে লগইন করে 'Redeem a Steam Wallet Code' খুলুন।", "কোডটি পেস্ট করে 'Continue' চাপুন।"],
  },
  'Netflix Gift Card': {
    name_bn: 'নেটফ্লিক্স গিফট কার্ড',
    description_bn: 'আপনার প্ল্যানের বিল দিতে নেটফ্লিক্স গিফট কার্ড কোড।',
    redeem_steps_bn: ['নেটফ্লিক্সের রিডিম পেজ খুলে সাইন ইন করুন।', "কোডটি পেস্ট করে 'Redeem' চাপুন।"],
  },
  'iTunes Gift Card': {
    name_bn: 'আইটিউনস গিফট কার্ড',
    description_bn: 'অ্যাপ, গেম ও সাবস্ক্রিপশনের জন্য অ্যাপল / আইটিউনস গিফট কার্ড (US)।',
    redeem_steps_bn: [
      "অ্যাপ স্টোর খুলে আপনার ছবিতে ট্যাপ করুন, তারপর 'Redeem Gift Card or Code'।",
      "কোডটি পেস্ট করে 'Redeem'-এ ট্যাপ করুন।",
    ],
  },
};

/** The demo categories' Bangla names, keyed by the category (the home page's headings in Bangla). */
export const categoriesBn: Record<string, string> = {
  'Free Fire': 'ফ্রি ফায়ার',
  'PUBG Mobile': 'পাবজি মোবাইল',
  'Gift Card': 'গিফট কার্ড',
  Streaming: 'স্ট্রিমিং',
};

/** The demo banner slides' Bangla title and subtitle, keyed by the English title. */
export const slidesBn: Record<string, { title_bn: string; subtitle_bn: string }> = {
  'Free Fire Diamonds': { title_bn: 'ফ্রি ফায়ার ডায়মন্ড', subtitle_bn: 'সেকেন্ডেই টপ-আপ' },
  'PUBG Mobile UC': { title_bn: 'পাবজি মোবাইল UC', subtitle_bn: 'বাংলাদেশে সেরা দামে' },
  'Gift Cards': { title_bn: 'গিফট কার্ড', subtitle_bn: 'গুগল প্লে, স্টিম, আইটিউনস আর আরও অনেক কিছু' },
};

/** The demo announcement's Bangla title and message. */
export const announcementBn = {
  title_bn: 'খেলাঘরে স্বাগতম!',
  message_bn:
    'ফ্রি ফায়ার ডায়মন্ড, পাবজি UC আর গিফট কার্ড এক মিনিটের মধ্যেই পেয়ে যান। পেমেন্ট করুন bKash, Nagad, Rocket বা আপনার ওয়ালেট দিয়ে।',
};

const BN_DIGITS = '০১২৩৪৫৬৭৮৯';
const bnDigits = (s: string) => s.replace(/\d/g, (d) => BN_DIGITS.charAt(Number(d)));

const VARIANT_WORDS: Array<[RegExp, string]> = [
  [/ Diamonds$/, ' ডায়মন্ড'],
  [/ Gift Card$/, ' গিফট কার্ড'],
  [/ Wallet Code$/, ' ওয়ালেট কোড'],
  [/^Weekly Membership$/, 'সাপ্তাহিক মেম্বারশিপ'],
  [/^Monthly Membership$/, 'মাসিক মেম্বারশিপ'],
];

/** A seed variant's Bangla name: '115 Diamonds' → '১১৫ ডায়মন্ড', '$10 Gift Card' → '$১০ গিফট কার্ড'. */
export function variantNameBn(name: string): string {
  const words = VARIANT_WORDS.reduce((n, [en, bn]) => n.replace(en, bn), name);
  return bnDigits(words);
}
