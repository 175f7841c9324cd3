import { ClipboardList, KeyRound, LayoutDashboard, LogOut, PlusCircle, User } from 'lucide-react';
import { useNavigate } from 'react-router-dom';
import { formatTaka } from '@khelaghor/contract/taka';
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

/** Account menu: email, balance, Admin Dashboard (admins), My Profile, Add Money, My Orders, My Codes, Logout. */
export default function AccountMenu({ email, isAdmin, balance, onLogout }: AccountMenuProps) {
  const navigate = useNavigate();
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="outline" size="icon" aria-label="Account menu">
          <User aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-60">
        <DropdownMenuLabel className="flex flex-col gap-1">
          <span className="truncate text-sm">{email}</span>
          <span className="text-xs font-normal text-muted-foreground">
            Balance: {balance !== undefined ? formatTaka(balance) : '…'}
          </span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        {isAdmin && (
          <DropdownMenuItem onSelect={() => navigate('/admin')}>
            <LayoutDashboard aria-hidden="true" /> Admin Dashboard
          </DropdownMenuItem>
        )}
        <DropdownMenuItem onSelect={() => navigate('/profile')}>
          <User aria-hidden="true" /> My Profile
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => navigate('/add-money')}>
          <PlusCircle aria-hidden="true" /> Add Money
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => navigate('/my-orders')}>
          <ClipboardList aria-hidden="true" /> My Orders
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => navigate('/my-codes')}>
          <KeyRound aria-hidden="true" /> My Codes
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => void onLogout()}>
          <LogOut aria-hidden="true" /> Logout
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
