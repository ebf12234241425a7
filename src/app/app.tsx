import { useEffect, useState } from 'react';
import { loadRuntimeConfig } from '@/api/runtime-config-load';
import type { ConfigResult } from '@/lib/runtime-config-schema';
import { ConfigErrorPage } from './config-error-page';
import { ConfiguredApp } from './configured-app';

/** Loads public/config.json first: one build serves any environment, and a bad config says what is wrong. */
export function App() {
  const [config, setConfig] = useState<ConfigResult | null>(null);
  useEffect(() => {
    let live = true;
    void loadRuntimeConfig().then((result) => live && setConfig(result));
    return () => {
      live = false;
    };
  }, []);
  if (!config) return <p className="boot muted">Loading configuration…</p>;
  if (!config.ok) return <ConfigErrorPage problems={config.problems} />;
  return <ConfiguredApp config={config.config} />;
}
