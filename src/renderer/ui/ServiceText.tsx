// Service text on a screen: bidi controls dropped and the text isolated in <bdi>, so a name or value
// can neither show itself reversed nor reorder the words around it (src/shared/service-text.ts).
import { shownText } from '../../shared/service-text';

export function ServiceText({ text, className }: { text: string; className?: string }) {
  return <bdi className={className}>{shownText(text)}</bdi>;
}
