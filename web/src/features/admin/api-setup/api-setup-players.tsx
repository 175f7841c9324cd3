import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PlayerLookupProvider } from '@khelaghor/contract/schemas/players';
import { call } from '../../../shared/api/client';
import { Field, NativeSelect, Options, SectionCard } from '../components/kit';
import { useFormat } from '../../../shared/i18n/format';
import { notifyError, notifySuccess } from '../lib/notify';
import { getOptions } from '../api';
import { useAdminGet } from '../hooks/use-admin-queries';
import { t, useT, type SettingsMessage } from '../settings/messages';

const LABELS: Record<PlayerLookupProvider, SettingsMessage> = {
  none: 'lookupNone',
  simulation: 'lookupSimulation',
  unipin: 'lookupUnipin',
  moogold: 'lookupMoogold',
};

/**
 * Where the product page's Verify gets player names. With none, the shop shows no name at all:
 * the simulation's names are made up, so it is for the demo only.
 */
export function PlayerLookupSetup() {
  const tr = useT();
  const { date } = useFormat();
  const config = useAdminGet('adminGetPlayerLookup', { errorPrefix: tr('failedLoadPlayerLookup') });
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: (provider: PlayerLookupProvider) => call('adminSavePlayerLookup', { body: { provider } }),
    onSuccess: (res) => {
      // The server says 'Player lookup provider saved' in English; the page's own words instead.
      notifySuccess(t('playerLookupSaved'));
      queryClient.setQueryData(getOptions('adminGetPlayerLookup').queryKey, res.config);
    },
    onError: notifyError,
  });
  const current = config.data?.provider;
  return (
    <SectionCard title={tr('playerLookup')} description={tr('playerLookupDescription')}>
      <Field
        id="player-lookup-provider"
        label={tr('provider')}
        hint={config.data?.updated_at ? tr('lastSaved', { date: date(config.data.updated_at) }) : undefined}
      >
        <NativeSelect
          id="player-lookup-provider"
          value={current ?? ''}
          disabled={!current || save.isPending}
          onChange={(e) => save.mutate(e.target.value as PlayerLookupProvider)}
        >
          <Options values={Object.keys(LABELS) as PlayerLookupProvider[]} label={(p) => tr(LABELS[p])} />
        </NativeSelect>
      </Field>
    </SectionCard>
  );
}
