import { toast } from 'sonner';
import { downloadCsv, usersCsv } from '../../browser/csv';
import { fileDate, formatDay } from '../../browser/dates';
import type { AdminUser } from '../../schemas/users';

/** Users tab (SPEC §2): User Management - View all registered users, Export Users. */
export function UsersPanel({
  users,
  visible,
  query,
}: {
  users: AdminUser[] | null;
  visible: AdminUser[];
  query: string;
}) {
  if (!users) return <p className="status-text">Loading users...</p>;
  const exportUsers = () => {
    downloadCsv(`users_${fileDate()}.csv`, usersCsv(users));
    toast.success('Export complete', { description: `${users.length} users exported.` });
  };
  return (
    <section>
      <div className="section-head">
        <div>
          <h2>User Management</h2>
          <p className="small muted">View all registered users</p>
        </div>
        <button type="button" className="btn btn-outline" onClick={exportUsers}>
          Export Users
        </button>
      </div>
      {visible.length === 0 ? (
        <div className="empty">
          <h3>{query.trim() ? `No users found matching "${query.trim()}"` : 'No users found'}</h3>
        </div>
      ) : (
        <ul className="grid admin-grid">
          {visible.map((user) => (
            <li key={user.user_id} className="card">
              <h3>{user.display_name || <span className="muted">No display name</span>}</h3>
              <p className="small">{user.email}</p>
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
                <dt>Joined</dt>
                <dd>{user.created_at ? formatDay(user.created_at) : '—'}</dd>
                <dt>Last updated</dt>
                <dd>{user.updated_at ? formatDay(user.updated_at) : '—'}</dd>
              </dl>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
