/**
 * `npm run least-privilege -- <record>`: per function, the grants of its role (the synthesized
 * template) that no call in the record exercised, and the evaluated calls by service. The record
 * is what the local stack writes with IAM enforced: `.local/iam-calls.jsonl` after `npm start`,
 * `.local/test-run/iam-calls.jsonl` after the integration tests (docs/local.md).
 */
import { readFileSync } from 'node:fs';
import { loadLeastPrivilege } from '../infra/local';

const file = process.argv[2] ?? '.local/test-run/iam-calls.jsonl';
const { leastPrivilegeReport, formatReport, parseRecord, shippedIdentities } = await loadLeastPrivilege();
const report = leastPrivilegeReport(shippedIdentities(), parseRecord(readFileSync(file, 'utf8')));
console.log(`${file}\n\n${formatReport(report)}`);
