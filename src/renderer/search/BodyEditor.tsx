// The JSON body that will be sent, editable. Valid edits (typed or pasted) become conditions; anything the
// builder cannot show stays as typed, with the problem located, and blocks Search until fixed or discarded.
import { memo, useId, useRef } from 'react';
import type { EditorText } from '../state/search-state';

export interface BodyEditorProps {
  text: string;
  problem: EditorText['problem'] | undefined;
  onEdit(text: string): void;
  /** Drops the text typed here and shows the builder's conditions again. */
  onDiscard(): void;
}

/** Memoised: result paging re-renders the screen but not this editor. */
export const BodyEditor = memo(function BodyEditor({ text, problem, onEdit, onDiscard }: BodyEditorProps) {
  const id = useId();
  const ref = useRef<HTMLTextAreaElement>(null);

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
          {problem.message} Search stays off until this body is fixed.{' '}
          {problem.offset !== undefined ? (
            <button type="button" className="button button--ghost button--small" onClick={goToError}>
              Go to error
            </button>
          ) : null}
          <button type="button" className="button button--ghost button--small" onClick={onDiscard}>
            Discard JSON edits
          </button>
        </div>
      ) : (
        <p id={`${id}-hint`} className="field__hint">
          Edit or paste a body here; the conditions follow.
        </p>
      )}
    </div>
  );
});
