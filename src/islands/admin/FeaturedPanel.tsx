import { toast } from 'sonner';
import { apiSend } from '../../browser/api-client';
import type { AdminRegistration } from '../../../common/schemas/registrations';
import { EmptyState } from '../ui/EmptyState';
import { useRegistrations } from './data';
import { SortableList } from './SortableList';

/** The featured list the panel orders: the first 100 by display_order (ADR 014). */
const FEATURED_LIMIT = 100;

/** Featured Business Order (SPEC §2): drag to reorder; saved on drop (display_order 1..n). */
export function FeaturedPanel() {
  const list = useRegistrations({ featured: true }, FEATURED_LIMIT);
  const featured = list.rows;
  if (!featured) return <p className="status-text">Loading featured businesses...</p>;
  const total = list.response?.total ?? featured.length;

  async function save(next: AdminRegistration[]) {
    list.setRows(() => next.map((b, i) => ({ ...b, display_order: i + 1 })));
    const result = await apiSend('PUT', '/api/admin/featured-order', {
      ids: next.map((b) => b.id),
    });
    if (result.ok) toast.success('Featured business order updated successfully');
    else {
      toast.error('Failed to update business order', { description: result.error.message });
      list.reload();
    }
  }

  return (
    <section aria-labelledby="featured-order-title">
      <h2 id="featured-order-title">Featured Business Order</h2>
      <p className="small muted">
        Drag businesses to change the order they appear in on the home page. Changes are saved when
        you drop.
      </p>
      {total > featured.length && (
        <p className="small muted">
          Showing the first {featured.length} of {total} featured businesses.
        </p>
      )}
      {featured.length === 0 ? (
        <EmptyState title="No featured businesses found">
          <p className="muted">
            Mark businesses as featured in the Approved listings to show them here.
          </p>
        </EmptyState>
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
