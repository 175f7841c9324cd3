/**
 * What the UniPin sandbox sells and who plays: a few games and denominations, two voucher
 * products with stock, and players. Prices are in USD cents here (UniPin's wire shows "0.99").
 */
export const SANDBOX_CURRENCY = 'USD';

interface Denomination {
  id: string;
  name: string;
  /** USD cents. */
  price: number;
}

export interface Game {
  code: string;
  name: string;
  denominations: Denomination[];
}

export const GAMES: Game[] = [
  {
    code: 'FREEFIRE',
    name: 'Free Fire',
    denominations: [
      { id: 'FF-100', name: '100 Diamonds', price: 99 },
      { id: 'FF-310', name: '310 Diamonds', price: 299 },
      { id: 'FF-520', name: '520 Diamonds', price: 499 },
    ],
  },
  {
    code: 'PUBGM',
    name: 'PUBG Mobile',
    denominations: [
      { id: 'PUBG-60', name: '60 UC', price: 99 },
      { id: 'PUBG-325', name: '325 UC', price: 499 },
    ],
  },
];

export interface VoucherProduct {
  code: string;
  name: string;
  price: number;
  /** How many codes the sandbox starts with. */
  stock: number;
}

export const VOUCHERS: VoucherProduct[] = [
  { code: 'UPGC-1', name: 'UniPin Gift Card USD 1', price: 100, stock: 5 },
  { code: 'UPGC-5', name: 'UniPin Gift Card USD 5', price: 500, stock: 2 },
];

/** Players the game knows by name; any other well-formed UID gets "Player <last 4>". */
export const KNOWN_PLAYERS: Record<string, string> = {
  '12345678': 'RahimFF',
  '123456789012': 'KarimPro',
  '87654321': 'NusratGG',
};

/** Well-formed UIDs the game has never seen (validation refuses them). */
export const UNKNOWN_PLAYERS = new Set(['99999999', '11111111']);

export const UID_PATTERN = /^\d{8,12}$/;

export const findDenomination = (gameCode: string, id: string) =>
  GAMES.find((g) => g.code === gameCode)?.denominations.find((d) => d.id === id);

/** USD cents as UniPin writes money: a decimal string in major units. */
export const wireMoney = (cents: number) => (cents / 100).toFixed(2);
