import { CardTitle } from '../../../shared/ui/card';

/** A numbered step heading of the product page (1 Select Package, 2 ..., 3 ...). */
export function StepTitle({ n, children }: { n: number; children: string }) {
  return (
    <CardTitle className="flex items-center gap-2 text-base">
      <span
        className="flex h-7 w-7 items-center justify-center rounded-full bg-primary text-sm text-primary-foreground"
        aria-hidden="true"
      >
        {n}
      </span>
      {children}
    </CardTitle>
  );
}
