// Feedback (docs/error-reports.md): what users sent with "Send feedback", newest first, a page at a time; read-only.
// Each row says who sent it (the account and its organization), what they wrote, where they were, and whether the
// error-reporting service took it too.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { UserFeedback } from '@atlas/domain';
import { useApiClient } from '../../api/ApiClientContext';
import { useListAddress } from '../catalogue';
import { PagedList } from './ListParts';
import { pageOf, pageRequest, parsePage } from './paging';

const times = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** Under 'admin', like every console read. */
const feedbackKey = (page: number) => ['admin', 'feedback', page] as const;

export function FeedbackSection() {
  const client = useApiClient();
  const { params, update } = useListAddress();
  const page = parsePage(params.get('page'));
  const list = useQuery({
    queryKey: feedbackKey(page),
    queryFn: async () => pageOf((await client.admin.feedback(pageRequest(page))).items, page),
    placeholderData: keepPreviousData,
  });
  return (
    <section className="card panel catalogue-list" aria-label="Feedback">
      <PagedList
        query={list}
        what="feedback"
        empty="No one has sent feedback yet: signed-in users send it with “Send feedback” in the top bar."
        onPage={(next) => update({ page: next === 1 ? null : String(next) })}
      >
        {(items) => (
          <table className="table admin-table">
            <thead>
              <tr>
                <th scope="col">Sent</th>
                <th scope="col">From</th>
                <th scope="col">Feedback</th>
                <th scope="col">Answer to</th>
                <th scope="col">Page</th>
                <th scope="col">Error-reporting service</th>
              </tr>
            </thead>
            <tbody>
              {items.map((feedback) => (
                <FeedbackRow key={feedback.id} feedback={feedback} />
              ))}
            </tbody>
          </table>
        )}
      </PagedList>
    </section>
  );
}

function FeedbackRow({ feedback }: { feedback: UserFeedback }) {
  const contact = [feedback.name, feedback.email].filter(Boolean).join(' · ');
  return (
    <tr data-testid="feedback-row">
      <td>{times.format(new Date(feedback.createdAt))}</td>
      <th scope="row">
        {feedback.userEmail ?? 'A removed account'}
        <div className="field__hint">{feedback.organizationName ?? 'No organization'}</div>
      </th>
      <td className="admin-table__message">{feedback.comments}</td>
      <td>{contact || 'Not given'}</td>
      <td className="admin-table__message">{feedback.url ?? 'Not given'}</td>
      <td>{feedback.forwardedAt ? `Sent${feedback.eventId ? ` (about error ${feedback.eventId})` : ''}` : 'Not sent: none configured, or it failed'}</td>
    </tr>
  );
}
