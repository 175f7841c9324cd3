import type { FaqItem, PageSlug } from '@khelaghor/contract/schemas/pages';
import { Trash2 } from 'lucide-react';
import { useFormat } from '../../../shared/i18n/format';
import { Button } from '../../../shared/ui/button';
import { Input } from '../../../shared/ui/input';
import { Textarea } from '../../../shared/ui/textarea';
import { AddRowButton, Field } from '../components/kit';
import { FormField, type BoundForm } from '../form-kit';
import { useT, type SettingsMessage } from '../settings/messages';

/** What the pages editor holds: the English page and the admin's optional Bangla version of it. */
export interface PageDraft extends Record<string, unknown> {
  title: string;
  body: string;
  faq: FaqItem[];
  title_bn: string;
  body_bn: string;
  faq_bn: FaqItem[];
}

type Lang = 'en' | 'bn';

// The labels of each language's fields; the Bangla ones say so, the English ones are the spec's.
const LABELS: Record<
  Lang,
  Record<'title' | 'text' | 'intro' | 'questions' | 'question' | 'answer' | 'remove' | 'add', SettingsMessage>
> = {
  en: {
    title: 'title',
    text: 'text',
    intro: 'introduction',
    questions: 'questions',
    question: 'questionN',
    answer: 'answerN',
    remove: 'removeQuestion',
    add: 'addQuestion',
  },
  bn: {
    title: 'titleBn',
    text: 'textBn',
    intro: 'introductionBn',
    questions: 'questionsBn',
    question: 'questionNBn',
    answer: 'answerNBn',
    remove: 'removeQuestionBn',
    add: 'addQuestionBn',
  },
};

/**
 * One language of a page: title, text and, for the FAQ, its question/answer pairs. English writes
 * title/body/faq, Bangla title_bn/body_bn/faq_bn (the field names the server's errors use too).
 */
export function PageLanguageFields({
  slug,
  lang,
  form,
}: {
  slug: PageSlug;
  lang: Lang;
  form: BoundForm<PageDraft>;
}) {
  const t = useT();
  const { number } = useFormat();
  const label = LABELS[lang];
  const bn = lang === 'bn';
  const titleKey = bn ? 'title_bn' : 'title';
  const bodyKey = bn ? 'body_bn' : 'body';
  const faqKey = bn ? 'faq_bn' : 'faq';
  const faq = form.values[faqKey];
  const errors = form.errors;
  const setFaq = (next: FaqItem[]) => form.set(faqKey, next);
  const id = (name: string) => `page-${slug}-${bn ? 'bn-' : ''}${name}`;
  const setItem = (i: number, patch: Partial<FaqItem>) =>
    setFaq(faq.map((item, j) => (j === i ? { ...item, ...patch } : item)));

  return (
    <>
      <FormField form={form} name={titleKey} label={t(label.title)} hint={false} />
      <FormField
        form={form}
        name={bodyKey}
        label={t(slug === 'faq' ? label.intro : label.text)}
        hint={bn ? false : t('bodyHint')}
        as="textarea"
        rows={slug === 'faq' ? 3 : 14}
      />
      {slug === 'faq' && (
        <fieldset className="space-y-3">
          <legend className="text-sm font-medium">{t(label.questions)}</legend>
          {errors[faqKey] && <p className="text-sm text-destructive">{errors[faqKey]}</p>}
          {faq.map((item, i) => (
            <div key={i} className="space-y-2 rounded-md border p-3">
              <Field
                id={id(`q${i}`)}
                label={t(label.question, { n: number(i + 1) })}
                error={errors[`${faqKey}.${i}.question`]}
              >
                <Input
                  id={id(`q${i}`)}
                  value={item.question}
                  onChange={(e) => setItem(i, { question: e.target.value })}
                />
              </Field>
              <Field
                id={id(`a${i}`)}
                label={t(label.answer, { n: number(i + 1) })}
                error={errors[`${faqKey}.${i}.answer`]}
              >
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
                onClick={() => setFaq(faq.filter((_, j) => j !== i))}
              >
                <Trash2 aria-hidden="true" /> {t(label.remove, { n: number(i + 1) })}
              </Button>
            </div>
          ))}
          <AddRowButton onClick={() => setFaq([...faq, { question: '', answer: '' }])}>
            {t(label.add)}
          </AddRowButton>
        </fieldset>
      )}
    </>
  );
}
