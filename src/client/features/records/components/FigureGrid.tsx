/** A grid of labelled money figures (the records' statistics cards): label above, value in its tone. */

/** [label, value text, tone class] */
export type Figure = readonly [string, string, string];

/** `cols`: the grid's column classes; `centered` for the narrow three-figure strip. */
export function FigureGrid({
  figures,
  cols,
  centered = false,
}: {
  figures: readonly Figure[];
  cols: string;
  centered?: boolean;
}) {
  return (
    <dl className={`grid gap-2 ${cols}`}>
      {figures.map(([label, value, tone]) => (
        <div
          key={label}
          className={`rounded-lg bg-gray-50 py-2 ${centered ? 'px-2 text-center' : 'px-3'}`}
        >
          <dt className="text-xs text-gray-600">{label}</dt>
          <dd className={`text-base font-semibold ${tone}`}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
