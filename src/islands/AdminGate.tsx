import { Guard } from './auth/Guard';

/** /admin: the dashboard arrives with the admin issue; the guard is in place now. */
export default function AdminGate() {
  return (
    <Guard require="admin">
      <section>
        <h1>Business Listings Admin</h1>
        <p className="muted">Review business listing requests</p>
        <p>The dashboard panels are being built.</p>
      </section>
    </Guard>
  );
}
