import { ClipboardList, KeyRound, LayoutDashboard, LogOut, PlusCircle, User } from 'lucide-react';
import { useNavigate } from 'react-router-dom';
import { useFormat } from '../../../shared/i18n/format';
import { useLanguageOnAccount } from '../../../shared/i18n/use-language-on-account';
import type { AccountMenuProps } from '../../../shared/layout/header';
import { Button } from '../../../shared/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../../shared/ui/dropdown-menu';
import { useT } from '../messages';

/**
 * Account menu: email, balance, Admin Dashboard (admins), My Profile, Add Money, My Orders, My Codes,
 * Logout. Shown only to a signed-in buyer, it also keeps their account's language (for mails) in step.
 */
export default function AccountMenu({ email, isAdmin, balance, onLogout }: AccountMenuProps) {
  useLanguageOnAccount();
  const tr = useT();
  const { money } = useFormat();
  const navigate = useNavigate();
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="outline" size="icon" aria-label={tr('accountMenu')}>
          <User aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-60">
        <DropdownMenuLabel className="flex flex-col gap-1">
          <span className="truncate text-sm">{email}</span>
          <span className="text-xs font-normal text-muted-foreground">
            {tr('balance', { amount: balance !== undefined ? money(balance) : '…' })}
          </span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        {isAdmin && (
          <DropdownMenuItem onSelect={() => navigate('/admin')}>
            <LayoutDashboard aria-hidden="true" /> {tr('adminDashboard')}
          </DropdownMenuItem>
        )}
        <DropdownMenuItem onSelect={() => navigate('/profile')}>
          <User aria-hidden="true" /> {tr('myProfile')}
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => navigate('/add-money')}>
          <PlusCircle aria-hidden="true" /> {tr('addMoney')}
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => navigate('/my-orders')}>
          <ClipboardList aria-hidden="true" /> {tr('myOrders')}
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => navigate('/my-codes')}>
          <KeyRound aria-hidden="true" /> {tr('myCodes')}
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => void onLogout()}>
          <LogOut aria-hidden="true" /> {tr('logout')}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
