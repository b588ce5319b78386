// The analyst's locale setting (issue 39 #5), kept in the settings file as `ui.locale`: "system"
// (default) or a BCP 47 tag. Main's own sentences follow it at once (shared/sentence-numbers.ts);
// the renderer reads it before its first paint.
import { LocaleChoiceSchema, resolveLocale, type AnalystLocale, type LocaleChoice } from '../../../shared/locale';
import { setSentenceLocale } from '../../../shared/sentence-numbers';
import type { FeatureSettings } from '../../platform/ports/feature-deps';

const KEY = 'ui.locale';

export class AnalystLocaleSetting {
  constructor(
    private readonly settings: FeatureSettings,
    private readonly systemLocale: () => string,
  ) {
    setSentenceLocale(this.get().effective);
  }

  get(): AnalystLocale {
    return resolveLocale(this.settings.read(KEY, LocaleChoiceSchema, 'system'), this.systemLocale());
  }

  set(chosen: LocaleChoice): AnalystLocale {
    this.settings.write(KEY, chosen);
    const now = this.get();
    setSentenceLocale(now.effective);
    return now;
  }
}
