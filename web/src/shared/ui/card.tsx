import { withClass } from './with-class';

export const Card = withClass('div', 'rounded-lg border bg-card text-card-foreground shadow-sm', 'Card');
export const CardHeader = withClass('div', 'flex flex-col gap-1.5 p-4 sm:p-6', 'CardHeader');
export const CardTitle = withClass('h2', 'text-lg font-semibold leading-none tracking-tight', 'CardTitle');
export const CardDescription = withClass('p', 'text-sm text-muted-foreground', 'CardDescription');
export const CardContent = withClass('div', 'p-4 pt-0 sm:p-6 sm:pt-0', 'CardContent');
export const CardFooter = withClass('div', 'flex items-center p-4 pt-0 sm:p-6 sm:pt-0', 'CardFooter');
