// Settings → Network for a saved remote profile (beside the profile editor, saved on its own):
// the proxy (system / none / this proxy with user name and password) and a company CA file.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import type { NetworkSettings, ProfileView } from '../../shared/profile';
import { firmscope, unwrap } from '../bridge';
import { ErrorMessage } from '../ui/ErrorMessage';
import { SelectField, TextField } from '../ui/Field';
import { networkFormFrom, networkSaveRequest, PROXY_CHOICES, type NetworkErrors } from './network-form';
import { connectionKeys } from './queries';

export function NetworkSettingsPanel({ profile }: { profile: ProfileView }) {
  const [form, setForm] = useState<NetworkSettings>(() => networkFormFrom(profile));
  const [errors, setErrors] = useState<NetworkErrors>({});
  const [saved, setSaved] = useState(false);
  const password = useRef<HTMLInputElement>(null);
  const qc = useQueryClient();
  const save = useMutation({
    mutationFn: (request: Parameters<ReturnType<typeof firmscope>['connection']['saveProfile']>[0]) => unwrap(firmscope().connection.saveProfile(request)),
    onSuccess: () => {
      if (password.current) password.current.value = '';
      setSaved(true);
      void qc.invalidateQueries({ queryKey: connectionKeys.profiles });
      void qc.invalidateQueries({ queryKey: connectionKeys.status });
    },
  });
  const set = (patch: Partial<NetworkSettings>) => {
    setForm((f) => ({ ...f, ...patch }));
    setSaved(false);
  };
  const submit = () => {
    const r = networkSaveRequest(profile, form, password.current?.value ?? '');
    if (!r.ok) return setErrors(r.errors);
    setErrors({});
    save.mutate(r.request);
  };

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
      <TextField
        label="Company CA file (PEM)"
        placeholder="/path/to/company-ca.pem"
        hint="For a TLS-inspecting proxy or an internal service: trusted for this profile in addition to the usual authorities. The desktop app also trusts the OS certificate store."
        value={form.caFile}
        onChange={(e) => set({ caFile: e.target.value })}
        error={errors.caFile}
      />
      <div className="action-bar">
        <button type="button" className="button" onClick={submit} disabled={save.isPending}>
          Save network settings
        </button>
        {saved ? <span role="status">Saved. The next request uses these settings.</span> : null}
      </div>
      {save.error ? <ErrorMessage error={save.error} /> : null}
    </section>
  );
}
