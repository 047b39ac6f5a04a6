import * as Switch from '@radix-ui/react-switch';
import { useCallback, useEffect, useState } from 'react';
import { toast } from 'sonner';
import { apiGet, apiSend } from '../../browser/api-client';
import type {
  AdminServiceCard,
  AdminServiceCardResponse,
} from '../../../common/schemas/service-cards';
import { EmptyState } from '../ui/EmptyState';
import { SortableList } from './SortableList';

/** SPEC §5 admin search over a card's title, type and route (a handful of cards: in the browser). */
const matches = (card: AdminServiceCard, q: string) =>
  [card.title, card.business_type, card.route_path].some((f) =>
    f.toLowerCase().includes(q.toLowerCase()),
  );

/** Service Card Management (SPEC §2): reorder, enable/disable, edit title, description, button text. */
export function ServiceCardsPanel({
  query,
  onCount,
}: {
  query: string;
  /** How many cards the search shows (the "n results found" of the search line). */
  onCount?: (count: number) => void;
}) {
  const [cards, setData] = useState<AdminServiceCard[] | null>(null);
  const reload = useCallback(async () => {
    const result = await apiGet<{ serviceCards: AdminServiceCard[] }>('/api/admin/service-cards');
    if (result.ok) setData(result.data.serviceCards);
    else {
      toast.error('Failed to load service cards', { description: result.error.message });
      setData((current) => current ?? []);
    }
  }, []);
  useEffect(() => void reload(), [reload]);
  const [editing, setEditing] = useState<string | null>(null);
  const [draft, setDraft] = useState({ title: '', description: '', button_text: '' });
  const shownCount = cards?.filter((c) => matches(c, query)).length;
  useEffect(() => {
    if (shownCount !== undefined) onCount?.(shownCount);
  }, [shownCount, onCount]);

  if (!cards) return <p className="status-text">Loading service cards...</p>;
  const searching = Boolean(query.trim());
  const shown = cards.filter((c) => matches(c, query));

  async function reorder(next: AdminServiceCard[]) {
    const previous = cards;
    setData(next.map((c, i) => ({ ...c, display_order: i + 1 })));
    const result = await apiSend('PUT', '/api/admin/service-cards/order', {
      ids: next.map((c) => c.id),
    });
    if (result.ok) toast.success('Service card order updated successfully!');
    else {
      setData(previous);
      toast.error('Failed to update service card order', { description: result.error.message });
    }
  }

  async function toggle(card: AdminServiceCard, enabled: boolean) {
    const result = await apiSend<AdminServiceCardResponse>(
      'PATCH',
      `/api/admin/service-cards/${card.id}`,
      { enabled },
    );
    if (!result.ok) {
      toast.error('Failed to update service card status', { description: result.error.message });
      return;
    }
    setData((list) => list?.map((c) => (c.id === card.id ? { ...c, enabled } : c)) ?? list);
    toast.success(`Service card ${enabled ? 'enabled' : 'disabled'} successfully!`);
  }

  async function save(card: AdminServiceCard) {
    const result = await apiSend('PATCH', `/api/admin/service-cards/${card.id}`, {
      ...draft,
      description: draft.description || null,
    });
    if (!result.ok) {
      toast.error('Failed to update service card', { description: result.error.message });
      return;
    }
    setEditing(null);
    await reload();
    toast.success('Service card updated successfully!');
  }

  return (
    <section aria-labelledby="cards-title">
      <h2 id="cards-title">Service Card Management</h2>
      <p className="small muted">
        {searching
          ? 'Clear the search to reorder the cards.'
          : 'Drag cards to change their order on the home page. Changes are saved when you drop.'}
      </p>
      {shown.length === 0 ? (
        <EmptyState title="No service cards found" />
      ) : (
        <SortableList
          label="Service cards"
          items={shown}
          onReorder={searching ? () => undefined : reorder}
          renderItem={(card, handle) => (
            <div className="sortable-row card-row">
              {handle}
              <span className="order-number">{card.display_order}</span>
              {editing === card.id ? (
                <div className="card-edit">
                  <label className="field">
                    <span>Title</span>
                    <input
                      value={draft.title}
                      onChange={(e) => setDraft({ ...draft, title: e.target.value })}
                    />
                  </label>
                  <label className="field">
                    <span>Description</span>
                    <textarea
                      value={draft.description}
                      onChange={(e) => setDraft({ ...draft, description: e.target.value })}
                    />
                  </label>
                  <label className="field">
                    <span>Button text</span>
                    <input
                      value={draft.button_text}
                      onChange={(e) => setDraft({ ...draft, button_text: e.target.value })}
                    />
                  </label>
                  <div className="admin-actions">
                    <button type="button" className="btn" onClick={() => save(card)}>
                      Save
                    </button>
                    <button
                      type="button"
                      className="btn btn-outline"
                      onClick={() => setEditing(null)}
                    >
                      Cancel
                    </button>
                  </div>
                </div>
              ) : (
                <div className="card-summary">
                  <strong>{card.title}</strong>
                  <p className="small muted">{card.description}</p>
                  <p className="small">
                    Type: {card.business_type} · Route: {card.route_path} · {card.business_count}{' '}
                    businesses available · Button: "{card.button_text}"
                  </p>
                  <button
                    type="button"
                    className="btn btn-outline"
                    onClick={() => {
                      setDraft({
                        title: card.title,
                        description: card.description ?? '',
                        button_text: card.button_text,
                      });
                      setEditing(card.id);
                    }}
                  >
                    Edit
                  </button>
                </div>
              )}
              <label className="switch-label">
                <Switch.Root
                  className="switch"
                  checked={card.enabled}
                  onCheckedChange={(on) => toggle(card, on)}
                  aria-label={`${card.title} enabled`}
                >
                  <Switch.Thumb className="switch-thumb" />
                </Switch.Root>
                {card.enabled ? 'Enabled' : 'Disabled'}
              </label>
            </div>
          )}
        />
      )}
    </section>
  );
}
