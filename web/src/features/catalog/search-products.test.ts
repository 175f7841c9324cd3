import { describe, expect, it } from 'vitest';
import { normalizeSearchText, searchProducts, type Searchable } from './search-products';

const product = (
  name: string,
  extra: Partial<Searchable> & { variantNames?: string[]; variantNamesBn?: string[] } = {},
): Searchable & { id: string } => ({
  id: name,
  name,
  name_bn: extra.name_bn ?? null,
  category: extra.category ?? null,
  variants: (extra.variantNames ?? []).map((variant, i) => ({
    name: variant,
    name_bn: extra.variantNamesBn?.[i] ?? null,
  })),
});

const freeFire = product('Free Fire Diamonds', {
  name_bn: 'ফ্রি ফায়ার ডায়মন্ড',
  category: 'Free Fire',
  variantNames: ['100 Diamonds', '310 Diamonds'],
  variantNamesBn: ['১০০ ডায়মন্ড', '৩১০ ডায়মন্ড'],
});
const pubg = product('PUBG Mobile UC', {
  name_bn: 'পাবজি মোবাইল ইউসি',
  category: 'PUBG',
  variantNames: ['60 UC', '325 UC'],
});
const googlePlay = product('Google Play Gift Card', {
  category: 'Gift Cards',
  variantNames: ['৳500 Gift Card'],
});
const all = [freeFire, pubg, googlePlay];
const ids = (query: string) => searchProducts(all, query).map((p) => p.id);

describe('product search', () => {
  it('keeps every product for an empty or blank query', () => {
    expect(ids('')).toEqual([freeFire.id, pubg.id, googlePlay.id]);
    expect(ids('   ')).toHaveLength(3);
  });

  it('finds English names whatever the case, and needs every word', () => {
    expect(ids('free')).toEqual([freeFire.id]);
    expect(ids('FREE fire')).toEqual([freeFire.id]);
    expect(ids('fire free')).toEqual([freeFire.id]);
    expect(ids('free pubg')).toEqual([]);
    expect(ids('minecraft')).toEqual([]);
  });

  it('finds Bangla names', () => {
    expect(ids('ফ্রি ফায়ার')).toEqual([freeFire.id]);
    expect(ids('পাবজি')).toEqual([pubg.id]);
    expect(ids('ডায়মন্ড')).toEqual([freeFire.id]);
  });

  it('matches categories and package names', () => {
    expect(ids('gift cards')).toEqual([googlePlay.id]);
    expect(ids('325')).toEqual([pubg.id]);
    expect(ids('uc 60')).toEqual([pubg.id]);
  });

  it('treats Bengali and Latin digits alike', () => {
    expect(ids('১০০')).toEqual([freeFire.id]);
    expect(ids('৩২৫')).toEqual([pubg.id]);
    // A Latin number finds a package written in Bengali digits too.
    const banglaOnly = product('Bangla pack', { variantNames: ['x'], variantNamesBn: ['৫০০ ডায়মন্ড'] });
    expect(searchProducts([banglaOnly], '500')).toEqual([banglaOnly]);
  });

  it('ignores zero-width joiners and the composed or decomposed spelling of a letter', () => {
    // র‍্যাব with a ZWJ, as some Bangla keyboards type it, finds the name written without one.
    const rab = product('Rab', { name_bn: 'র্যাব গেম' });
    expect(searchProducts([rab], 'র\u200D্যাব')).toEqual([rab]);
    expect(searchProducts([rab], '\u200Cর্যাব\u200C')).toEqual([rab]);
    // য় as one code point (U+09DF) and as য + nukta (U+09AF U+09BC) are the same letter.
    expect(ids('ফা\u09DFার')).toEqual([freeFire.id]);
    expect(ids('ফা\u09AF\u09BCার')).toEqual([freeFire.id]);
  });

  it('normalises text to one spelling', () => {
    expect(normalizeSearchText('  Free\u200B  FIRE ১২৩ ')).toBe('free fire 123');
  });
});
