// What the core needs from whichever shell hosts it (Electron or browser mode).
export interface ShellHooks {
  kind: 'electron' | 'browser';
  /** Electron: native save dialog. Browser mode: a path in the data dir's exports folder. null = analyst cancelled. */
  chooseExportPath(suggestedName: string): Promise<string | null>;
  /** Electron: native open dialog for a CSV file. Browser mode has none (the page's file input reads the file). */
  chooseCsvFile?(): Promise<string | null>;
  /**
   * Electron: native open dialog for a company CA certificate (PEM). The page then holds an opaque
   * handle, never a path. Browser mode has none: a typed path outside the data folder is accepted.
   */
  chooseCaFile?(): Promise<string | null>;
  /** Electron: show in folder. Browser mode: nothing to do. */
  revealFile(path: string): Promise<void>;
  /** Browser mode: URL the renderer can download a finished file from. */
  downloadUrlFor?(path: string): string;
  /** Desktop notification (Electron Notification; browser mode forwards to the page). */
  notify(title: string, body: string): void;
  /** http(s) only; validated before it gets here. */
  openExternal(url: string): Promise<void>;
}
