import { useCallback, useEffect, useState } from 'react';
import {
  estimateStorage,
  isStoragePersisted,
  megabytes,
  requestPersistence,
  type StorageEstimateView,
} from '@/lib/storage/storage-quota';

type Loaded<T> = { status: 'loading' } | { status: 'ready'; value: T };

/** What the browser lets this console keep: space used of the quota, and whether it may evict it. */
export function StorageSection() {
  const [estimate, setEstimate] = useState<Loaded<StorageEstimateView | null>>({ status: 'loading' });
  const [persisted, setPersisted] = useState<Loaded<boolean | null>>({ status: 'loading' });
  const [asked, setAsked] = useState<boolean | null | undefined>(undefined);
  const refresh = useCallback(async () => {
    const [space, kept] = await Promise.all([estimateStorage(), isStoragePersisted()]);
    setEstimate({ status: 'ready', value: space });
    setPersisted({ status: 'ready', value: kept });
  }, []);
  useEffect(() => {
    void refresh();
  }, [refresh]);

  const keep = async () => {
    setAsked(await requestPersistence());
    await refresh();
  };

  return (
    <section className="settings-section" aria-labelledby="settings-storage">
      <h2 id="settings-storage">Storage on this device</h2>
      <dl className="settings-facts">
        <dt>Space used</dt>
        <dd data-testid="storage-estimate">
          {estimate.status === 'loading'
            ? 'Measuring…'
            : estimate.value
              ? `${megabytes(estimate.value.usedBytes)} of ${megabytes(estimate.value.quotaBytes)} (${percent(estimate.value)})`
              : 'This browser does not say.'}
        </dd>
        <dt>Kept by the browser</dt>
        <dd>
          {persisted.status === 'loading'
            ? '…'
            : persisted.value === true
              ? 'Yes: the browser will not delete this data to make room.'
              : persisted.value === false
                ? 'Not guaranteed: under storage pressure the browser may delete it.'
                : 'This browser does not say.'}
        </dd>
      </dl>
      <div className="row">
        <button
          type="button"
          className="button"
          onClick={() => void keep()}
          disabled={persisted.status === 'ready' && persisted.value === true}
        >
          Keep data on this device
        </button>
        <button type="button" className="button" onClick={() => void refresh()}>
          Measure again
        </button>
      </div>
      {asked !== undefined ? (
        <p role="status" className="small">
          {asked === true
            ? 'The browser agreed to keep this console’s data.'
            : asked === false
              ? 'The browser declined for now (it decides from how often you use the site, or a bookmark); ask again later.'
              : 'This browser cannot be asked to keep data.'}
        </p>
      ) : null}
    </section>
  );
}

const percent = ({ usedBytes, quotaBytes }: StorageEstimateView) =>
  quotaBytes > 0 ? `${((usedBytes / quotaBytes) * 100).toLocaleString('en', { maximumFractionDigits: 2 })} %` : '—';
