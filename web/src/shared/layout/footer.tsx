import { Phone } from 'lucide-react';
import { Link } from 'react-router-dom';
import { useSettings, whatsappLink } from '../api/site';

export function Footer() {
  const settings = useSettings();
  const support = whatsappLink(settings.support_whatsapp);
  return (
    <footer className="mb-16 border-t bg-slate-900 text-slate-200 md:mb-0">
      <div className="mx-auto grid max-w-6xl gap-6 px-4 py-8 sm:grid-cols-3">
        <div>
          <p className="text-lg font-bold text-white">{settings.brand_name}</p>
          <p className="mt-2 text-sm text-slate-300">
            Game top-ups, gift cards and vouchers for players in Bangladesh. Instant delivery, secure payment.
          </p>
        </div>
        <div>
          <h2 className="font-semibold text-white">Quick Links</h2>
          <ul className="mt-2 space-y-1 text-sm">
            <li>
              <Link className="hover:underline" to="/">
                Home
              </Link>
            </li>
            <li>
              <Link className="hover:underline" to="/my-orders">
                My Orders
              </Link>
            </li>
            <li>
              <Link className="hover:underline" to="/my-codes">
                My Codes
              </Link>
            </li>
            <li>
              <Link className="hover:underline" to="/add-money">
                Add Money
              </Link>
            </li>
            <li>
              <Link className="hover:underline" to="/faq">
                FAQ
              </Link>
            </li>
          </ul>
        </div>
        <div>
          <h2 className="font-semibold text-white">Support</h2>
          <ul className="mt-2 space-y-1 text-sm">
            {settings.hotline && (
              <li className="flex items-center gap-2">
                <Phone className="h-4 w-4" aria-hidden="true" />
                Hotline:{' '}
                <a className="hover:underline" href={`tel:${settings.hotline.replace(/[^\d+]/g, '')}`}>
                  {settings.hotline}
                </a>
              </li>
            )}
            {support && (
              <li>
                <a className="hover:underline" href={support} target="_blank" rel="noreferrer">
                  WhatsApp Support
                </a>
              </li>
            )}
            {settings.telegram_url && (
              <li>
                <a className="hover:underline" href={settings.telegram_url} target="_blank" rel="noreferrer">
                  Telegram Community
                </a>
              </li>
            )}
          </ul>
        </div>
      </div>
      <nav aria-label="Policies" className="border-t border-slate-700 px-4 py-3">
        <ul className="flex flex-wrap justify-center gap-x-5 gap-y-2 text-sm">
          <li>
            <Link className="hover:underline" to="/terms">
              Terms of Service
            </Link>
          </li>
          <li>
            <Link className="hover:underline" to="/privacy">
              Privacy Policy
            </Link>
          </li>
          <li>
            <Link className="hover:underline" to="/refund-policy">
              Refund Policy
            </Link>
          </li>
        </ul>
      </nav>
      <p className="border-t border-slate-700 py-4 text-center text-xs text-slate-300">
        © {new Date().getFullYear()} {settings.brand_name}. All rights reserved.
      </p>
    </footer>
  );
}
