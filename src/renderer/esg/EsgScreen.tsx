// PLACEHOLDER until the esg issue lands.
export function EsgScreen() {
  return (
    <section aria-labelledby="esg-title">
      <h1 id="esg-title">EsgScreen</h1>
      <p>Not available in this build yet.</p>
    </section>
  );
}
