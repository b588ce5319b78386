// What a run of hand-picked companies is called on the board, in the runs list and in the
// notification: their names, so the analyst recognises it ("Apex Energy, Borealis and 10 other
// companies"), never their ids. Pure, unit-tested. Names are service text: each one line, without
// bidi controls and cut (src/shared/service-text.ts), as the label becomes a notification's title.
import { oneLineText } from '../../shared/service-text';
import { formatCount } from '../ui/format';

const NAMES_SHOWN = 2;
const NAME_MAX = 60;

/** "Apex Energy", "Apex Energy and Borealis", "Apex Energy, Borealis and Cobalt", "Apex Energy, Borealis and 10 other companies". */
export function selectionRunLabel(names: ReadonlyArray<string | null | undefined>): string {
  const count = names.length;
  const known = names.map((x) => (x ? oneLineText(x, NAME_MAX) : '')).filter(Boolean);
  if (known.length === 0) return `${formatCount(count)} selected ${count === 1 ? 'company' : 'companies'}`;
  // known is not empty here (checked above).
  if (known.length === count && count <= NAMES_SHOWN + 1) return count === 1 ? known[0]! : `${known.slice(0, -1).join(', ')} and ${known.at(-1)!}`;
  // Companies without a name in the record are counted with the others, never shown by id.
  const shown = known.slice(0, NAMES_SHOWN);
  const rest = count - shown.length;
  return `${shown.join(', ')} and ${formatCount(rest)} other ${rest === 1 ? 'company' : 'companies'}`;
}
