// The one way a screen runs a mutation and then does something of its own (close a dialog, clear a
// selection, say what happened). react-query's `mutate(input, { onSuccess })` drops those callbacks
// when its observer has no listener yet: a click that lands after React committed a lazy dialog but
// before it ran the effects where the observer subscribes (a test's click, or a quick hand) created
// the watch and left the dialog open. The promise of `mutateAsync` always settles, so this waits on it.
// Errors still reach the mutation's own `error` (what the screens show); `onError` is for undoing
// what the screen did in advance.

export interface AfterMutation<O> {
  onSuccess?(value: O): void;
  onError?(error: unknown): void;
  /** After either. */
  onSettled?(): void;
}

export function mutateThen<I, O>(mutation: { mutateAsync(input: I): Promise<O> }, input: I, after: AfterMutation<O>): void {
  mutation.mutateAsync(input).then(
    (value) => {
      after.onSuccess?.(value);
      after.onSettled?.();
    },
    (error: unknown) => {
      after.onError?.(error);
      after.onSettled?.();
    },
  );
}
