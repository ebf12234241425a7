import { usePreferencesStore } from './preferences-store';
import { RequestIdsToggle } from './request-ids-toggle';
import { TraceContextToggle } from './trace-context-toggle';
import { NotificationsToggle } from './notifications-toggle';

/** Defaults for the chat: kept per person in this browser. */
export function ChatDefaultsSection() {
  const streamByDefault = usePreferencesStore((state) => state.streamByDefault);
  const hideToolOutputsByDefault = usePreferencesStore((state) => state.hideToolOutputsByDefault);
  const ready = usePreferencesStore((state) => state.status === 'ready');
  const changed = usePreferencesStore((state) => state.changed);
  return (
    <section className="settings-section" aria-labelledby="settings-chat">
      <h2 id="settings-chat">Chat defaults</h2>
      <label className="toggle">
        <input
          type="checkbox"
          checked={streamByDefault}
          disabled={!ready}
          onChange={(event) => changed('streamByDefault', event.target.checked)}
        />
        Stream answers by default
      </label>
      <p className="muted small settings-hint">
        The chat’s Stream switch starts here on each visit; switched off, answers come as one JSON body.
      </p>
      <label className="toggle">
        <input
          type="checkbox"
          checked={hideToolOutputsByDefault}
          disabled={!ready}
          onChange={(event) => changed('hideToolOutputsByDefault', event.target.checked)}
        />
        Hide tool outputs by default
      </label>
      <p className="muted small settings-hint">
        Thought trees show the steps without what tools returned, until you untick it in a conversation.
      </p>
      <RequestIdsToggle ready={ready} />
      <TraceContextToggle ready={ready} />
      <NotificationsToggle ready={ready} />
    </section>
  );
}
