import type { AccountFieldsKind } from '@khelaghor/contract/account-fields';
import type { AdminProduct } from '@khelaghor/contract/schemas/catalog';
import { Input } from '../../../shared/ui/input';
import { Textarea } from '../../../shared/ui/textarea';
import { Field, NativeSelect } from '../components/kit';
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

export function ProductKindFields({
  values,
  set,
  errors,
}: {
  values: KindFormValues;
  set: <K extends keyof KindFormValues>(key: K, value: KindFormValues[K]) => void;
  errors: Record<string, string | undefined>;
}) {
  const tr = useT();
  const kind = values.account_fields;
  type TextKey = Exclude<keyof KindFormValues, 'account_fields'>;
  const text = (
    key: TextKey,
    id: string,
    label: string,
    opts: { hint?: string; multiline?: boolean; type?: string } = {},
  ) => {
    const Control = opts.multiline ? Textarea : Input;
    return (
      <Field id={`product-${id}`} label={label} error={errors[key]} hint={opts.hint}>
        <Control
          id={`product-${id}`}
          type={opts.type}
          value={values[key]}
          onChange={(e: { target: { value: string } }) => set(key, e.target.value)}
        />
      </Field>
    );
  };
  return (
    <>
      <Field id="product-account" label={tr('buyerGives')} error={errors.account_fields}>
        <NativeSelect
          id="product-account"
          value={kind}
          onChange={(e) => set('account_fields', e.target.value as AccountFieldsKind)}
        >
          {(Object.keys(ACCOUNT_LABELS) as AccountFieldsKind[]).map((k) => (
            <option key={k} value={k}>
              {tr(ACCOUNT_LABELS[k])}
            </option>
          ))}
        </NativeSelect>
      </Field>
      {kind !== 'none' && (
        <>
          {text('uid_pattern', 'uid-pattern', tr('uidRule'), {
            hint: tr('uidRuleHint', { example: '\\d{9,10}' }),
          })}
          {text('uid_message', 'uid-message', tr('uidMessage'))}
          {text('uid_message_bn', 'uid-message-bn', tr('uidMessageBn'))}
          {text('uid_help', 'uid-help', tr('uidHelp'), { hint: tr('uidHelpHint'), multiline: true })}
          {text('uid_help_bn', 'uid-help-bn', tr('uidHelpBn'), { multiline: true })}
        </>
      )}
      {kind === 'player_uid_zone' &&
        text('zone_label', 'zone-label', tr('zoneLabel'), { hint: tr('zoneLabelHint') })}
      {text('redeem_steps', 'redeem-steps', tr('redeemSteps'), { multiline: true })}
      {text('redeem_steps_bn', 'redeem-steps-bn', tr('redeemStepsBn'), { multiline: true })}
      {text('redeem_url', 'redeem-url', tr('redeemUrl'), { type: 'url' })}
    </>
  );
}
