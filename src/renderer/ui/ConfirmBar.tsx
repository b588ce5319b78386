// The inline "are you sure?" of a costly or destructive action: the question in words, the action
// button focused (so Enter confirms and Escape or Cancel backs out), announced as an alert dialog.
import { useId, type ReactNode } from 'react';

export interface ConfirmBarProps {
  /** The question, naming the target and what happens to it. */
  children: ReactNode;
  confirmLabel: string;
  onConfirm(): void;
  onCancel(): void;
  cancelLabel?: string;
  /** danger (delete, cancel a run) or primary (start something costly). */
  tone?: 'danger' | 'primary';
  busy?: boolean;
  className?: string;
  /** Shown under the buttons (an error of the confirmed action). */
  after?: ReactNode;
}

export function ConfirmBar({ children, confirmLabel, onConfirm, onCancel, cancelLabel = 'Cancel', tone = 'danger', busy = false, className, after }: ConfirmBarProps) {
  const textId = useId();
  return (
    <div className={`confirm${className ? ` ${className}` : ''}`} role="alertdialog" aria-labelledby={textId} onKeyDown={(e) => e.key === 'Escape' && onCancel()}>
      <p id={textId}>{children}</p>
      <button type="button" className={`button button--${tone}`} autoFocus disabled={busy} onClick={onConfirm}>
        {confirmLabel}
      </button>
      <button type="button" className="button" onClick={onCancel}>
        {cancelLabel}
      </button>
      {after}
    </div>
  );
}
