import type { HTMLAttributes } from 'react';
import { cn } from '../lib/utils';

/** Give it a fixed size (h-*, w-*) so the content that replaces it does not shift the layout. */
export function Skeleton({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div aria-hidden="true" className={cn('animate-pulse rounded-md bg-muted', className)} {...props} />;
}
