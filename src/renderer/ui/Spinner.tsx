// Busy indicators. Spinner is decorative next to a text label; ProgressBar uses the native element
// (no inline styles: the CSP forbids them).
export function Spinner({ label }: { label?: string }) {
  return (
    <span className="spinner-wrap" role="status">
      <span className="spinner" aria-hidden="true" />
      {label ? <span>{label}</span> : <span className="visually-hidden">Loading</span>}
    </span>
  );
}

export interface ProgressBarProps {
  label: string;
  value: number;
  /** Unknown total: indeterminate bar. */
  max?: number;
}

export function ProgressBar({ label, value, max }: ProgressBarProps) {
  return (
    <progress className="progress" aria-label={label} value={max === undefined ? undefined : value} max={max} />
  );
}
