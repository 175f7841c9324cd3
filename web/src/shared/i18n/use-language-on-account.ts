import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { saveLanguage } from '../api/language';
import { queryKey } from '../api/query-keys';
import { useMe } from '../api/site';
import { useAuth } from '../auth/auth';
import { setLocale, useLocale } from './i18n';
import type { Locale } from './locale';

type Me = ReturnType<typeof useMe>['data'];

/**
 * Set by a sign-in: the account's language is to be applied. Module-wide, not per mount: the
 * sign-in page is not where the account menu lives, and the menu mounts again on each return from
 * the dashboard. A page load with a kept session is no sign-in: the language the buyer switched to
 * just before reloading stays (its save may not have landed yet).
 */
let adoptNext = false;
/** The account's language being switched to (its strings may still be loading): nothing is saved meanwhile. */
let adopting: Locale | undefined;

/** A sign-in (the sign-in page calls it): the account's language is applied to the page next. */
export function adoptAccountLanguage(): void {
  adoptNext = true;
  adopting = undefined;
}

/**
 * The signed-in buyer's language lives on their account (their mails come in it) and follows them
 * to any browser: after a sign-in the account's language is applied to the page, whatever this
 * browser chose before; each switch while signed in is saved to the account (one PUT when they
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
    if (adoptNext) {
      adoptNext = false;
      if (saved && saved !== locale) {
        adopting = saved;
        setLocale(saved);
        return;
      }
    }
    if (adopting) {
      if (locale !== adopting) return;
      adopting = undefined;
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
