/** A table's column headings; `end` columns (numbers) are aligned right. */
export function ColumnHeads({ columns }: { columns: readonly (string | { label: string; end: true })[] }) {
  return (
    <thead>
      <tr className="border-b border-black/15">
        {columns.map((column, index) => {
          const label = typeof column === 'string' ? column : column.label;
          const last = index === columns.length - 1;
          const end = typeof column !== 'string';
          return (
            <th
              key={label}
              scope="col"
              className={['py-2', last ? '' : 'pr-4', end ? 'text-right' : ''].filter(Boolean).join(' ')}
            >
              {label}
            </th>
          );
        })}
      </tr>
    </thead>
  );
}
