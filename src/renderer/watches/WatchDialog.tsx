// The "Watch…" dialog (create, or Edit of a watch), modal: name (prefilled with the target's name), when to
// check, at start or not, and for a list the ESG modules and the score threshold. The cost of a
// check and of a day at the schedule is asked from main as the choices change and shown before
// "Create watch". Nothing costly starts ticked; problems show next to their field.
// The field groups live in WatchScheduleFields.tsx and WatchListFields.tsx.
import { useId, useLayoutEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { WatchScheduleSchema, WatchTargetSchema, type WatchInfo } from '../../shared/watches/watches';
import { CheckboxField, TextField } from '../ui/Field';
import { ErrorMessage } from '../ui/ErrorMessage';
import { WatchCostLine } from './WatchCostLine';
import { WatchListFields } from './WatchListFields';
import { WatchScheduleFields } from './WatchScheduleFields';
import { WatchRulesFields } from './WatchRulesFields';
import { formOf, initialForm, refOf, scheduleOf, serverFieldError, targetOf, validateForm, type FieldErrors, type WatchFormState, type WatchTargetRef } from './watch-form';
import { useCreateWatch, useUpdateWatch, type EstimateInput } from '../data/watches';
import './watches.css';
import { mutateThen } from '../data/mutate-then';

export interface WatchDialogProps {
  /** A new watch of this target, or `existing` to edit. */
  target?: WatchTargetRef;
  existing?: WatchInfo;
  onClose(): void;
  onSaved(watch: WatchInfo): void;
}

/**
 * Opens the <dialog> as a modal (the top layer: never clipped by the saved-searches panel or a card,
 * focus stays inside, the page behind is inert), or just open where showModal is missing (jsdom).
 */
function useModal() {
  const ref = useRef<HTMLDialogElement>(null);
  // Layout effect: closed while still in the document, so the browser gives focus back to the opener.
  useLayoutEffect(() => {
    const d = ref.current;
    if (!d || d.open) return undefined;
    try {
      d.showModal();
    } catch {
      d.setAttribute('open', '');
    }
    return () => {
      if (!d.open) return;
      if (typeof d.close === 'function') d.close();
      else d.removeAttribute('open');
    };
  }, []);
  return ref;
}

export function WatchDialog({ target, existing, onClose, onSaved }: WatchDialogProps) {
  const ref = existing ? refOf(existing) : target!;
  const [form, setForm] = useState<WatchFormState>(() => (existing ? formOf(existing) : initialForm(ref)));
  const [errors, setErrors] = useState<FieldErrors>({});
  const create = useCreateWatch();
  const update = useUpdateWatch();
  const save = existing ? update : create;
  const titleId = useId();
  const costId = useId();
  const modulesErrorId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const dialogRef = useModal();
  const set = (patch: Partial<WatchFormState>) => {
    setForm((f) => ({ ...f, ...patch }));
    setErrors((e) => {
      const next = { ...e };
      for (const k of Object.keys(patch)) delete next[k === 'schedule' ? 'at' : (k as keyof FieldErrors)];
      return next;
    });
  };

  // What the estimate is asked for: only a schedule and target main would accept. The cost does not
  // depend on the hour or the weekday, so those are left out of the question: retyping a time asks
  // main nothing (an estimate of a search never loaded costs main a count request).
  const estimateInput = useMemo<EstimateInput | null>(() => {
    const schedule = WatchScheduleSchema.safeParse(scheduleOf(form));
    const t = WatchTargetSchema.safeParse(targetOf(ref, form));
    if (!schedule.success || !t.success) return null;
    const s = schedule.data;
    return { target: t.data, schedule: s.kind === 'daily' ? { kind: 'daily', at: '00:00' } : s.kind === 'weekly' ? { kind: 'weekly', day: 0, at: '00:00' } : s };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- ref is derived from props that do not change while the dialog is open
  }, [form.schedule, form.at, form.day, form.modules]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const v = validateForm(ref, form);
    if (!v.ok) {
      setErrors(v.errors);
      // Focus the first field with a problem, so the message is read next to where it is fixed.
      requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return;
    }
    const done = { onSuccess: (w: WatchInfo) => onSaved(w) };
    const onError = (err: unknown) => {
      const f = serverFieldError(err);
      if (f) setErrors({ [f.field]: f.message });
    };
    if (existing) mutateThen(update, { id: existing.id, ...v.input }, { ...done, onError });
    else mutateThen(create, v.input, { ...done, onError });
  };

  const kindWord = ref.kind === 'search' ? 'saved search' : 'list';
  const title = existing ? `Edit watch ‘${existing.name}’` : `Watch ${kindWord} ‘${ref.name}’`;
  const generalError = save.error && !serverFieldError(save.error) ? save.error : null;

  return (
    <dialog
      ref={dialogRef}
      aria-labelledby={titleId}
      aria-describedby={costId}
      className="watch-dialog"
      onKeyDown={(e) => {
        if (e.key !== 'Escape') return;
        e.preventDefault();
        if (!save.isPending) onClose();
      }}
      // The browser's own close on Escape would leave React's state open: Escape is handled above.
      onCancel={(e) => e.preventDefault()}
    >
      <h2 id={titleId} className="watch-dialog__title">
        {title}
      </h2>
      <form ref={formRef} onSubmit={submit} noValidate>
        <TextField label="Name" value={form.name} maxLength={120} autoFocus error={errors.name} onChange={(e) => set({ name: e.target.value })} />
        <WatchScheduleFields form={form} errors={errors} set={set} />
        <CheckboxField label="Also check when the app starts" checked={form.checkAtStart} onChange={(e) => set({ checkAtStart: e.target.checked })} />
        {ref.kind === 'list' ? <WatchListFields form={form} errors={errors} set={set} memberCount={ref.memberCount} modulesErrorId={modulesErrorId} /> : null}
        <WatchRulesFields value={form.rules} onChange={(rules) => set({ rules })} error={errors.rules} target={ref.kind} />
        <WatchCostLine
          id={costId}
          input={estimateInput}
          missing={ref.kind === 'list' && form.modules.length === 0 ? 'Choose at least one ESG module to see what a check costs.' : 'Enter the time as HH:MM to see what a check costs.'}
          checkAtStart={form.checkAtStart} schedule={form.schedule} />
        {generalError ? <ErrorMessage error={generalError} title={existing ? 'Could not save the watch' : 'Could not create the watch'} /> : null}
        <div className="action-bar">
          <button type="submit" className="button button--primary" disabled={save.isPending}>
            {existing ? 'Save watch' : 'Create watch'}
          </button>
          <button type="button" className="button" onClick={onClose} disabled={save.isPending}>
            Cancel
          </button>
        </div>
      </form>
    </dialog>
  );
}
