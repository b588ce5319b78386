// A company id shown short (first block, full id in the tooltip), with a copy button: names lead,
// the id is secondary.
import { useState } from 'react';

export function ShortId({ id, name }: { id: string; name: string | null }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(id);
      setCopied(true);
      setTimeout(() => setCopied(false), 1500);
    } catch {
      setCopied(false);
    }
  };
  return (
    <span className="short-id">
      <code title={id}>{id.slice(0, 8)}…</code>
      <button type="button" className="button button--ghost button--small" onClick={() => void copy()} aria-label={`Copy ID of ${name ?? id}`}>
        {copied ? 'Copied' : 'Copy'}
      </button>
    </span>
  );
}
