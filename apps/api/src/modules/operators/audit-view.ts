/** The audit log as the back office shows it and as its CSV export writes it. */
import type { AuditEntry } from '@drawhouse/contract';
import type { AuditRow } from './audit.repository.ts';

export function auditEntryView(row: AuditRow): AuditEntry {
  return {
    id: row.id,
    at: row.at.toISOString(),
    operatorId: row.operatorId,
    operatorName: row.operatorName,
    action: row.action,
    targetType: row.targetType,
    targetId: row.targetId,
    before: row.before ?? null,
    after: row.after ?? null,
    via: row.via,
    ip: row.ip,
    userAgent: row.userAgent,
  };
}

const COLUMNS = [
  'id',
  'at',
  'operator',
  'action',
  'target_type',
  'target_id',
  'before',
  'after',
  'via',
  'ip',
  'user_agent',
];

/**
 * A CSV field: quoted when it holds a comma, quote or line break; a field a spreadsheet would run as
 * a formula (=, +, -, @, tab, return first) is written behind a quote mark (OWASP's CSV injection rule).
 */
export function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function auditCsvHeader(): string {
  return `${COLUMNS.join(',')}\r\n`;
}

export function auditCsvLines(rows: readonly AuditRow[]): string {
  return rows
    .map((r) =>
      [
        String(r.id),
        r.at.toISOString(),
        r.operatorName,
        r.action,
        r.targetType,
        r.targetId,
        r.before === null ? '' : JSON.stringify(r.before),
        r.after === null ? '' : JSON.stringify(r.after),
        r.via,
        r.ip ?? '',
        r.userAgent ?? '',
      ]
        .map(csvField)
        .join(','),
    )
    .map((line) => `${line}\r\n`)
    .join('');
}
