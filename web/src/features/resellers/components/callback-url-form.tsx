import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { errorMessage } from '../../../shared/api/client';
import { Button } from '../../../shared/ui/button';
import { Input } from '../../../shared/ui/input';
import { Label } from '../../../shared/ui/label';
import { toast } from '../../../shared/ui/sonner';
import { putCallbackUrl, refreshAccount, refreshCallbacks } from '../api';
import { t, useT } from '../messages';

/** Where order callbacks go; empty clears it (callbacks then wait until a URL is set). */
export function CallbackUrlForm({ current }: { current: string | null }) {
  const tr = useT();
  const client = useQueryClient();
  const [url, setUrl] = useState(current ?? '');
  const [error, setError] = useState<string>();
  const save = useMutation({
    mutationFn: putCallbackUrl,
    onSuccess: (answer) => {
      setUrl(answer.callback_url ?? '');
      toast.success(answer.callback_url ? t('callbackSaved') : t('callbackRemoved'));
      void refreshAccount(client);
      void refreshCallbacks(client);
    },
    onError: (err) => setError(errorMessage(err)),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setError(undefined);
    save.mutate(url.trim() || null);
  };
  return (
    <form onSubmit={submit} noValidate className="space-y-1.5">
      <Label htmlFor="callback-url">{tr('callbackUrl')}</Label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Input
          id="callback-url"
          type="url"
          inputMode="url"
          placeholder="https://your-shop.example/khelaghor/callback"
          value={url}
          aria-invalid={error ? true : undefined}
          onChange={(e) => setUrl(e.target.value)}
        />
        <Button type="submit" variant="outline" disabled={save.isPending}>
          {tr('saveCallbackUrl')}
        </Button>
      </div>
      {error && (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
      <p className="text-xs text-muted-foreground">{tr('callbackHint')}</p>
    </form>
  );
}
