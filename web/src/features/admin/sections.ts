import {
  BadgePercent,
  BarChart3,
  Bell,
  ClipboardCheck,
  CreditCard,
  FolderTree,
  Handshake,
  History,
  Image,
  KeyRound,
  Landmark,
  LayoutGrid,
  Layers,
  Megaphone,
  Package,
  Scale,
  Search,
  Smartphone,
  ShoppingCart,
  Ticket,
  FileText,
  Users,
  Wallet,
  type LucideIcon,
} from 'lucide-react';
import type { AdminMessage } from './messages';

/** The sidebar: the spec's path segments and labels (message keys: admin i18n), with Overview first. */
export const adminSections = [
  { path: 'overview', label: 'navOverview', icon: BarChart3 },
  { path: 'products', label: 'navProducts', icon: Package },
  { path: 'variants', label: 'navVariants', icon: Layers },
  { path: 'orders', label: 'navOrders', icon: ShoppingCart },
  { path: 'fulfilment', label: 'navFulfilment', icon: ClipboardCheck },
  { path: 'vouchers', label: 'navVouchers', icon: Ticket },
  { path: 'users', label: 'navUsers', icon: Users },
  { path: 'wallet', label: 'navWallet', icon: Wallet },
  { path: 'promotions', label: 'navPromotions', icon: BadgePercent },
  { path: 'resellers', label: 'navResellers', icon: Handshake },
  { path: 'category-sections', label: 'navCategorySections', icon: LayoutGrid },
  { path: 'categories', label: 'navCategories', icon: FolderTree },
  { path: 'hero', label: 'navHero', icon: Image },
  { path: 'announcements', label: 'navPopups', icon: Megaphone },
  { path: 'seo', label: 'navSeo', icon: Search },
  { path: 'pages', label: 'navPages', icon: FileText },
  { path: 'payments', label: 'navPayments', icon: CreditCard },
  { path: 'reconciliation', label: 'navReconciliation', icon: Scale },
  { path: 'audit', label: 'navAudit', icon: History },
  { path: 'api-setup', label: 'navApiSetup', icon: KeyRound },
  { path: 'receiving-accounts', label: 'navReceivingAccounts', icon: Landmark },
  { path: 'sms-phones', label: 'navSmsPhones', icon: Smartphone },
  { path: 'notifications', label: 'navNotifications', icon: Bell },
] as const satisfies ReadonlyArray<{ path: string; label: AdminMessage; icon: LucideIcon }>;

export type AdminSectionPath = (typeof adminSections)[number]['path'];

/** The section shown for a path segment: /admin is the overview, an unknown segment shows products. */
export function sectionFor(segment: string | undefined): AdminSectionPath {
  if (!segment) return 'overview';
  const found = adminSections.find((s) => s.path === segment);
  return found ? found.path : 'products';
}
