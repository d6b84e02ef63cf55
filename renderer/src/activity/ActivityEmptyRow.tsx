/**
 * The row of an empty list: no attempt yet, none matching among the most recent (older ones to
 * search), or none matching at all.
 */
export function ActivityEmptyRow({ filtering, more }: { filtering: boolean; more: boolean }) {
  return (
    <tr>
      <td colSpan={7} className="muted activity-empty">
        {!filtering
          ? 'No amend attempts yet. Attempts made on the Amend order screen appear here.'
          : more
            ? 'No attempt matches the filter among the most recent ones: Load more searches further back.'
            : 'No attempt matches the filter.'}
      </td>
    </tr>
  );
}
