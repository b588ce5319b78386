// The encoding a bulk-match file is read in: what main found (byte order mark, detection) or the
// analyst chose, with a menu to change it; a change reads the preview again. A file that is not
// valid in the chosen encoding says which line, here, next to the menu.
import { ENCODING_LABEL, ENCODING_SOURCE_LABEL, TEXT_ENCODINGS, type EncodingInfo, type TextEncoding } from '../../shared/match/encodings';
import { SelectField } from '../ui/Field';

export function describeEncoding(info: EncodingInfo): string {
  return `Encoding: ${ENCODING_LABEL[info.encoding]} (${ENCODING_SOURCE_LABEL[info.source]})`;
}

export function EncodingField({ info, error, busy, onChange }: { info: EncodingInfo; error?: string; busy: boolean; onChange(e: TextEncoding): void }) {
  const hint = (
    <>
      {describeEncoding(info)}.{info.note ? ` Only assumed: ${info.note}.` : ''} The first rows below are read this way: check that letters such as ä, ß and é look right.
    </>
  );
  return (
    // Polite: the result of a change (a new preview, or the line that does not fit) is read out.
    <div className="match-bulk-encoding" aria-live="polite" aria-busy={busy}>
      <SelectField label="Encoding" value={info.encoding} onChange={(e) => onChange(e.target.value as TextEncoding)} error={error} hint={hint}>
        {TEXT_ENCODINGS.map((enc) => (
          <option key={enc} value={enc}>
            {ENCODING_LABEL[enc]}
          </option>
        ))}
      </SelectField>
    </div>
  );
}
