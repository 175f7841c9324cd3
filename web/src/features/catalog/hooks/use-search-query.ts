import { useState } from 'react';
import { useLocation, useSearchParams } from 'react-router-dom';

/** Marks the URL changes the search field makes itself (see below). */
const FROM_FIELD = { productSearch: true } as const;

/**
 * The home page's search text, kept in the URL (/?q=free) so it survives a reload and the way back
 * from a product. The field reads its own state: the router applies URL changes in a transition,
 * and a field fed from the URL would drop letters typed before the URL caught up. A URL change the
 * field did not make (the Home link, back and forward) sets the text.
 */
export function useSearchQuery(): [string, (query: string) => void] {
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const urlQuery = params.get('q') ?? '';
  const [query, setQuery] = useState(urlQuery);
  const [seenKey, setSeenKey] = useState(location.key);
  if (location.key !== seenKey) {
    setSeenKey(location.key);
    const fromField = (location.state as typeof FROM_FIELD | null)?.productSearch === true;
    if (!fromField && urlQuery !== query) setQuery(urlQuery);
  }

  const change = (next: string) => {
    setQuery(next);
    setParams(
      (prev) => {
        const out = new URLSearchParams(prev);
        if (next.trim()) out.set('q', next);
        else out.delete('q');
        return out;
      },
      // Typing replaces the entry: Back leaves the page instead of undoing letters.
      { replace: true, state: FROM_FIELD, preventScrollReset: true },
    );
  };
  return [query, change];
}
