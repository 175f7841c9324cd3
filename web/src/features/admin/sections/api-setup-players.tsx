import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PlayerLookupProvider } from '@khelaghor/contract/schemas/players';
import { call } from '../../../shared/api/client';
import { Field, NativeSelect, SectionCard } from '../components/kit';
import { formatDateTime } from '../lib/format';
import { notifyError, notifySuccess } from '../lib/notify';
import { getOptions } from '../api';
import { useAdminGet } from '../hooks/use-admin-queries';

const LABELS: Record<PlayerLookupProvider, string> = {
  none: 'None (buyers type the Player UID twice)',
  simulation: 'Simulation (demo)',
};

/**
 * Where the product page's Verify gets player names. With none, the shop shows no name at all:
 * the simulation's names are made up, so it is for the demo only.
 */
export function PlayerLookupSetup() {
  const config = useAdminGet('adminGetPlayerLookup', { errorPrefix: 'Failed to load player lookup' });
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: (provider: PlayerLookupProvider) => call('adminSavePlayerLookup', { body: { provider } }),
    onSuccess: (res) => {
      notifySuccess(res.message);
      queryClient.setQueryData(getOptions('adminGetPlayerLookup').queryKey, res.config);
    },
    onError: notifyError,
  });
  const current = config.data?.provider;
  return (
    <SectionCard
      title="Player lookup"
      description="Verify on the product page asks this provider for the player's name. The simulation invents names: use it only for the demo."
    >
      <Field
        id="player-lookup-provider"
        label="Provider"
        hint={config.data?.updated_at ? `Last saved ${formatDateTime(config.data.updated_at)}` : undefined}
      >
        <NativeSelect
          id="player-lookup-provider"
          value={current ?? ''}
          disabled={!current || save.isPending}
          onChange={(e) => save.mutate(e.target.value as PlayerLookupProvider)}
        >
          {(Object.keys(LABELS) as PlayerLookupProvider[]).map((p) => (
            <option key={p} value={p}>
              {LABELS[p]}
            </option>
          ))}
        </NativeSelect>
      </Field>
    </SectionCard>
  );
}
