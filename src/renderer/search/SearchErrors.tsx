// How a failed search or page reads: 400 beside the filters with the server's words, 403 as missing access,
// network trouble with Retry (filters and the pages already shown stay as they are).
import { toDisplayError } from '../ui/errors';
import { ErrorMessage } from '../ui/ErrorMessage';
import { useNavigation } from '../state/navigation';

export function SearchErrors({ error, onRetry, placement }: { error: unknown; onRetry(): void; placement: 'filters' | 'results' }) {
  const { navigate } = useNavigation();
  const e = toDisplayError(error);
  if (e.code === 'bad_request' || e.code === 'invalid_input') {
    return (
      <div role="alert" className="search-error search-error--input" data-error-code={e.code}>
        <p className="error-message__title">{e.code === 'bad_request' ? 'The service rejected this search' : 'This search is not valid'}</p>
        <p className="error-message__text">{e.message}</p>
      </div>
    );
  }
  if (e.code === 'forbidden') {
    return (
      <div role="alert" className="search-error" data-error-code={e.code}>
        <p className="error-message__title">No access</p>
        <p className="error-message__text">This account lacks access to company search (HTTP 403). Ask the service operator to enable it for your client.</p>
      </div>
    );
  }
  if (e.code === 'not_configured' || e.code.startsWith('auth_') || e.code === 'unauthorized') {
    return (
      <div role="alert" className="search-error" data-error-code={e.code}>
        <p className="error-message__text">{e.message}</p>
        <button type="button" className="button button--small" onClick={() => navigate({ screen: 'settings' })}>
          Open connection settings
        </button>
        <button type="button" className="button button--small" onClick={onRetry}>
          Retry
        </button>
      </div>
    );
  }
  return (
    <ErrorMessage
      error={error}
      title={placement === 'filters' ? 'Search failed' : 'This page could not be loaded. The filters and the page shown are kept.'}
      onRetry={onRetry}
      alwaysRetry
    />
  );
}
