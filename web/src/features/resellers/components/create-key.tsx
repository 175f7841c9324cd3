import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AlertTriangle, Copy } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { errorMessage } from '../../../shared/api/client';
import { copyText } from '../../../shared/lib/clipboard';
import { Button } from '../../../shared/ui/button';
import { Input } from '../../../shared/ui/input';
import { Label } from '../../../shared/ui/label';
import { toast } from '../../../shared/ui/sonner';
import { Textarea } from '../../../shared/ui/textarea';
import { createKey, refreshAccount } from '../api';
import { t, useT } from '../messages';

/** '203.0.113.7, 10.0.0.0/8' or one per line -> a list (the server checks each). */
const parseIpList = (text: string): string[] =>
  text
    .split(/[\s,]+/)
    .map((s) => s.trim())
    .filter(Boolean);

/**
 * 'Create API key' (label, allowed IPs). The secret is kept only in this component's state, never
 * in the query cache: once 'I have stored it' is pressed it is gone, as the shop never sends it again.
 */
export function CreateKey({ disabled }: { disabled?: boolean }) {
  const tr = useT();
  const client = useQueryClient();
  const [label, setLabel] = useState('');
  const [ips, setIps] = useState('');
  const [error, setError] = useState<string>();
  const [created, setCreated] = useState<{ keyId: string; secret: string }>();
  const create = useMutation({
    mutationFn: createKey,
    onSuccess: (answer) => {
      setCreated({ keyId: answer.key.id, secret: answer.secret });
      setLabel('');
      setIps('');
      toast.success(t('keyCreated'));
      void refreshAccount(client);
    },
    onError: (err) => setError(errorMessage(err)),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setError(undefined);
    create.mutate({ label: label.trim() || null, allowed_ips: parseIpList(ips) });
  };

  if (created) return <NewKeySecret {...created} onDone={() => setCreated(undefined)} />;
  return (
    <form onSubmit={submit} noValidate className="grid gap-3 sm:grid-cols-2">
      <div className="space-y-1.5">
        <Label htmlFor="key-label">{tr('labelOptional')}</Label>
        <Input
          id="key-label"
          maxLength={60}
          placeholder={tr('labelPlaceholder')}
          value={label}
          onChange={(e) => setLabel(e.target.value)}
        />
      </div>
      <div className="space-y-1.5">
        <Label htmlFor="key-ips">{tr('allowedIps')}</Label>
        <Textarea
          id="key-ips"
          rows={1}
          placeholder="203.0.113.7, 198.51.100.0/24"
          value={ips}
          onChange={(e) => setIps(e.target.value)}
        />
        <p className="text-xs text-muted-foreground">{tr('ipsHint')}</p>
      </div>
      {error && (
        <p role="alert" className="text-sm text-destructive sm:col-span-2">
          {error}
        </p>
      )}
      <Button
        type="submit"
        className="sm:col-span-2 sm:justify-self-start"
        disabled={create.isPending || disabled}
      >
        {create.isPending ? tr('creating') : tr('createKey')}
      </Button>
    </form>
  );
}

/** The new key's two values, each with its own copy button and texts. */
const FIELDS = [
  {
    testId: 'new-key-id',
    label: 'keyId',
    copy: 'copyKeyId',
    copied: 'keyIdCopied',
    failed: 'couldNotCopyKeyId',
  },
  {
    testId: 'new-key-secret',
    label: 'secret',
    copy: 'copySecret',
    copied: 'secretCopied',
    failed: 'couldNotCopySecret',
  },
] as const;

function NewKeySecret({ keyId, secret, onDone }: { keyId: string; secret: string; onDone: () => void }) {
  const tr = useT();
  const copy = async (text: string, what: (typeof FIELDS)[number]) => {
    if (await copyText(text)) toast.success(t('copied'), { description: t(what.copied) });
    else toast.error(t('error'), { description: t(what.failed) });
  };
  return (
    <div
      className="space-y-3 rounded-md border border-amber-500 bg-amber-50 p-3 text-sm"
      role="region"
      aria-label={tr('newKey')}
    >
      <p className="flex items-start gap-2 font-medium text-amber-900">
        <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        {tr('secretWarning')}
      </p>
      {FIELDS.map((what) => {
        const value = what.testId === 'new-key-id' ? keyId : secret;
        return (
          <div key={what.testId}>
            <p className="mb-1 text-xs font-medium text-muted-foreground">{tr(what.label)}</p>
            <div className="flex items-center gap-2">
              <code
                className="min-w-0 flex-1 break-all rounded border bg-card px-2 py-1.5 font-mono text-xs"
                data-testid={what.testId}
              >
                {value}
              </code>
              <Button
                variant="outline"
                size="icon"
                aria-label={tr(what.copy)}
                onClick={() => void copy(value, what)}
              >
                <Copy aria-hidden="true" />
              </Button>
            </div>
          </div>
        );
      })}
      <Button onClick={onDone}>{tr('storedIt')}</Button>
    </div>
  );
}
