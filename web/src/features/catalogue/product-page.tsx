import { useMutation, useQuery } from '@tanstack/react-query';
import type { CatalogProduct } from '@khelaghor/contract/schemas/catalog';
import { formatTaka } from '@khelaghor/contract/taka';
import { CheckCircle2, Gamepad2, Info, Loader2 } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { Button } from '../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../components/ui/card';
import { Input } from '../components/ui/input';
import { Label } from '../components/ui/label';
import { Skeleton } from '../components/ui/skeleton';
import { toast } from '../components/ui/sonner';
import { ApiError, call, errorMessage } from '../lib/api';
import { useAuth } from '../lib/auth';
import { PAYMENT_METHODS, type PaymentMethod, type PaymentState } from '../lib/payment-state';
import { checkPlayerUid } from '../lib/player-uid';
import { useSeo } from '../lib/seo';
import { useMe } from '../lib/site';
import { cn } from '../lib/utils';

interface Player {
  player_name: string;
  level: number;
  rank: string;
}

export default function ProductPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const query = useQuery({ queryKey: ['product', id], queryFn: () => call('getProduct', { params: { id } }) });
  const notFound = query.error instanceof ApiError && query.error.status === 404;

  useEffect(() => {
    // Any other failure: the spec's 'Error' toast, then home.
    if (query.error && !notFound) {
      toast.error('Error', { description: errorMessage(query.error) });
      navigate('/');
    }
  }, [query.error, notFound, navigate]);

  if (notFound) {
    return (
      <div className="flex min-h-[50vh] flex-col items-center justify-center gap-4 px-4 text-center">
        <h1 className="text-2xl font-bold">Product not found</h1>
        <Button onClick={() => navigate('/')}>Go Home</Button>
      </div>
    );
  }
  if (!query.data) return <ProductSkeleton />;
  return <ProductView key={query.data.product.id} product={query.data.product} />;
}

function ProductSkeleton() {
  return (
    <div className="mx-auto min-h-screen max-w-6xl px-3 py-4 sm:px-4" aria-busy="true">
      <div className="flex items-center gap-3">
        <Skeleton className="h-16 w-16" />
        <div className="space-y-2">
          <Skeleton className="h-6 w-48" />
          <Skeleton className="h-4 w-24" />
        </div>
      </div>
      <div className="mt-6 grid gap-4 lg:grid-cols-3">
        <Skeleton className="h-72 lg:col-span-2" />
        <Skeleton className="h-72" />
      </div>
    </div>
  );
}

function StepTitle({ n, children }: { n: number; children: string }) {
  return (
    <CardTitle className="flex items-center gap-2 text-base">
      <span className="flex h-7 w-7 items-center justify-center rounded-full bg-primary text-sm text-primary-foreground" aria-hidden="true">
        {n}
      </span>
      {children}
    </CardTitle>
  );
}

function ProductView({ product }: { product: CatalogProduct }) {
  useSeo(product.name);
  const navigate = useNavigate();
  const { user } = useAuth();
  const me = useMe();
  const [variantId, setVariantId] = useState<string>();
  const [uid, setUid] = useState('');
  const uidRef = useRef('');
  const [uidError, setUidError] = useState<string>();
  const [player, setPlayer] = useState<Player>();
  const [whatsapp, setWhatsapp] = useState('');
  const [method, setMethod] = useState<PaymentMethod>();
  const variant = product.variants.find((v) => v.id === variantId);

  const lookup = useMutation({
    mutationFn: (playerUid: string) => call('lookupPlayer', { body: { player_uid: playerUid, product_id: product.id } }),
    onSuccess: (data, playerUid) => {
      // A late answer for a UID the user already changed must not verify the new one.
      if (playerUid !== uidRef.current.trim()) return;
      setPlayer(data.player);
      toast.success('Player Verified', { description: `${data.player.player_name} (Level ${data.player.level})` });
    },
    onError: (error) => {
      if (error instanceof ApiError && (error.status === 404 || error.status === 400)) {
        toast.error('Player Not Found', { description: error.message || 'Could not verify player. Please check the UID.' });
      } else {
        toast.error('Error', { description: errorMessage(error) });
      }
    },
  });

  const onUidChange = (value: string) => {
    const next = value.replace(/\s/g, '');
    uidRef.current = next;
    setUid(next);
    // The spec's version kept the old verification: a changed UID must be checked again.
    setPlayer(undefined);
    setUidError(undefined);
  };

  const verify = () => {
    const problem = checkPlayerUid(uid);
    if (problem) {
      setUidError(problem.message);
      toast.error(problem.title, problem.title === problem.message ? undefined : { description: problem.message });
      return;
    }
    lookup.mutate(uid.trim());
  };

  const proceed = (e: FormEvent) => {
    e.preventDefault();
    if (!variant || !uid.trim() || !method) {
      toast.error('Error', { description: 'Please fill all required fields' });
      return;
    }
    const problem = checkPlayerUid(uid);
    if (problem) {
      setUidError(problem.message);
      toast.error(problem.title, { description: problem.message });
      return;
    }
    if (!player) {
      toast.error('Verify Player', { description: 'Please verify the player name before proceeding' });
      return;
    }
    const state: PaymentState = {
      product: product.name,
      productId: product.id,
      variant: variant.name,
      variantId: variant.id,
      price: formatTaka(variant.price),
      amount: variant.price,
      playerUID: uid.trim(),
      playerName: player.player_name,
      whatsappNumber: whatsapp.trim(),
      paymentMethod: method,
    };
    navigate('/payment', { state });
  };

  return (
    <div className="mx-auto max-w-6xl px-3 py-4 sm:px-4 sm:py-6">
      <div className="flex items-center gap-3">
        <div className="h-16 w-16 shrink-0 overflow-hidden rounded-lg bg-muted">
          {product.image_url ? (
            <img src={product.image_url} alt="" width={64} height={64} className="h-full w-full object-cover" />
          ) : (
            <div className="flex h-full w-full items-center justify-center" aria-hidden="true">
              <Gamepad2 className="h-8 w-8 text-violet-400" />
            </div>
          )}
        </div>
        <div>
          <h1 className="text-xl font-bold sm:text-2xl">{product.name}</h1>
          {product.category && <p className="text-sm text-muted-foreground">{product.category}</p>}
        </div>
      </div>

      <form onSubmit={proceed} className="mt-6 grid gap-4 lg:grid-cols-3" noValidate>
        <div className="space-y-4 lg:col-span-2">
          <Card>
            <CardHeader>
              <StepTitle n={1}>Select Package</StepTitle>
            </CardHeader>
            <CardContent>
              {product.variants.length === 0 ? (
                <p className="text-sm text-muted-foreground">No packages available at the moment</p>
              ) : (
                <fieldset>
                  <legend className="sr-only">Package</legend>
                  <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
                    {product.variants.map((v) => {
                      const out = v.stock <= 0;
                      return (
                        <label
                          key={v.id}
                          className={cn(
                            'relative flex min-h-20 cursor-pointer flex-col justify-center rounded-lg border-2 p-3 text-sm',
                            'has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
                            variantId === v.id ? 'border-primary bg-accent' : 'border-border bg-card hover:border-primary/50',
                            out && 'cursor-not-allowed opacity-50',
                          )}
                        >
                          <input
                            type="radio"
                            name="variant"
                            value={v.id}
                            checked={variantId === v.id}
                            disabled={out}
                            onChange={() => setVariantId(v.id)}
                            className="sr-only"
                          />
                          <span className="font-semibold">{v.name}</span>
                          <span className="mt-1 font-bold text-primary">{formatTaka(v.price)}</span>
                          {out ? (
                            <span className="mt-1 text-xs font-semibold text-red-700">Out of Stock</span>
                          ) : v.stock < 10 ? (
                            <span className="mt-1 text-xs font-medium text-orange-700">Only {v.stock} left</span>
                          ) : null}
                        </label>
                      );
                    })}
                  </div>
                </fieldset>
              )}
            </CardContent>
          </Card>

          <Card>
            <CardHeader>
              <StepTitle n={2}>Enter Account Info</StepTitle>
            </CardHeader>
            <CardContent className="space-y-4">
              <div className="space-y-2">
                <Label htmlFor="player-uid">Player UID *</Label>
                <div className="flex gap-2">
                  <Input
                    id="player-uid"
                    inputMode="numeric"
                    autoComplete="off"
                    placeholder="Enter your Player UID"
                    value={uid}
                    maxLength={12}
                    onChange={(e) => onUidChange(e.target.value)}
                    aria-invalid={Boolean(uidError)}
                    aria-describedby={uidError ? 'player-uid-error' : 'player-uid-hint'}
                  />
                  <Button type="button" variant="secondary" onClick={verify} disabled={lookup.isPending} className="shrink-0">
                    {lookup.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
                    {lookup.isPending ? 'Checking…' : 'Verify'}
                  </Button>
                </div>
                {uidError ? (
                  <p id="player-uid-error" className="text-sm text-red-700">
                    {uidError}
                  </p>
                ) : (
                  <p id="player-uid-hint" className="text-xs text-muted-foreground">
                    8 to 12 digits, from your game profile
                  </p>
                )}
                <div aria-live="polite" className="min-h-6">
                  {player && (
                    <p className="flex items-center gap-2 rounded-md bg-green-50 px-3 py-2 text-sm text-green-800" data-testid="player-verified">
                      <CheckCircle2 className="h-4 w-4" aria-hidden="true" />
                      <span>
                        <strong>{player.player_name}</strong> · Level {player.level} · {player.rank}
                      </span>
                    </p>
                  )}
                </div>
              </div>
              <div className="space-y-2">
                <Label htmlFor="whatsapp">WhatsApp Number (optional)</Label>
                <Input
                  id="whatsapp"
                  type="tel"
                  inputMode="tel"
                  autoComplete="tel"
                  placeholder="01XXXXXXXXX"
                  value={whatsapp}
                  onChange={(e) => setWhatsapp(e.target.value)}
                />
              </div>
            </CardContent>
          </Card>

          <Card>
            <CardHeader>
              <StepTitle n={3}>Choose Payment Method</StepTitle>
            </CardHeader>
            <CardContent>
              <fieldset>
                <legend className="sr-only">Payment method</legend>
                <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
                  {PAYMENT_METHODS.map((m) => (
                    <label
                      key={m.value}
                      className={cn(
                        'flex min-h-16 cursor-pointer flex-col justify-center rounded-lg border-2 p-3 text-sm',
                        'has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
                        method === m.value ? 'border-primary bg-accent' : 'border-border bg-card hover:border-primary/50',
                      )}
                    >
                      <input
                        type="radio"
                        name="payment-method"
                        value={m.value}
                        checked={method === m.value}
                        onChange={() => setMethod(m.value)}
                        className="sr-only"
                      />
                      <span className="font-semibold">{m.label}</span>
                      <span className="text-xs text-muted-foreground">
                        {m.value === 'wallet' && user && me.data ? `Balance ${formatTaka(me.data.balance)}` : m.hint}
                      </span>
                    </label>
                  ))}
                </div>
              </fieldset>
            </CardContent>
          </Card>
        </div>

        <div className="space-y-4">
          <Card className="lg:sticky lg:top-20">
            <CardHeader>
              <CardTitle className="text-base">Order Summary</CardTitle>
            </CardHeader>
            <CardContent className="space-y-2 text-sm">
              <dl className="space-y-1">
                <div className="flex justify-between gap-2">
                  <dt className="text-muted-foreground">Package</dt>
                  <dd className="text-right font-medium">{variant?.name ?? '—'}</dd>
                </div>
                <div className="flex justify-between gap-2">
                  <dt className="text-muted-foreground">Player</dt>
                  <dd className="text-right font-medium">{player?.player_name ?? '—'}</dd>
                </div>
                <div className="flex justify-between gap-2 border-t pt-2 text-base">
                  <dt className="font-semibold">Total</dt>
                  <dd className="font-bold text-primary">{variant ? formatTaka(variant.price) : '৳0.00'}</dd>
                </div>
              </dl>
              <Button type="submit" size="lg" className="mt-2 w-full" disabled={!player}>
                Proceed to Payment
              </Button>
              {!player && <p className="text-center text-xs text-muted-foreground">Verify the Player UID to continue</p>}
            </CardContent>
          </Card>
          <section aria-labelledby="product-info" className="rounded-lg border bg-blue-50 p-4 text-sm text-blue-950">
            <h2 id="product-info" className="flex items-center gap-2 font-semibold">
              <Info className="h-4 w-4" aria-hidden="true" /> Product Information
            </h2>
            {product.description && <p className="mt-2 whitespace-pre-line">{product.description}</p>}
            <ul className="mt-2 list-disc space-y-1 pl-5">
              <li>Delivered in under 1 minute after payment.</li>
              <li>Double-check your Player UID: top-ups cannot be reversed.</li>
              <li>Your code also appears under My Codes.</li>
            </ul>
          </section>
        </div>
      </form>
    </div>
  );
}
