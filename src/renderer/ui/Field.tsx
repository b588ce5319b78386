// Labelled form controls with hint and inline error wired through aria-describedby / aria-invalid.
import { useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';

interface FieldShellProps {
  label: string;
  hint?: ReactNode;
  error?: string;
  className?: string;
}

function useFieldIds(hint: unknown, error: unknown) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(' ') || undefined;
  return { id, hintId, errorId, describedBy };
}

function Extras({ hint, hintId, error, errorId }: { hint?: ReactNode; hintId?: string; error?: string; errorId?: string }) {
  return (
    <>
      {error ? (
        <p id={errorId} className="field__error">
          {error}
        </p>
      ) : null}
      {hint ? (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      ) : null}
    </>
  );
}

export type TextFieldProps = FieldShellProps & Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'className'> & {
  inputRef?: React.Ref<HTMLInputElement>;
};

export function TextField({ label, hint, error, className, inputRef, ...input }: TextFieldProps) {
  const ids = useFieldIds(hint, error);
  return (
    <div className={`field${className ? ` ${className}` : ''}`}>
      <label htmlFor={ids.id} className="field__label">
        {label}
      </label>
      <input
        {...input}
        ref={inputRef}
        id={ids.id}
        className="field__input"
        aria-invalid={error ? true : undefined}
        aria-describedby={ids.describedBy}
      />
      <Extras hint={hint} hintId={ids.hintId} error={error} errorId={ids.errorId} />
    </div>
  );
}

export type TextAreaFieldProps = FieldShellProps & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'className'>;

export function TextAreaField({ label, hint, error, className, ...input }: TextAreaFieldProps) {
  const ids = useFieldIds(hint, error);
  return (
    <div className={`field${className ? ` ${className}` : ''}`}>
      <label htmlFor={ids.id} className="field__label">
        {label}
      </label>
      <textarea
        {...input}
        id={ids.id}
        className="field__input field__input--multiline"
        aria-invalid={error ? true : undefined}
        aria-describedby={ids.describedBy}
      />
      <Extras hint={hint} hintId={ids.hintId} error={error} errorId={ids.errorId} />
    </div>
  );
}

export type SelectFieldProps = FieldShellProps & Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'className'>;

export function SelectField({ label, hint, error, className, children, ...select }: SelectFieldProps) {
  const ids = useFieldIds(hint, error);
  return (
    <div className={`field${className ? ` ${className}` : ''}`}>
      <label htmlFor={ids.id} className="field__label">
        {label}
      </label>
      <select
        {...select}
        id={ids.id}
        className="field__input"
        aria-invalid={error ? true : undefined}
        aria-describedby={ids.describedBy}
      >
        {children}
      </select>
      <Extras hint={hint} hintId={ids.hintId} error={error} errorId={ids.errorId} />
    </div>
  );
}

export type CheckboxFieldProps = FieldShellProps & Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'className' | 'type'>;

export function CheckboxField({ label, hint, error, className, ...input }: CheckboxFieldProps) {
  const ids = useFieldIds(hint, error);
  return (
    <div className={`field field--checkbox${className ? ` ${className}` : ''}`}>
      <input
        {...input}
        type="checkbox"
        id={ids.id}
        aria-invalid={error ? true : undefined}
        aria-describedby={ids.describedBy}
      />
      <label htmlFor={ids.id} className="field__label">
        {label}
      </label>
      <Extras hint={hint} hintId={ids.hintId} error={error} errorId={ids.errorId} />
    </div>
  );
}
