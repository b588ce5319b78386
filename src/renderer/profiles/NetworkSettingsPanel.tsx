// Settings → Network for a saved remote profile (beside the profile editor, saved on its own):
// the proxy (system / none / this proxy with user name and password) and a company CA file.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import type { PickedCaFile } from '../../shared/bridge/groups/profiles';
import type { NetworkSettings, ProfileView } from '../../shared/profile';
import { ErrorMessage } from '../ui/ErrorMessage';
import { errorField, toDisplayError } from '../ui/errors';
import { SelectField, TextField } from '../ui/Field';
import { droppedNotice, networkFormFrom, networkSaveRequest, PROXY_CHOICES, secretAtRisk, type NetworkErrors } from './network-form';
import { CaFileChooser } from './CaFileChooser';
import { profilesKeys, useAppInfo } from '../data/profiles';
import { profilesCalls } from '../data/profiles';

export function NetworkSettingsPanel({ profile }: { profile: ProfileView }) {
  const [form, setForm] = useState<NetworkSettings>(() => networkFormFrom(profile));
  const [errors, setErrors] = useState<NetworkErrors>({});
  const [saved, setSaved] = useState<string | false>(false);
  const desktop = useAppInfo().data?.shell === 'electron';
  const [pickedCa, setPickedCa] = useState<PickedCaFile | null>(null);
  const password = useRef<HTMLInputElement>(null);
  const secret = useRef<HTMLInputElement>(null);
  const qc = useQueryClient();
  const save = useMutation({
    mutationFn: (request: Parameters<typeof profilesCalls.saveProfile>[0]) => profilesCalls.saveProfile(request),
    onSuccess: (view) => {
      if (password.current) password.current.value = '';
      if (secret.current) secret.current.value = '';
      setPickedCa(null);
      setForm((f) => ({ ...f, caFile: networkFormFrom(view).caFile }));
      setSaved(droppedNotice(view.dropped) ?? 'Saved. The next request uses these settings.');
      void qc.invalidateQueries({ queryKey: profilesKeys.profiles });
      void qc.invalidateQueries({ queryKey: profilesKeys.status });
    },
    // A refusal that names a field (the CA file) is shown under that field, not below the form.
    onError: (e) => {
      if (onAField(e)) setErrors({ [errorField(e)!]: toDisplayError(e).message });
    },
  });
  const onAField = (e: unknown) => {
    const field = errorField(e);
    return field !== undefined && field in form;
  };
  const set = (patch: Partial<NetworkSettings>) => {
    setForm((f) => ({ ...f, ...patch }));
    setSaved(false);
  };
  const submit = () => {
    const r = networkSaveRequest(profile, form, password.current?.value ?? '', atRisk ? (secret.current?.value ?? '') : '', pickedCa?.caFileHandle);
    if (!r.ok) return setErrors(r.errors);
    setErrors({});
    save.mutate(r.request);
  };

  const atRisk = secretAtRisk(profile, form, pickedCa !== null);

  return (
    <section className="profile-editor" aria-labelledby="network-settings-title">
      <h3 id="network-settings-title">Network</h3>
      <SelectField label="Proxy" value={form.proxy} onChange={(e) => set({ proxy: e.target.value as NetworkSettings['proxy'] })} error={errors.proxy}>
        {PROXY_CHOICES.map((c) => (
          <option key={c.value} value={c.value}>
            {c.label}
          </option>
        ))}
      </SelectField>
      {form.proxy === 'url' ? (
        <>
          <TextField label="Proxy address" placeholder="http://proxy.example.com:8080" value={form.proxyUrl} onChange={(e) => set({ proxyUrl: e.target.value })} error={errors.proxyUrl} />
          <TextField label="Proxy user name" hint="Leave empty if the proxy does not ask for one." value={form.proxyUsername} onChange={(e) => set({ proxyUsername: e.target.value })} error={errors.proxyUsername} autoComplete="off" />
          <TextField
            label="Proxy password"
            type="password"
            inputRef={password}
            autoComplete="off"
            hint={profile.hasProxyPassword ? 'A password is stored in the keychain; type a new one to replace it.' : 'Kept in the keychain, like the client secret.'}
          />
        </>
      ) : null}
      {desktop ? (
        <CaFileChooser
          storedPath={form.caFile}
          picked={pickedCa}
          onPicked={(p) => {
            setPickedCa(p);
            setSaved(false);
          }}
          onRemove={() => {
            setPickedCa(null);
            set({ caFile: '' });
          }}
          error={errors.caFile}
          onError={(message) => setErrors((e) => ({ ...e, caFile: message }))}
        />
      ) : (
        <TextField
          label="Company CA file (PEM)"
          placeholder="/path/to/company-ca.pem"
          hint="For a TLS-inspecting proxy or an internal service: trusted for this profile in addition to the usual authorities. The desktop app also trusts the OS certificate store."
          value={form.caFile}
          onChange={(e) => set({ caFile: e.target.value })}
          error={errors.caFile}
        />
      )}
      {atRisk ? (
        <TextField
          label="Client secret, to keep it"
          type="password"
          inputRef={secret}
          autoComplete="off"
          hint="The client secret goes through this proxy and trusts this CA. It was entered for the old ones: type it again to keep it, or it is removed when you save."
        />
      ) : null}
      <div className="action-bar">
        <button type="button" className="button" onClick={submit} disabled={save.isPending}>
          Save network settings
        </button>
        {saved ? <span role="status">{saved}</span> : null}
      </div>
      {save.error && !onAField(save.error) ? <ErrorMessage error={save.error} /> : null}
    </section>
  );
}
