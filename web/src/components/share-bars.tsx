/** One labelled row of a `ShareBars` chart; `parts` fill the row from the left. */
export interface ShareRow {
  id: string;
  label: string;
  parts: { name: string; value: number; className: string }[];
  /** What the row's value reads as, e.g. `67% of 12`. */
  text: string;
}

/**
 * Horizontal bars for categories (question types, run states): one labelled row each, scaled to
 * `max`, so every category keeps its name next to its bar. Drawn with SVG per row.
 */
export function ShareBars({ title, rows, max }: { title: string; rows: ShareRow[]; max: number }) {
  return (
    <figure className="share-bars">
      <figcaption>{title}</figcaption>
      <table>
        <tbody>
          {rows.map((row) => {
            let x = 0;
            return (
              <tr key={row.id}>
                <th scope="row">{row.label}</th>
                <td className="share-bar">
                  <svg
                    viewBox="0 0 100 10"
                    preserveAspectRatio="none"
                    role="img"
                    aria-label={`${row.label}: ${row.text}`}
                  >
                    {row.parts.map((part) => {
                      const width = max > 0 ? (part.value / max) * 100 : 0;
                      const rect = (
                        <rect
                          key={part.name}
                          x={x}
                          y="0"
                          width={width}
                          height="10"
                          className={part.className}
                        />
                      );
                      x += width;
                      return rect;
                    })}
                  </svg>
                </td>
                <td className="share-text">{row.text}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </figure>
  );
}
