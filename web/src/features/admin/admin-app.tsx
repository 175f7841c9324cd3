import type { ComponentType } from 'react';
import { Route, Routes, useParams } from 'react-router-dom';
import { AdminGuard } from './admin-guard';
import { AdminLayout } from './admin-layout';
import { MfaGate } from './mfa/mfa-gate';
import { sectionFor, type AdminSectionPath } from './sections';
import AnnouncementsSection from './site/announcements';
import ApiSetupSection from './api-setup/api-setup';
import AuditSection from './audit/audit';
import CategoriesSection from './catalog/categories';
import CategorySectionsSection from './catalog/category-sections';
import FulfilmentSection from './fulfilment/fulfilment';
import HeroSection from './site/hero';
import OrdersSection from './orders/orders';
import OverviewSection from './overview/overview';
import { NotifySettingsCard } from './site/notify-settings';
import PagesSection from './site/pages';
import PaymentsSection from './payments/payments';
import ProductsSection from './catalog/products';
import ReconciliationSection from './reconciliation/reconciliation';
import PromotionsSection from './promos/promotions';
import { ReceivingAccountsCard } from './site/receiving-accounts';
import ResellersSection from './resellers/resellers';
import SeoSection from './site/seo';
import SmsPhonesSection from './sms/sms-phones';
import UsersSection from './users/users';
import VariantsSection from './catalog/variants';
import VouchersSection from './stock/vouchers';
import WalletSection from './wallet/wallet';

const components: Record<AdminSectionPath, ComponentType> = {
  overview: OverviewSection,
  products: ProductsSection,
  variants: VariantsSection,
  orders: OrdersSection,
  fulfilment: FulfilmentSection,
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
  reconciliation: ReconciliationSection,
  audit: AuditSection,
  'api-setup': ApiSetupSection,
  // Each its own entry: an operator looking for where alerts go or which numbers buyers pay to
  // should not have to know they sat under SEO.
  'receiving-accounts': ReceivingAccountsCard,
  'sms-phones': SmsPhonesSection,
  notifications: NotifySettingsCard,
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
