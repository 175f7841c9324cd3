import {
  BadgePercent,
  BarChart3,
  CreditCard,
  FolderTree,
  Handshake,
  Image,
  KeyRound,
  LayoutGrid,
  Layers,
  Megaphone,
  Package,
  Search,
  ShoppingCart,
  Ticket,
  FileText,
  Users,
  Wallet,
  type LucideIcon,
} from 'lucide-react';

/** The sidebar: the spec's path segments and labels, with Overview first. */
export const adminSections = [
  { path: 'overview', label: 'Overview', icon: BarChart3 },
  { path: 'products', label: 'Products', icon: Package },
  { path: 'variants', label: 'Variants', icon: Layers },
  { path: 'orders', label: 'Orders', icon: ShoppingCart },
  { path: 'vouchers', label: 'Vouchers', icon: Ticket },
  { path: 'users', label: 'Users', icon: Users },
  { path: 'wallet', label: 'Wallet Management', icon: Wallet },
  { path: 'promotions', label: 'Promotions', icon: BadgePercent },
  { path: 'resellers', label: 'Resellers', icon: Handshake },
  { path: 'category-sections', label: 'Category Sections', icon: LayoutGrid },
  { path: 'categories', label: 'Product Categories', icon: FolderTree },
  { path: 'hero', label: 'Hero Slider', icon: Image },
  { path: 'announcements', label: 'Popups', icon: Megaphone },
  { path: 'seo', label: 'SEO', icon: Search },
  { path: 'pages', label: 'Pages', icon: FileText },
  { path: 'payments', label: 'Payment Management', icon: CreditCard },
  { path: 'api-setup', label: 'API Setup', icon: KeyRound },
] as const satisfies ReadonlyArray<{ path: string; label: string; icon: LucideIcon }>;

export type AdminSectionPath = (typeof adminSections)[number]['path'];

/** The section shown for a path segment: /admin is the overview, an unknown segment shows products. */
export function sectionFor(segment: string | undefined): AdminSectionPath {
  if (!segment) return 'overview';
  const found = adminSections.find((s) => s.path === segment);
  return found ? found.path : 'products';
}
