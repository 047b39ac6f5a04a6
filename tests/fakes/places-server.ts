import { start } from './places.ts';

/**
 * Standalone loopback fake of Google Places Text Search and the Overpass API for the e2e server
 * (playwright.config.ts webServer): `tsx tests/fakes/places-server.ts 4390`.
 * GET /health → 200; POST /api/interpreter and POST /v1/places:searchText answer the fixtures of
 * tests/fakes/places.ts.
 */
const port = Number(process.argv[2] ?? process.env.PLACES_FAKE_PORT ?? 4390);
const fake = await start(Number.isInteger(port) && port >= 0 ? port : 4390);
console.log(`fake places server on ${fake.baseUrl}`);

const shutdown = () => {
  void fake.stop().finally(() => process.exit(0));
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
