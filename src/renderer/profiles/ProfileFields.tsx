// The labelled inputs of a connection profile. Labels are part of the product contract (tests and docs use them).
import type { RefObject } from 'react';
import { CheckboxField, TextAreaField, TextField } from '../ui/Field';
import { WATCH_DAILY_BUDGET_DEFAULT } from '../../shared/watches/watches';
import { ADVANCED_FIELDS, type FieldErrors, type ProfileFormState } from './profile-form';
import { formatCount } from '../ui/format';

export interface ProfileFieldsProps {
  form: ProfileFormState;
  errors: FieldErrors;
  onChange: (patch: Partial<ProfileFormState>) => void;
  isSandbox: boolean;
  hasSecret: boolean;
  secretRef: RefObject<HTMLInputElement | null>;
  /** Shown next to the secret field (e.g. the Auth URL changed, so the stored secret no longer applies). */
  secretError?: string;
  /** Remounts the secret input (drops anything the browser or React tracked about its value). */
  secretKey: number;
  onSecretTyped: (typed: boolean) => void;
}

export function ProfileFields({ form, errors, onChange, isSandbox, hasSecret, secretRef, secretError, secretKey, onSecretTyped }: ProfileFieldsProps) {
  const text = (field: keyof ProfileFormState) => ({
    value: String(form[field] ?? ''),
    onChange: (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => onChange({ [field]: e.target.value }),
    spellCheck: false,
    autoComplete: 'off',
  });
  const sandboxUrlHint = isSandbox ? 'Set by the built-in sandbox each time Firmscope starts.' : undefined;
  const advancedHasError = ADVANCED_FIELDS.some((f) => errors[f]);

  return (
    <>
      <fieldset className="form-grid">
        <legend className="visually-hidden">Connection details</legend>
        <TextField label="Name" required error={errors.name} {...text('name')} />
        <TextField label="Auth URL" type="url" required readOnly={isSandbox} hint={sandboxUrlHint ?? 'Authorization server, e.g. https://auth.example.com'} error={errors.authUrl} {...text('authUrl')} />
        <TextField label="Base URL" type="url" required readOnly={isSandbox} hint={sandboxUrlHint ?? 'API host, e.g. https://api.example.com'} error={errors.baseUrl} {...text('baseUrl')} />
        <TextField label="Client ID" required error={errors.clientId} {...text('clientId')} />
        <TextField
          key={secretKey}
          inputRef={secretRef}
          label="Client secret"
          type="password"
          autoComplete="new-password"
          spellCheck={false}
          defaultValue=""
          placeholder={hasSecret ? 'Stored – type to replace' : 'Not stored yet'}
          error={secretError}
          hint={
            hasSecret ? (
              <>
                <span className="pill pill--ok">stored</span> A secret is stored in the vault. Leave empty to keep it.
              </>
            ) : (
              <>
                <span className="pill pill--off">not stored</span> Type the secret supplied by the service operator.
              </>
            )
          }
          onChange={(e) => onSecretTyped(e.currentTarget.value !== '')}
        />
        <TextField label="Scope" required error={errors.scope} hint="The service grants api:use." {...text('scope')} />
        <CheckboxField
          label="Live match count"
          hint="One request per edit on the Search screen (“about N companies match”); turn off for services that bill per call."
          checked={form.liveCount}
          onChange={(e) => onChange({ liveCount: e.target.checked })}
        />
        <TextField
          label="Daily request budget for scheduled checks"
          hint={`Watches checked on a schedule (What changed) stop for the day at this many requests and wait for the next day; “Check now” is counted but never held. Empty: ${formatCount(WATCH_DAILY_BUDGET_DEFAULT)}.`}
          inputMode="numeric"
          error={errors.watchDailyBudget}
          {...text('watchDailyBudget')}
        />
      </fieldset>

      <details className="advanced" open={advancedHasError || undefined}>
        <summary>Advanced</summary>
        <div className="form-grid">
          <CheckboxField
            label="Use discovery document"
            hint="Read the token endpoint from {auth_url}/.well-known/openid-configuration."
            checked={form.useDiscovery}
            onChange={(e) => onChange({ useDiscovery: e.target.checked })}
          />
          <TextField label="Search path" error={errors.searchPath} {...text('searchPath')} />
          <TextField label="ESG module path template" hint="Placeholders: {company_id}, {module}" error={errors.esgModulePathTemplate} {...text('esgModulePathTemplate')} />
          <TextField label="ESG status path template" hint="Placeholder: {session_id}" error={errors.esgStatusPathTemplate} {...text('esgStatusPathTemplate')} />
          <TextField label="Match path" error={errors.matchPath} {...text('matchPath')} />
          <TextAreaField
            label="Match payload template"
            hint="JSON body for Match. Leave empty to use the default payload."
            rows={4}
            error={errors.matchPayloadTemplate}
            {...text('matchPayloadTemplate')}
          />
          <TextField
            label="Requests per second"
            hint="The service's quota, shared by search, export, match and ESG. Empty: no fixed pace (429 answers still pause every request)."
            inputMode="decimal"
            error={errors.requestsPerSecond}
            {...text('requestsPerSecond')}
          />
          <TextField
            label="ESG requests at once"
            hint="For ESG runs over many companies: module requests in flight at once (1–32). Empty: 4."
            inputMode="numeric"
            error={errors.esgConcurrency}
            {...text('esgConcurrency')}
          />
        </div>
      </details>
    </>
  );
}
