// PLACEHOLDER until the match issue lands.
export function MatchScreen() {
  return (
    <section aria-labelledby="match-title">
      <h1 id="match-title">MatchScreen</h1>
      <p>Not available in this build yet.</p>
    </section>
  );
}
