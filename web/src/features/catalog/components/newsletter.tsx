import { useState, type FormEvent } from 'react';
import { Button } from '../../../shared/ui/button';
import { Input } from '../../../shared/ui/input';
import { Label } from '../../../shared/ui/label';
import { useT } from '../messages';

/** The spec's newsletter form: it makes no call. */
export function Newsletter() {
  const t = useT();
  const [email, setEmail] = useState('');
  const [done, setDone] = useState(false);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!email.trim()) return;
    setDone(true);
    setEmail('');
  };
  return (
    <section aria-labelledby="newsletter-heading" className="rounded-xl bg-slate-900 p-5 text-white sm:p-8">
      <h2 id="newsletter-heading" className="text-lg font-bold">
        {t('newsletterTitle')}
      </h2>
      <p className="mt-1 text-sm text-slate-300">{t('newsletterText')}</p>
      <form onSubmit={submit} className="mt-4 flex flex-col gap-2 sm:flex-row">
        <Label htmlFor="newsletter-email" className="sr-only">
          {t('emailAddress')}
        </Label>
        <Input
          id="newsletter-email"
          type="email"
          required
          placeholder="you@example.com"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          className="text-foreground sm:max-w-xs"
        />
        <Button type="submit">{t('subscribe')}</Button>
      </form>
      <p className="mt-2 min-h-5 text-sm text-green-300" role="status">
        {done ? t('subscribed') : ''}
      </p>
    </section>
  );
}
