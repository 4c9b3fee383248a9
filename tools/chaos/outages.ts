import type { Table } from './table.js';
export async function runOutages(_o: { table: Table; log: (l: string) => void; cycles: number }) {}
