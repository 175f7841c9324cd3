/**
 * The SPA's pages, in one place: web/src/App.tsx builds its routes from these paths, and the edge
 * (spa-edge.ts: CloudFront's functions, which the local stack's static server runs too) serves
 * index.html for them and the SPA's 404 page with HTTP status 404 for any other path without a
 * file extension. So a mistyped address says 404 to browsers and crawlers, and a new page is
 * reachable once it is listed here. Data only: the SPA's entry chunk imports it.
 */
export const SPA_PATHS = {
  home: '/',
  auth: '/auth',
  product: '/product/:id',
  payment: '/payment',
  paymentSuccess: '/payment-success',
  paymentFailed: '/payment-failed',
  myOrders: '/my-orders',
  myCodes: '/my-codes',
  addMoney: '/add-money',
  profile: '/profile',
  reseller: '/reseller',
  terms: '/terms',
  privacy: '/privacy',
  refundPolicy: '/refund-policy',
  faq: '/faq',
  admin: '/admin/*',
  grantAdmin: '/grant-admin',
  testAdmin: '/test-admin',
  devAdminTools: '/dev-admin-tools',
} as const;
