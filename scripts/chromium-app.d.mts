export const HISTORY_FILES: string[];
export function prepareAppProfile(profileDir: string): void;
export function writeLaunchPage(profileDir: string, launchUrl: string): string;
export function chromiumAppArgs(launchPage: string, profileDir: string, opts?: { asRoot?: boolean }): string[];
