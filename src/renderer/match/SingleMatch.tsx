// Single match: the facts the analyst knows, the exact JSON that will be sent (editable), ranked results.
import { useEffect, useRef, type FormEvent } from 'react';
import type { MatchCandidate } from '../../shared/service/schemas';
import { MATCH_FIELD_LABELS, MATCH_FIELDS, type MatchField } from '../../shared/match/fields';
import { TextAreaField, TextField } from '../ui/Field';
import { ErrorMessage } from '../ui/ErrorMessage';
import { Spinner } from '../ui/Spinner';
import { useScreenState } from '../state/screen-store';
import { useMatchPreview, useSingleMatch } from '../data/match';
import { MatchResults } from './MatchResults';
import { analystLocale } from '../ui/format';
import { countryName, defaultLocale, resolveCountry } from '../../shared/service/country-names';

/** What the Country field will send: a name goes as its code (the request builder does the same in main). */
function countryHint(typed: string | undefined): string | undefined {
  const t = typed?.trim();
  if (!t) return HINTS.country;
  const code = resolveCountry(t, defaultLocale());
  if (!code) return 'Not a country code or name the app knows: sent as typed.';
  // Resolved as main resolves it (its process locale and English); named in the analyst's locale.
  return code === t ? countryName(code, analystLocale()) : `Sent as ${code} (${countryName(code, analystLocale()) ?? code}).`;
}

const HINTS: Partial<Record<MatchField, string>> = {
  website: 'Domain or URL, e.g. acme.example',
  country: 'ISO code or name, e.g. DE or Germany',
  limit: 'How many candidates to return (1–50).',
};

export interface SingleMatchProps {
  prefill?: Record<string, string>;
  onOpen(candidate: MatchCandidate): void;
}

export function SingleMatch({ prefill, onOpen }: SingleMatchProps) {
  // Inputs and the last result live in the screen store, so they survive leaving the screen.
  const [{ fields, editedBody, bodyError, submitted, result }, update] = useScreenState('match');
  const setEditedBody = (v: string | null) => update({ editedBody: v });
  const setBodyError = (v: string | null) => update({ bodyError: v });
  const preview = useMatchPreview(fields);
  const match = useSingleMatch();

  // A route with a prefill ("Match" from a company's details) fills the form, once per navigation.
  useEffect(() => {
    if (prefill) update({ fields: pickFields(prefill) });
  }, [prefill, update]);

  /** The result is written to the store when it arrives, even if the analyst has left the screen. */
  const send = (input: { fields?: Record<string, string>; rawBody?: unknown }) => {
    match.mutateAsync(input).then(
      (r) => {
        update({ result: r });
        arrived.current = true;
      },
      () => undefined, // shown by match.error while the screen is open
    );
  };

  // The results sit below the form and its JSON: a fresh answer is brought into view (not one
  // restored when the analyst comes back to the screen).
  const resultsRef = useRef<HTMLDivElement>(null);
  const arrived = useRef(false);
  useEffect(() => {
    if (!arrived.current || !result) return;
    arrived.current = false;
    const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    resultsRef.current?.scrollIntoView?.({ block: 'start', behavior: reduce ? 'auto' : 'smooth' });
  }, [result]);

  const problems = preview.data?.problems ?? [];
  const fieldError = (f: string) => (submitted && editedBody === null ? problems.find((p) => p.field === f)?.message : undefined);
  const shownBody = editedBody ?? (preview.data?.body != null ? JSON.stringify(preview.data.body, null, 2) : '');

  const run = () => {
    update({ submitted: true, bodyError: null });
    if (editedBody !== null) {
      let rawBody: unknown;
      try {
        rawBody = JSON.parse(editedBody);
      } catch (err) {
        setBodyError(`The request body is not valid JSON: ${(err as Error).message}. Fix it or reset it to the form.`);
        return;
      }
      send({ rawBody });
    } else {
      send({ fields });
    }
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    run();
  };

  return (
    <div className="match-single">
      <form onSubmit={submit} aria-label="Match one company" noValidate>
        <fieldset>
          <legend>What you know about the company</legend>
          <div className="form-grid">
            {MATCH_FIELDS.map((f) => (
              <TextField
                key={f}
                label={MATCH_FIELD_LABELS[f]}
                name={f}
                value={fields[f] ?? ''}
                onChange={(e) => update((old) => ({ fields: { ...old.fields, [f]: e.target.value } }))}
                inputMode={f === 'limit' ? 'numeric' : undefined}
                autoComplete="off"
                required={f === 'name' && preview.data?.source !== 'profile'}
                hint={f === 'country' ? countryHint(fields.country) : HINTS[f]}
                error={fieldError(f)}
                readOnly={editedBody !== null}
              />
            ))}
          </div>
        </fieldset>
        <TextAreaField
          className="match-single__body"
          label="Request body (JSON)"
          rows={8}
          spellCheck={false}
          value={shownBody}
          onChange={(e) => setEditedBody(e.target.value)}
          error={bodyError ?? undefined}
          hint={
            editedBody !== null
              ? 'Edited by hand: this text is sent as written and the form is locked.'
              : preview.data?.source === 'profile'
                ? "Built from the form with this profile's payload template. Edit it to send something else."
                : 'Built from the form (default payload). Edit it to send something else.'
          }
        />
        <div className="action-bar">
          <button type="submit" className="button button--primary" disabled={match.isPending}>
            Find matches
          </button>
          {editedBody !== null ? (
            <button type="button" className="button" onClick={() => (setEditedBody(null), setBodyError(null))}>
              Reset body to the form
            </button>
          ) : null}
          {match.isPending ? <Spinner label="Matching…" /> : null}
        </div>
      </form>
      {preview.error ? <ErrorMessage error={preview.error} title="Could not build the request" /> : null}
      {match.error ? <ErrorMessage error={match.error} title="Match failed" onRetry={run} /> : null}
      <div ref={resultsRef} className="match-single__results">
        {result ? <MatchResults result={result} onOpen={onOpen} /> : null}
      </div>
    </div>
  );
}

function pickFields(prefill: Record<string, string> | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const f of MATCH_FIELDS) if (prefill?.[f]) out[f] = prefill[f];
  return out;
}
