/**
 * What the MooGold sandbox sells and what it remembers: a few products (category 1 direct
 * top-ups with their game fields, category 2 e-vouchers with stock), the prepaid balance in US
 * cents, and the orders keyed by the partner's own order id (`partnerOrderId`).
 */
export interface SandboxVariation {
  id: string;
  name: string;
  /** US cents. */
  priceCents: number;
}

export interface SandboxProduct {
  id: string;
  name: string;
  category: 1 | 2;
  /** The game fields an order must carry (category 1). */
  fields: string[];
  /** Whether `product/validate` knows this game. */
  validates: boolean;
  variations: SandboxVariation[];
}

export const MOOGOLD_PRODUCTS: SandboxProduct[] = [
  {
    id: '15',
    name: 'Free Fire',
    category: 1,
    fields: ['Player ID'],
    validates: false,
    variations: [
      { id: '1001', name: '100 Diamonds', priceCents: 99 },
      { id: '1002', name: '310 Diamonds', priceCents: 299 },
      { id: '1003', name: '520 Diamonds', priceCents: 499 },
    ],
  },
  {
    id: '16',
    name: 'Mobile Legends',
    category: 1,
    fields: ['User ID', 'Server'],
    validates: true,
    variations: [
      { id: '2001', name: '86 Diamonds', priceCents: 149 },
      { id: '2002', name: '172 Diamonds', priceCents: 299 },
    ],
  },
  {
    id: '30',
    name: 'Google Play Gift Card (BD)',
    category: 2,
    fields: [],
    validates: false,
    variations: [{ id: '3001', name: 'Google Play ৳500', priceCents: 450 }],
  },
];

export function findVariation(
  id: string,
): { product: SandboxProduct; variation: SandboxVariation } | undefined {
  for (const product of MOOGOLD_PRODUCTS) {
    const variation = product.variations.find((v) => v.id === id);
    if (variation) return { product, variation };
  }
  return undefined;
}

/** A product by its own id or by one of its variations' ids. */
function findProduct(id: string): SandboxProduct | undefined {
  return MOOGOLD_PRODUCTS.find((p) => p.id === id) ?? findVariation(id)?.product;
}

type SandboxOrderStatus = 'processing' | 'completed' | 'refunded';

export interface SandboxOrder {
  orderId: string;
  partnerOrderId: string;
  /** The order's data as sent, canonical: the same id with other data is refused. */
  fingerprint: string;
  variationId: string;
  quantity: number;
  fields: Record<string, string>;
  totalCents: number;
  status: SandboxOrderStatus;
  codes: string[];
  reason?: string;
  createdAt: string;
}

export const centsToDollars = (cents: number) =>
  `${Math.trunc(cents / 100)}.${String(Math.abs(cents % 100)).padStart(2, '0')}`;

/** MooGold's `order_detail` shape for one order. */
export function orderDetail(order: SandboxOrder) {
  const found = findVariation(order.variationId);
  return {
    order_id: order.orderId,
    date_created: order.createdAt,
    order_status: order.status,
    item: [
      {
        product: found ? `${found.product.name} - ${found.variation.name}` : order.variationId,
        variation_id: order.variationId,
        quantity: order.quantity,
        price: centsToDollars(order.totalCents),
        ...(order.fields['Player ID'] || order.fields['User ID']
          ? { player_id: order.fields['Player ID'] ?? order.fields['User ID'] }
          : {}),
        ...(order.fields.Server ? { server_id: order.fields.Server } : {}),
        ...(order.status === 'completed' && order.codes.length ? { voucher_code: order.codes } : {}),
      },
    ],
    total: centsToDollars(order.totalCents),
    partner_order_id: order.partnerOrderId,
    ...(order.reason ? { message: order.reason } : {}),
  };
}

/** MooGold's documented business error shape. */
export const refusal = (message: string, code: string) => ({ status: false, message, err_code: code });

/** `product/product_detail` by product or variation id; voucher variations carry their stock. */
export function productDetail(id: string, stockOf: (variationId: string) => number | undefined) {
  const product = findProduct(id);
  if (!product) return refusal('Product not found', 'product_not_found');
  return {
    Product_Name: product.name,
    Variation: product.variations.map((v) => {
      const stock = stockOf(v.id);
      return {
        variation_name: v.name,
        variation_id: v.id,
        variation_price: centsToDollars(v.priceCents),
        ...(stock !== undefined && { stock }),
      };
    }),
  };
}

/** `product/validate`: the sandbox's players are 5-12 digits (and a numeric server where the game has one). */
export function validatePlayer(data: Record<string, unknown>) {
  const found = findVariation(String(data['product-id'] ?? ''));
  if (!found) return refusal('Product not found', 'product_not_found');
  if (!found.product.validates)
    return refusal('Validation is not available for this product', 'validation_not_supported');
  const [uidField, zoneField] = found.product.fields;
  const uid = String(data[uidField!] ?? '');
  const zone = zoneField ? String(data[zoneField] ?? '') : '0';
  if (!/^\d{5,12}$/.test(uid) || !/^\d{1,6}$/.test(zone)) return refusal('Invalid player', 'invalid_player');
  return { status: true, message: 'Valid', username: `Player${uid.slice(-4)}` };
}
