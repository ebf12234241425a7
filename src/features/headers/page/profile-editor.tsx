import { useEffect, useState } from 'react';
import { checkRows, headerLimits, suggestedHeaders } from '@/domain/headers/header-rules';
import type { HeaderProfile } from '@/domain/headers/profiles';
import { HeaderRowEditor } from './header-row-editor';
import { useProfilesStore } from '@/features/headers/profiles/profiles-store';
import './headers-page.css';

/** The rows of one profile, checked as they are typed; an empty profile offers the usual headers. */
export function ProfileEditor({ profile }: { profile: HeaderProfile }) {
  const rowAdded = useProfilesStore((state) => state.rowAdded);
  const profileRenamed = useProfilesStore((state) => state.profileRenamed);
  const check = checkRows(profile.rows);
  const used = new Set(profile.rows.map((row) => row.name.trim().toLowerCase()));
  const suggestions = suggestedHeaders.filter((header) => !used.has(header.name.toLowerCase()));
  const full = profile.rows.length >= headerLimits.rows;
  // A new row takes the keyboard: its name when blank, its value when a suggestion filled the name.
  const [focusNext, setFocusNext] = useState<string | null>(null);
  useEffect(() => {
    if (!focusNext) return;
    document.getElementById(focusNext)?.focus();
    setFocusNext(null);
  }, [focusNext]);
  const add = (name = '', value = '') => {
    const id = rowAdded(profile.id, { name, value });
    setFocusNext(`header-${id}-${name ? 'value' : 'name'}`);
  };
  return (
    <section className="profile-editor" aria-label={`Headers of ${profile.name}`}>
      <label className="field">
        <span>Profile name</span>
        <input
          value={profile.name}
          maxLength={80}
          onChange={(event) => profileRenamed(profile.id, event.target.value)}
        />
      </label>
      {profile.name.trim() === '' ? (
        <p className="field-error">Give the profile a name, so it can be told apart in the switcher.</p>
      ) : null}
      <datalist id="suggested-header-names">
        {suggestedHeaders.map((header) => (
          <option key={header.name} value={header.name}>
            {header.purpose}
          </option>
        ))}
      </datalist>
      {profile.rows.length === 0 ? (
        <p className="muted">
          No headers yet. Add one, or start from a header the platform’s tool servers commonly use:
        </p>
      ) : null}
      <ul className="header-rows" aria-label="Headers">
        {profile.rows.map((row, index) => (
          <HeaderRowEditor
            key={row.id}
            profileId={profile.id}
            row={row}
            position={index + 1}
            issues={check.byRow[row.id] ?? []}
          />
        ))}
      </ul>
      {check.setProblems.map((problem) => (
        <p key={problem} className="field-error">
          {problem}
        </p>
      ))}
      <div className="row">
        <button type="button" className="button" disabled={full} onClick={() => add()}>
          Add header
        </button>
        {full ? <span className="muted small">A profile holds at most {headerLimits.rows} headers.</span> : null}
      </div>
      {suggestions.length > 0 && !full ? (
        <div className="header-suggestions" role="group" aria-label="Suggested headers">
          {suggestions.map((header) => (
            <button
              key={header.name}
              type="button"
              className="chip"
              title={header.purpose}
              onClick={() => add(header.name, header.example)}
            >
              + {header.name}: <span className="mono">{header.example}</span>
            </button>
          ))}
        </div>
      ) : null}
    </section>
  );
}
