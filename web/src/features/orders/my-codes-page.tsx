import { useInfiniteQuery } from '@tanstack/react-query';
import { KeyRound, RotateCcw } from 'lucide-react';
import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { CodeDisplay } from '../../shared/components/code-display';
import { EmptyState, ListSkeleton } from '../../shared/components/list-states';
import { RedeemSteps } from '../../shared/components/redeem-steps';
import { Button } from '../../shared/ui/button';
import { Card, CardContent } from '../../shared/ui/card';
import { toast } from '../../shared/ui/sonner';
import { errorMessage } from '../../shared/api/client';
import { buyAgainPath } from '../../shared/api/saved-players';
import { localized } from '../../shared/i18n/content';
import { useFormat } from '../../shared/i18n/format';
import { useSeo } from '../../shared/lib/seo';
import { codesQuery } from './api';
import { t, useT } from './messages';

export default function MyCodesPage() {
  const tr = useT();
  const { date, locale } = useFormat();
  useSeo(tr('myCodes'));
  const navigate = useNavigate();
  const codes = useInfiniteQuery(codesQuery);
  useEffect(() => {
    if (codes.error) toast.error(t('error'), { description: errorMessage(codes.error) });
  }, [codes.error]);
  const items = codes.data?.pages.flatMap((p) => p.items) ?? [];

  return (
    <div className="mx-auto max-w-3xl px-3 py-4 sm:px-4 sm:py-6">
      <h1 className="mb-4 text-xl font-bold">{tr('myCodes')}</h1>
      {codes.isPending ? (
        <ListSkeleton height="h-32" />
      ) : items.length === 0 ? (
        <EmptyState
          icon={<KeyRound className="h-12 w-12" />}
          text={codes.error ? tr('couldNotLoadCodes') : tr('noCodes')}
          action={<Button onClick={() => navigate('/')}>{tr('browseProducts')}</Button>}
        />
      ) : (
        <ul className="space-y-3">
          {items.map((c) => (
            <li key={c.id}>
              <Card>
                <CardContent className="space-y-3 p-4 sm:p-4">
                  <div className="flex items-start justify-between gap-2">
                    <div className="min-w-0">
                      <h2 className="font-semibold">
                        {c.product_name
                          ? localized(locale, c.product_name, c.product_name_bn)
                          : tr('voucher')}
                      </h2>
                      <p className="text-sm text-muted-foreground">
                        {c.variant_name && localized(locale, c.variant_name, c.variant_name_bn)}
                      </p>
                    </div>
                    <p className="shrink-0 text-xs text-muted-foreground">
                      {date(c.delivered_at ?? c.created_at)}
                    </p>
                  </div>
                  <CodeDisplay code={c.code} />
                  <RedeemSteps productId={c.product_id} collapsible />
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    {c.order_id && (
                      <p className="text-xs text-muted-foreground">
                        {tr('orderShort', { id: c.order_id.slice(0, 8) })}
                      </p>
                    )}
                    {/* The code's package again; the page offers the game's newest saved player. */}
                    {c.product_id && (
                      <Button
                        size="sm"
                        className="ml-auto"
                        onClick={() =>
                          navigate(
                            buyAgainPath({
                              product_id: c.product_id!,
                              product_variant_id: c.product_variant_id,
                            }),
                          )
                        }
                      >
                        <RotateCcw aria-hidden="true" />
                        {tr('buyAgain')}
                      </Button>
                    )}
                  </div>
                </CardContent>
              </Card>
            </li>
          ))}
        </ul>
      )}
      {codes.hasNextPage && (
        <Button
          variant="outline"
          className="mt-4 w-full"
          onClick={() => void codes.fetchNextPage()}
          disabled={codes.isFetchingNextPage}
        >
          {codes.isFetchingNextPage ? tr('loading') : tr('loadMore')}
        </Button>
      )}
    </div>
  );
}
