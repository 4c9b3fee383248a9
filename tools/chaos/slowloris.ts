import type { Table } from './table.js';
export async function runSlowloris(_o: { table: Table; log: (l: string) => void; clients: number }) {}
