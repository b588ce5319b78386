// Opt-in for desktop notifications in browser mode (Electron always notifies from main). One choice
// for the whole app (ESG sessions and watch checks); each screen words what it notifies of.
import { useState } from 'react';
import { useAppInfo } from '../data/profiles';
import { setWebNotifications, webNotificationsEnabled, webNotificationsSupported } from '../ui/web-notify';

export function WebNotifyToggle({ id, label, deniedHint, className }: { id: string; label: string; deniedHint: string; className?: string }) {
  const info = useAppInfo().data;
  const [on, setOn] = useState(webNotificationsEnabled);
  const [denied, setDenied] = useState(false);
  if (info?.shell !== 'browser' || !webNotificationsSupported()) return null;
  return (
    <div className={`field field--checkbox${className ? ` ${className}` : ''}`}>
      <input
        type="checkbox"
        id={id}
        checked={on}
        onChange={(e) => {
          const wanted = e.target.checked;
          const apply = (enabled: boolean) => {
            setOn(enabled);
            setDenied(wanted && !enabled);
          };
          // A permission request that fails counts as refused.
          setWebNotifications(wanted).then(apply, () => apply(false));
        }}
      />
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      {denied ? <p className="field__hint">{deniedHint}</p> : null}
    </div>
  );
}
