import { Label as LabelPrimitive } from 'radix-ui';
import { withClass } from './with-class';

export const Label = withClass(
  LabelPrimitive.Root,
  'text-sm font-medium leading-none peer-disabled:cursor-not-allowed peer-disabled:opacity-70',
);
