import { formatDay } from '../../browser/dates';
import { localFormat } from '../../../common/schemas/nigerian-mobile';
import type { AdminUser } from '../../../common/schemas/users';
import { EmptyState } from '../ui/EmptyState';
import { ListPager } from './ListPager';
import { useUsers } from './data';
import { ExportButton } from './ExportButton';
import { SectionHead } from './SectionHead';

/** Whether the account's e-mail is confirmed; an account made with a phone has none (ADR 067). */
function emailState(user: AdminUser): string {
  if (user.phone_only) return 'None (signed up by phone)';
  return user.email_verified ? 'Confirmed' : 'Not confirmed';
}

/**
 * Users tab (SPEC §2): User Management - View all registered users, Export Users; paged. Each
 * card says whether the e-mail and the phone are confirmed (issue 37.6); the admin sees the phone
 * whole, in the card only.
 */
export function UsersPanel({ q }: { q: string }) {
  const list = useUsers(q);
  if (!list.rows) return <p className="status-text">Loading users...</p>;
  return (
    <section>
      <SectionHead title="User Management" subtitle="View all registered users">
        <ExportButton
          label="Export Users"
          path="/api/admin/users/export.csv"
          name="users"
          noun="users"
        />
      </SectionHead>
      {list.rows.length === 0 ? (
        <EmptyState title={q ? `No users found matching "${q}"` : 'No users found'} />
      ) : (
        <ul className="grid admin-grid">
          {list.rows.map((user) => (
            <li key={user.user_id} className="card">
              <h3>{user.display_name || <span className="muted">No display name</span>}</h3>
              <p className="small">
                {user.phone_only ? <span className="muted">No e-mail address</span> : user.email}
              </p>
              <p>
                <span className={`badge ${user.role === 'admin' ? 'badge-brand' : ''}`}>
                  {user.role}
                </span>
              </p>
              <dl className="admin-fields small">
                <dt>User ID</dt>
                <dd>
                  <code>{user.user_id}</code>
                </dd>
                <dt>Profile ID</dt>
                <dd>
                  <code>{user.profile_id ?? '—'}</code>
                </dd>
                <dt>E-mail</dt>
                <dd>{emailState(user)}</dd>
                <dt>Phone</dt>
                <dd>
                  {user.phone_number
                    ? `${localFormat(user.phone_number)} · ${user.phone_number_verified ? 'Confirmed' : 'Not confirmed'}`
                    : '—'}
                </dd>
                <dt>Joined</dt>
                <dd>{user.created_at ? formatDay(user.created_at) : '—'}</dd>
                <dt>Last updated</dt>
                <dd>{user.updated_at ? formatDay(user.updated_at) : '—'}</dd>
              </dl>
            </li>
          ))}
        </ul>
      )}
      <ListPager list={list} label="User pages" />
    </section>
  );
}
