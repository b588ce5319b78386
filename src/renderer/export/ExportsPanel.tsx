// PLACEHOLDER until the export issue lands.
export function ExportsPanel() {
  return (
    <section aria-labelledby="export-title">
      <h1 id="export-title">ExportsPanel</h1>
      <p>Not available in this build yet.</p>
    </section>
  );
}
