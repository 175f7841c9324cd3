import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call, errorMessage } from '../../../shared/api/client';
import { useMe } from '../../../shared/api/site';
import { TitledCard } from '../../../shared/ui/card';
import { toast } from '../../../shared/ui/sonner';
import { refreshMe } from '../api';
import { t, useT } from '../messages';

/** Receipts always go out; the buyer may turn every other email off (docs/notifications.md). */
export function EmailPreferencesCard() {
  const tr = useT();
  const me = useMe();
  const client = useQueryClient();
  const save = useMutation({
    mutationFn: (optional: boolean) => call('putEmailPreferences', { body: { optional } }),
    onSuccess: async () => {
      toast.success(t('success'), { description: t('emailPreferencesSaved') });
      await refreshMe(client);
    },
    onError: (error) => toast.error(t('error'), { description: errorMessage(error) || t('couldNotSave') }),
  });
  const checked = save.isPending ? save.variables : (me.data?.notify_optional ?? true);
  return (
    <TitledCard title={tr('emailNotifications')} className="space-y-2 text-sm">
      <label className="flex items-start gap-3">
        <input
          type="checkbox"
          className="mt-0.5 h-4 w-4 accent-violet-600"
          checked={checked}
          disabled={!me.data || save.isPending}
          onChange={(e) => save.mutate(e.target.checked)}
        />
        <span>{tr('alsoEmailMe')}</span>
      </label>
      <p className="text-muted-foreground">{tr('receiptsAlways')}</p>
    </TitledCard>
  );
}
