// A stored profile edited by hand in the settings file (what a tamperer or a careless edit does
// while the app is closed), for the tests that show secrets stay bound to where they were entered.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SETTINGS_NAME } from '../../src/main/platform/settings/settings-store';

export function editStoredProfile(dataDir: string, profileId: string, edit: (p: Record<string, any>) => void): void {
  const file = join(dataDir, `${SETTINGS_NAME}.json`);
  const settings = JSON.parse(readFileSync(file, 'utf8'));
  edit(settings.profiles.find((p: { id: string }) => p.id === profileId));
  writeFileSync(file, JSON.stringify(settings));
}
