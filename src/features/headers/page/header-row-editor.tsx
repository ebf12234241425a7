import { memo } from 'react';
import type { RowIssue } from '@/domain/headers/header-rules';
import type { HeaderRow } from '@/domain/headers/profiles';
import { isSecretRow, secretByNameReason, tokenFormatOf } from '@/domain/headers/secrets';
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
      <SecretNote row={row} position={position} onChange={change} />
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

/**
 * Why a header is secret when the person did not say (its name), with the control to make it plain; or, for a plain
 * header whose value looks like a known token format, a warning with the control to make it secret.
 */
function SecretNote({
  row,
  position,
  onChange,
}: {
  row: HeaderRow;
  position: number;
  onChange(patch: Partial<Omit<HeaderRow, 'id'>>): void;
}) {
  const reason = secretByNameReason(row);
  if (reason)
    return (
      <p className="header-secret-hint small">
        {reason} Its value stays out of turns, runs, the Inspector, exports and copied commands.{' '}
        <button type="button" className="button button-small" onClick={() => onChange({ secret: false })}>
          Make header {position} plain
        </button>
      </p>
    );
  const format = isSecretRow(row) ? null : tokenFormatOf(row.value);
  if (!format) return null;
  return (
    <p className="header-secret-hint field-warning small" role="status">
      The value looks like {format}, but the header is plain: it will be kept and shown in turns, exports and copied
      commands.{' '}
      <button type="button" className="button button-small" onClick={() => onChange({ secret: true })}>
        Mark header {position} secret
      </button>
    </p>
  );
}
