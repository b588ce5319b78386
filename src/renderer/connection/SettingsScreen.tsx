// Connection / Settings: choose or create a profile and edit it.
import { useState } from 'react';
import { ErrorMessage } from '../ui/ErrorMessage';
import { SelectField } from '../ui/Field';
import { Spinner } from '../ui/Spinner';
import { ProfileEditor } from './ProfileEditor';
import { useConnectionStatus, useProfiles } from './queries';

const NEW = '__new__';

export function SettingsScreen() {
  const profiles = useProfiles();
  const status = useConnectionStatus();
  const [selected, setSelected] = useState<string | null>(null);
  const [flash, setFlash] = useState<{ id: string; text: string } | null>(null);

  if (profiles.isPending) return <Spinner label="Loading profiles…" />;
  if (profiles.isError) return <ErrorMessage error={profiles.error} title="Could not load profiles" onRetry={() => void profiles.refetch()} alwaysRetry />;

  const list = profiles.data.profiles;
  const fallbackId = profiles.data.activeId ?? list[0]?.id ?? NEW;
  const selectedId = selected && (selected === NEW || list.some((p) => p.id === selected)) ? selected : fallbackId;
  const profile = list.find((p) => p.id === selectedId);

  return (
    <section aria-labelledby="settings-title" className="screen">
      <h1 id="settings-title">Connection settings</h1>
      <div className="profile-picker">
        <SelectField label="Profile" value={selectedId} onChange={(e) => {
            setFlash(null);
            setSelected(e.target.value);
          }}>
          {list.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name}
              {p.id === profiles.data.activeId ? ' (active)' : ''}
            </option>
          ))}
          {selectedId === NEW ? <option value={NEW}>New profile (unsaved)</option> : null}
        </SelectField>
        <button type="button" className="button" onClick={() => {
            setFlash(null);
            setSelected(NEW);
          }} disabled={selectedId === NEW}>
          New profile
        </button>
      </div>
      <ProfileEditor
        key={selectedId}
        profile={profile}
        status={status.data}
        initialNotice={flash?.id === selectedId ? flash.text : null}
        onSaved={(p) => {
          if (p.id !== selectedId) setFlash({ id: p.id, text: 'Profile saved.' });
          setSelected(p.id);
        }}
        onDeleted={() => {
          setFlash(null);
          setSelected(null);
        }}
      />
    </section>
  );
}
