import { memo } from 'react';
import type { RowIssue } from '@/domain/headers/header-rules';
import type { HeaderRow } from '@/domain/headers/profiles';
import { looksSecret } from '@/domain/headers/secrets';
import { useProfilesStore } from '@/features/headers/profiles/profiles-store';
import { SecretValueField } from './secret-value-field';
import './header-row.css';

interface RowProps {
  profileId: string;
  row: HeaderRow;
  position: number;
  issues: readonly RowIssue[];
}

/** One header: enabled, name, value, remove; its problems underneath, tied to the fields they concern. */
export const HeaderRowEditor = memo(function HeaderRowEditor({ profileId, row, position, issues }: RowProps) {
  const rowChanged = useProfilesStore((state) => state.rowChanged);
  const rowRemoved = useProfilesStore((state) => state.rowRemoved);
  const change = (patch: Partial<Omit<HeaderRow, 'id'>>) => rowChanged(profileId, row.id, patch);
  const nameIssues = issues.filter((issue) => issue.field === 'name');
  const valueIssues = issues.filter((issue) => issue.field === 'value');
  const ids = { name: `header-${row.id}-name-issues`, value: `header-${row.id}-value-issues` };
  const invalid = (list: readonly RowIssue[]) => list.some((issue) => issue.level === 'error');
  return (
    <li className={`header-row${row.enabled ? '' : ' header-row-disabled'}`} data-testid="header-row">
      <input
        type="checkbox"
        checked={row.enabled}
        aria-label={`Send header ${position}`}
        onChange={(event) => change({ enabled: event.target.checked })}
      />
      <input
        id={`header-${row.id}-name`}
        className="mono header-name"
        aria-label={`Header ${position} name`}
        list="suggested-header-names"
        placeholder="X-Tenant-ID"
        value={row.name}
        spellCheck={false}
        autoComplete="off"
        aria-invalid={invalid(nameIssues)}
        aria-describedby={nameIssues.length ? ids.name : undefined}
        onChange={(event) => change({ name: event.target.value })}
      />
      <SecretValueField
        row={row}
        position={position}
        invalid={invalid(valueIssues)}
        describedBy={valueIssues.length ? ids.value : undefined}
        onChange={change}
      />
      <button
        type="button"
        className="button button-small"
        aria-label={`Remove header ${position}`}
        onClick={() => rowRemoved(profileId, row.id)}
      >
        Remove
      </button>
      <IssueList id={ids.name} issues={nameIssues} />
      <IssueList id={ids.value} issues={valueIssues} />
      {row.secret !== true && looksSecret(row.name) ? (
        <p className="header-secret-hint small">
          {row.name.trim()} looks like a credential: mark it secret to keep its value out of turns, runs, the Inspector,
          exports and copied commands.{' '}
          <button type="button" className="button button-small" onClick={() => change({ secret: true })}>
            Mark header {position} secret
          </button>
        </p>
      ) : null}
    </li>
  );
});

function IssueList({ id, issues }: { id: string; issues: readonly RowIssue[] }) {
  if (issues.length === 0) return null;
  return (
    <ul id={id} className="header-row-issues">
      {issues.map((issue) => (
        <li key={issue.message} className={issue.level === 'error' ? 'field-error' : 'field-warning'}>
          {issue.message}
        </li>
      ))}
    </ul>
  );
}
