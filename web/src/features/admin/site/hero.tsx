import { SlideBody, type Slide } from '@khelaghor/contract/schemas/catalog';
import { Badge } from '../../../shared/ui/badge';
import { Input } from '../../../shared/ui/input';
import { call } from '../../../shared/api/client';
import { AddButton, CrudDialog, CrudForm, RowActions, useCrud } from '../components/crud';
import { Checkbox, Field, ListTable, SectionCard } from '../components/kit';
import { useAdminGet } from '../hooks/use-admin-queries';
import { useSchemaForm } from '../lib/schema-form';
import { useFormat } from '../../../shared/i18n/format';
import { useT as useAdminT } from '../messages';
import { useT } from '../settings/messages';

interface SlideValues extends Record<string, unknown> {
  title: string;
  subtitle: string;
  /** Bangla title and subtitle (empty: the shop shows the English ones in Bangla too). */
  title_bn: string;
  subtitle_bn: string;
  image_url: string;
  link_url: string;
  is_active: boolean;
  display_order: string;
}
const toInput = (v: SlideValues) => ({
  title: v.title,
  subtitle: v.subtitle || null,
  title_bn: v.title_bn || null,
  subtitle_bn: v.subtitle_bn || null,
  image_url: v.image_url,
  link_url: v.link_url || null,
  is_active: v.is_active,
  display_order: v.display_order === '' ? 0 : Number(v.display_order),
});

export function SlideForm({
  initial,
  pending,
  onSubmit,
  serverErrors,
}: {
  initial?: SlideValues;
  pending: boolean;
  onSubmit: (body: ReturnType<typeof toInput>) => void;
  serverErrors?: Record<string, string>;
}) {
  const t = useT();
  const tr = useAdminT();
  const form = useSchemaForm(
    SlideBody,
    initial ?? {
      title: '',
      subtitle: '',
      title_bn: '',
      subtitle_bn: '',
      image_url: '',
      link_url: '',
      is_active: true,
      display_order: '0',
    },
    toInput,
  );
  const errors = { ...serverErrors, ...form.errors };
  return (
    <CrudForm
      pending={pending}
      submitText={initial ? t('updateSlider') : t('createSlider')}
      onSubmit={() => form.submitTo(onSubmit)}
    >
      <Field id="slide-title" label={t('title')} error={errors.title}>
        <Input
          id="slide-title"
          value={form.values.title}
          onChange={(e) => form.set('title', e.target.value)}
        />
      </Field>
      <Field id="slide-subtitle" label={t('subtitle')} error={errors.subtitle}>
        <Input
          id="slide-subtitle"
          value={form.values.subtitle}
          onChange={(e) => form.set('subtitle', e.target.value)}
        />
      </Field>
      <Field id="slide-title-bn" label={t('titleBn')} error={errors.title_bn} hint={tr('bnHint')}>
        <Input
          id="slide-title-bn"
          lang="bn"
          value={form.values.title_bn}
          onChange={(e) => form.set('title_bn', e.target.value)}
        />
      </Field>
      <Field id="slide-subtitle-bn" label={t('subtitleBn')} error={errors.subtitle_bn}>
        <Input
          id="slide-subtitle-bn"
          lang="bn"
          value={form.values.subtitle_bn}
          onChange={(e) => form.set('subtitle_bn', e.target.value)}
        />
      </Field>
      <Field id="slide-image" label={t('imageUrl')} error={errors.image_url}>
        <Input
          id="slide-image"
          value={form.values.image_url}
          onChange={(e) => form.set('image_url', e.target.value)}
        />
      </Field>
      <Field id="slide-link" label={t('linkUrl')} error={errors.link_url}>
        <Input
          id="slide-link"
          value={form.values.link_url}
          onChange={(e) => form.set('link_url', e.target.value)}
        />
      </Field>
      <Field id="slide-order" label={t('displayOrder')} error={errors.display_order}>
        <Input
          id="slide-order"
          type="number"
          min={0}
          step={1}
          value={form.values.display_order}
          onChange={(e) => form.set('display_order', e.target.value)}
        />
      </Field>
      <Checkbox
        id="slide-active"
        label={t('active')}
        checked={form.values.is_active}
        onChange={(e) => form.set('is_active', e.target.checked)}
      />
    </CrudForm>
  );
}

export default function HeroSection() {
  const t = useT();
  const { number } = useFormat();
  const slides = useAdminGet('adminListSlides');
  const crud = useCrud<Slide, ReturnType<typeof toInput>>({
    noun: t('sliderNoun'),
    create: (body) => call('adminCreateSlide', { body }),
    update: (id, body) => call('adminUpdateSlide', { params: { id }, body }),
    remove: (id) => call('adminDeleteSlide', { params: { id } }),
    refresh: ['adminListSlides'],
  });
  const items = [...(slides.data?.items ?? [])].sort((a, b) => a.display_order - b.display_order);

  return (
    <SectionCard
      title={t('heroSlider')}
      description={t('heroDescription')}
      actions={<AddButton onClick={() => crud.open('new')}>{t('addSlider')}</AddButton>}
    >
      <ListTable
        columns={[t('colImage'), t('title'), t('colLink'), t('status'), t('colOrder'), t('actions')]}
        loading={slides.isLoading}
        items={items}
        empty={t('noSlides')}
        row={(s) => (
          <tr key={s.id} className="border-t">
            <td>
              <img src={s.image_url} alt="" className="h-10 w-20 rounded object-cover" loading="lazy" />
            </td>
            <td>
              <div className="font-medium">{s.title}</div>
              <div className="text-xs text-muted-foreground">{s.subtitle}</div>
            </td>
            <td className="max-w-48 truncate">{s.link_url}</td>
            <td>
              {s.is_active ? (
                <Badge variant="secondary">{t('active')}</Badge>
              ) : (
                <Badge variant="outline">{t('inactive')}</Badge>
              )}
            </td>
            <td>{number(s.display_order)}</td>
            <td>
              <RowActions
                name={s.title}
                onEdit={() => crud.open(s)}
                onDelete={() => crud.remove.mutate(s.id)}
                deleting={crud.remove.isPending}
              />
            </td>
          </tr>
        )}
      />
      <CrudDialog crud={crud}>
        {(s, form) => (
          <SlideForm
            {...form}
            initial={
              s && {
                title: s.title,
                subtitle: s.subtitle ?? '',
                title_bn: s.title_bn ?? '',
                subtitle_bn: s.subtitle_bn ?? '',
                image_url: s.image_url,
                link_url: s.link_url ?? '',
                is_active: s.is_active,
                display_order: String(s.display_order),
              }
            }
          />
        )}
      </CrudDialog>
    </SectionCard>
  );
}
