// The locale main runs in, as BCP 47: what "Excel on this computer" takes its list separator and
// decimal mark from. Node takes it from LC_ALL / LANG; Electron's main process from the OS. There is
// no Windows list-separator API in plain Node, so the separator is derived from the locale
// (src/shared/export/csv-presets.ts, localeSeparators).
export function systemLocale(): string {
  return new Intl.NumberFormat().resolvedOptions().locale;
}
