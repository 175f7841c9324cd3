import type { AccountFieldsKind } from '@khelaghor/contract/account-fields';
import type { AdminProduct } from '@khelaghor/contract/schemas/catalog';
import { Options } from '../components/kit';
import { FormField, type BoundForm } from '../form-kit';
import { useT, type AdminMessage } from '../messages';

/** The product form's kind fields (DESIGN 11): what the buyer gives, and how to redeem the code. */
export interface KindFormValues {
  account_fields: AccountFieldsKind;
  uid_pattern: string;
  uid_message: string;
  zone_label: string;
  /** One step per line. */
  redeem_steps: string;
  redeem_url: string;
  /** 'How to find your Player ID', one step per line. */
  uid_help: string;
  /** The Bangla versions (empty: the shop shows the English ones in Bangla too). */
  uid_message_bn: string;
  redeem_steps_bn: string;
  uid_help_bn: string;
}

export const emptyKind: KindFormValues = {
  account_fields: 'player_uid',
  uid_pattern: '',
  uid_message: '',
  zone_label: '',
  redeem_steps: '',
  redeem_url: '',
  uid_help: '',
  uid_message_bn: '',
  redeem_steps_bn: '',
  uid_help_bn: '',
};

export const kindValues = (p: AdminProduct): KindFormValues => ({
  account_fields: p.account_fields,
  uid_pattern: p.uid_pattern ?? '',
  uid_message: p.uid_message ?? '',
  zone_label: p.zone_label ?? '',
  redeem_steps: p.redeem_steps.join('\n'),
  redeem_url: p.redeem_url ?? '',
  uid_help: p.uid_help.join('\n'),
  uid_message_bn: p.uid_message_bn ?? '',
  redeem_steps_bn: p.redeem_steps_bn.join('\n'),
  uid_help_bn: p.uid_help_bn.join('\n'),
});

const lines = (text: string) =>
  text
    .split('\n')
    .map((s) => s.trim())
    .filter(Boolean);

export const kindInput = (v: KindFormValues) => ({
  account_fields: v.account_fields,
  uid_pattern: v.account_fields === 'none' ? null : v.uid_pattern || null,
  uid_message: v.account_fields === 'none' ? null : v.uid_message || null,
  zone_label: v.account_fields === 'player_uid_zone' ? v.zone_label || null : null,
  redeem_steps: lines(v.redeem_steps),
  redeem_url: v.redeem_url || null,
  uid_help: v.account_fields === 'none' ? [] : lines(v.uid_help),
  uid_message_bn: v.account_fields === 'none' ? null : v.uid_message_bn || null,
  redeem_steps_bn: lines(v.redeem_steps_bn),
  uid_help_bn: v.account_fields === 'none' ? [] : lines(v.uid_help_bn),
});

const ACCOUNT_LABELS: Record<AccountFieldsKind, AdminMessage> = {
  none: 'accountNone',
  player_uid: 'accountPlayerUid',
  player_uid_zone: 'accountPlayerUidZone',
};

/** The kind fields of the product form (bound to it: their names are the product body's). */
export function ProductKindFields<V extends KindFormValues & Record<string, unknown>>({
  form,
}: {
  form: BoundForm<V>;
}) {
  const tr = useT();
  const kind = form.values.account_fields;
  return (
    <>
      <FormField form={form} name="account_fields" id="product-account" label={tr('buyerGives')} as="select">
        <Options
          values={Object.keys(ACCOUNT_LABELS) as AccountFieldsKind[]}
          label={(k) => tr(ACCOUNT_LABELS[k])}
        />
      </FormField>
      {kind !== 'none' && (
        <>
          <FormField
            form={form}
            name="uid_pattern"
            label={tr('uidRule')}
            hint={tr('uidRuleHint', { example: '\\d{9,10}' })}
          />
          <FormField form={form} name="uid_message" label={tr('uidMessage')} />
          <FormField form={form} name="uid_message_bn" label={tr('uidMessageBn')} />
          <FormField
            form={form}
            name="uid_help"
            label={tr('uidHelp')}
            hint={tr('uidHelpHint')}
            as="textarea"
          />
          <FormField form={form} name="uid_help_bn" label={tr('uidHelpBn')} as="textarea" />
        </>
      )}
      {kind === 'player_uid_zone' && (
        <FormField form={form} name="zone_label" label={tr('zoneLabel')} hint={tr('zoneLabelHint')} />
      )}
      <FormField form={form} name="redeem_steps" label={tr('redeemSteps')} as="textarea" />
      <FormField form={form} name="redeem_steps_bn" label={tr('redeemStepsBn')} as="textarea" />
      <FormField form={form} name="redeem_url" label={tr('redeemUrl')} type="url" />
    </>
  );
}
