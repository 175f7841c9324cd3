/** The admin form kit: a form is its schema, its values and a list of bound fields. */
export { FormField } from './form-field';
export { KitForm } from './kit-form';
export { fieldRules } from './schema-rules';
export { useKitForm, type BoundForm } from './use-kit-form';
export { valuesFrom } from './form-values';
export { useSavedForm } from './use-saved-form';
export { COUNT, ORDER, TAKA, WHEN } from './presets';
