import { lazy, Suspense, useEffect, useState } from 'react';
import { useT } from './messages';

// sonner (and the styles it injects) is not needed for the first paint: it loads once the page is
// idle, or as soon as something shows a toast. Toasts shown before the toaster mounts are replayed
// by sonner when it subscribes, so none are lost.
type Sonner = typeof import('sonner');
let sonner: Promise<Sonner> | undefined;
let mountToaster: (() => void) | undefined;
const loadSonner = (): Promise<Sonner> =>
  (sonner ??= import('sonner').then((m) => {
    mountToaster?.();
    return m;
  }));

type ToastFn = (message: string, data?: Parameters<Sonner['toast']['success']>[1]) => void;
const variant =
  (kind: 'success' | 'error' | 'info' | 'warning' | 'message'): ToastFn =>
  (message, data) => {
    void loadSonner().then((m) => m.toast[kind](message, data));
  };

export const toast = {
  success: variant('success'),
  error: variant('error'),
  info: variant('info'),
  warning: variant('warning'),
  message: variant('message'),
  dismiss: (id?: string | number) => {
    void loadSonner().then((m) => m.toast.dismiss(id));
  },
};

const LazySonner = lazy(() => loadSonner().then((m) => ({ default: m.Toaster })));

/** One toaster for the whole app; destructive toasts are toast.error(title, { description }). */
export function Toaster() {
  const t = useT();
  const [ready, setReady] = useState(false);
  useEffect(() => {
    // After the first paint and the first data, not in its way.
    const idle = window.requestIdleCallback ?? ((cb: () => void) => window.setTimeout(cb, 1));
    const cancel = window.cancelIdleCallback ?? window.clearTimeout;
    const handle = idle(() => setReady(true));
    // A toast before idle time still shows: loading sonner mounts the toaster.
    mountToaster = () => setReady(true);
    if (sonner) void sonner.then(() => setReady(true));
    return () => {
      cancel(handle);
      mountToaster = undefined;
    };
  }, []);
  if (!ready) return null;
  return (
    <Suspense fallback={null}>
      <LazySonner
        position="top-center"
        richColors
        closeButton
        containerAriaLabel={t('notifications')}
        toastOptions={{ duration: 4000, closeButtonAriaLabel: t('closeToast') }}
      />
    </Suspense>
  );
}
