// Dismissible message strip (app notices, vault warnings).
import type { ReactNode } from 'react';

export interface BannerProps {
  level: 'info' | 'warning' | 'error';
  children: ReactNode;
  onDismiss?: () => void;
  dismissLabel?: string;
}

export function Banner({ level, children, onDismiss, dismissLabel = 'Dismiss notice' }: BannerProps) {
  return (
    <div className={`banner banner--${level}`} role={level === 'error' ? 'alert' : 'status'}>
      <div className="banner__text">{children}</div>
      {onDismiss ? (
        <button type="button" className="button button--ghost banner__dismiss" onClick={onDismiss} aria-label={dismissLabel}>
          Dismiss
        </button>
      ) : null}
    </div>
  );
}
