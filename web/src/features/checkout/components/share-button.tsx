import { Share2 } from 'lucide-react';
import { useBrandName } from '../../../shared/api/site';
import { Button } from '../../../shared/ui/button';
import { toast } from '../../../shared/ui/sonner';
import { useT } from '../messages';

/** Share the purchase through the device's share sheet. */
export function ShareButton({
  orderId,
  product,
  variant,
}: {
  orderId: string;
  product: string;
  variant: string;
}) {
  const tr = useT();
  const brand = useBrandName();
  const share = async () => {
    if (!navigator.share) {
      toast.error(tr('shareNotSupported'));
      return;
    }
    try {
      await navigator.share({
        title: tr('shareTitle', { brand }),
        text: tr('shareText', { product, variant, brand, order: orderId.slice(0, 8) }),
        url: window.location.origin,
      });
    } catch {
      /* the user closed the share sheet */
    }
  };
  return (
    <Button variant="outline" onClick={() => void share()}>
      <Share2 aria-hidden="true" /> {tr('share')}
    </Button>
  );
}
