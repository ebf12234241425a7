import { useState, type ChangeEvent } from 'react';
import { exportProfiles, parseProfileImport } from '@/domain/headers/profiles';
import { isSecretRow } from '@/domain/headers/secrets';
import { describeFailure } from '@/domain/errors/describe-failure';
import { useProfilesApi, useProfilesStore } from '@/features/headers/profiles/profiles-store';
import './headers-page.css';

const maxImportBytes = 1024 * 1024;

function download(name: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

type Outcome =
  { kind: 'imported'; count: number; warnings: string[] } | { kind: 'refused'; file: string; problems: string[] };

/** Import and export of profiles as JSON; a refused file says, row by row, what is wrong with it. */
export function ProfileTransfer() {
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [includeSecrets, setIncludeSecrets] = useState(false);
  const profiles = useProfilesApi();
  const hasSecrets = useProfilesStore((state) => state.profiles.some((profile) => profile.rows.some(isSecretRow)));
  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (file.size > maxImportBytes) {
      setOutcome({
        kind: 'refused',
        file: file.name,
        problems: [`The file is ${Math.round(file.size / 1024)} KB; profile files are at most 1 MB.`],
      });
      return;
    }
    let text: string;
    try {
      text = await file.text();
    } catch (error) {
      return setOutcome({
        kind: 'refused',
        file: file.name,
        problems: [`The file could not be read (${describeFailure(error)}). Choose it again.`],
      });
    }
    const result = parseProfileImport(text, () => crypto.randomUUID());
    if (!result.ok) return setOutcome({ kind: 'refused', file: file.name, problems: result.problems });
    profiles.getState().profilesImported(result.profiles);
    setOutcome({ kind: 'imported', count: result.profiles.length, warnings: result.warnings });
  };
  return (
    <div className="profile-transfer">
      <div className="row">
        <label className="button button-small file-button">
          Import…
          <input
            type="file"
            accept="application/json,.json"
            className="visually-hidden"
            aria-label="Import profiles from a JSON file"
            onChange={(event) => void onFile(event)}
          />
        </label>
        <button
          type="button"
          className="button button-small"
          onClick={() =>
            download(
              'header-profiles.json',
              exportProfiles(profiles.getState().profiles, new Date(), {
                includeSecrets: hasSecrets && includeSecrets,
              }),
            )
          }
        >
          Export all
        </button>
        {hasSecrets ? (
          <label className="toggle small">
            <input
              type="checkbox"
              checked={includeSecrets}
              onChange={(event) => setIncludeSecrets(event.target.checked)}
            />
            Include secret values
          </label>
        ) : null}
      </div>
      {hasSecrets ? (
        <p className="muted small">
          {includeSecrets
            ? 'The file will hold the secret values in plain text: keep it like a password.'
            : 'Secret values are left out of the file (marked secret, to fill in after import).'}
        </p>
      ) : null}
      {outcome?.kind === 'imported' ? (
        <div role="status" className="small">
          Imported {outcome.count} profile{outcome.count === 1 ? '' : 's'}.
          {outcome.warnings.map((warning) => (
            <p key={warning} className="field-warning">
              {warning}
            </p>
          ))}
        </div>
      ) : null}
      {outcome?.kind === 'refused' ? (
        <div role="alert" className="alert alert-error small">
          <p>“{outcome.file}” was not imported:</p>
          <ul>
            {outcome.problems.slice(0, 20).map((problem) => (
              <li key={problem} className="mono">
                {problem}
              </li>
            ))}
          </ul>
          {outcome.problems.length > 20 ? <p>…and {outcome.problems.length - 20} more.</p> : null}
        </div>
      ) : null}
    </div>
  );
}
