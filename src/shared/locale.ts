// The analyst's locale (issue 39 #5): one setting for every number, date and country name the app
// shows, on every screen and in main's own sentences. "system" (the default) is the locale of the
// computer the core runs on: the one "Excel on this computer" takes its separators from.
import { z } from 'zod';

/** The choices offered in Settings; any other valid BCP 47 tag is accepted too. */
export const LOCALE_CHOICES = ['en-US', 'en-GB', 'de-DE', 'de-AT', 'de-CH', 'fr-FR', 'fr-CH', 'it-IT', 'es-ES', 'nl-NL', 'sv-SE', 'pl-PL'] as const;

export function isLocaleTag(tag: string): boolean {
  try {
    return Intl.getCanonicalLocales(tag).length === 1 && new Intl.NumberFormat(tag).resolvedOptions().locale !== '';
  } catch {
    return false;
  }
}

export const LocaleChoiceSchema = z
  .string()
  .max(35)
  .refine((v) => v === 'system' || isLocaleTag(v), 'Choose a language and region such as de-DE, or "system"');
export type LocaleChoice = z.infer<typeof LocaleChoiceSchema>;

export interface AnalystLocale {
  /** What the analyst chose: "system" or a tag. */
  chosen: LocaleChoice;
  /** This computer's locale (where the core runs). */
  system: string;
  /** The one in force: the chosen tag, or the system's. */
  effective: string;
}

export function resolveLocale(chosen: LocaleChoice, system: string): AnalystLocale {
  return { chosen, system, effective: chosen === 'system' ? system : Intl.getCanonicalLocales(chosen)[0]! };
}

/** A locale's name in itself: "Deutsch (Deutschland)". */
export function localeLabel(tag: string): string {
  try {
    return new Intl.DisplayNames([tag], { type: 'language' }).of(tag) ?? tag;
  } catch {
    return tag;
  }
}
