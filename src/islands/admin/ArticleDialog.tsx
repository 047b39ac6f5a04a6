import * as Dialog from '@radix-ui/react-dialog';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import type { z } from 'zod';
import { apiPost, apiSend } from '../../browser/api-client';
import { useIdempotencyKey } from '../ui/useIdempotencyKey';
import { DialogFormActions, DialogHead } from '../DialogHead';
import {
  ArticleFormSchema,
  type AdminArticle,
  type ArticleFormInput,
} from '../../../common/schemas/articles';
import { ARTICLE_CATEGORIES } from '../../../common/schemas/articles';
import { asField, Field, TextAreaField } from '../auth/Field';

interface Props {
  /** null = New Article. */
  article: AdminArticle | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSaved: () => void;
}

const EMPTY: ArticleFormInput = {
  title: '',
  slug: '',
  content: '',
  excerpt: '',
  author: '',
  category: 'Tips',
  read_time: '5',
  published: false,
  featured: false,
  image_url: '',
  meta_title: '',
  meta_description: '',
};

/** Create New Article / Edit Article (SPEC §2 Articles tab, §5 Article form). */
export function ArticleDialog({ article, open, onOpenChange, onSaved }: Props) {
  const defaults: ArticleFormInput = article
    ? {
        title: article.title,
        slug: article.slug,
        content: article.content,
        excerpt: article.excerpt ?? '',
        author: article.author ?? '',
        category: article.category as ArticleFormInput['category'],
        read_time: String(article.read_time),
        published: article.published,
        featured: article.featured,
        image_url: article.image_url ?? '',
        meta_title: article.meta_title ?? '',
        meta_description: article.meta_description ?? '',
      }
    : EMPTY;
  const form = useForm<ArticleFormInput, unknown, z.output<typeof ArticleFormSchema>>({
    resolver: zodResolver(ArticleFormSchema),
    defaultValues: EMPTY,
  });
  // Every opening starts from the article being edited, or from an empty form for a new one.
  const { reset } = form;
  const [createKey, renewCreateKey] = useIdempotencyKey();
  useEffect(() => {
    if (open) reset(defaults);
    // A new article per opening: a double click on Create sends one (issue 23.4).
    if (open && !article) renewCreateKey();
    // `defaults` is derived from `article`, which is in the list.
  }, [open, article, reset, renewCreateKey]);
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    const result = article
      ? await apiSend('PATCH', `/api/admin/articles/${article.id}`, values)
      : await apiPost('/api/admin/articles', values, { idempotencyKey: createKey });
    if (!result.ok) {
      toast.error('Failed to save article', { description: result.error.message });
      return;
    }
    toast.success(article ? 'Article updated' : 'Article created');
    onSaved();
    onOpenChange(false);
  });

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog-content wide" aria-describedby={undefined}>
          <DialogHead title={article ? 'Edit Article' : 'Create New Article'} />
          <form onSubmit={submit} noValidate className="auth-form">
            <Field
              id="article-title"
              label="Title *"
              error={errors.title}
              {...asField(form.register('title'))}
            />
            <div className="form-grid">
              <Field
                id="article-slug"
                label="Slug"
                hint="Leave empty to make it from the title"
                error={errors.slug}
                {...asField(form.register('slug'))}
              />
              <label className="field" htmlFor="article-category">
                <span>Category *</span>
                <select id="article-category" {...form.register('category')}>
                  {ARTICLE_CATEGORIES.map((c) => (
                    <option key={c} value={c}>
                      {c}
                    </option>
                  ))}
                </select>
              </label>
              <Field
                id="article-author"
                label="Author"
                error={errors.author}
                {...asField(form.register('author'))}
              />
              <Field
                id="article-read-time"
                label="Read time (minutes)"
                inputMode="numeric"
                {...asField(form.register('read_time'))}
              />
              <Field
                id="article-image"
                label="Image URL"
                error={errors.image_url}
                {...asField(form.register('image_url'))}
              />
            </div>
            <TextAreaField
              id="article-excerpt"
              label="Excerpt"
              error={errors.excerpt}
              {...asField(form.register('excerpt'))}
            />
            <TextAreaField
              id="article-content"
              label="Content * (markdown: # headings, **bold**, - lists)"
              rows={10}
              error={errors.content}
              {...asField(form.register('content'))}
            />
            <div className="form-grid">
              <Field
                id="article-meta-title"
                label="Meta title"
                error={errors.meta_title}
                {...asField(form.register('meta_title'))}
              />
              <Field
                id="article-meta-description"
                label="Meta description"
                error={errors.meta_description}
                {...asField(form.register('meta_description'))}
              />
            </div>
            <div className="admin-actions">
              <label className="checkbox" htmlFor="article-published">
                <input id="article-published" type="checkbox" {...form.register('published')} />{' '}
                <span>Published</span>
              </label>
              <label className="checkbox" htmlFor="article-featured">
                <input id="article-featured" type="checkbox" {...form.register('featured')} />{' '}
                <span>Featured</span>
              </label>
            </div>
            <DialogFormActions
              submitting={isSubmitting}
              submitLabel={article ? 'Save Changes' : 'Create Article'}
            />
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
