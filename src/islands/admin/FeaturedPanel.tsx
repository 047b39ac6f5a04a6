import { toast } from 'sonner';
import { apiSend } from '../../browser/api-client';
import { SortableList } from './SortableList';
import type { AdminRegistration } from '../../schemas/registrations';

interface Props {
  registrations: AdminRegistration[] | null;
  reload: () => Promise<void>;
  setRegistrations: (
    update: (list: AdminRegistration[] | null) => AdminRegistration[] | null,
  ) => void;
}

/** Featured Business Order (SPEC §2): drag to reorder; saved on drop (display_order 1..n). */
export function FeaturedPanel({ registrations, reload, setRegistrations }: Props) {
  if (!registrations) return <p className="status-text">Loading featured businesses...</p>;
  const featured = registrations
    .filter((b) => b.featured)
    .sort((a, b) => a.display_order - b.display_order);

  async function save(next: AdminRegistration[]) {
    const order = new Map(next.map((b, i) => [b.id, i + 1]));
    setRegistrations(
      (list) =>
        list?.map((b) => (order.has(b.id) ? { ...b, display_order: order.get(b.id)! } : b)) ?? list,
    );
    const result = await apiSend('PUT', '/api/admin/featured-order', {
      ids: next.map((b) => b.id),
    });
    if (result.ok) toast.success('Featured business order updated successfully');
    else {
      toast.error('Failed to update business order', { description: result.error.message });
      await reload();
    }
  }

  return (
    <section aria-labelledby="featured-order-title">
      <h2 id="featured-order-title">Featured Business Order</h2>
      <p className="small muted">
        Drag businesses to change the order they appear in on the home page. Changes are saved when
        you drop.
      </p>
      {featured.length === 0 ? (
        <div className="empty">
          <h3>No featured businesses found</h3>
          <p className="muted">
            Mark businesses as featured in the Approved listings to show them here.
          </p>
        </div>
      ) : (
        <SortableList
          label="Featured businesses"
          items={featured}
          onReorder={save}
          renderItem={(business, handle) => (
            <div className="sortable-row">
              {handle}
              <span className="order-number">{business.display_order}</span>
              <div>
                <strong>{business.business_name}</strong>
                <p className="small muted">
                  {business.business_type} · {business.city ?? 'Lagos'}
                </p>
              </div>
            </div>
          )}
        />
      )}
    </section>
  );
}
