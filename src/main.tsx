// First, so config.json is on its way while the rest of the entry is evaluated.
import '@/app/boot-requests';
import '@/lib/zod-without-eval';
// Before any component, so the tokens, base and primitives come first in the cascade and a screen's own CSS wins.
import '@/app/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@/app/app';
import { startTheme } from '@/lib/theme';

// Before the first render, so a forced theme never flashes the system one.
startTheme();

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
