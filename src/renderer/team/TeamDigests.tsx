// This analyst's digests of a team watch (or of all of them, from a firmscope://digests link): how
// each is followed (channel, how often, where: a webhook only as the hint the server gives), a form
// to follow it, and what was sent, what failed and why, with "Send again" where that is allowed.
import { useRef, useState } from 'react';
import { canResend, CADENCE_VALUES, CHANNEL_VALUES, type DigestDelivery, type DigestSubscription } from '../../shared/team/digests';
import type { TeamWatchSummary } from '../../shared/team/watches';
import { useDigestDeliveries, useDigestSubscriptions, useResendDigest, useSubscribeDigest, useUnsubscribeDigest } from '../data/team-digests';
import { mutateThen } from '../data/mutate-then';
import { ErrorMessage } from '../ui/ErrorMessage';
import { toDisplayError } from '../ui/errors';
import { SelectField, TextField } from '../ui/Field';
import { DataTable } from '../ui/grid/DataTable';
import { Spinner } from '../ui/Spinner';
import { CADENCE_WORDS, CHANNEL_WORDS, deliveryStateInWords, periodInWords, subscriptionInWords } from './team-format';

export interface TeamDigestsProps {
  /** One watch's digests; null: every watch's (names from `watches`). */
  watch: TeamWatchSummary | null;
  watches: readonly TeamWatchSummary[];
  onClose(): void;
}

export function TeamDigests({ watch, watches, onClose }: TeamDigestsProps) {
  const subs = useDigestSubscriptions();
  const deliveries = useDigestDeliveries();
  const nameOf = (id: string) => watches.find((w) => w.id === id)?.name ?? 'a watch no longer on the server';
  const mine = (subs.data ?? []).filter((s) => !watch || s.watchId === watch.id);
  const sent = (deliveries.data ?? []).filter((d) => !watch || d.watchId === watch.id);
  const title = watch ? `Your digests of ‘${watch.name}’` : 'Your digests';
  return (
    <section className="profile-editor team-connection" aria-labelledby="team-digests-title" onKeyDown={(e) => e.key === 'Escape' && onClose()}>
      <h2 id="team-digests-title" className="section-title">
        {title}
      </h2>
      <button type="button" className="button" onClick={onClose}>
        Close
      </button>
      {subs.isPending ? <Spinner label="Loading your digests…" /> : null}
      {subs.isError ? <ErrorMessage error={subs.error} title="Could not load your digests" onRetry={() => void subs.refetch()} /> : null}
      {subs.data ? <Subscriptions subs={mine} nameOf={watch ? null : nameOf} /> : null}
      {subs.data && watch ? <FollowForm watch={watch} /> : null}
      {subs.data && !watch && watches.length > 0 ? <p>To follow a watch, choose Digests in its row above.</p> : null}
      {deliveries.data ? <Deliveries rows={sent} nameOf={watch ? null : nameOf} /> : null}
      {deliveries.isError && !subs.isError ? <ErrorMessage error={deliveries.error} title="Could not load what was sent" /> : null}
    </section>
  );
}

function Subscriptions({ subs, nameOf }: { subs: DigestSubscription[]; nameOf: ((id: string) => string) | null }) {
  const stop = useUnsubscribeDigest();
  if (subs.length === 0) return <p>You get no digests of {nameOf ? 'any team watch' : 'this watch'}.</p>;
  return (
    <>
      <ul className="team-digest-list" aria-label="How you follow">
        {subs.map((s) => (
          <li key={s.id}>
            {nameOf ? `‘${nameOf(s.watchId)}’: ` : ''}
            {subscriptionInWords(s)}{' '}
            <button type="button" className="button" disabled={stop.isPending} onClick={() => mutateThen(stop, { subscriptionId: s.id }, {})} aria-label={`Stop: ${subscriptionInWords(s)}`}>
              Stop
            </button>
          </li>
        ))}
      </ul>
      {stop.error ? <ErrorMessage error={stop.error} /> : null}
    </>
  );
}

type Channel = (typeof CHANNEL_VALUES)[number];
type Cadence = (typeof CADENCE_VALUES)[number];

function FollowForm({ watch }: { watch: TeamWatchSummary }) {
  const [channel, setChannel] = useState<Channel>('email');
  const [cadence, setCadence] = useState<Cadence>('daily');
  const [done, setDone] = useState<string | null>(null);
  const target = useRef<HTMLInputElement>(null);
  const follow = useSubscribeDigest(() => target.current?.value ?? '');
  // The server's refusal of the address or URL belongs next to it; anything else below the form.
  const refusal = follow.error ? toDisplayError(follow.error) : null;
  const fieldError = refusal?.code === 'invalid_input' ? refusal.message : undefined;
  const submit = () => {
    setDone(null);
    mutateThen(follow, { watchId: watch.id, channel, cadence }, {
      onSuccess: (s) => {
        if (target.current) target.current.value = '';
        setDone(`Following: ${subscriptionInWords(s)}.`);
      },
    });
  };
  return (
    <form
      aria-label={`Follow ‘${watch.name}’`}
      // The server checks the address (and a webhook's host) and says why next to the field.
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <SelectField label="Send digests by" value={channel} onChange={(e) => setChannel(e.target.value as Channel)}>
        {CHANNEL_VALUES.map((c) => (
          <option key={c} value={c}>
            {CHANNEL_WORDS[c]}
          </option>
        ))}
      </SelectField>
      <SelectField label="How often" value={cadence} onChange={(e) => setCadence(e.target.value as Cadence)}>
        {CADENCE_VALUES.map((c) => (
          <option key={c} value={c}>
            {CADENCE_WORDS[c]}
          </option>
        ))}
      </SelectField>
      {channel === 'email' ? (
        <TextField key="email" label="E-mail address" type="email" inputRef={target} autoComplete="email" hint="Leave empty for your own address on the team server." error={fieldError} />
      ) : (
        <TextField
          key={channel}
          label={`${CHANNEL_WORDS[channel]} incoming-webhook URL`}
          type="password"
          inputRef={target}
          autoComplete="off"
          hint="From the channel's settings (https://…). It goes to the team server once and is kept there sealed; you see only its end here."
          error={fieldError}
        />
      )}
      <div className="action-bar">
        <button type="submit" className="button button--primary" disabled={follow.isPending}>
          Follow this watch
        </button>
        {done ? <span role="status">{done}</span> : null}
      </div>
      {refusal && !fieldError ? <ErrorMessage error={follow.error} /> : null}
    </form>
  );
}

function Deliveries({ rows, nameOf }: { rows: DigestDelivery[]; nameOf: ((id: string) => string) | null }) {
  const resend = useResendDigest();
  if (rows.length === 0) return <p>No digest has been sent yet.</p>;
  return (
    <>
      <DataTable
        label="Digests sent"
        rows={rows}
        rowKey={(d) => d.id}
        columns={[
          { key: 'digest', header: 'Digest', rowHeader: true, cell: (d) => `${nameOf ? `‘${nameOf(d.watchId)}’, ` : ''}${periodInWords(d.periodKey)}` },
          { key: 'where', header: 'To', cell: (d) => `${CHANNEL_WORDS[d.channel]}: ${d.targetHint}` },
          { key: 'state', header: 'What happened', cell: (d) => deliveryStateInWords(d) },
          {
            key: 'actions',
            header: 'Actions',
            hiddenHeader: true,
            cell: (d) =>
              canResend(d) ? (
                <button type="button" className="button" disabled={resend.isPending} onClick={() => mutateThen(resend, { deliveryId: d.id }, {})} aria-label={`Send again: ${periodInWords(d.periodKey)}`}>
                  Send again
                </button>
              ) : null,
          },
        ]}
      />
      {resend.error ? <ErrorMessage error={resend.error} /> : null}
    </>
  );
}
