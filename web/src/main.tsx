import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import App from './App';
import './index.css';
import { AuthProvider, configureAuth } from './lib/auth';
import { queryClient } from './lib/query';
import { loadRuntimeConfig } from './lib/runtime-config';
import { Toaster } from './components/ui/sonner';

const root = createRoot(document.getElementById('root')!);

const config = loadRuntimeConfig();
configureAuth(config);

root.render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <AuthProvider>
          <App />
          <Toaster />
        </AuthProvider>
      </BrowserRouter>
    </QueryClientProvider>
  </StrictMode>,
);

// Without its config the shop cannot reach the API or sign anyone in: say so plainly.
config.catch((error: unknown) => {
  root.render(
    <main className="mx-auto max-w-md p-6 text-center">
      <h1 className="text-xl font-bold">The shop could not start</h1>
      <p className="mt-2 text-muted-foreground">{error instanceof Error ? error.message : String(error)}</p>
    </main>,
  );
});
