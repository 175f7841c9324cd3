import { useQuery } from '@tanstack/react-query';
import type { OrderPaymentMethod } from '@khelaghor/contract/facts';
import { formatTaka } from '@khelaghor/contract/taka';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { ApiError, errorMessage } from '../../shared/api/client';
import { useSavedPlayers } from '../../shared/api/saved-players';
import { useMe } from '../../shared/api/site';
import type { PaymentState } from '../../shared/lib/payment-state';
import { useSeo } from '../../shared/lib/seo';
import { Button } from '../../shared/ui/button';
import { toast } from '../../shared/ui/sonner';
import { localized, localizedList } from '../../shared/i18n/content';
import { useFormat } from '../../shared/i18n/format';
import { productQuery, type Product } from './api';
import { OrderSummary } from './components/order-summary';
import { PackagePicker } from './components/package-picker';
import { PaymentMethodStep } from './components/payment-method-step';
import { PlayerStep } from './components/player-step';
import { ProductHeader } from './components/product-header';
import { ProductInfo } from './components/product-info';
import { ProductSkeleton } from './components/product-skeleton';
import { SavedPlayerChoices } from './components/saved-players';
import { usePlayerLookup } from './hooks/use-player-lookup';
import { t, useT } from './product/messages';

export default function ProductPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const tr = useT();
  const query = useQuery(productQuery(id));
  const notFound = query.error instanceof ApiError && query.error.status === 404;

  useEffect(() => {
    // Any other failure: the spec's 'Error' toast, then home.
    if (query.error && !notFound) {
      toast.error(t('error'), { description: errorMessage(query.error) });
      navigate('/');
    }
  }, [query.error, notFound, navigate]);

  if (notFound) {
    return (
      <div className="flex min-h-[50vh] flex-col items-center justify-center gap-4 px-4 text-center">
        <h1 className="text-2xl font-bold">{tr('productNotFound')}</h1>
        <Button onClick={() => navigate('/')}>{tr('goHome')}</Button>
      </div>
    );
  }
  if (!query.data) return <ProductSkeleton />;
  return (
    <ProductView
      key={query.data.product.id}
      product={query.data.product}
      lookupAvailable={query.data.player_lookup}
    />
  );
}

/**
 * The order form: package, player, payment method, then the summary that leads to /payment.
 * 'Buy again' (My Orders, My Codes) opens it as /product/{id}?variant=&uid=&zone=: the package and
 * player are filled in, so Proceed and Pay are all that is left.
 */
function ProductView({ product, lookupAvailable }: { product: Product; lookupAvailable: boolean }) {
  const { locale } = useFormat();
  const productName = localized(locale, product.name, product.name_bn);
  useSeo(productName);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [variantId, setVariantId] = useState<string | undefined>(
    () => product.variants.find((v) => v.id === params.get('variant') && v.stock > 0)?.id,
  );
  const lookup = usePlayerLookup(product.id, product, lookupAvailable);
  const [whatsapp, setWhatsapp] = useState('');
  const [chosenMethod, setMethod] = useState<OrderPaymentMethod>();
  const variant = product.variants.find((v) => v.id === variantId);
  const { uid, player } = lookup;
  const me = useMe();
  // Until the buyer picks one, the wallet when its balance covers the package: a regular buyer's
  // second order is Proceed, then Pay.
  const method =
    chosenMethod ?? (variant && me.data && me.data.balance >= variant.price ? 'wallet' : undefined);
  const saved = useSavedPlayers();
  const savedHere = (saved.data ?? []).filter((p) => p.product_id === product.id);
  const againFilled = useRef(false);
  useEffect(() => {
    if (againFilled.current || !lookup.needsUid) return;
    const againUid = params.get('uid');
    // Buy again from My Codes names the package only: the game's newest saved player.
    const newest = params.get('variant') && !lookup.uid ? savedHere[0] : undefined;
    if (!againUid && !newest) return;
    againFilled.current = true;
    lookup.choose(
      againUid
        ? { uid: againUid, zone: params.get('zone') }
        : { uid: newest!.player_uid, zone: newest!.player_zone },
    );
  }, [params, savedHere, lookup]);

  const proceed = (e: FormEvent) => {
    e.preventDefault();
    if (!variant || (lookup.needsUid && !uid.trim()) || !method) {
      toast.error(t('error'), { description: t('fillAllFields') });
      return;
    }
    if (!lookup.readyToOrder()) return;
    const state: PaymentState = {
      // The names the buyer saw, for the payment page (display only; the order carries the ids).
      product: productName,
      productId: product.id,
      variant: localized(locale, variant.name, variant.name_bn),
      variantId: variant.id,
      price: formatTaka(variant.price),
      amount: variant.price,
      playerUID: lookup.needsUid ? uid.trim() : '',
      ...(lookup.needsZone && { playerZone: lookup.zone.trim() }),
      // Only a configured provider's name: with none the shop shows no name at all.
      playerName: player?.player_name ?? '',
      whatsappNumber: whatsapp.trim(),
      paymentMethod: method,
    };
    navigate('/payment', { state });
  };

  return (
    <div className="mx-auto max-w-6xl px-3 py-4 sm:px-4 sm:py-6">
      <ProductHeader product={product} />
      <form onSubmit={proceed} className="mt-6 grid gap-4 lg:grid-cols-3" noValidate>
        <div className="space-y-4 lg:col-span-2">
          <PackagePicker variants={product.variants} value={variantId} onChange={setVariantId} />
          <PlayerStep
            lookup={lookup}
            uidHelp={localizedList(locale, product.uid_help, product.uid_help_bn)}
            whatsapp={whatsapp}
            onWhatsappChange={setWhatsapp}
            saved={<SavedPlayerChoices players={savedHere} lookup={lookup} />}
          />
          <PaymentMethodStep value={method} onChange={setMethod} />
        </div>
        <div className="space-y-4">
          <OrderSummary variant={variant} lookup={lookup} />
          <ProductInfo product={product} variant={variant} />
        </div>
      </form>
    </div>
  );
}
