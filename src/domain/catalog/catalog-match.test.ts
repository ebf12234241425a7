import { describe, expect, it } from 'vitest';
import { rankCatalog, type CatalogSearchable } from './catalog-match';

const item = (name: string, description = '', extra: Partial<CatalogSearchable> = {}): CatalogSearchable => ({
  id: `a1000000-0000-4000-8000-${String(name.length).padStart(12, '0')}`,
  name,
  description,
  ...extra,
});

// The local platform's catalog in its own order: a description that mentions records comes before the name.
const tenantData = item('Tenant Data', 'Calls the tenant_records tool, which returns the records of the tenant.');
const recordsKeeper = item('Records Keeper', 'Keeps records; asks before it deletes any.');
const general = item('General Assistant', 'Answers any question in rich Markdown.');

const names = (ranked: ReadonlyArray<{ item: CatalogSearchable }>) => ranked.map(({ item: { name } }) => name);

describe('rankCatalog', () => {
  it('puts a name that starts with the text before a description that mentions it (records + Enter)', () => {
    const ranked = rankCatalog([tenantData, general, recordsKeeper], 'records');
    expect(names(ranked)).toEqual(['Records Keeper', 'Tenant Data']);
    expect(ranked[0]?.match).toEqual({ field: 'name', range: [0, 7] });
    expect(ranked[1]?.match).toEqual({ field: 'description', range: [17, 24] });
  });

  it('offers nothing the text does not fit, against a server that sends its whole list (careful + Enter)', () => {
    const all = [
      general,
      tenantData,
      item('Guarded Operator', 'Careful with production: asks before each write.'),
      item('Careful Planner', 'Plans before it acts.'),
      recordsKeeper,
    ];
    const ranked = rankCatalog(all, 'careful');
    expect(names(ranked)).toEqual(['Careful Planner', 'Guarded Operator']);
    expect(ranked.map(({ match }) => match?.field)).toEqual(['name', 'description']);
  });

  it('ranks the whole name, its start, a word of it, then inside it', () => {
    const ranked = rankCatalog(
      [item('Unkeepable'), item('Records Keeper'), item('Keeper of Records'), item('Keep'), item('Gatekeeper')],
      'keep',
    );
    expect(names(ranked)).toEqual(['Keep', 'Keeper of Records', 'Records Keeper', 'Unkeepable', 'Gatekeeper']);
    expect(ranked.map(({ match }) => match?.range)).toEqual([
      [0, 4],
      [0, 4],
      [8, 12],
      [2, 6],
      [4, 8],
    ]);
  });

  it('keeps the order given among items that fit equally well', () => {
    const given = [item('Research Agent (NDJSON)'), item('Slow Writer'), item('Research Agent'), item('Researcher')];
    expect(names(rankCatalog(given, 'research'))).toEqual(['Research Agent (NDJSON)', 'Research Agent', 'Researcher']);
    const described = [item('B', 'about tools'), item('A', 'tools too'), item('C', 'no')];
    expect(names(rankCatalog(described, 'tools'))).toEqual(['B', 'A']);
  });

  it('finds a word after punctuation as a word of the name', () => {
    const ranked = rankCatalog([item('Research Agent (NDJSON)', 'The agent on ndjson')], 'ndjson');
    expect(ranked[0]?.match).toEqual({ field: 'name', range: [16, 22] });
  });

  it('folds case, accents and spaces, and marks the text as written', () => {
    const ranked = rankCatalog([item('Café Résumé'), item('Cafe\u0301 Re\u0301sume\u0301 bis')], '  RESUME ');
    expect(ranked.map(({ match }) => match?.range)).toEqual([
      [5, 11],
      // Decomposed accents belong to the letter before them, the last one included.
      [6, 14],
    ]);
    expect(names(rankCatalog([item('Records Keeper')], 'records   keeper'))).toEqual(['Records Keeper']);
  });

  it('matches the slug after the description, and an id only from its start and a whole first block', () => {
    const slugged = item('Helper', 'Helps.', { slug: 'records-helper', id: 'b2000000-0000-4000-8000-000000000001' });
    expect(rankCatalog([slugged], 'records')[0]?.match).toEqual({ field: 'slug', range: [0, 7] });
    expect(rankCatalog([slugged], 'b2000000-00')[0]?.match).toEqual({ field: 'id', range: [0, 11] });
    // Short text is in every id: "b2" alone, or the middle of an id, fits nothing.
    expect(rankCatalog([slugged], 'b2')).toEqual([]);
    expect(rankCatalog([slugged], '0000-4000')).toEqual([]);
  });

  it('keeps what only the server matched, last, when the server is known to have filtered', () => {
    const ranked = rankCatalog([general, recordsKeeper], 'records', { keepUnexplained: true });
    expect(names(ranked)).toEqual(['Records Keeper', 'General Assistant']);
    expect(ranked[1]?.match).toEqual({ field: 'server' });
  });

  it('offers every item in the order given, with no reason, when nothing is typed', () => {
    expect(rankCatalog([tenantData, general], '  ')).toEqual([
      { item: tenantData, match: null },
      { item: general, match: null },
    ]);
  });
});
