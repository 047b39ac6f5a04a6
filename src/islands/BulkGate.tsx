import { BulkRegistration } from './admin/BulkRegistration';
import { Guard } from './auth/Guard';

/** /bulk-registration: signed-out visitors go to /auth (replace); registering is admin-only on the server. */
export default function BulkGate() {
  return (
    <Guard require="user">
      <BulkRegistration />
    </Guard>
  );
}
