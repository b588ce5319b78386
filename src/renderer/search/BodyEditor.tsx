// The JSON body that will be sent, editable. Valid edits (typed or pasted) become conditions; invalid JSON
// stays as typed, with the line and column pointed at.
import { memo, useEffect, useId, useRef, useState } from 'react';
import { canonicalJson } from '../../shared/search/body';
import { parseBodyText, type BuilderState } from './filter-model';

export interface BodyEditorProps {
  /** Body (or draft) the builder currently describes. */
  body: unknown;
  onParsed(state: BuilderState): void;
}

const format = (v: unknown) => JSON.stringify(v, null, 2);

/** Memoised: result paging re-renders the screen but not this editor. */
export const BodyEditor = memo(function BodyEditor({ body, onParsed }: BodyEditorProps) {
  const id = useId();
  const ref = useRef<HTMLTextAreaElement>(null);
  const [text, setText] = useState(() => format(body));
  const [problem, setProblem] = useState<{ message: string; offset?: number } | null>(null);
  // Text the analyst is editing is not reformatted under their cursor when the builder follows it.
  const lastSynced = useRef(canonicalJson(body));

  useEffect(() => {
    const key = canonicalJson(body);
    if (key === lastSynced.current) return;
    lastSynced.current = key;
    setText(format(body));
    setProblem(null);
  }, [body]);

  const onEdit = (next: string) => {
    setText(next);
    const parsed = parseBodyText(next);
    if (!parsed.ok) {
      setProblem({ message: parsed.message, offset: parsed.offset });
      return;
    }
    setProblem(null);
    try {
      lastSynced.current = canonicalJson(JSON.parse(next));
    } catch {
      /* parsed above */
    }
    onParsed(parsed.state);
  };

  const goToError = () => {
    const el = ref.current;
    if (!el || problem?.offset === undefined) return;
    el.focus();
    el.setSelectionRange(problem.offset, Math.min(problem.offset + 1, el.value.length));
  };

  return (
    <div className="body-editor field">
      <label htmlFor={id} className="field__label">
        Request body (JSON)
      </label>
      <textarea
        id={id}
        ref={ref}
        className="field__input field__input--multiline field__input--mono body-editor__text"
        spellCheck={false}
        rows={12}
        value={text}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? `${id}-err` : `${id}-hint`}
        onChange={(e) => onEdit(e.target.value)}
      />
      {problem ? (
        <div id={`${id}-err`} className="field__error body-editor__error" role="alert">
          {problem.message} The builder keeps its last valid conditions.{' '}
          {problem.offset !== undefined ? (
            <button type="button" className="button button--ghost button--small" onClick={goToError}>
              Go to error
            </button>
          ) : null}
        </div>
      ) : (
        <p id={`${id}-hint`} className="field__hint">
          Edit or paste a body here; the conditions follow.
        </p>
      )}
    </div>
  );
});
