import { SlideBody, type Slide } from '@khelaghor/contract/schemas/catalog';
import { call } from '../../../shared/api/client';
import { AddButton, type CrudFormProps, useCrud } from '../components/crud';
import { CrudTable } from '../components/crud-table';
import { FormField, KitForm, ORDER, useKitForm, valuesFrom } from '../form-kit';
import { ActiveBadge, SectionCard } from '../components/kit';
import { useAdminGet } from '../hooks/use-admin-queries';
import { useFormat } from '../../../shared/i18n/format';
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
const empty: SlideValues = {
  title: '',
  subtitle: '',
  title_bn: '',
  subtitle_bn: '',
  image_url: '',
  link_url: '',
  is_active: true,
  display_order: '0',
};
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

function SlideForm(props: CrudFormProps<SlideValues, ReturnType<typeof toInput>>) {
  const t = useT();
  const form = useKitForm(SlideBody, props.initial ?? empty, toInput, { id: 'slide', ...props });
  return (
    <KitForm
      form={form}
      submitText={props.initial ? t('updateSlider') : t('createSlider')}
      onValid={props.onSubmit}
    >
      <FormField form={form} name="title" label={t('title')} />
      <FormField form={form} name="subtitle" label={t('subtitle')} />
      <FormField form={form} name="title_bn" label={t('titleBn')} />
      <FormField form={form} name="subtitle_bn" label={t('subtitleBn')} />
      <FormField form={form} name="image_url" label={t('imageUrl')} />
      <FormField form={form} name="link_url" label={t('linkUrl')} />
      <FormField form={form} name="display_order" label={t('displayOrder')} {...ORDER} />
      <FormField form={form} name="is_active" label={t('active')} as="checkbox" />
    </KitForm>
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
      <CrudTable
        crud={crud}
        columns={[t('colImage'), t('title'), t('colLink'), t('status'), t('colOrder'), t('actions')]}
        loading={slides.isLoading}
        items={items}
        empty={t('noSlides')}
        name={(s) => s.title}
        cells={(s) => (
          <>
            <td>
              <img src={s.image_url} alt="" className="h-10 w-20 rounded object-cover" loading="lazy" />
            </td>
            <td>
              <div className="font-medium">{s.title}</div>
              <div className="text-xs text-muted-foreground">{s.subtitle}</div>
            </td>
            <td className="max-w-48 truncate">{s.link_url}</td>
            <td>
              <ActiveBadge active={s.is_active} t={t} />
            </td>
            <td>{number(s.display_order)}</td>
          </>
        )}
        form={(s, form) => <SlideForm {...form} initial={s && valuesFrom(s, empty)} />}
      />
    </SectionCard>
  );
}
