import { BadgePercent, Headphones, ShieldCheck, Zap } from 'lucide-react';
import { useT } from '../messages';

const FEATURES = [
  { icon: Zap, title: 'instantDelivery', text: 'instantDeliveryText' },
  { icon: ShieldCheck, title: 'securePayment', text: 'securePaymentText' },
  { icon: BadgePercent, title: 'bestPrices', text: 'bestPricesText' },
  { icon: Headphones, title: 'support247', text: 'support247Text' },
] as const;

export function FeatureTiles() {
  const t = useT();
  return (
    <ul className="grid grid-cols-2 gap-3 md:grid-cols-4">
      {FEATURES.map(({ icon: Icon, title, text }) => (
        <li key={title} className="flex items-start gap-3 rounded-lg border bg-card p-3 sm:p-4">
          <span className="flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-accent text-accent-foreground">
            <Icon className="h-5 w-5" aria-hidden="true" />
          </span>
          <div>
            <h3 className="text-sm font-semibold">{t(title)}</h3>
            <p className="mt-0.5 text-xs text-muted-foreground">{t(text)}</p>
          </div>
        </li>
      ))}
    </ul>
  );
}
