import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { saveLanguage } from '../api/language';
import { queryKey } from '../api/query-keys';
import { useMe } from '../api/site';
import { useAuth } from '../auth/auth';
import { setLocale, useLocale } from './i18n';

type Me = ReturnType<typeof useMe>['data'];

/**
 * The account whose language the page has taken since the page loaded or the last sign-in.
 * Module-wide, not per mount: the account menu mounts again on each return from the dashboard, and
 * a switch made in between must then be saved, not undone by the account's older language.
 */
let adoptedFor: string | undefined;

/** A sign-in (the sign-in page calls it): the account's language is applied again, even the same account's. */
export function adoptAccountLanguage(): void {
  adoptedFor = undefined;
}

/**
 * The signed-in buyer's language lives on their account (their mails come in it) and follows them
 * to any browser: after sign-in, the account's language is applied to the page, whatever this
 * browser chose before; from then on each switch is saved to the account (one PUT when they
 * differ). An account that has none yet takes the page's. Offline, a switch waits for the next one.
 */
export function useLanguageOnAccount(): void {
  const { user } = useAuth();
  const me = useMe();
  const locale = useLocale();
  const queryClient = useQueryClient();
  const saved = me.data?.language;
  const loaded = me.data !== undefined;
  const userId = user?.userId;

  useEffect(() => {
    if (!userId || !loaded) return;
    if (adoptedFor !== userId) {
      adoptedFor = userId;
      if (saved && saved !== locale) {
        setLocale(saved);
        return;
      }
    }
    if (saved === locale) return;
    void saveLanguage(locale).then((ok) => {
      if (!ok) return;
      queryClient.setQueryData(queryKey('getMe', userId), (old: Me) =>
        old ? { ...old, language: locale } : old,
      );
    });
  }, [userId, loaded, saved, locale, queryClient]);
}
