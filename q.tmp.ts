import { clauses } from './specification/clauses.js';
const re = new RegExp(process.argv[2] ?? '.', 'i');
for (const c of clauses) if (re.test(c.id)) console.log(c.id, c.level, c.testable, '|', (c as {text?: string}).text?.slice(0, 150) ?? '');
