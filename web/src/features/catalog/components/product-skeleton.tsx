import { Skeleton } from '../../../shared/ui/skeleton';

export function ProductSkeleton() {
  return (
    <div className="mx-auto min-h-screen max-w-6xl px-3 py-4 sm:px-4" aria-busy="true">
      <div className="flex items-center gap-3">
        <Skeleton className="h-16 w-16" />
        <div className="space-y-2">
          <Skeleton className="h-6 w-48" />
          <Skeleton className="h-4 w-24" />
        </div>
      </div>
      <div className="mt-6 grid gap-4 lg:grid-cols-3">
        <Skeleton className="h-72 lg:col-span-2" />
        <Skeleton className="h-72" />
      </div>
    </div>
  );
}
