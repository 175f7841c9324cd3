import { MessageCircle, Send } from 'lucide-react';
import { useSettings } from '../../../shared/api/site';
import { useT } from '../messages';
import { FeatureTiles } from './feature-tiles';
import { Newsletter } from './newsletter';

/** The home page below the games grid: why buy here, the community links, the newsletter. */
export default function HomeMore() {
  const tr = useT();
  const settings = useSettings();
  return (
    <>
      <FeatureTiles />
      {(settings.telegram_url || settings.whatsapp_community_url) && (
        <section aria-label={tr('joinCommunity')} className="flex flex-col gap-3 sm:flex-row">
          {settings.telegram_url && (
            <a
              href={settings.telegram_url}
              target="_blank"
              rel="noreferrer"
              className="flex h-12 flex-1 items-center justify-center gap-2 rounded-lg bg-sky-700 font-semibold text-white hover:bg-sky-800"
            >
              <Send className="h-5 w-5" aria-hidden="true" /> {tr('joinTelegram')}
            </a>
          )}
          {settings.whatsapp_community_url && (
            <a
              href={settings.whatsapp_community_url}
              target="_blank"
              rel="noreferrer"
              className="flex h-12 flex-1 items-center justify-center gap-2 rounded-lg bg-whatsapp font-semibold text-white hover:opacity-90"
            >
              <MessageCircle className="h-5 w-5" aria-hidden="true" /> {tr('joinWhatsApp')}
            </a>
          )}
        </section>
      )}
      <Newsletter />
    </>
  );
}
