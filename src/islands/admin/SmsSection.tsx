import { useEffect, useId, useState } from 'react';
import { toast } from 'sonner';
import { apiSend } from '../../browser/api-client';
import { formatShort } from '../../browser/dates';
import {
  MAX_SMS_CEILING,
  SmsCeilingFormSchema,
  type SmsCeilingResponse,
  type SmsToday,
} from '../../../common/schemas/sms';
import { EmptyState } from '../ui/EmptyState';
import { ListPager } from './ListPager';
import { useSmsLog } from './data';

const number = (n: number) => n.toLocaleString('en-NG');

/**
 * Messaging → Text Messages (issue 37.6, ADR 074): today's count against the site-wide daily
 * ceiling (ADR 068), the form that changes the ceiling, and the SMS log, newest first, with the
 * numbers partly masked as stored and the codes never kept.
 */
export function SmsSection() {
  const log = useSmsLog();
  // The answer to a change shows at once, until the log's next page brings a newer count.
  const [today, setToday] = useState<SmsToday | null>(null);
  useEffect(() => {
    setToday(null);
  }, [log.response]);
  const shown = today ?? log.response?.today ?? null;

  return (
    <div data-testid="sms-section">
      <h3>Today</h3>
      {shown ? <TodayLine today={shown} /> : <p className="muted">Loading...</p>}
      {shown && (
        <CeilingForm
          current={shown.daily_ceiling}
          onSaved={(next) => {
            setToday(next);
            log.reload();
          }}
        />
      )}
      <h3>Sent text messages</h3>
      <p className="small muted">
        Newest first. Numbers are partly hidden and codes are never kept.
      </p>
      {!log.rows ? (
        <p className="muted">Loading...</p>
      ) : log.rows.length === 0 ? (
        <EmptyState title="No text messages sent yet" />
      ) : (
        <div className="insights-table-wrap" tabIndex={0} role="region" aria-label="SMS log">
          <table className="change-table small" data-testid="sms-log">
            <thead>
              <tr>
                <th scope="col">Time</th>
                <th scope="col">To</th>
                <th scope="col">Message</th>
                <th scope="col">Status</th>
                <th scope="col">Error</th>
              </tr>
            </thead>
            <tbody>
              {log.rows.map((sms) => (
                <tr key={sms.id}>
                  <td>{formatShort(sms.created_at)}</td>
                  <td>
                    <code>{sms.to_masked}</code>
                  </td>
                  <td>{sms.template}</td>
                  <td>
                    <span className={`badge ${sms.status === 'sent' ? 'badge-verified' : ''}`}>
                      {sms.status === 'sent' ? 'Sent' : 'Failed'}
                    </span>
                  </td>
                  <td>{sms.error ?? '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <ListPager list={log} limit={20} label="Text message pages" />
    </div>
  );
}

/** "N of M sent today", and who set the ceiling. */
function TodayLine({ today }: { today: SmsToday }) {
  const reached = today.sent >= today.daily_ceiling;
  return (
    <>
      <p data-testid="sms-today">
        <strong>
          {number(today.sent)} of {number(today.daily_ceiling)} sent today
        </strong>{' '}
        <span className="small muted">(since midnight in Lagos)</span>
      </p>
      {reached && (
        <p className="notice" role="status">
          The daily ceiling is reached: sign-in codes by SMS stop until midnight in Lagos, unless
          you raise it.
        </p>
      )}
      <p className="small muted">
        {today.updated_by_name
          ? `Ceiling set by ${today.updated_by_name} on ${formatShort(today.updated_at)}.`
          : 'The ceiling has not been changed since the site started.'}
      </p>
    </>
  );
}

/** The daily ceiling, checked with the API's own schema before it is sent. */
function CeilingForm({
  current,
  onSaved,
}: {
  current: number;
  onSaved: (today: SmsToday) => void;
}) {
  const id = useId();
  const [value, setValue] = useState(String(current));
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    setValue(String(current));
  }, [current]);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = SmsCeilingFormSchema.safeParse({ daily_ceiling: value });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Invalid ceiling');
      return;
    }
    setError(null);
    setBusy(true);
    const result = await apiSend<SmsCeilingResponse>('PUT', '/api/admin/sms/ceiling', parsed.data);
    setBusy(false);
    if (result.ok) {
      toast.success('Daily SMS ceiling saved');
      onSaved(result.data.today);
    } else {
      setError(result.error.fields?.daily_ceiling?.join(' ') ?? null);
      toast.error('Failed to save the ceiling', { description: result.error.message });
    }
  };

  return (
    <form
      className="auth-form sms-ceiling-form"
      noValidate
      onSubmit={(e) => void submit(e)}
      aria-label="Daily SMS ceiling"
    >
      <label className="field" htmlFor={`${id}-ceiling`}>
        <span>Daily ceiling (text messages a day)</span>
        <input
          id={`${id}-ceiling`}
          type="number"
          inputMode="numeric"
          min={0}
          max={MAX_SMS_CEILING}
          step={1}
          value={value}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => setValue(e.target.value)}
        />
      </label>
      {error && (
        <p id={`${id}-error`} className="field-error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" className="btn" disabled={busy}>
        {busy ? 'Saving...' : 'Save ceiling'}
      </button>
    </form>
  );
}
