// Settings → Team server, beside the service profiles: join a team server with the invite code an
// admin sent, see who you are there and whether it answers, check again, leave. The member token
// stays in main (OS keychain); the page sees the member's name and the server's state only.
import { useRef, useState } from 'react';
import type { TeamStatus } from '../../shared/team/connection';
import { useAppInfo } from '../data/profiles';
import { useTeamCheck, useTeamConnect, useTeamDisconnect, useTeamStatus } from '../data/team';
import { mutateThen } from '../data/mutate-then';
import { Banner } from '../ui/Banner';
import { ConfirmBar } from '../ui/ConfirmBar';
import { ErrorMessage } from '../ui/ErrorMessage';
import { errorField, toDisplayError } from '../ui/errors';
import { TextField } from '../ui/Field';
import { Spinner } from '../ui/Spinner';
import { formatDay, formatWhen } from '../ui/format';

export function TeamConnectionPanel() {
  const status = useTeamStatus();
  return (
    <section className="profile-editor team-connection" aria-labelledby="team-title">
      <h2 id="team-title" className="section-title">
        Team server
      </h2>
      {status.isPending ? <Spinner label="Loading the team connection…" /> : null}
      {status.isError ? <ErrorMessage error={status.error} title="Could not read the team connection" onRetry={() => void status.refetch()} alwaysRetry /> : null}
      {status.data ? <TeamConnectionBody status={status.data} /> : null}
    </section>
  );
}

function TeamConnectionBody({ status }: { status: TeamStatus }) {
  if (status.state === 'none') {
    return (
      <>
        <p>Join your team&apos;s Firmscope server to share saved searches and lists and to get its alerts. Your work on this computer stays here either way.</p>
        <JoinForm initialUrl="" />
      </>
    );
  }
  if (status.state === 'signed_out') {
    return (
      <>
        <Banner level="warning">{status.message}</Banner>
        <JoinForm initialUrl={status.serverUrl ?? ''} />
      </>
    );
  }
  return <Membership status={status} />;
}

function Membership({ status }: { status: TeamStatus }) {
  const check = useTeamCheck();
  const leave = useTeamDisconnect();
  const [confirming, setConfirming] = useState(false);
  const member = status.member;
  return (
    <>
      {status.state === 'unreachable' ? <Banner level="warning">{status.message}</Banner> : null}
      <dl className="team-facts">
        <dt>Server</dt>
        <dd>{status.serverUrl}</dd>
        <dt>Signed in as</dt>
        <dd>{member ? `${member.name} (${member.role === 'admin' ? 'team admin' : 'member'})` : '–'}</dd>
        <dt>State</dt>
        <dd>
          <span role="status">
            {status.state === 'connected' ? 'Connected' : 'Cannot be reached'}
            {status.checkedAt ? `, checked ${formatWhen(status.checkedAt)}` : ''}
          </span>
        </dd>
        {status.tokenExpiresAt ? (
          <>
            <dt>Sign-in valid until</dt>
            <dd>{formatDay(Date.parse(status.tokenExpiresAt))}</dd>
          </>
        ) : null}
      </dl>
      <div className="action-bar">
        <button type="button" className="button" onClick={() => check.mutate()} disabled={check.isPending}>
          {status.state === 'unreachable' ? 'Check again' : 'Check now'}
        </button>
        <button type="button" className="button" onClick={() => setConfirming(true)} disabled={confirming}>
          Leave team server…
        </button>
      </div>
      {check.error ? <ErrorMessage error={check.error} /> : null}
      {confirming ? (
        <ConfirmBar
          confirmLabel="Leave"
          busy={leave.isPending}
          onConfirm={() => mutateThen(leave, undefined, { onSettled: () => setConfirming(false) })}
          onCancel={() => setConfirming(false)}
          after={leave.error ? <ErrorMessage error={leave.error} /> : null}
        >
          Leave the team server at {status.serverUrl} on this computer? Its member token is deleted here; you stay a member on the server, and joining again takes a new invite.
        </ConfirmBar>
      ) : null}
    </>
  );
}

type JoinErrors = Partial<Record<'serverUrl' | 'inviteCode' | 'caFile', string>>;

function JoinForm({ initialUrl }: { initialUrl: string }) {
  const desktop = useAppInfo().data?.shell === 'electron';
  const [serverUrl, setServerUrl] = useState(initialUrl);
  const [caFile, setCaFile] = useState('');
  const code = useRef<HTMLInputElement>(null);
  const [errors, setErrors] = useState<JoinErrors>({});
  const join = useTeamConnect(() => code.current?.value ?? '');
  const fieldOf = (e: unknown) => {
    const f = errorField(e);
    return f === 'serverUrl' || f === 'inviteCode' || f === 'caFile' ? f : undefined;
  };
  const submit = () => {
    setErrors({});
    mutateThen(join, { serverUrl: serverUrl.trim(), caFile }, {
      onSuccess: () => {
        if (code.current) code.current.value = '';
      },
      onError: (e) => {
        const f = fieldOf(e);
        if (f) setErrors({ [f]: toDisplayError(e).message });
      },
    });
  };
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <TextField label="Team server URL" placeholder="https://firmscope.example.com" value={serverUrl} onChange={(e) => setServerUrl(e.target.value)} error={errors.serverUrl} autoComplete="off" />
      <TextField label="Invite code" type="password" inputRef={code} autoComplete="off" hint="The one-time code your team admin sent (fsi_…). It is used once, here." error={errors.inviteCode} />
      {desktop ? null : (
        <TextField
          label="Team server CA file (PEM)"
          placeholder="/path/to/company-ca.pem"
          hint="Only if the server's certificate is signed by your company's own authority. Leave empty otherwise."
          value={caFile}
          onChange={(e) => setCaFile(e.target.value)}
          error={errors.caFile}
        />
      )}
      <div className="action-bar">
        <button type="submit" className="button button--primary" disabled={join.isPending}>
          {join.isPending ? 'Joining…' : 'Join team'}
        </button>
      </div>
      {join.error && !fieldOf(join.error) ? <ErrorMessage error={join.error} /> : null}
    </form>
  );
}
