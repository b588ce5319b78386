// Connection / Settings: choose or create a profile and edit it.
import { useState } from 'react';
import { ErrorMessage } from '../ui/ErrorMessage';
import { SelectField } from '../ui/Field';
import { Spinner } from '../ui/Spinner';
import { NetworkSettingsPanel } from './NetworkSettingsPanel';
import { ProfileEditor } from './ProfileEditor';
import { LocalePanel } from './LocalePanel';
import { TeamConnectionPanel } from '../team/TeamConnectionPanel';
import { useConnectionStatus, useProfiles } from '../data/profiles';

const NEW = '__new__';

export function SettingsScreen() {
  const profiles = useProfiles();
  const status = useConnectionStatus();
  const [selected, setSelected] = useState<string | null>(null);
  // A fresh editor only when the analyst picks another profile; saving a new profile keeps the
  // same editor (its messages and test report stay on screen) while it gains an id, and saving the
  // profile shown by default (none picked) keeps it shown by default, so its editor stays too.
  const [pick, setPick] = useState(0);
  const choose = (id: string | null) => {
    setSelected(id);
    setPick((n) => n + 1);
  };

  if (profiles.isPending) return <Spinner label="Loading profiles…" />;
  if (profiles.isError) return <ErrorMessage error={profiles.error} title="Could not load profiles" onRetry={() => void profiles.refetch()} alwaysRetry />;

  const list = profiles.data.profiles;
  const fallbackId = profiles.data.activeId ?? list[0]?.id ?? NEW;
  const selectedId = selected && (selected === NEW || list.some((p) => p.id === selected)) ? selected : fallbackId;
  const profile = list.find((p) => p.id === selectedId);
  const editorKey = `${pick}:${selected === null ? fallbackId : 'picked'}`;

  return (
    <section aria-labelledby="settings-title" className="screen">
      <h1 id="settings-title">Connection settings</h1>
      <div className="profile-picker">
        <SelectField label="Profile" value={selectedId} onChange={(e) => choose(e.target.value)}>
          {list.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name}
              {p.id === profiles.data.activeId ? ' (active)' : ''}
            </option>
          ))}
          {selectedId === NEW ? <option value={NEW}>New profile (unsaved)</option> : null}
        </SelectField>
        <button type="button" className="button" onClick={() => choose(NEW)} disabled={selectedId === NEW}>
          New profile
        </button>
      </div>
      <ProfileEditor
        key={editorKey}
        profile={profile}
        status={status.data}
        onSaved={(p) => setSelected((cur) => (cur === null ? null : p.id))}
        onDeleted={() => choose(null)}
      />
      {profile && profile.kind === 'remote' ? <NetworkSettingsPanel key={`network-${profile.id}`} profile={profile} /> : null}
      <TeamConnectionPanel />
      <LocalePanel />
    </section>
  );
}
