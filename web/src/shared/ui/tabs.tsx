import { Tabs as TabsPrimitive } from 'radix-ui';
import { withClass } from './with-class';

export const Tabs = TabsPrimitive.Root;

export const TabsList = withClass(
  TabsPrimitive.List,
  'inline-flex h-10 items-center justify-center rounded-md bg-muted p-1 text-muted-foreground',
);

export const TabsTrigger = withClass(
  TabsPrimitive.Trigger,
  'inline-flex items-center justify-center whitespace-nowrap rounded-sm px-3 py-1.5 text-sm font-medium transition-all ' +
    'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:pointer-events-none disabled:opacity-50 ' +
    'data-[state=active]:bg-card data-[state=active]:text-foreground data-[state=active]:shadow-sm',
);

export const TabsContent = withClass(TabsPrimitive.Content, 'mt-2 focus-visible:outline-none');
