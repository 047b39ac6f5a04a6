import AdminDashboard from './admin/AdminDashboard';
import { Guard } from './auth/Guard';

/** /admin: the dashboard behind the admin guard (UX only: the API checks the role on every route). */
export default function AdminGate() {
  return (
    <Guard require="admin">
      <AdminDashboard />
    </Guard>
  );
}
