// A token one character off the given one, whatever random characters it ends in: a fixed
// replacement ('…AAAA') equals the real token now and then, and the test flakes.
export function tamperedToken(token: string): string {
  const last = token.at(-1);
  return `${token.slice(0, -1)}${last === 'A' ? 'B' : 'A'}`;
}
