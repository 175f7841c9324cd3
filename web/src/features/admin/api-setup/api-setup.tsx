import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { Badge } from '../../../shared/ui/badge';
import { Button } from '../../../shared/ui/button';
import { Input } from '../../../shared/ui/input';
import { ApiError, call } from '../../../shared/api/client';
import { apiFieldMessages } from '../../../shared/api/messages';
import { Checkbox, Field, SectionCard } from '../components/kit';
import { useFormat } from '../../../shared/i18n/format';
import { notifyError, notifySuccess } from '../lib/notify';
import { getOptions } from '../api';
import { useAdminGet } from '../hooks/use-admin-queries';
import { PlayerLookupSetup } from './api-setup-players';
import { SuppliersSetup } from './api-setup-suppliers';
import { t, useT, type SettingsMessage } from '../settings/messages';

/** The connection test's answers (functions/src/use-cases/gateway/gateway-config.ts), by their English text. */
const TEST_ANSWERS: Array<[RegExp, SettingsMessage]> = [
  [/^Connected to the payment gateway$/, 'gatewayConnected'],
  [/^Gateway base URL or API key is missing$/, 'gatewayKeyMissing'],
  [/^The gateway rejected the API key$/, 'gatewayRejectedKey'],
  [/^The gateway answered HTTP (\d+) without JSON \(check the base URL\)$/, 'gatewayAnsweredNotJson'],
  [/^The gateway answered HTTP (\d+)$/, 'gatewayAnsweredHttp'],
  [/^The gateway did not answer in time$/, 'gatewayTimedOut'],
  [/^The gateway is unreachable$/, 'gatewayUnreachable'],
];

/** The test's answer in the page's language; one not listed stays as the server wrote it. */
export function testAnswer(message: string): string {
  for (const [pattern, key] of TEST_ANSWERS) {
    const found = pattern.exec(message);
    // The HTTP status is a code: its digits stay as they are.
    if (found) return t(key, { status: found[1] ?? '' });
  }
  return message;
}

export default function ApiSetupSection() {
  const tr = useT();
  const { date } = useFormat();
  const config = useAdminGet('adminGetGateway', { errorPrefix: tr('failedLoadPayments') });
  const queryClient = useQueryClient();
  const [form, setForm] = useState({
    provider_name: 'UddoktaPay',
    api_key: '',
    base_url: '',
    webhook_url: '',
    is_active: true,
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [testResult, setTestResult] = useState<{ ok: boolean; message: string } | null>(null);

  useEffect(() => {
    if (config.data) {
      setForm((f) => ({
        ...f,
        provider_name: config.data.provider_name,
        base_url: config.data.base_url,
        webhook_url: config.data.webhook_url,
        is_active: config.data.is_active,
        api_key: '',
      }));
    }
  }, [config.data]);

  const save = useMutation({
    mutationFn: () =>
      call('adminSaveGateway', {
        body: {
          provider_name: form.provider_name,
          base_url: form.base_url,
          webhook_url: form.webhook_url,
          is_active: form.is_active,
          // Write-only: an empty key keeps the stored one.
          ...(form.api_key.trim() && { api_key: form.api_key.trim() }),
        },
      }),
    onSuccess: (res) => {
      setErrors({});
      notifySuccess(t('gatewaySaved'));
      queryClient.setQueryData(getOptions('adminGetGateway').queryKey, res.config);
      setForm((f) => ({ ...f, api_key: '' }));
    },
    onError: (error) => {
      if (error instanceof ApiError && error.fields) setErrors(apiFieldMessages(error));
      notifyError(error);
    },
  });

  const test = useMutation({
    mutationFn: () => call('adminTestGateway'),
    onSuccess: (res) => setTestResult(res),
    onError: (error) => {
      setTestResult(null);
      notifyError(error);
    },
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate();
  };
  const c = config.data;

  return (
    <>
      <SectionCard
        title={tr('apiSetup')}
        description={tr('apiSetupDescription')}
        actions={
          c && (
            <Badge variant={c.source === 'stored' ? 'default' : 'secondary'}>
              {c.source === 'stored' ? tr('sourceSaved') : tr('sourceEnvironment')}
            </Badge>
          )
        }
      >
        <form onSubmit={submit} noValidate className="grid gap-3 sm:grid-cols-2">
          <Field id="gw-provider" label={tr('providerName')} error={errors.provider_name}>
            <Input
              id="gw-provider"
              value={form.provider_name}
              onChange={(e) => setForm({ ...form, provider_name: e.target.value })}
            />
          </Field>
          <Field
            id="gw-key"
            label={tr('apiKey')}
            error={errors.api_key}
            hint={c?.has_api_key ? tr('storedKeyHint', { masked: c.api_key_masked }) : tr('noKeyHint')}
          >
            <Input
              id="gw-key"
              type="password"
              autoComplete="off"
              placeholder={c?.has_api_key ? c.api_key_masked : tr('enterApiKey')}
              value={form.api_key}
              onChange={(e) => setForm({ ...form, api_key: e.target.value })}
            />
          </Field>
          <Field id="gw-base" label={tr('baseUrl')} error={errors.base_url}>
            <Input
              id="gw-base"
              type="url"
              placeholder="https://pay.example.com"
              value={form.base_url}
              onChange={(e) => setForm({ ...form, base_url: e.target.value })}
            />
          </Field>
          <Field id="gw-webhook" label={tr('webhookUrl')} error={errors.webhook_url}>
            <Input
              id="gw-webhook"
              type="url"
              value={form.webhook_url}
              onChange={(e) => setForm({ ...form, webhook_url: e.target.value })}
            />
          </Field>
          <Checkbox
            id="gw-active"
            label={tr('active')}
            checked={form.is_active}
            onChange={(e) => setForm({ ...form, is_active: e.target.checked })}
          />
          <p className="text-xs text-muted-foreground sm:text-right">
            {c?.updated_at ? tr('lastSaved', { date: date(c.updated_at) }) : ''}
          </p>
          <div className="flex flex-wrap gap-2 sm:col-span-2">
            <Button type="submit" disabled={save.isPending || config.isLoading}>
              {save.isPending ? tr('saving') : tr('saveConfiguration')}
            </Button>
            <Button type="button" variant="outline" disabled={test.isPending} onClick={() => test.mutate()}>
              {test.isPending ? tr('testing') : tr('testConnection')}
            </Button>
          </div>
          {testResult && (
            <p
              role="status"
              className={testResult.ok ? 'text-success sm:col-span-2' : 'text-destructive sm:col-span-2'}
            >
              {tr(testResult.ok ? 'connectionOk' : 'connectionFailed', {
                message: testAnswer(testResult.message),
              })}
            </p>
          )}
        </form>
      </SectionCard>
      <SuppliersSetup />
      <PlayerLookupSetup />
    </>
  );
}
