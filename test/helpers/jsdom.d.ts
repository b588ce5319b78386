// The part of jsdom's API the tests use outside a jsdom environment (test/helpers/libreoffice.ts
// parses LibreOffice's flat ODF with it); jsdom ships no types and @types/jsdom is not installed.
declare module 'jsdom' {
  export class JSDOM {
    constructor(markup?: string, options?: { contentType?: string });
    readonly window: { readonly document: Document };
  }
}
