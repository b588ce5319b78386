// News: headline, source, date, sentiment and topic, newest first, with a link out through the OS.
import { formatDate, humanize, type Article } from '../ui/esg-format';
import { openExternal } from '../data/app';

/** `newIds`: article ids that arrived with the latest refresh (marked "New since last refresh"). */
export function NewsList({ articles, firstIndex, newIds }: { articles: Article[]; firstIndex: number; newIds?: ReadonlySet<string> }) {
  // The service's order is not promised; within the page, newest first.
  const sorted = [...articles].sort((a, b) => (b.published?.getTime() ?? 0) - (a.published?.getTime() ?? 0));
  return (
    <ol className="news-list" start={firstIndex + 1} aria-label="news items">
      {sorted.map((a, i) => (
        <li key={`${a.url ?? a.title}-${i}`} className={`news-list__item${a.id && newIds?.has(a.id) ? ' news-list__item--new' : ''}`}>
          <h3 className="news-list__title">
            {a.id && newIds?.has(a.id) ? <span className="news-list__new">New since last refresh</span> : null}
            {a.url ? (
              <a
                href={a.url}
                rel="noreferrer"
                onClick={(e) => {
                  e.preventDefault();
                  openExternal(a.url!);
                }}
              >
                <bdi>{a.title}</bdi>
              </a>
            ) : (
              <bdi>{a.title}</bdi>
            )}
          </h3>
          <p className="news-list__meta">
            {a.source ? <bdi className="news-list__source">{a.source}</bdi> : null}
            <time dateTime={a.published?.toISOString()}>{formatDate(a.published)}</time>
            {a.sentimentLabel ? (
              <span className={`news-list__sentiment news-list__sentiment--${a.sentimentLabel}`} title={a.sentiment === null ? undefined : `Sentiment ${a.sentiment.toFixed(2)} (−1 to 1)`}>
                {humanize(a.sentimentLabel)}
              </span>
            ) : null}
            {a.topics.map((t) => (
              <span key={t} className="news-list__topic">
                <bdi>{humanize(t)}</bdi>
              </span>
            ))}
          </p>
        </li>
      ))}
    </ol>
  );
}
