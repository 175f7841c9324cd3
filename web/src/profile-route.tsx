import ProfilePage from './features/account/profile-page';
import { ResellerProfileCard } from './features/resellers/components/reseller-profile-card';
import { WalletBalanceCard } from './features/wallet/components/wallet-balance-card';
import { WalletHistory } from './features/wallet/components/wallet-history';

/** /profile: the account's page with the wallet's balance and history and the reseller card in it (one lazy chunk). */
export default function ProfileRoute() {
  return (
    <ProfilePage
      walletBalance={<WalletBalanceCard />}
      walletHistory={<WalletHistory />}
      reseller={<ResellerProfileCard />}
    />
  );
}
