export * from './export-table.js';
