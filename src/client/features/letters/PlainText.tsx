/**
 * Letter and notice text: plain text whose line breaks are kept. It is rendered as React text (escaped),
 * never as HTML, so whatever characters it holds show as characters; the server refuses markup anyway.
 */
export function PlainText({ text, className = '' }: { text: string; className?: string }) {
  return (
    <div className={`whitespace-pre-line break-words leading-relaxed text-gray-800 ${className}`}>
      {text}
    </div>
  );
}
