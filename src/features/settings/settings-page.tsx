import { useSessionStore } from '@/features/auth';
import type { RuntimeConfig } from '@/lib/runtime-config-schema';
import { ChatDefaultsSection } from './chat-defaults-section';
import { ClearDataSection } from './local-data/clear-data-section';
import { ConnectionSection } from './connection-section';
import { StorageSection } from './storage-section';
import { ThemeField } from './theme-toggle';
import './settings.css';

/** The Settings screen: connection (read-only), appearance, chat defaults, storage and local data. */
export function SettingsPage({ config }: { config: RuntimeConfig }) {
  const session = useSessionStore((state) => state.session);
  if (session.status !== 'signed-in') return null;
  return (
    <div className="page settings-page">
      <header className="page-header">
        <h1>Settings</h1>
      </header>
      <ConnectionSection config={config} />
      <section className="settings-section" aria-labelledby="settings-appearance">
        <h2 id="settings-appearance">Appearance</h2>
        <ThemeField />
      </section>
      <ChatDefaultsSection />
      <StorageSection />
      <ClearDataSection userName={session.user.name} />
    </div>
  );
}
