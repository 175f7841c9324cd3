import type { ComponentType } from 'react';
import { Route, Routes, useParams } from 'react-router-dom';
import { AdminGuard } from './admin-guard';
import { AdminLayout } from './admin-layout';
import { MfaGate } from './mfa/mfa-gate';
import { sectionFor, type AdminSectionPath } from './sections';
import AnnouncementsSection from './sections/announcements';
import ApiSetupSection from './sections/api-setup';
import CategoriesSection from './sections/categories';
import CategorySectionsSection from './sections/category-sections';
import HeroSection from './sections/hero';
import OrdersSection from './sections/orders';
import OverviewSection from './sections/overview';
import PagesSection from './sections/pages';
import PaymentsSection from './sections/payments';
import ProductsSection from './sections/products';
import PromotionsSection from './sections/promotions';
import ResellersSection from './sections/resellers';
import SeoSection from './sections/seo';
import UsersSection from './sections/users';
import VariantsSection from './sections/variants';
import VouchersSection from './sections/vouchers';
import WalletSection from './sections/wallet';

const components: Record<AdminSectionPath, ComponentType> = {
  overview: OverviewSection,
  products: ProductsSection,
  variants: VariantsSection,
  orders: OrdersSection,
  vouchers: VouchersSection,
  users: UsersSection,
  wallet: WalletSection,
  promotions: PromotionsSection,
  resellers: ResellersSection,
  'category-sections': CategorySectionsSection,
  categories: CategoriesSection,
  hero: HeroSection,
  announcements: AnnouncementsSection,
  seo: SeoSection,
  pages: PagesSection,
  payments: PaymentsSection,
  'api-setup': ApiSetupSection,
};

function SectionPage() {
  const { section } = useParams();
  const active = sectionFor(section);
  const Section = components[active];
  return (
    <AdminLayout active={active}>
      <Section key={active} />
    </AdminLayout>
  );
}

/**
 * The admin dashboard (its own lazily loaded chunk, mounted by App.tsx at /admin/*). The guard
 * renders nothing that calls the admin API until the signed-in user is in the 'admin' group; the
 * MFA gate shows the authenticator enrol screen when the API answers mfa_required.
 */
export default function AdminApp() {
  return (
    <AdminGuard>
      <MfaGate>
        <Routes>
          <Route index element={<SectionPage />} />
          <Route path=":section/*" element={<SectionPage />} />
        </Routes>
      </MfaGate>
    </AdminGuard>
  );
}
