import { useCallback, useEffect, useId, useMemo, useState } from 'react';
import { toast } from 'sonner';
import { apiGet, apiPost, apiSend } from '../../browser/api-client';
import { CATEGORY_PAGES } from '../../../common/schemas/categories';
import type { SearchWord, SearchWordsResponse } from '../../../common/schemas/search-words';
import { SHIPPED_VOCABULARY } from '../../../common/search/vocabulary';
import { SectionHead } from './SectionHead';

/** The query parameter that pre-fills the panel ("Teach search this word" in Insights). */
export const TEACH_PARAM = 'teach';

type Kind = 'synonyms' | 'misspelling';

const date = (iso: string) =>
  new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });

/** The word the Insights link asks to teach, from `?teach=`; '' when none. */
function wordToTeach(): string {
  if (typeof window === 'undefined') return '';
  return (new URLSearchParams(window.location.search).get(TEACH_PARAM) ?? '').slice(0, 60);
}

/**
 * The "Search words" tab (issue 35.7, ADR 062): the vocabulary search understands (shipped with
 * the site) and the admins' additions, a form to add a synonym group or a misspelling, and the
 * log of changes. An admin removes only their own additions (the server checks). A change applies
 * to the next search.
 */
export function SearchWordsPanel() {
  const [data, setData] = useState<SearchWordsResponse | null>(null);
  const load = useCallback(() => {
    void apiGet<SearchWordsResponse>('/api/admin/search-words').then((result) => {
      if (result.ok) setData(result.data);
      else toast.error('Failed to load the search words', { description: result.error.message });
    });
  }, []);
  useEffect(load, [load]);

  const remove = async (word: SearchWord) => {
    const result = await apiSend('DELETE', `/api/admin/search-words/${word.id}`);
    if (result.ok) {
      toast.success('Search word removed');
      load();
    } else toast.error('Failed to remove the search word', { description: result.error.message });
  };

  return (
    <section className="search-words-panel" data-testid="search-words-panel">
      <SectionHead
        title="Search words"
        subtitle="The words motorists use and what search understands them as. Your words apply to the next search."
      />
      <TeachForm onAdded={load} />
      <h3>Added by admins</h3>
      {data === null ? (
        <p className="muted">Loading search words...</p>
      ) : data.words.length === 0 ? (
        <p className="muted">No words added yet</p>
      ) : (
        <ul className="search-words-list" data-testid="search-words-added">
          {data.words.map((word) => (
            <li key={word.id}>
              <strong>
                {word.kind === 'synonyms'
                  ? word.terms.join(' · ')
                  : `${word.terms[0]} → ${word.terms[1]}`}
              </strong>
              <span className="small muted">
                {' '}
                {word.kind === 'synonyms' ? 'Same meaning' : 'Misspelling'}
                {word.category
                  ? ` · ${CATEGORY_PAGES[word.category as keyof typeof CATEGORY_PAGES]?.title ?? word.category}`
                  : ''}
                {' · '}
                {word.mine ? 'you' : (word.createdByName ?? 'a former admin')},{' '}
                {date(word.createdAt)}
              </span>
              {word.mine && (
                <button
                  type="button"
                  className="btn btn-outline btn-sm"
                  onClick={() => void remove(word)}
                >
                  Remove
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      <h3>Changes</h3>
      {data && data.log.length > 0 ? (
        <ul className="small" data-testid="search-words-log">
          {data.log.map((entry) => (
            <li key={entry.id}>
              {date(entry.createdAt)}: {entry.adminName ?? 'A former admin'} {entry.action}{' '}
              {entry.kind === 'synonyms'
                ? entry.terms.join(', ')
                : `${entry.terms[0]} → ${entry.terms[1]}`}
            </li>
          ))}
        </ul>
      ) : (
        <p className="small muted">No changes yet</p>
      )}
      <ShippedVocabulary />
    </section>
  );
}

/** The form: a synonym group ("okada, motorcycle") or a misspelling ("mekanik" → "mechanic"). */
function TeachForm({ onAdded }: { onAdded: () => void }) {
  const id = useId();
  const teach = useMemo(wordToTeach, []);
  const [kind, setKind] = useState<Kind>('synonyms');
  const [terms, setTerms] = useState(teach ? `${teach}, ` : '');
  const [category, setCategory] = useState('');
  const [wrong, setWrong] = useState(teach);
  const [right, setRight] = useState('');
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [busy, setBusy] = useState(false);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setBusy(true);
    const body = kind === 'synonyms' ? { kind, terms, category } : { kind, wrong, right };
    const result = await apiPost<{ word: SearchWord }>('/api/admin/search-words', body);
    setBusy(false);
    if (result.ok) {
      toast.success('Search learnt the words');
      setErrors({});
      setTerms('');
      setWrong('');
      setRight('');
      onAdded();
    } else {
      setErrors(result.error.fields ?? {});
      toast.error('Failed to add the words', { description: result.error.message });
    }
  };
  const fieldError = (name: string) =>
    errors[name]?.length ? (
      <p className="field-error" role="alert">
        {errors[name]?.join(' ')}
      </p>
    ) : null;

  return (
    <form
      className="card search-words-form"
      onSubmit={(e) => void submit(e)}
      aria-label="Teach search"
    >
      <h3>Teach search</h3>
      <fieldset>
        <legend className="small">What to add</legend>
        <label>
          <input
            type="radio"
            name="kind"
            checked={kind === 'synonyms'}
            onChange={() => setKind('synonyms')}
          />{' '}
          Words that mean the same
        </label>{' '}
        <label>
          <input
            type="radio"
            name="kind"
            checked={kind === 'misspelling'}
            onChange={() => setKind('misspelling')}
          />{' '}
          A misspelling
        </label>
      </fieldset>
      {kind === 'synonyms' ? (
        <>
          <label htmlFor={`${id}-terms`}>Words, separated by commas</label>
          <input
            id={`${id}-terms`}
            className="input"
            value={terms}
            maxLength={1000}
            placeholder="okada, motorcycle, bike"
            onChange={(e) => setTerms(e.target.value)}
          />
          {fieldError('terms')}
          <label htmlFor={`${id}-category`}>Category (optional)</label>
          <select
            id={`${id}-category`}
            className="input"
            value={category}
            onChange={(e) => setCategory(e.target.value)}
          >
            <option value="">None</option>
            {Object.entries(CATEGORY_PAGES).map(([key, page]) => (
              <option key={key} value={key}>
                {page.title}
              </option>
            ))}
          </select>
        </>
      ) : (
        <>
          <label htmlFor={`${id}-wrong`}>Misspelt word</label>
          <input
            id={`${id}-wrong`}
            className="input"
            value={wrong}
            maxLength={200}
            onChange={(e) => setWrong(e.target.value)}
          />
          {fieldError('wrong')}
          <label htmlFor={`${id}-right`}>Right word</label>
          <input
            id={`${id}-right`}
            className="input"
            value={right}
            maxLength={200}
            onChange={(e) => setRight(e.target.value)}
          />
          {fieldError('right')}
        </>
      )}
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {busy ? 'Adding...' : 'Add words'}
      </button>
    </form>
  );
}

/** The shipped vocabulary, read-only: groups, complaints, car makes and misspellings. */
function ShippedVocabulary() {
  const [filter, setFilter] = useState('');
  const f = filter.trim().toLowerCase();
  const has = (texts: readonly string[]) => !f || texts.some((t) => t.includes(f));
  const v = SHIPPED_VOCABULARY;
  return (
    <>
      <h3>Words search ships with</h3>
      <input
        className="input"
        type="search"
        aria-label="Filter the shipped words"
        placeholder="Filter the words..."
        value={filter}
        onChange={(e) => setFilter(e.target.value)}
      />
      <details open={!!f}>
        <summary>Same meaning ({v.groups.length} groups)</summary>
        <ul className="small">
          {v.groups
            .filter((g) => has(g.terms))
            .map((g) => (
              <li key={g.key}>{g.terms.join(' · ')}</li>
            ))}
        </ul>
      </details>
      <details open={!!f}>
        <summary>Complaints and the trades that fix them ({v.symptoms.length})</summary>
        <ul className="small">
          {v.symptoms
            .filter((s) => has(s.phrases))
            .map((s) => (
              <li key={s.key}>
                {s.phrases.slice(0, 6).join(' · ')} → {s.groups.join(', ')}
              </li>
            ))}
        </ul>
      </details>
      <details open={!!f}>
        <summary>Car makes ({v.makes.length})</summary>
        <ul className="small">
          {v.makes
            .filter((m) => has([m.name.toLowerCase(), ...m.aliases]))
            .map((m) => (
              <li key={m.name}>
                {m.name}: {m.aliases.join(', ')}
              </li>
            ))}
        </ul>
      </details>
      <details open={!!f}>
        <summary>Misspellings ({v.misspellings.length})</summary>
        <ul className="small">
          {v.misspellings
            .filter((m) => has([m.wrong, m.right]))
            .map((m) => (
              <li key={m.wrong}>
                {m.wrong} → {m.right}
              </li>
            ))}
        </ul>
      </details>
    </>
  );
}
