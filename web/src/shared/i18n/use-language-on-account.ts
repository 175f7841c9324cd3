import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { saveLanguage } from '../api/language';
import { queryKey } from '../api/query-keys';
import { useMe } from '../api/site';
import { useAuth } from '../auth/auth';
import { useLocale } from './i18n';

type Me = ReturnType<typeof useMe>['data'];

/**
 * Keeps the signed-in buyer's account language (their mails come in it) equal to the page's: after
 * sign-in and on each switch, one PUT when they differ. Offline it waits for the next change.
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
    if (!userId || !loaded || saved === locale) return;
    void saveLanguage(locale).then((ok) => {
      if (!ok) return;
      queryClient.setQueryData(queryKey('getMe', userId), (old: Me) =>
        old ? { ...old, language: locale } : old,
      );
    });
  }, [userId, loaded, saved, locale, queryClient]);
}
