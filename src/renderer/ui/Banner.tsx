// Dismissible message strip (app notices, vault warnings).
import { useId, type ReactNode } from 'react';

export interface BannerProps {
  level: 'info' | 'warning' | 'error';
  children: ReactNode;
  onDismiss?: () => void;
  dismissLabel?: string;
}


export function Banner({ level, children, onDismiss, dismissLabel = 'Dismiss notice' }: BannerProps) {
  const textId = useId();
  return (
    <div className={`banner banner--${level}`} role={level === 'error' ? 'alert' : 'status'}>
      <div className="banner__text" id={textId}>
        {children}
      </div>
      {onDismiss ? (
        <button type="button" className="button button--ghost banner__dismiss" onClick={onDismiss} aria-label={dismissLabel} aria-describedby={textId}>
          Dismiss
        </button>
      ) : null}
    </div>
  );
}
