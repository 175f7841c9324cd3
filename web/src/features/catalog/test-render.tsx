import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { TestAuthProvider, type AuthContextValue } from '../../shared/auth/auth';
import { Toaster } from '../../shared/ui/sonner';
import HomePage from './home-page';
import ProductPage from './product-page';

/**
 * What the catalogue's component tests share: a game as GET /api/products/{id} answers it, a JSON
 * answer for a stubbed fetch, and the shop's pages rendered under a router at a path.
 */
export const gameProduct = {
  id: 'p1',
  name: 'Free Fire Diamonds',
  description: null as string | null,
  category: 'Free Fire',
  image_url: null,
  display_order: 0,
  stock: 5,
  variants: [{ id: 'v1', product_id: 'p1', name: '25 Diamonds', description: null, price: 2500, stock: 5 }],
  account_fields: 'player_uid',
  uid_pattern: null,
  uid_message: null,
  zone_label: null as string | null,
  redeem_steps: [] as string[],
  redeem_url: null,
  uid_help: [] as string[],
};

export const jsonResponse = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** Home (/), product (/product/:id) and /payment (a stub page unless given) at `path`. */
export function renderShopAt(
  path: string,
  opts: { auth?: Partial<AuthContextValue>; payment?: ReactNode; toaster?: boolean } = {},
) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <TestAuthProvider value={opts.auth ?? {}}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path="/" element={<HomePage />} />
            <Route path="/product/:id" element={<ProductPage />} />
            <Route path="/payment" element={opts.payment ?? <p>payment page</p>} />
          </Routes>
        </MemoryRouter>
        {opts.toaster && <Toaster />}
      </TestAuthProvider>
    </QueryClientProvider>,
  );
}
