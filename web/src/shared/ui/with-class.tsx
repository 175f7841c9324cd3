import type { ComponentProps, ElementType } from 'react';
import { cn } from '../lib/utils';

/**
 * `Component` (a tag or a Radix part) with the design's classes; a caller's className adds to them.
 * React 19 passes `ref` as a prop, so the wrapper needs no forwardRef.
 */
export function withClass<C extends ElementType>(Component: C, classes: string) {
  function Styled({ className, ...props }: ComponentProps<C>) {
    const Tag: ElementType = Component;
    return <Tag className={cn(classes, className as string | undefined)} {...props} />;
  }
  const name =
    typeof Component === 'string' ? Component : (Component as { displayName?: string }).displayName;
  Styled.displayName = `withClass(${name ?? 'Component'})`;
  return Styled;
}
