import { Toaster as Sonner, toast } from 'sonner';

export { toast };

/** One toaster for the whole app; destructive toasts are toast.error(title, { description }). */
export function Toaster() {
  return <Sonner position="top-center" richColors closeButton toastOptions={{ duration: 4000 }} />;
}
