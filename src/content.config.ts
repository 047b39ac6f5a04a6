import { defineCollection } from 'astro:content';
import { loadSiteSnapshot } from './lib/site-snapshot';

/**
 * Build-time collections read from Postgres through one public snapshot (DESIGN.md "Shape").
 * Everything here is the public view: contact details of protected listings are already removed.
 */
const businesses = defineCollection({
  loader: async () => (await loadSiteSnapshot()).businesses,
});

const articles = defineCollection({
  loader: async () => (await loadSiteSnapshot()).articles.map((a) => ({ ...a, id: a.slug })),
});

const serviceCards = defineCollection({
  loader: async () => (await loadSiteSnapshot()).serviceCards,
});

export const collections = { businesses, articles, serviceCards };
