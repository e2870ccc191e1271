/**
 * XSS vectors for the operator rich-text sanitisers (server: sanitize-html on save; client:
 * DOMPurify before rendering), shared by tests/server/richText-sanitize.test.ts and
 * tests/client/rich-content.test.tsx, with a check of what a browser would build from the output.
 */
import { RICH_TEXT_TAGS } from '../src/domain/richText';

/** Today's vectors: nothing executable may survive, as text or as markup. */
export const VECTORS = [
  '<script>alert(1)</script>',
  '<SCRIPT SRC=//x.js></SCRIPT>',
  '<img src=x onerror=alert(1)>',
  '<img src="javascript:alert(1)">',
  '<a href="jav&#x09;ascript:alert(1)">x</a>',
  '<a href="&#106;avascript:alert(1)">x</a>',
  '<a href=" javascript:alert(1)">x</a>',
  '<a href="data:text/html,<script>alert(1)</script>">x</a>',
  '<svg><script>alert(1)</script></svg>',
  '<math><mi xlink:href="javascript:alert(1)">x</mi></math>',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '<div style="background:url(javascript:alert(1))">x</div>',
  '<p title="a" onmouseover="alert(1)">x</p>',
  '<!--<img src=x onerror=alert(1)>-->',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>',
  '<style>@import "x"</style><p>t</p>',
  '<<script>script>alert(1)<</script>/script>',
  '<img/src/onerror=alert(1)>',
  '<a href="//evil.example/x">x</a>',
  '<form action="javascript:alert(1)"><button>x</button></form>',
];

/** What must not appear in the output of VECTORS. */
export const EXECUTABLE =
  /<script|<svg|<math|<iframe|<style|<form|<button|<noscript|\son\w+=|javascript:|data:|style=|href="\/\//i;

/**
 * Mutation-XSS payloads from DOMPurify's own suite (cure53/DOMPurify test/fixtures/expect.mjs,
 * 3.4.14): markup that a parser other than the browser's reads one way and the browser, once the
 * output is put into a page, another.
 */
export const MUTATION_VECTORS: [title: string, payload: string][] = [
  ['mXSS Variation I', '<listing>&lt;img onerror="alert(1);//" src=x&gt;<t t></listing>'],
  ['mXSS Variation II', "<img src=x id/=' onerror=alert(1)//'>"],
  [
    'Textarea and comments enabling img element',
    '<textarea>@shafigullin</textarea><!--</textarea><img src=x onerror=alert(1)>-->',
  ],
  [
    'SVG in Chrome 77 1/2',
    '<svg></p><textarea><title><style></textarea><img src=x onerror=alert(1)></style></title></svg>',
  ],
  [
    'SVG in Chrome 77 2/2',
    '<svg></p><title><a id="</title><img src=x onerror=alert()>"></textarea></svg>',
  ],
  [
    'MathML in Chrome 77',
    '<math></p><textarea><mi><style></textarea><img src=x onerror=alert(1)></mi></math>',
  ],
  [
    'SVG templates in Chrome 77',
    '<svg></p><title><template><style></title><img src=x onerror=alert(1)>',
  ],
  [
    'MathML templates in Chrome 77',
    '<math></br><textarea><mtext><template><style></textarea><img src=x onerror=alert(1)>',
  ],
  [
    'embedded MathML/SVG',
    '<svg></p><math><title><style><img src=x onerror=alert(1)></style></title>',
  ],
  ['attribute-based 1/3', '<svg><p><style><g title="</style><img src=x onerror=alert(1)>">'],
  [
    'attribute-based 2/3',
    '<svg><foreignobject><p><style><p title="</style><iframe onload&#x3d;alert(1)<!--"></style>',
  ],
  [
    'attribute-based 3/3',
    '<math><annotation-xml encoding="text/html"><p><style><p title="</style><iframe onload&#x3d;alert(1)<!--"></style>',
  ],
  ['removal-based 1/2', "<xmp><svg><b><style><b title='</style><img>'>"],
  ['removal-based 2/2', "<noembed><svg><b><style><b title='</style><img>'>"],
  [
    'nesting-based 1/5',
    '<form><math><mtext></form><form><mglyph><style><img src=x onerror=alert(1)>',
  ],
  [
    'nesting-based 2/5',
    '<math><mtext><table><mglyph><style><math href=javascript:alert(1)>CLICKME</math>',
  ],
  [
    'nesting-based 3/5',
    '<math><mtext><table><mglyph><style><!--</style><img title="--&gt;&lt;img src=1 onerror=alert(1)&gt;">',
  ],
  [
    'nesting-based 4/5',
    '<form><math><mtext></form><form><mglyph><svg><mtext><style><path id="</style><img onerror=alert(1) src>">',
  ],
  [
    'nesting-based 5/5',
    '<math><mtext><table><mglyph><svg><mtext><style><path id="</style><img onerror=alert(1) src>">',
  ],
  [
    'HTML inside MathML',
    '<math><mtext><h1><a><h6></a></h6><mglyph><svg><mtext><style><a title="</style><img src onerror=\'alert(1)\'>"></style></h1>',
  ],
  [
    'fake-element namespace confusion 1/2',
    'a<svg><xss><desc><noscript>&lt;/noscript>&lt;/desc>&lt;s>&lt/s>&lt;style>&lt;a title="&lt;/style>&lt;img src onerror=alert(1)>">',
  ],
  [
    'fake-element namespace confusion 2/2',
    "<math><mtext><option><FAKEFAKE><option></option><mglyph><svg><mtext><style><a title=\"</style><img src='#' onerror='alert(1)'>\">",
  ],
];

const ALLOWED = new Set(RICH_TEXT_TAGS);

/**
 * What a browser builds from the output (parsed twice, as innerHTML round trips do): every element
 * must be on the allow-list, with no handler, style or script URL. Returns the offences found.
 */
export function offences(html: string): string[] {
  const found: string[] = [];
  const once = document.createElement('template');
  once.innerHTML = html;
  const twice = document.createElement('template');
  twice.innerHTML = once.innerHTML;
  for (const root of [once.content, twice.content]) {
    for (const el of root.querySelectorAll('*')) {
      const tag = el.localName;
      if (!ALLOWED.has(tag) || el.namespaceURI !== 'http://www.w3.org/1999/xhtml')
        found.push(`<${tag}>`);
      for (const a of el.attributes) {
        if (/^on/i.test(a.name) || a.name === 'style') found.push(`${tag}[${a.name}]`);
        // a browser ignores control characters and spaces in a URL's scheme
        // biome-ignore lint/suspicious/noControlCharactersInRegex: exactly those are removed
        const scheme = a.value.replace(/[\u0000-\u0020]/g, '');
        if (/^(javascript|data|vbscript):/i.test(scheme))
          found.push(`${tag}[${a.name}=${a.value}]`);
      }
    }
  }
  return found;
}

/** The HTML as a browser serialises it (void elements without `/`), to compare outputs of both parsers. */
export function asBrowserWrites(html: string): string {
  const t = document.createElement('template');
  t.innerHTML = html;
  return t.innerHTML;
}
