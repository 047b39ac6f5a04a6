import { useState } from 'react';
import { toast } from 'sonner';
import { apiSend } from '../../browser/api-client';
import { formatDay } from '../../browser/dates';
import type { AdminArticle } from '../../../common/schemas/articles';
import { ConfirmButton } from '../ui/ConfirmButton';
import { EmptyState } from '../ui/EmptyState';
import { ListPager } from './ListPager';
import { ArticleDialog } from './ArticleDialog';
import { useArticles } from './data';

interface Props {
  q: string;
  refreshCounts: () => void;
}

/** Articles tab (SPEC §2): Article Management, New Article, Edit, Delete; paged, searched. */
export function ArticlesPanel({ q, refreshCounts }: Props) {
  const list = useArticles(q);
  const [editing, setEditing] = useState<AdminArticle | null>(null);
  const [open, setOpen] = useState(false);
  const reload = async () => {
    list.reload();
    refreshCounts();
  };
  const articles = list.rows;
  if (!articles) return <p className="status-text">Loading articles...</p>;

  async function remove(article: AdminArticle) {
    const result = await apiSend('DELETE', `/api/admin/articles/${article.id}`);
    if (!result.ok) {
      toast.error('Failed to delete article', { description: result.error.message });
      return;
    }
    toast.success('Article deleted');
    await reload();
  }

  return (
    <section>
      <div className="section-head">
        <h2>Article Management</h2>
        <button
          type="button"
          className="btn"
          onClick={() => {
            setEditing(null);
            setOpen(true);
          }}
        >
          New Article
        </button>
      </div>
      <ArticleDialog article={editing} open={open} onOpenChange={setOpen} onSaved={reload} />
      {articles.length === 0 ? (
        <EmptyState title={q ? `No articles found matching "${q}"` : 'No articles found'} />
      ) : (
        <ul className="grid admin-grid">
          {articles.map((article) => (
            <li key={article.id} className="card">
              <div className="card-badges">
                {article.featured && <span className="badge badge-brand">Featured</span>}
                <span className={`badge ${article.published ? 'badge-verified' : 'badge-pending'}`}>
                  {article.published ? 'Published' : 'Draft'}
                </span>
                <span className="badge">{article.category}</span>
                <span className="small muted">{article.read_time} min read</span>
              </div>
              <h3>{article.title}</h3>
              {article.excerpt && <p className="small muted">{article.excerpt}</p>}
              <p className="small muted">
                {article.author ?? 'Unknown author'} · {formatDay(article.created_at)}
              </p>
              <div className="admin-actions">
                <button
                  type="button"
                  className="btn btn-outline"
                  onClick={() => {
                    setEditing(article);
                    setOpen(true);
                  }}
                >
                  Edit
                </button>
                <ConfirmButton
                  label="Delete"
                  title="Delete article"
                  description={`Are you sure you want to delete "${article.title}"? This action cannot be undone.`}
                  confirmLabel="Delete"
                  onConfirm={() => remove(article)}
                />
              </div>
            </li>
          ))}
        </ul>
      )}
      <ListPager list={list} label="Article pages" />
    </section>
  );
}
