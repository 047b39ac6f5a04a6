import { useId, useState } from 'react';
import { toast } from 'sonner';
import { apiSend } from '../../browser/api-client';
import { formatDateTime } from '../../browser/dates';
import {
  holdReasonLabel,
  reviewReportReasonLabel,
  visitMonthText,
  type AdminReview,
  type AdminReviewActionResponse,
  type AdminReviewListResponse,
  type ModerationEntry,
  type ModerationLogEntry,
  type ModerationLogResponse,
} from '../../../common/schemas/reviews';
import { EmptyState } from '../ui/EmptyState';
import { ListPager } from './ListPager';
import { ADMIN_LIMIT, usePagedList } from './data';
import { SectionHead, ViewSelect } from './SectionHead';

/** What each moderation step is called in the tab and its log. */
const ACTION_LABELS: Record<ModerationEntry['action'], string> = {
  held: 'Held by a rule',
  reply_held: 'Reply held by a rule',
  published: 'Published',
  hidden: 'Hidden',
  blocked: 'Author blocked',
  reply_published: 'Reply published',
  reply_hidden: 'Reply hidden',
};

type Action = 'publish' | 'hide' | 'block' | 'reply/publish' | 'reply/hide';
const ACTION_TEXTS: Record<Action, { success: string; failure: string }> = {
  publish: { success: 'Review published', failure: 'Failed to publish review' },
  hide: { success: 'Review hidden', failure: 'Failed to hide review' },
  block: { success: 'Author blocked', failure: 'Failed to block author' },
  'reply/publish': { success: 'Reply published', failure: 'Failed to publish reply' },
  'reply/hide': { success: 'Reply hidden', failure: 'Failed to hide reply' },
};

function entryText(entry: ModerationEntry): string {
  const reasons = entry.reasons.length ? `: ${entry.reasons.map(holdReasonLabel).join('; ')}` : '';
  const note = entry.note ? ` (${entry.note})` : '';
  const who = entry.admin ? ` by ${entry.admin}` : '';
  return `${ACTION_LABELS[entry.action]}${reasons}${note}${who}, ${formatDateTime(entry.created_at)}`;
}

/** Hide (or Block) with the reason the author sees: a small inline form. */
function ReasonForm({
  label,
  onSubmit,
  onCancel,
}: {
  label: string;
  onSubmit: (reason: string) => Promise<void>;
  onCancel: () => void;
}) {
  const id = useId();
  const [reason, setReason] = useState('');
  const [sending, setSending] = useState(false);
  return (
    <form
      className="review-reason-form"
      onSubmit={(event) => {
        event.preventDefault();
        setSending(true);
        void onSubmit(reason).finally(() => setSending(false));
      }}
    >
      <div className="field">
        <label htmlFor={`${id}-reason`}>Reason the author will see</label>
        <textarea
          id={`${id}-reason`}
          rows={2}
          maxLength={500}
          required
          minLength={3}
          value={reason}
          onInput={(event) => setReason((event.target as HTMLTextAreaElement).value)}
        />
      </div>
      <div className="admin-actions">
        <button type="submit" className="btn btn-danger" disabled={sending}>
          {label}
        </button>
        <button type="button" className="btn btn-outline" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}

function ReviewCard({ review, onDone }: { review: AdminReview; onDone: () => void }) {
  const [asking, setAsking] = useState<'hide' | 'block' | 'reply/hide' | null>(null);
  const { business } = review;
  const link = business.slug && business.status === 'approved' ? `/business/${business.slug}/` : '';

  async function act(action: Action, reason?: string) {
    const result = await apiSend<AdminReviewActionResponse>(
      'POST',
      `/api/admin/reviews/${review.id}/${action}`,
      reason === undefined ? {} : { reason },
    );
    if (!result.ok) {
      toast.error(ACTION_TEXTS[action].failure, { description: result.error.message });
      return;
    }
    toast.success(ACTION_TEXTS[action].success, { description: review.title });
    setAsking(null);
    onDone();
  }

  return (
    <li className="card admin-review">
      <div className="admin-card-head">
        <h3>{review.title}</h3>
        <span className={`badge review-status-${review.status}`}>{review.status}</span>
      </div>
      <p className="small card-type">
        {link ? (
          <a href={link} target="_blank" rel="noopener">
            {business.business_name}
          </a>
        ) : (
          business.business_name
        )}{' '}
        · {review.rating} out of 5 stars · {review.service} · visited{' '}
        {visitMonthText(review.visit_month)}
      </p>
      <p className="small muted">
        By {review.author_name}
        {review.author_email ? ` (${review.author_email})` : ''}
        {review.author_blocked ? ' · blocked from reviewing' : ''} · written{' '}
        {formatDateTime(review.created_at)} · waiting since {formatDateTime(review.waiting_since)}
      </p>
      {review.status === 'held' && review.hold_reasons.length > 0 && (
        <ul className="tags" aria-label="Held because">
          {review.hold_reasons.map((reason) => (
            <li key={reason} className="badge">
              {holdReasonLabel(reason)}
            </li>
          ))}
        </ul>
      )}
      {review.status === 'hidden' && review.hidden_reason && (
        <p className="small">Hidden: {review.hidden_reason}</p>
      )}
      <p className="report-details">{review.body}</p>
      {review.photos.length > 0 && <ReviewPhotos review={review} onDone={onDone} />}
      {review.reports.length > 0 && (
        <ul className="report-list small" aria-label="Reports">
          {review.reports.map((r) => (
            <li key={r.id}>
              <strong>Reported: {reviewReportReasonLabel(r.reason)}</strong>{' '}
              <span className="muted">
                {formatDateTime(r.created_at)} · {r.signed_in ? 'signed-in user' : 'anonymous'}
              </span>
              {r.details && <p className="report-details">{r.details}</p>}
            </li>
          ))}
        </ul>
      )}
      {review.reply && (
        <div className="small admin-review-reply">
          <p>
            <strong>Reply from the owner</strong> ({review.reply.status}
            {review.reply.hold_reasons.length
              ? `: ${review.reply.hold_reasons.map(holdReasonLabel).join('; ')}`
              : ''}
            )
          </p>
          <p className="report-details">{review.reply.body}</p>
        </div>
      )}
      {review.log.length > 0 && (
        <details className="small">
          <summary>History</summary>
          <ul>
            {review.log.map((entry) => (
              <li key={entry.id}>{entryText(entry)}</li>
            ))}
          </ul>
        </details>
      )}
      {asking ? (
        <ReasonForm
          label={
            asking === 'block' ? 'Hide and block author' : asking === 'hide' ? 'Hide' : 'Hide reply'
          }
          onSubmit={(reason) => act(asking, reason)}
          onCancel={() => setAsking(null)}
        />
      ) : (
        <div className="admin-actions">
          {review.status !== 'published' && (
            <button type="button" className="btn btn-success" onClick={() => void act('publish')}>
              Publish
            </button>
          )}
          {review.status === 'published' && review.reports.length > 0 && (
            <button type="button" className="btn btn-success" onClick={() => void act('publish')}>
              Keep published
            </button>
          )}
          {review.status !== 'hidden' && (
            <button type="button" className="btn btn-outline" onClick={() => setAsking('hide')}>
              Hide
            </button>
          )}
          {!review.author_blocked && (
            <button type="button" className="btn btn-danger" onClick={() => setAsking('block')}>
              Block author
            </button>
          )}
          {review.reply?.status === 'held' && (
            <>
              <button
                type="button"
                className="btn btn-success"
                onClick={() => void act('reply/publish')}
              >
                Publish reply
              </button>
              <button
                type="button"
                className="btn btn-outline"
                onClick={() => setAsking('reply/hide')}
              >
                Hide reply
              </button>
            </>
          )}
        </div>
      )}
    </li>
  );
}

/**
 * A review's photos (ADR 042): held until the review is published, published with it; the admin
 * removes one that should not be shown (its row, then its files).
 */
function ReviewPhotos({ review, onDone }: { review: AdminReview; onDone: () => void }) {
  const [removing, setRemoving] = useState<string | null>(null);
  async function remove(id: string) {
    setRemoving(id);
    const result = await apiSend<{ ok: true }>('DELETE', `/api/admin/photos/${id}`);
    setRemoving(null);
    if (!result.ok) {
      toast.error('Failed to remove photo', { description: result.error.message });
      return;
    }
    toast.success('Photo removed', { description: review.title });
    onDone();
  }
  return (
    <ul className="photo-grid" aria-label={`Photos with ${review.title}`}>
      {review.photos.map((photo, i) => (
        <li key={photo.id}>
          <a href={photo.full} target="_blank" rel="noopener">
            <img
              src={photo.src}
              alt={`Photo ${i + 1} of the review`}
              width={160}
              height={Math.round((160 * photo.height) / photo.width)}
              loading="lazy"
            />
          </a>
          <button
            type="button"
            className="btn btn-outline"
            disabled={removing === photo.id}
            onClick={() => void remove(photo.id)}
          >
            Remove photo {i + 1}
          </button>
        </li>
      ))}
    </ul>
  );
}

function WaitingReviews({ q, refreshCounts }: { q: string; refreshCounts: () => void }) {
  const list = usePagedList<AdminReview, AdminReviewListResponse>(
    '/api/admin/reviews',
    (r) => r.reviews,
    { q, limit: ADMIN_LIMIT },
    'Failed to load reviews',
  );
  if (!list.rows) return <p className="status-text">Loading reviews...</p>;
  const done = () => {
    list.reload();
    refreshCounts();
  };
  return (
    <>
      {list.rows.length === 0 ? (
        <EmptyState title={q ? `No waiting reviews match "${q}"` : 'No reviews waiting'}>
          {!q && (
            <p className="muted">
              Reviews held by a rule, reported by visitors or with a held reply appear here.
            </p>
          )}
        </EmptyState>
      ) : (
        <ul className="inbox-list">
          {list.rows.map((review) => (
            <ReviewCard key={review.id} review={review} onDone={done} />
          ))}
        </ul>
      )}
      <ListPager list={list} total={list.response?.total ?? 0} label="Waiting reviews pages" />
    </>
  );
}

function ModerationLog({ q }: { q: string }) {
  const list = usePagedList<ModerationLogEntry, ModerationLogResponse>(
    '/api/admin/reviews/log',
    (r) => r.entries,
    { q, limit: ADMIN_LIMIT },
    'Failed to load the log',
  );
  if (!list.rows) return <p className="status-text">Loading the log...</p>;
  return (
    <>
      {list.rows.length === 0 ? (
        <EmptyState title={q ? `No log entries match "${q}"` : 'Nothing logged yet'} />
      ) : (
        <ul className="inbox-list">
          {list.rows.map((entry) => (
            <li key={entry.id} className="card small">
              <strong>{entry.business?.business_name ?? 'Deleted listing'}</strong>
              {entry.review ? ` · "${entry.review.title}" by ${entry.review.author_name}` : ''}
              <p>{entryText(entry)}</p>
            </li>
          ))}
        </ul>
      )}
      <ListPager list={list} total={list.response?.total ?? 0} label="Log pages" />
    </>
  );
}

/**
 * Reviews tab (issue 24.4, ADR 034): the reviews that wait for an admin (held by a rule, reported,
 * or with a held owner's reply), most recently waiting first, a page at a time from the server
 * with the SQL search (ADR 014); each with the rules or report reasons that put it there and the
 * actions Publish, Hide (with the reason its author sees) and Block author. "Show" switches to the
 * log of every step, with who and when.
 */
const REVIEW_VIEWS = { waiting: 'Waiting', log: 'Log' } as const;

export function ReviewsPanel({ q, refreshCounts }: { q: string; refreshCounts: () => void }) {
  const [view, setView] = useState<keyof typeof REVIEW_VIEWS>('waiting');
  return (
    <section>
      <SectionHead
        title="Reviews"
        subtitle={
          view === 'waiting'
            ? 'Reviews waiting for our team: held by a rule or reported by visitors'
            : 'Every moderation step, newest first'
        }
      >
        <ViewSelect views={REVIEW_VIEWS} value={view} onChange={setView} />
      </SectionHead>
      {view === 'waiting' ? (
        <WaitingReviews q={q} refreshCounts={refreshCounts} />
      ) : (
        <ModerationLog q={q} />
      )}
    </section>
  );
}
