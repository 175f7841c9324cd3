import { Share2 } from 'lucide-react';
import { useSettings } from '../../../shared/api/site';
import { Button } from '../../../shared/ui/button';
import { toast } from '../../../shared/ui/sonner';

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
  const brand = useSettings().brand_name;
  const share = async () => {
    if (!navigator.share) {
      toast.error('Share feature not supported on this device');
      return;
    }
    try {
      await navigator.share({
        title: `${brand} order`,
        text: `I just bought ${product} (${variant}) on ${brand}! Order ${orderId.slice(0, 8)}`,
        url: window.location.origin,
      });
    } catch {
      /* the user closed the share sheet */
    }
  };
  return (
    <Button variant="outline" onClick={() => void share()}>
      <Share2 aria-hidden="true" /> Share
    </Button>
  );
}
