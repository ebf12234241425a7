import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(() => {
  cleanup();
  sessionStorage.clear();
  localStorage.clear();
});

// jsdom lays nothing out, so it has no scrollIntoView; the browser's is a no-op when already in view.
if (!(Element.prototype as Partial<Element>).scrollIntoView) Element.prototype.scrollIntoView = () => undefined;
