/**
 * The pages' one style sheet, inline (no request to anything but the page): system fonts,
 * contrast at least 4.5:1, long words and hashes wrap (no horizontal scroll at 360 px), and a
 * print style (no navigation, links written out).
 */
export const CSS = [
  ':root{color-scheme:light;--ink:#1b1f24;--muted:#4a5561;--line:#d5dbe1;--accent:#0b5cad;--soft:#f3f6f9}',
  '*{box-sizing:border-box}',
  'body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:var(--ink);background:#fff;overflow-wrap:anywhere}',
  'main,header,footer{max-width:60rem;margin:0 auto;padding:0 1rem}',
  'header{padding-top:1rem}',
  'h1{font-size:1.75rem;line-height:1.2;margin:.25rem 0 .5rem}',
  'h2{font-size:1.25rem;margin:2rem 0 .75rem;padding-top:1rem;border-top:1px solid var(--line)}',
  'h3{font-size:1.05rem;margin:0 0 .25rem}',
  'p{margin:.25rem 0 .75rem}',
  'a{color:var(--accent)}',
  'a:focus-visible{outline:3px solid var(--accent);outline-offset:2px}',
  '.kicker{margin:0;color:var(--muted);font-size:.9rem;text-transform:uppercase;letter-spacing:.05em}',
  '.lead{font-size:1.1rem}',
  'nav ul,.plain{list-style:none;padding:0;margin:0}',
  'nav li{display:inline-block;margin:0 .75rem .25rem 0}',
  'nav [aria-current]{font-weight:700;color:var(--ink);text-decoration:none}',
  'dl{display:grid;grid-template-columns:minmax(7rem,max-content) 1fr;gap:.25rem 1rem;margin:0}',
  'dt{color:var(--muted)}dd{margin:0}',
  '.gallery{display:flex;flex-wrap:wrap;gap:.75rem;list-style:none;padding:0;margin:0}',
  '.gallery img{display:block;max-width:100%;width:18rem;height:auto;border:1px solid var(--line);border-radius:.25rem;background:var(--soft)}',
  '.cards{display:grid;grid-template-columns:repeat(auto-fit,minmax(16rem,1fr));gap:1rem}',
  '.card{border:1px solid var(--line);border-radius:.5rem;padding:1rem;background:var(--soft)}',
  '.card ul{margin:.5rem 0 0;padding-left:1.25rem}',
  '.plain li{margin:0 0 .75rem}',
  '.meta{color:var(--muted);font-size:.9rem}',
  // A restricted part's label (its words say it), and the notice of an access link that opens nothing any more.
  '.tier{font-weight:600}.notice{border:2px solid;padding:.5rem}',
  '.versions li{padding-bottom:.75rem;border-bottom:1px solid var(--line)}',
  'code,pre{font:.85rem/1.4 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;word-break:break-all}',
  // A command wraps at its spaces first (a hash or an address anywhere, when it must).
  'pre{white-space:pre-wrap;overflow-wrap:anywhere;background:var(--soft);border:1px solid var(--line);border-radius:.25rem;padding:.75rem}',
  'pre code{word-break:normal}',
  '.single{padding-top:1.5rem}',
  'footer{margin:2rem auto;padding-bottom:2rem;color:var(--muted);font-size:.9rem}',
  'button{font:inherit;padding:.5rem 1.25rem;border:0;border-radius:.25rem;background:var(--accent);color:#fff;cursor:pointer}',
  'button:focus-visible{outline:3px solid var(--ink);outline-offset:2px}',
  '@media print{nav,.noprint{display:none}body{font-size:11pt}h2{break-after:avoid}.card,li{break-inside:avoid}a{color:inherit}.plain a[href]::after{content:" <" attr(href) ">";font-size:.8em;word-break:break-all}.gallery img{width:12rem}}',
].join('');

/**
 * What a profiled passport's page adds (its aspects: lib/pages/aspects-section.ts), only on such a
 * page: an object's fields and a list's items nest inside their attribute; on a narrow screen an
 * aspect's labels go above their values, so long labels and nested fields never scroll sideways.
 */
export const ASPECT_CSS = [
  'dd dl{grid-template-columns:minmax(5rem,max-content) minmax(0,1fr)}dd ul{margin:0;padding-left:1.25rem}',
  '@media (max-width:40rem){.aspect dl{display:block}.aspect dd{margin:0 0 .5rem}}',
].join('');
