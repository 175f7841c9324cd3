import { BadgePercent, Headphones, ShieldCheck, Zap } from 'lucide-react';

const FEATURES = [
  { icon: Zap, title: 'Instant Delivery', text: 'Codes and top-ups delivered in under a minute' },
  { icon: ShieldCheck, title: 'Secure Payment', text: 'bKash, Nagad, Rocket and wallet' },
  { icon: BadgePercent, title: 'Best Prices', text: 'Fair prices in taka, no hidden fees' },
  { icon: Headphones, title: '24/7 Support', text: 'We are on WhatsApp day and night' },
];

export function FeatureTiles() {
  return (
    <ul className="grid grid-cols-2 gap-3 md:grid-cols-4">
      {FEATURES.map(({ icon: Icon, title, text }) => (
        <li key={title} className="flex items-start gap-3 rounded-lg border bg-card p-3 sm:p-4">
          <span className="flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-accent text-accent-foreground">
            <Icon className="h-5 w-5" aria-hidden="true" />
          </span>
          <div>
            <h3 className="text-sm font-semibold">{title}</h3>
            <p className="mt-0.5 text-xs text-muted-foreground">{text}</p>
          </div>
        </li>
      ))}
    </ul>
  );
}
