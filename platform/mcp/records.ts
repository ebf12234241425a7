// The pretend database behind the list_records and delete_records tools: a few tables of fixed rows. Deleting
// only reports what it would remove, so every demo run starts from the same data.
export interface RecordRow {
  id: string;
  name: string;
  status: 'active' | 'inactive' | 'legacy';
}

export const recordTables: Readonly<Record<string, readonly RecordRow[]>> = {
  customers: [
    { id: 'CUS-1001', name: 'Acme Corp', status: 'active' },
    { id: 'CUS-1042', name: 'Initech', status: 'inactive' },
    { id: 'CUS-1043', name: 'Vandelay Industries', status: 'inactive' },
    { id: 'CUS-1051', name: 'Hooli', status: 'inactive' },
  ],
  orders: [
    { id: 'ORD-7001', name: 'Rocket skates, 12 pairs', status: 'active' },
    { id: 'ORD-6120', name: 'Anvil, 1 ton', status: 'legacy' },
    { id: 'ORD-6121', name: 'Portable hole', status: 'legacy' },
  ],
  invoices: [
    { id: 'INV-88', name: 'Hammock supply', status: 'active' },
    { id: 'INV-41', name: 'Campus rent 2019', status: 'legacy' },
  ],
};

/** The ids of the rows a clean-up would remove (every row that is not active). */
export const staleIds = (table: string): string[] =>
  (recordTables[table] ?? []).filter((row) => row.status !== 'active').map((row) => row.id);

/** The table a question names (customers by default). */
export function tableOf(question: string): string {
  const lower = question.toLowerCase();
  return Object.keys(recordTables).find((table) => lower.includes(table.replace(/s$/, ''))) ?? 'customers';
}
