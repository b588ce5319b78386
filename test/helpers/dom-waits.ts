// Vitest setup: Testing Library's findBy*/waitFor give up after 1 s by default, a wall-clock limit
// that a loaded machine exceeds (a render then "fails" though nothing is wrong). They still return
// the moment the condition holds; only the test's own timeout bounds them now.
export {};

if (typeof document !== 'undefined') {
  const { configure } = await import('@testing-library/dom');
  configure({ asyncUtilTimeout: 20_000 });
}
