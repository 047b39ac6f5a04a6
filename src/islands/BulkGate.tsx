import { Guard } from './auth/Guard';

/** /bulk-registration: signed-out visitors go to /auth (replace); the tool arrives with the bulk-import issue. */
export default function BulkGate() {
  return (
    <Guard require="user">
      <section>
        <h1>Bulk Import</h1>
        <p className="muted">Find businesses through a places search and register them in bulk. This tool is being built.</p>
      </section>
    </Guard>
  );
}
