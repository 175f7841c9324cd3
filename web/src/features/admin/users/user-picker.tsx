import type { AdminUser } from '@khelaghor/contract/schemas/admin-users';
import { useState } from 'react';
import { Button } from '../../../shared/ui/button';
import { Input } from '../../../shared/ui/input';
import { usePagedList } from '../hooks/use-admin-queries';
import { useFormat } from '../../../shared/i18n/format';
import { useT } from '../messages';
import { LoadMore } from '../components/kit';

/**
 * Find a customer by email and choose one. The search is the Users section's (GET /api/admin/users
 * with an email prefix, any case), paged with Load more, so every customer can be reached, not
 * only the newest page. With `browse` the newest users show before any search.
 */
export function UserPicker({
  onChoose,
  browse = false,
  enabled = true,
  errorPrefix,
}: {
  onChoose: (user: AdminUser) => void;
  browse?: boolean;
  enabled?: boolean;
  errorPrefix?: string;
}) {
  const [emailPrefix, setEmailPrefix] = useState('');
  const tr = useT();
  const { money } = useFormat();
  const show = browse || emailPrefix !== '';
  const users = usePagedList('adminListUsers', emailPrefix ? { email: emailPrefix } : {}, {
    enabled: enabled && show,
    errorPrefix: errorPrefix ?? tr('failedFindUsers'),
  });
  return (
    <div className="flex flex-col gap-3">
      <EmailPrefixSearch
        label={tr('findCustomerByEmail')}
        placeholder={tr('emailStartsWith')}
        button={tr('find')}
        onSearch={setEmailPrefix}
      />
      {show && (
        <div>
          <ul
            className="flex max-h-64 flex-col divide-y overflow-y-auto rounded-md border text-sm"
            aria-label={tr('usersFound')}
          >
            {users.isLoading && <li className="p-3 text-muted-foreground">{tr('loading')}</li>}
            {!users.isLoading && users.items.length === 0 && (
              <li className="p-3 text-muted-foreground">{tr('noUsersFound')}</li>
            )}
            {users.items.map((u) => (
              <li key={u.id} className="flex items-center justify-between gap-2 p-2">
                <span className="min-w-0 break-all">
                  {u.email} <span className="text-xs text-muted-foreground">({money(u.balance)})</span>
                </span>
                <Button
                  type="button"
                  size="sm"
                  aria-label={tr('chooseNoun', { noun: u.email })}
                  onClick={() => onChoose(u)}
                >
                  {tr('choose')}
                </Button>
              </li>
            ))}
          </ul>
          <LoadMore list={users} />
        </div>
      )}
    </div>
  );
}

/** The email-prefix search box of the admin's user lists: submits the trimmed, lower-cased text. */
export function EmailPrefixSearch({
  label,
  placeholder,
  button,
  onSearch,
  className = 'flex gap-2',
}: {
  label: string;
  placeholder: string;
  button: string;
  onSearch: (prefix: string) => void;
  className?: string;
}) {
  const [search, setSearch] = useState('');
  return (
    <form
      className={className}
      onSubmit={(e) => {
        e.preventDefault();
        onSearch(search.trim().toLowerCase());
      }}
    >
      <Input
        type="search"
        aria-label={label}
        placeholder={placeholder}
        value={search}
        onChange={(e) => setSearch(e.target.value)}
      />
      <Button type="submit" variant="outline">
        {button}
      </Button>
    </form>
  );
}
