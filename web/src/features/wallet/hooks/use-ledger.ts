import { useInfiniteQuery } from '@tanstack/react-query';
import { useMe } from '../../../shared/api/site';
import { ledgerQuery } from '../api';

/** The wallet history and the balance it ends with (the profile's balance until the ledger arrives). */
export function useLedger() {
  const me = useMe();
  const ledger = useInfiniteQuery(ledgerQuery);
  const entries = ledger.data?.pages.flatMap((p) => p.items) ?? [];
  const balance = ledger.data?.pages[0]?.balance ?? me.data?.balance;
  return { me, ledger, entries, balance };
}
