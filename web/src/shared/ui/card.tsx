import type { ReactNode } from 'react';
import { withClass } from './with-class';

export const Card = withClass('div', 'rounded-lg border bg-card text-card-foreground shadow-sm');
export const CardHeader = withClass('div', 'flex flex-col gap-1.5 p-4 sm:p-6');
export const CardTitle = withClass('h2', 'text-lg font-semibold leading-none tracking-tight');
export const CardDescription = withClass('p', 'text-sm text-muted-foreground');
export const CardContent = withClass('div', 'p-4 pt-0 sm:p-6 sm:pt-0');

/** A card with a small title over its content; `className` is the content's. */
export function TitledCard({
  title,
  description,
  className,
  children,
}: {
  title: ReactNode;
  description?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">{title}</CardTitle>
        {description && <CardDescription>{description}</CardDescription>}
      </CardHeader>
      <CardContent className={className}>{children}</CardContent>
    </Card>
  );
}
