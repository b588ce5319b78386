// Labelled form controls with hint and inline error wired through aria-describedby / aria-invalid.
import { useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';

interface FieldShellProps {
  label: string;
  hint?: ReactNode;
  error?: string;
  className?: string;
}

/** What every control gets from its field: its id and the aria wiring to the label, hint and error. */
interface ControlWiring {
  id: string;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
}

/** The field frame shared by every control: label (before or after the control), error, hint. */
function FieldFrame({
  label,
  hint,
  error,
  className,
  checkbox = false,
  children,
}: FieldShellProps & { checkbox?: boolean; children: (wiring: ControlWiring) => ReactNode }) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(' ') || undefined;
  const wiring: ControlWiring = { id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy };
  const labelElement = (
    <label htmlFor={id} className="field__label">
      {label}
    </label>
  );
  return (
    <div className={`field${checkbox ? ' field--checkbox' : ''}${className ? ` ${className}` : ''}`}>
      {checkbox ? null : labelElement}
      {children(wiring)}
      {checkbox ? labelElement : null}
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
    </div>
  );
}

export type TextFieldProps = FieldShellProps & Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'className'> & {
  inputRef?: React.Ref<HTMLInputElement>;
};

export function TextField({ label, hint, error, className, inputRef, ...input }: TextFieldProps) {
  return (
    <FieldFrame label={label} hint={hint} error={error} className={className}>
      {(wiring) => <input {...input} {...wiring} ref={inputRef} className="field__input" />}
    </FieldFrame>
  );
}

export type TextAreaFieldProps = FieldShellProps & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'className'>;

export function TextAreaField({ label, hint, error, className, ...input }: TextAreaFieldProps) {
  return (
    <FieldFrame label={label} hint={hint} error={error} className={className}>
      {(wiring) => <textarea {...input} {...wiring} className="field__input field__input--multiline" />}
    </FieldFrame>
  );
}

export type SelectFieldProps = FieldShellProps & Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'className'>;

export function SelectField({ label, hint, error, className, children, ...select }: SelectFieldProps) {
  return (
    <FieldFrame label={label} hint={hint} error={error} className={className}>
      {(wiring) => (
        <select {...select} {...wiring} className="field__input">
          {children}
        </select>
      )}
    </FieldFrame>
  );
}

export type CheckboxFieldProps = FieldShellProps & Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'className' | 'type'>;

export function CheckboxField({ label, hint, error, className, ...input }: CheckboxFieldProps) {
  return (
    <FieldFrame label={label} hint={hint} error={error} className={className} checkbox>
      {(wiring) => <input {...input} {...wiring} type="checkbox" />}
    </FieldFrame>
  );
}
