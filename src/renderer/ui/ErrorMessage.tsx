// Shows a bridge error the way an analyst can act on it: message, code (for support) and Retry when it may help.
import { toDisplayError } from './errors';

export interface ErrorMessageProps {
  error: unknown;
  /** Heading above the message, e.g. "Search failed". */
  title?: string;
  /** Shown as a Retry button when the error is retryable (or `alwaysRetry`). */
  onRetry?: () => void;
  alwaysRetry?: boolean;
  className?: string;
}

export function ErrorMessage({ error, title, onRetry, alwaysRetry, className }: ErrorMessageProps) {
  const e = toDisplayError(error);
  const showRetry = onRetry && (e.retryable || alwaysRetry);
  return (
    <div role="alert" className={`error-message${className ? ` ${className}` : ''}`} data-error-code={e.code}>
      {title ? <p className="error-message__title">{title}</p> : null}
      <p className="error-message__text">{e.message}</p>
      <p className="error-message__meta">
        Error code: <code>{e.code}</code>
        {typeof e.details?.status === 'number' ? <> · HTTP {e.details.status}</> : null}
      </p>
      {showRetry ? (
        <button type="button" className="button" onClick={onRetry}>
          Retry
        </button>
      ) : null}
    </div>
  );
}
