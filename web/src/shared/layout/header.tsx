import { useQueryClient } from '@tanstack/react-query';
import { MessageCircle, Wallet } from 'lucide-react';
import { Suspense, type ComponentType } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { removeRoutes } from '../api/query-keys';
import { useAuth } from '../auth/auth';
import { useBrandName, useMe, useSettings, whatsappLink } from '../api/site';
import { Badge } from '../ui/badge';
import { buttonVariants } from '../ui/button-variants';
import { cn } from '../lib/utils';
import { toast } from '../ui/sonner';
import { Skeleton } from '../ui/skeleton';
import { useFormat } from '../i18n/format';
import { LanguageSwitch } from '../i18n/language-switch';
import { t, useT } from './messages';

export interface AccountMenuProps {
  email: string;
  isAdmin: boolean;
  balance?: number;
  onLogout: () => Promise<void>;
}

/**
 * The signed-in user's menu (features/account). The app hands it in, lazily loaded: the menu
 * (radix + floating-ui) is only for signed-in users, so it is its own chunk.
 */
export type AccountMenuComponent = ComponentType<AccountMenuProps>;

function Brand({ className }: { className?: string }) {
  const settings = useSettings();
  const brand = useBrandName();
  return (
    <Link
      to="/"
      className={`flex min-w-0 items-center gap-1.5 text-base font-bold sm:gap-2 sm:text-lg ${className ?? ''}`}
    >
      {/* On a phone the logo's room goes to the name, which then shows whole beside the language,
          support, balance and account buttons (খেলাঘর at 360 px, not 'খে…'); the logo from sm up. */}
      {settings.logo_url ? (
        <img
          src={settings.logo_url}
          alt=""
          width={32}
          height={32}
          className="hidden h-8 w-8 rounded sm:block"
        />
      ) : (
        <span
          aria-hidden="true"
          className="hidden h-8 w-8 shrink-0 items-center justify-center rounded-lg bg-primary text-primary-foreground sm:flex"
        >
          {Array.from(brand)[0]}
        </span>
      )}
      <span className="truncate" data-testid="brand-name">
        {brand}
      </span>
    </Link>
  );
}

export function Header({ accountMenu: AccountMenu }: { accountMenu?: AccountMenuComponent }) {
  const { user, loading, signOut } = useAuth();
  const me = useMe();
  const settings = useSettings();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const support = whatsappLink(settings.support_whatsapp);
  const tr = useT();
  const { money } = useFormat();

  const logout = async () => {
    await signOut();
    removeRoutes(queryClient, 'getMe');
    toast.success(t('loggedOut'), { description: t('loggedOutDescription') });
    navigate('/');
  };

  return (
    <header className="sticky top-0 z-40 border-b bg-card/95 backdrop-blur">
      <div className="mx-auto flex h-14 max-w-6xl items-center justify-between gap-2 px-3 sm:px-4">
        <Brand />
        <nav aria-label={tr('accountNav')} className="flex shrink-0 items-center gap-1 sm:gap-2">
          <LanguageSwitch />
          {support && (
            <a
              href={support}
              target="_blank"
              rel="noreferrer"
              aria-label={tr('whatsappSupport')}
              className={cn(buttonVariants({ variant: 'whatsapp', size: 'sm' }), 'px-2 sm:px-3')}
            >
              <MessageCircle aria-hidden="true" />
              <span className="hidden sm:inline">{tr('support')}</span>
            </a>
          )}
          {loading ? (
            <Skeleton className="h-9 w-28" />
          ) : user ? (
            <>
              <Link
                to="/profile"
                aria-label={tr('walletBalance')}
                className="rounded-full focus-visible:ring-2 focus-visible:ring-ring"
              >
                <Badge
                  variant="secondary"
                  className="h-8 min-w-20 justify-center gap-1 text-sm"
                  data-testid="balance-badge"
                >
                  <Wallet className="h-3.5 w-3.5" aria-hidden="true" />
                  {me.data ? money(me.data.balance) : '৳…'}
                </Badge>
              </Link>
              {AccountMenu && (
                <Suspense fallback={<span className="h-10 w-10 rounded-md border" aria-hidden="true" />}>
                  <AccountMenu
                    email={user.email}
                    isAdmin={user.isAdmin}
                    balance={me.data?.balance}
                    onLogout={logout}
                  />
                </Suspense>
              )}
            </>
          ) : (
            <>
              <Link
                to="/auth?tab=signup"
                className={cn(buttonVariants({ variant: 'outline', size: 'sm' }), 'px-2 sm:px-3')}
              >
                {tr('register')}
              </Link>
              <Link to="/auth" className={cn(buttonVariants({ size: 'sm' }), 'px-2 sm:px-3')}>
                {tr('login')}
              </Link>
            </>
          )}
        </nav>
      </div>
    </header>
  );
}
