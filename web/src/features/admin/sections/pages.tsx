import {
  PAGE_DEFAULT_TITLES,
  PAGE_PATHS,
  PAGE_SLUGS,
  PageBody,
  type FaqItem,
  type PageSlug,
} from '@khelaghor/contract/schemas/pages';
import { useQueryClient } from '@tanstack/react-query';
import { Plus, Trash2 } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import { ApiError, call } from '../../../shared/api/client';
import { queryKey } from '../../../shared/api/query-keys';
import { Button } from '../../../shared/ui/button';
import { Input } from '../../../shared/ui/input';
import { Textarea } from '../../../shared/ui/textarea';
import { getOptions } from '../api';
import { useAdminMutation } from '../components/crud';
import { Field, SectionCard } from '../components/kit';
import { useAdminGet } from '../hooks/use-admin-queries';
import { formatDateTime } from '../lib/format';
import { fieldErrors } from '../lib/schema-form';

/** One page's editor: title, text and, for the FAQ, its question/answer pairs. */
export function PageEditor({ slug }: { slug: PageSlug }) {
  const queryClient = useQueryClient();
  const current = useAdminGet('getPage', { params: { slug } });
  const [title, setTitle] = useState('');
  const [body, setBody] = useState('');
  const [faq, setFaq] = useState<FaqItem[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const page = current.data?.page;

  useEffect(() => {
    if (!page) return;
    setTitle(page.title);
    setBody(page.body);
    setFaq(page.faq);
  }, [page]);

  const save = useAdminMutation(
    (input: PageBody) => call('adminPutPage', { params: { slug }, body: input }),
    {
      success: 'Page saved',
      // The public answer may be edge-cached: the editor keeps what the server saved, and the
      // storefront's copy in this tab is dropped so the page shows the new text.
      onSuccess: (_, result) => {
        queryClient.setQueryData(getOptions('getPage', { params: { slug } }).queryKey, { page: result.page });
        queryClient.removeQueries({ queryKey: queryKey('getPage', { slug }), exact: true });
      },
      onError: (error) => {
        if (error instanceof ApiError && error.fields) setErrors(error.fields);
      },
    },
  );

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = PageBody.safeParse({ title, body, faq });
    if (!parsed.success) return setErrors(fieldErrors(parsed.error));
    setErrors({});
    save.mutate(parsed.data);
  };
  const setItem = (i: number, patch: Partial<FaqItem>) =>
    setFaq((items) => items.map((item, j) => (j === i ? { ...item, ...patch } : item)));
  const id = (name: string) => `page-${slug}-${name}`;

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <p className="text-sm text-muted-foreground">
        Shown at{' '}
        <a className="underline" href={PAGE_PATHS[slug]} target="_blank" rel="noreferrer">
          {PAGE_PATHS[slug]}
        </a>
        {page?.updated_at ? ` · last saved ${formatDateTime(page.updated_at)}` : ' · not written yet'}
      </p>
      <Field id={id('title')} label="Title" error={errors.title}>
        <Input id={id('title')} value={title} onChange={(e) => setTitle(e.target.value)} />
      </Field>
      <Field
        id={id('body')}
        label={slug === 'faq' ? 'Introduction (optional)' : 'Text'}
        hint="A blank line starts a new paragraph; start a line with '- ' for a list item or '## ' for a heading."
        error={errors.body}
      >
        <Textarea
          id={id('body')}
          rows={slug === 'faq' ? 3 : 14}
          value={body}
          onChange={(e) => setBody(e.target.value)}
        />
      </Field>
      {slug === 'faq' && (
        <fieldset className="space-y-3">
          <legend className="text-sm font-medium">Questions</legend>
          {errors.faq && <p className="text-sm text-destructive">{errors.faq}</p>}
          {faq.map((item, i) => (
            <div key={i} className="space-y-2 rounded-md border p-3">
              <Field id={id(`q${i}`)} label={`Question ${i + 1}`} error={errors[`faq.${i}.question`]}>
                <Input
                  id={id(`q${i}`)}
                  value={item.question}
                  onChange={(e) => setItem(i, { question: e.target.value })}
                />
              </Field>
              <Field id={id(`a${i}`)} label={`Answer ${i + 1}`} error={errors[`faq.${i}.answer`]}>
                <Textarea
                  id={id(`a${i}`)}
                  rows={3}
                  value={item.answer}
                  onChange={(e) => setItem(i, { answer: e.target.value })}
                />
              </Field>
              <Button
                type="button"
                variant="ghost"
                size="sm"
                onClick={() => setFaq((items) => items.filter((_, j) => j !== i))}
              >
                <Trash2 aria-hidden="true" /> Remove question {i + 1}
              </Button>
            </div>
          ))}
          <Button
            type="button"
            variant="outline"
            size="sm"
            onClick={() => setFaq((items) => [...items, { question: '', answer: '' }])}
          >
            <Plus aria-hidden="true" /> Add question
          </Button>
        </fieldset>
      )}
      <Button type="submit" disabled={save.isPending || current.isLoading}>
        {save.isPending ? 'Saving…' : `Save ${PAGE_DEFAULT_TITLES[slug]}`}
      </Button>
    </form>
  );
}

/** Pages: the shop's terms, privacy, refund policy and FAQ, linked from the footer and the login notice. */
export default function PagesSection() {
  const [slug, setSlug] = useState<PageSlug>('terms');
  return (
    <SectionCard
      title="Pages"
      description="Terms of Service, Privacy Policy, Refund Policy and FAQ: linked from the footer and the login page."
    >
      <div role="tablist" aria-label="Page" className="mb-4 flex flex-wrap gap-2">
        {PAGE_SLUGS.map((s) => (
          <Button
            key={s}
            type="button"
            role="tab"
            aria-selected={s === slug}
            variant={s === slug ? 'default' : 'outline'}
            size="sm"
            onClick={() => setSlug(s)}
          >
            {PAGE_DEFAULT_TITLES[s]}
          </Button>
        ))}
      </div>
      <PageEditor key={slug} slug={slug} />
    </SectionCard>
  );
}
