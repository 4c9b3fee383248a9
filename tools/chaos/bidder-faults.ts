import type { Table } from './table.js';
export async function runBidderFaults(_o: { table: Table; log: (l: string) => void; rounds: number }) {}
