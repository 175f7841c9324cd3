import { useQueryClient } from '@tanstack/react-query';
import { LogOut, Menu, Store, X } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { removeRoutes } from '../../shared/api/query-keys';
import { Button } from '../../shared/ui/button';
import { useAuth } from '../../shared/auth/auth';
import { cn } from '../../shared/lib/utils';
import { LanguageSwitch } from '../../shared/i18n/language-switch';
import { notifySuccess } from './lib/notify';
import { t, useT } from './messages';
import { adminSections, type AdminSectionPath } from './sections';

/** Sidebar on wide screens; on phones a top bar whose menu button opens the same list. */
export function AdminLayout({ active, children }: { active: AdminSectionPath; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const { signOut, user } = useAuth();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const tr = useT();
  const activeSection = adminSections.find((s) => s.path === active);
  const activeLabel = activeSection ? tr(activeSection.label) : '';

  const logout = async () => {
    await signOut();
    removeRoutes(queryClient, 'getMe');
    // The storefront header's logout toast, word for word.
    notifySuccess(t('loggedOut'), t('loggedOutDescription'));
    navigate('/');
  };

  const nav = (
    <nav aria-label={tr('adminSections')} className="flex flex-col gap-1">
      {adminSections.map(({ path, label, icon: Icon }) => (
        <Link
          key={path}
          to={`/admin/${path}`}
          onClick={() => setOpen(false)}
          aria-current={active === path ? 'page' : undefined}
          className={cn(
            'flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium transition-colors',
            active === path ? 'bg-primary text-primary-foreground' : 'text-foreground hover:bg-accent',
          )}
        >
          <Icon className="size-4 shrink-0" aria-hidden="true" />
          {tr(label)}
        </Link>
      ))}
    </nav>
  );

  return (
    <div className="min-h-screen bg-background lg:flex">
      <aside className="hidden w-64 shrink-0 border-r bg-card lg:flex lg:flex-col">
        <div className="border-b p-4">
          <div className="flex items-center justify-between gap-2">
            <h1 className="text-xl font-bold">{tr('adminDashboard')}</h1>
            <LanguageSwitch />
          </div>
          {user && <p className="truncate text-xs text-muted-foreground">{user.email}</p>}
          <Button asChild variant="outline" size="sm" className="mt-3 w-full">
            <Link to="/">
              <Store aria-hidden="true" /> {tr('viewShop')}
            </Link>
          </Button>
        </div>
        <div className="flex-1 overflow-y-auto p-3">{nav}</div>
        <div className="border-t p-3">
          <Button variant="outline" className="w-full" onClick={logout}>
            <LogOut aria-hidden="true" /> {tr('logout')}
          </Button>
        </div>
      </aside>

      <header className="sticky top-0 z-30 flex items-center justify-between border-b bg-card px-4 py-3 lg:hidden">
        <div className="min-w-0">
          <p className="text-lg font-bold leading-tight">{tr('adminDashboard')}</p>
          <p className="truncate text-xs text-muted-foreground">{activeLabel}</p>
        </div>
        <div className="flex shrink-0 items-center gap-2">
          <LanguageSwitch />
          <Button asChild variant="outline" size="sm">
            <Link to="/" aria-label={tr('viewShop')}>
              <Store aria-hidden="true" /> <span className="hidden sm:inline">{tr('viewShop')}</span>
            </Link>
          </Button>
          <Button
            variant="outline"
            size="icon"
            aria-label={open ? tr('closeMenu') : tr('openMenu')}
            aria-expanded={open}
            onClick={() => setOpen((v) => !v)}
          >
            {open ? <X aria-hidden="true" /> : <Menu aria-hidden="true" />}
          </Button>
        </div>
      </header>
      {open && (
        <div className="border-b bg-card p-3 lg:hidden">
          {nav}
          <Button variant="outline" className="mt-3 w-full" onClick={logout}>
            <LogOut aria-hidden="true" /> {tr('logout')}
          </Button>
        </div>
      )}

      <main className="min-w-0 flex-1 p-3 sm:p-6">{children}</main>
    </div>
  );
}
