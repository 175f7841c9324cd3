import type { ReactNode } from 'react';
import { Skeleton } from '../ui/skeleton';
import { useT } from './messages';

/** Fixed-height rows while a list loads, so the page does not jump when data arrives. */
export function ListSkeleton({ rows = 3, height = 'h-28' }: { rows?: number; height?: string }) {
  const t = useT();
  return (
    <div className="space-y-3" aria-busy="true">
      {Array.from({ length: rows }, (_, i) => (
        <Skeleton key={i} className={`${height} w-full`} />
      ))}
      <span className="sr-only" role="status">
        {t('loading')}
      </span>
    </div>
  );
}

export function EmptyState({ icon, text, action }: { icon: ReactNode; text: string; action?: ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-lg border border-dashed bg-card px-4 py-12 text-center">
      <span className="text-muted-foreground" aria-hidden="true">
        {icon}
      </span>
      <p className="text-lg font-medium">{text}</p>
      {action}
    </div>
  );
}
