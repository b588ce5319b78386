// src/shared runs in Node and in the page, so tsconfig.shared.json gives it neither Node's types nor
// the DOM lib, only these web-platform globals that both have (WHATWG URL, AbortSignal), declared as
// far as shared code uses them. In every other project these names come from @types/node or the DOM lib;
// this file belongs to tsconfig.shared.json alone.
interface URLSearchParams {
  get(name: string): string | null;
  getAll(name: string): string[];
  has(name: string): boolean;
  toString(): string;
}
interface URL {
  hash: string;
  host: string;
  hostname: string;
  href: string;
  readonly origin: string;
  password: string;
  pathname: string;
  port: string;
  protocol: string;
  search: string;
  readonly searchParams: URLSearchParams;
  username: string;
  toString(): string;
  toJSON(): string;
}
declare const URL: {
  prototype: URL;
  new (url: string | URL, base?: string | URL): URL;
  canParse(url: string | URL, base?: string | URL): boolean;
};
interface AbortSignal {
  readonly aborted: boolean;
  readonly reason: unknown;
  throwIfAborted(): void;
}
