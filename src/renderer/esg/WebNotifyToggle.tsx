// Opt-in for desktop notifications in browser mode (Electron always notifies from main).
import { useState } from 'react';
import { useAppInfo } from '../connection/queries';
import { setWebNotifications, webNotificationsEnabled, webNotificationsSupported } from './web-notify';

export function WebNotifyToggle() {
  const info = useAppInfo().data;
  const [on, setOn] = useState(webNotificationsEnabled);
  const [denied, setDenied] = useState(false);
  if (info?.shell !== 'browser' || !webNotificationsSupported()) return null;
  return (
    <div className="field field--checkbox esg-notify">
      <input
        type="checkbox"
        id="esg-web-notify"
        checked={on}
        onChange={async (e) => {
          const enabled = await setWebNotifications(e.target.checked);
          setOn(enabled);
          setDenied(e.target.checked && !enabled);
        }}
      />
      <label htmlFor="esg-web-notify" className="field__label">
        Desktop notification when a watched session completes
      </label>
      {denied ? <p className="field__hint">The browser did not allow notifications; completions still show as in-app notices.</p> : null}
    </div>
  );
}
