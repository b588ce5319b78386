// PLACEHOLDER until the search issue lands.
export function SearchScreen() {
  return (
    <section aria-labelledby="search-title">
      <h1 id="search-title">SearchScreen</h1>
      <p>Not available in this build yet.</p>
    </section>
  );
}
