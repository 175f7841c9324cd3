import { ClipboardList, Home, KeyRound, LayoutDashboard, LogIn, PlusCircle, User } from 'lucide-react';
import { NavLink } from 'react-router-dom';
import { useAuth } from '../auth/auth';
import { cn } from '../lib/utils';
import { useT } from './messages';

/** Bottom bar on phones: Home, Add Money, My Orders, My Codes, Admin (admins), Profile / Login. */
export function MobileNav() {
  const { user } = useAuth();
  const t = useT();
  const items = [
    { to: '/', label: t('home'), icon: Home },
    { to: '/add-money', label: t('addMoney'), icon: PlusCircle },
    { to: '/my-orders', label: t('myOrders'), icon: ClipboardList },
    { to: '/my-codes', label: t('myCodes'), icon: KeyRound },
    ...(user?.isAdmin ? [{ to: '/admin', label: t('admin'), icon: LayoutDashboard }] : []),
    user
      ? { to: '/profile', label: t('profile'), icon: User }
      : { to: '/auth', label: t('login'), icon: LogIn },
  ];
  return (
    <nav aria-label={t('mainNav')} className="fixed inset-x-0 bottom-0 z-40 border-t bg-card md:hidden">
      <ul className="flex h-16 items-stretch justify-around">
        {items.map(({ to, label, icon: Icon }) => (
          <li key={to} className="flex-1">
            <NavLink
              to={to}
              end={to === '/'}
              className={({ isActive }) =>
                cn(
                  'flex h-full flex-col items-center justify-center gap-0.5 text-[11px] font-medium',
                  isActive ? 'text-primary' : 'text-muted-foreground',
                )
              }
            >
              <Icon className="h-5 w-5" aria-hidden="true" />
              {label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
