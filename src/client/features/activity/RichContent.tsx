/**
 * Operator rich content (sanitised HTML from the server), sanitised again here by DOMPurify to the
 * same allow-list (domain/richText.ts) before it reaches the DOM: no script, handler or javascript:
 * URL can run even if a stored row were written by something else.
 */
import { useMemo } from 'react';
import { sanitizeRichText } from './richText';

const PROSE = [
  'break-words text-[15px] leading-7 text-gray-800',
  '[&_h1]:mt-4 [&_h1]:mb-2 [&_h1]:text-xl [&_h1]:font-bold [&_h2]:mt-4 [&_h2]:mb-2 [&_h2]:text-lg [&_h2]:font-bold',
  '[&_h3]:mt-3 [&_h3]:mb-1 [&_h3]:font-semibold [&_h4]:font-semibold [&_p]:my-2 [&_a]:text-brand [&_a]:underline',
  '[&_img]:my-2 [&_img]:h-auto [&_img]:max-w-full [&_img]:rounded-lg [&_ul]:list-disc [&_ul]:pl-5 [&_ol]:list-decimal [&_ol]:pl-5',
  '[&_blockquote]:border-l-4 [&_blockquote]:border-gray-300 [&_blockquote]:pl-3 [&_blockquote]:text-gray-700',
  '[&_table]:my-3 [&_table]:w-full [&_table]:border-collapse [&_table]:text-sm [&_td]:border [&_td]:border-gray-300 [&_td]:px-2 [&_td]:py-1',
  '[&_th]:border [&_th]:border-gray-300 [&_th]:bg-gray-100 [&_th]:px-2 [&_th]:py-1 [&_pre]:overflow-x-auto [&_pre]:rounded [&_pre]:bg-gray-100 [&_pre]:p-2',
].join(' ');

export function RichContent({ html, label }: { html: string; label: string }) {
  const clean = useMemo(() => sanitizeRichText(html), [html]);
  // tables wider than the phone scroll inside their box instead of widening the page
  return (
    <section
      aria-label={label}
      className={`overflow-x-auto ${PROSE}`}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by DOMPurify to the allow-list above (and on the server on save)
      dangerouslySetInnerHTML={{ __html: clean }}
    />
  );
}
