import { FormField, type BoundForm } from '../form-kit';
import { useT } from '../messages';

/** What a product and a package are called: the English name and description, then their Bangla twins. */
export interface NameValues {
  name: string;
  description: string;
  name_bn: string;
  description_bn: string;
}

export function NameFields<V extends NameValues & Record<string, unknown>>({ form }: { form: BoundForm<V> }) {
  const tr = useT();
  return (
    <>
      <FormField form={form} name="name" label={tr('name')} />
      <FormField form={form} name="description" label={tr('description')} as="textarea" />
      <FormField form={form} name="name_bn" label={tr('nameBn')} />
      <FormField form={form} name="description_bn" label={tr('descriptionBn')} as="textarea" />
    </>
  );
}
