// Desktop app: the company CA file is chosen in main's own open dialog. The page gets an opaque handle
// and the file's name, and never sends a path (issue 28 H1); browser mode types the path instead.
import { useState } from 'react';
import type { PickedCaFile } from '../../shared/bridge/groups/profiles';
import { toDisplayError } from '../ui/errors';
import { TextField } from '../ui/Field';
import { profilesCalls } from '../data/profiles';

/** The last part of a stored path, for display. */
export const caFileName = (path: string): string => path.split(/[\\/]/).pop() ?? path;

export function CaFileChooser(props: {
  /** The stored CA file ('' = none), or '' after Remove. */
  storedPath: string;
  picked: PickedCaFile | null;
  onPicked(picked: PickedCaFile | null): void;
  onRemove(): void;
  error?: string;
  onError(message: string | undefined): void;
}) {
  const [busy, setBusy] = useState(false);
  const shown = props.picked ? props.picked.fileName : props.storedPath ? caFileName(props.storedPath) : '';
  const choose = async () => {
    setBusy(true);
    try {
      const picked = await profilesCalls.pickCaFile();
      if (picked) {
        props.onError(undefined);
        props.onPicked(picked);
      }
    } catch (e) {
      props.onError(toDisplayError(e).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="ca-file-chooser">
      <TextField
        label="Company CA file (PEM)"
        readOnly
        value={shown || 'None'}
        title={props.picked ? undefined : props.storedPath || undefined}
        hint="For a TLS-inspecting proxy or an internal service: trusted for this profile in addition to the OS certificate store. Choose the file; it is checked when chosen and when saved."
        error={props.error}
      />
      <div className="action-bar">
        <button type="button" className="button button--small" onClick={() => void choose()} disabled={busy}>
          Choose file…
        </button>
        {shown ? (
          <button type="button" className="button button--small" onClick={props.onRemove}>
            Remove CA file
          </button>
        ) : null}
      </div>
    </div>
  );
}
