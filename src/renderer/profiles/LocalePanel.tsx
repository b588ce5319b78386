// Settings → Numbers and dates (issue 39 #5): the analyst's locale for every number, amount, date
// and country name on screen and in main's sentences; by default this computer's. A change reloads
// the page, so no screen keeps a number in the old locale.
import { useState } from 'react';
import { LOCALE_CHOICES, localeLabel } from '../../shared/locale';
import { uiStateCalls, useAnalystLocale } from '../data/ui-state';
import { ErrorMessage } from '../ui/ErrorMessage';
import { SelectField } from '../ui/Field';
import { formatCompact, formatDay, formatNumber, pageTimeZone } from '../ui/format';

export function LocalePanel({ reload = () => window.location.reload() }: { reload?: () => void }) {
  const locale = useAnalystLocale();
  const [error, setError] = useState<unknown>(null);
  if (!locale.data) return null;
  const { chosen, system } = locale.data;
  const choices = LOCALE_CHOICES.includes(chosen as (typeof LOCALE_CHOICES)[number]) || chosen === 'system' ? LOCALE_CHOICES : [chosen, ...LOCALE_CHOICES];
  const change = async (next: string) => {
    setError(null);
    try {
      await uiStateCalls.setLocale({ locale: next });
      reload();
    } catch (e) {
      setError(e);
    }
  };
  return (
    <section aria-labelledby="locale-title" className="settings-panel">
      <h2 id="locale-title">Numbers and dates</h2>
      <SelectField
        label="Language and region"
        value={chosen}
        onChange={(e) => void change(e.target.value)}
        hint={`Every number, amount, date and country name is written this way, for example ${formatNumber(36181.5)}, ${formatCompact(12_500_000_000)} and ${formatDay(Date.UTC(2026, 10, 28))}. Times are in this page's time zone (${pageTimeZone()}).`}
      >
        <option value="system">This computer ({localeLabel(system)}, {system})</option>
        {choices.map((tag) => (
          <option key={tag} value={tag}>
            {localeLabel(tag)} ({tag})
          </option>
        ))}
      </SelectField>
      {error ? <ErrorMessage error={error} title="Could not change the language and region" /> : null}
    </section>
  );
}
